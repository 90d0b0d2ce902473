import Foundation
import Testing

@testable import ModuleGen

/// A file system that counts the questions a template lookup (or a write) asks it, and keeps
/// them: each as the method's name and the path.
final class CountingFileSystem: FileSystem, @unchecked Sendable {
  let base = LocalFileSystem()
  // `count` and `log` are read and written with `counting` held.
  private let counting = NSLock()
  private var count = 0
  private var log: [String] = []
  var questions: Int { counting.withLock { count } }
  /// The questions asked so far, in order: `isDirectory(atPath:) /path`.
  var questionsAsked: [String] { counting.withLock { log } }

  func asked<T>(_ answer: T, _ path: String, question: String = #function) -> T {
    counting.withLock {
      count += 1
      log.append(question + " " + path)
    }
    return answer
  }

  func readFile(atPath path: String) throws -> [UInt8] {
    asked(try base.readFile(atPath: path), path)
  }
  func fileExists(atPath path: String) -> Bool { asked(base.fileExists(atPath: path), path) }
  func itemExists(atPath path: String) -> Bool { asked(base.itemExists(atPath: path), path) }
  func isDirectory(atPath path: String) -> Bool { asked(base.isDirectory(atPath: path), path) }
  func isFolderItself(atPath path: String) -> Bool {
    asked(base.isFolderItself(atPath: path), path)
  }
  func contentsOfDirectory(atPath path: String) throws -> [String] {
    asked(try base.contentsOfDirectory(atPath: path), path)
  }
  func resolvedPath(_ path: String) -> String? { asked(base.resolvedPath(path), path) }
  func writeFile(atPath path: String, bytes: [UInt8]) throws {
    try base.writeFile(atPath: path, bytes: bytes)
  }
  func writeFile(atPath path: String, pieces: FilePieces) throws {
    try base.writeFile(atPath: path, pieces: pieces)
  }
  func copyPermissions(from source: String, to destination: String) throws {
    try base.copyPermissions(from: source, to: destination)
  }
  func createDirectory(atPath path: String) throws { try base.createDirectory(atPath: path) }
  func moveItem(atPath source: String, toPath destination: String) throws {
    try base.moveItem(atPath: source, toPath: destination)
  }
  func linkItem(atPath source: String, toPath destination: String) throws {
    try base.linkItem(atPath: source, toPath: destination)
  }
  func removeItem(atPath path: String) throws { try base.removeItem(atPath: path) }
  func tryLock(atPath path: String) throws -> FileLockAttempt { try base.tryLock(atPath: path) }
}

@Suite struct TemplateLibraryTests {
  /// A run asks for its template several times (the module's name, Generamba's templates,
  /// compiling); the folders are searched once, and again only when the library looks
  /// elsewhere.
  @Test func aTemplateIsLookedUpInTheFoldersOnce() throws {
    let project = try makeTemporaryDirectory()
    let home = try makeTemporaryDirectory()
    let fileSystem = CountingFileSystem()
    let library = TemplateLibrary.standard(
      explicit: [], config: nil, home: home, currentDirectory: project, fileSystem: fileSystem)

    #expect(library.source(named: "viper")?.kind == .builtin)
    // One question for each folder, neither of which is there.
    let firstLookup = fileSystem.questions
    #expect(firstLookup == 2)
    #expect(library.source(named: "viper")?.kind == .builtin)
    var copy = library
    copy.partialParsing = .onFirstUse
    _ = try copy.compile(named: "viper", header: nil)
    #expect(fileSystem.questions == firstLookup)

    // Another name is looked up; so is the same name where the library looks elsewhere.
    #expect(library.source(named: "nothing") == nil)
    let secondLookup = fileSystem.questions
    #expect(secondLookup > firstLookup)
    copy.folders.append(.init(path: joinPath(project, "More"), kind: .folder))
    #expect(copy.source(named: "viper")?.kind == .builtin)
    #expect(fileSystem.questions > secondLookup)
  }

  /// A template found in a folder is the one every later lookup of the run gets.
  @Test func aFoundFolderIsKept() throws {
    let project = try makeTemporaryDirectory()
    try write(
      "name: viper\nsummary: Ours.\nfiles:\n  - template: A.liquid\n    output: A.swift\n",
      to: joinPath(project, "Templates/viper/template.yml"))
    try write("// {{ module }}\n", to: joinPath(project, "Templates/viper/A.liquid"))
    let fileSystem = CountingFileSystem()
    let library = TemplateLibrary.standard(
      explicit: [], config: nil, home: nil, currentDirectory: project, fileSystem: fileSystem)

    let found = library.source(named: "viper")
    #expect(found?.kind == .project)
    let afterLookup = fileSystem.questions
    #expect(library.source(named: "viper")?.displayRoot == found?.displayRoot)
    #expect(fileSystem.questions == afterLookup)
  }
}
