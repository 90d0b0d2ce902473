import Foundation
import Liquid
import Testing
import XcodeProject

@testable import ModuleGen

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Room made in advance for a large file (an edited Xcode project): filled and named exactly
/// as a file written without it, never over an existing file, and nothing left when unused.
@Suite struct PreparedSpaceTests {
  let fileSystem = LocalFileSystem()

  static func pieces(_ parts: [String]) -> FilePieces {
    { piece in
      for part in parts { try Array(part.utf8).withUnsafeBufferPointer(piece) }
    }
  }

  #if os(Linux)
    /// On Linux the room is really made: an unnamed file with its blocks allocated.
    @Test func makesTheRoomOnLinux() throws {
      let dir = try makeTemporaryDirectory()
      let space = PreparedSpace(inFolder: dir, size: 1 << 20)
      let room = try #require(space.take())
      defer { close(room.descriptor) }
      #expect(room.written == nil)
      var info = stat()
      #expect(fstat(room.descriptor, &info) == 0)
      #expect(Int(info.st_blocks) * 512 >= 1 << 20)
      #expect(try fileSystem.contentsOfDirectory(atPath: dir).isEmpty)
    }
  #endif

  /// Less than the room and more than the room: the file holds exactly what was written, with
  /// the mode of any file modulegen writes, and the folder holds nothing else.
  @Test(arguments: [3, 1 << 16])
  func writesExactlyThePieces(room: Int) throws {
    let dir = try makeTemporaryDirectory()
    let parts = ["// !$*UTF8*$!\n", String(repeating: "\t\tline;\n", count: 2_000), "}\n"]
    try fileSystem.writeFile(
      atPath: dir + "/prepared", pieces: Self.pieces(parts),
      space: PreparedSpace(inFolder: dir, size: room))
    try fileSystem.writeFile(atPath: dir + "/plain", pieces: Self.pieces(parts))
    let prepared = try fileSystem.readFile(atPath: dir + "/prepared")
    #expect(prepared == Array(parts.joined().utf8))
    #expect(prepared == (try fileSystem.readFile(atPath: dir + "/plain")))
    let attributes = try FileManager.default.attributesOfItem(atPath: dir + "/prepared")
    let plainAttributes = try FileManager.default.attributesOfItem(atPath: dir + "/plain")
    #expect(
      attributes[.posixPermissions] as? Int == plainAttributes[.posixPermissions] as? Int)
    #expect(try fileSystem.contentsOfDirectory(atPath: dir) == ["plain", "prepared"])
  }

  /// Like any new file, never over something already there: the file stays as it was.
  @Test func neverReplacesAFile() throws {
    let dir = try makeTemporaryDirectory()
    try write("mine\n", to: dir + "/project.pbxproj")
    #expect(throws: Diagnostic.self) {
      try fileSystem.writeFile(
        atPath: dir + "/project.pbxproj", pieces: Self.pieces(["theirs\n"]),
        space: PreparedSpace(inFolder: dir, size: 64))
    }
    #expect(try String(contentsOfFile: dir + "/project.pbxproj", encoding: .utf8) == "mine\n")
    #expect(try fileSystem.contentsOfDirectory(atPath: dir) == ["project.pbxproj"])
  }

  /// The room is used once; a second file is written as without it.
  @Test func roomIsUsedOnce() throws {
    let dir = try makeTemporaryDirectory()
    let space = PreparedSpace(inFolder: dir, size: 64)
    try fileSystem.writeFile(atPath: dir + "/a", pieces: Self.pieces(["a\n"]), space: space)
    try fileSystem.writeFile(atPath: dir + "/b", pieces: Self.pieces(["b\n"]), space: space)
    #expect(try fileSystem.readFile(atPath: dir + "/a") == Array("a\n".utf8))
    #expect(try fileSystem.readFile(atPath: dir + "/b") == Array("b\n".utf8))
  }

  /// Room in one folder, a file in another: named where it can be (same file system), written
  /// anew where it cannot; no room at all where the folder cannot hold files.
  @Test func fileElsewhereOrNoRoom() throws {
    let dir = try makeTemporaryDirectory()
    try fileSystem.createDirectory(atPath: dir + "/staging")
    let elsewhere = ["/dev/shm", "/tmp"].first { fileSystem.isDirectory(atPath: $0) } ?? dir
    for (folder, path) in [
      (dir, dir + "/staging/0"), (elsewhere, dir + "/staging/1"), (dir + "/missing", dir + "/2"),
    ] {
      try fileSystem.writeFile(
        atPath: path, pieces: Self.pieces(["text\n"]),
        space: PreparedSpace(inFolder: folder, size: 64))
      #expect(try fileSystem.readFile(atPath: path) == Array("text\n".utf8))
    }
    #expect(try fileSystem.contentsOfDirectory(atPath: dir) == ["2", "staging"])
    #expect(try fileSystem.contentsOfDirectory(atPath: dir + "/staging") == ["0", "1"])
  }

  /// Room filled on another thread: the pieces are read there, once, and the file named later
  /// holds exactly them; the room is then no one else's.
  @Test func filledOnAnotherThread() throws {
    let dir = try makeTemporaryDirectory()
    let parts = ["// !$*UTF8*$!\n", String(repeating: "\t\tline;\n", count: 2_000), "}\n"]
    let caller = pthread_self()
    // Written on the other thread, read once the writer has waited for it.
    final class Readers: @unchecked Sendable { var onCaller: [Bool] = [] }
    let readers = Readers()
    let pieces: FilePieces = { piece in
      readers.onCaller.append(pthread_equal(pthread_self(), caller) != 0)
      try Self.pieces(parts)(piece)
    }
    let space = PreparedSpace(inFolder: dir, size: 64)
    let filling = try #require(space.filled(with: pieces))
    #expect(filling === space)
    #expect(space.isBeingFilled)
    #expect(space.filled(with: Self.pieces(["other\n"])) == nil)
    try fileSystem.writeFile(atPath: dir + "/project.pbxproj", pieces: pieces, space: space)
    #expect(!space.isBeingFilled)
    #expect(try fileSystem.readFile(atPath: dir + "/project.pbxproj") == Array(parts.joined().utf8))
    #if os(Linux)
      #expect(readers.onCaller == [false])
    #endif
    #expect(try fileSystem.contentsOfDirectory(atPath: dir) == ["project.pbxproj"])
  }

  /// What the pieces throw on the other thread is the writer's error, and no file is named.
  @Test func aFailureWhileFillingWritesNothing() throws {
    struct Broken: Error {}
    let dir = try makeTemporaryDirectory()
    let pieces: FilePieces = { piece in
      try Array("half".utf8).withUnsafeBufferPointer(piece)
      throw Broken()
    }
    let space = try #require(PreparedSpace(inFolder: dir, size: 64).filled(with: pieces))
    #expect(throws: Broken.self) {
      try fileSystem.writeFile(atPath: dir + "/project.pbxproj", pieces: pieces, space: space)
    }
    #expect(try fileSystem.contentsOfDirectory(atPath: dir).isEmpty)
  }

  /// Room never used leaves nothing behind.
  @Test func unusedRoomLeavesNothing() throws {
    let dir = try makeTemporaryDirectory()
    do { _ = PreparedSpace(inFolder: dir, size: 1 << 16) }
    #expect(try fileSystem.contentsOfDirectory(atPath: dir).isEmpty)
  }
}

/// Room is made for the project file of a run that writes it, and the project file's plan
/// carries it to the writer; none for a run that only reads the project.
@Suite struct ProjectSpaceTests {
  func setup(_ dir: String, writingProject: Bool) throws -> GenerationSetup.Setup {
    let arguments = try GenCommand.spec.parse([
      "Home", "pair", "--xcodeproj", "Project.xcodeproj", "--target", "iOS",
    ])
    let console = Console(writeOut: { _ in }, writeError: { _ in }, currentDirectory: dir)
    return try GenerationSetup.make(
      arguments, console: console, command: "gen", writingProject: writingProject)
  }

  @Test func aRunThatWritesTheProjectHasRoomForIt() throws {
    let dir = try XcodeGenTests().project()
    let integration = try #require(try setup(dir, writingProject: true).xcode)
    let space = try #require(integration.space)
    let edit = try integration.project.plan(adding: [
      ProjectFileSet(folder: "iOS/Home", files: ["HomeView.swift"], targets: ["iOS"])
    ])
    let planned = try #require(integration.plannedFile(edit))
    #expect(planned.space === space)
    #expect(space.isBeingFilled)
    // Planned again (as when the project changed meanwhile), the file has no room: the room
    // holds the first file.
    #expect(try #require(integration.plannedFile(edit)).space == nil)
    try LocalFileSystem().writeFile(
      atPath: dir + "/written", pieces: try #require(planned.pieces), space: planned.space)
    #expect(try LocalFileSystem().readFile(atPath: dir + "/written") == edit.apply())
  }

  /// The project file planned before the lock, and being written meanwhile, is the file the
  /// transaction writes when the project is unchanged under the lock; when it changed, the edit
  /// is planned again and written from the project as it is now, never from the room.
  @Test(arguments: [false, true])
  func theFileWrittenEarlyIsUsedOnlyWhileTheProjectIsTheSame(changed: Bool) throws {
    let dir = try XcodeGenTests().project()
    // Past the tick of the file system's clock in which the copy was written.
    usleep(50_000)
    var setup = try setup(dir, writingProject: true)
    let integration = try #require(setup.xcode)
    let plan = try setup.generator.plan(setup.modules, options: setup.options, record: setup.record)
    let fileSystem = LocalFileSystem()
    var preview = try RecordedChanges.make(
      applying: plan, to: setup.record, prune: false, fileSystem: fileSystem)
    try preview.addProjectEdit(integration, plan: plan)
    let early = try #require(preview.xcode?.file)
    #expect(early.space === integration.space)
    let file = dir + "/Project.xcodeproj/project.pbxproj"
    if changed {
      // Another run (or Xcode) saved the project meanwhile: every offset moves.
      let text = try String(contentsOfFile: file, encoding: .utf8)
      let brace = try #require(text.range(of: "{\n"))
      try write(text.replacingCharacters(in: brace, with: "{\n\t/* saved */\n"), to: file)
    }
    var final = try RecordedChanges.make(
      applying: plan, to: setup.record, prune: false, fileSystem: fileSystem)
    try final.addProjectEdit(try integration.reloaded(), plan: plan, reusing: preview.xcode)
    let planned = try #require(final.xcode?.file)
    #expect((planned.space === integration.space) == !changed)
    try fileSystem.writeFile(
      atPath: dir + "/written", pieces: try #require(planned.pieces), space: planned.space)
    let written = try fileSystem.readFile(atPath: dir + "/written")
    #expect(written == (try #require(final.xcode?.edit)).apply())
    #expect(String(decoding: written, as: UTF8.self).contains("/* saved */") == changed)
  }

  @Test func aRunThatOnlyReadsTheProjectMakesNoRoom() throws {
    let dir = try XcodeGenTests().project()
    #expect(try #require(try setup(dir, writingProject: false).xcode).space == nil)
  }
}
