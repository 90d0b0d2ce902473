import Foundation
import Liquid
import Testing

@testable import ModuleGen

/// A file system that fails one chosen operation, to prove that writes are all or nothing.
final class FaultyFileSystem: FileSystem, @unchecked Sendable {
  let base = LocalFileSystem()
  var failMoveNumber: Int?
  var failWriteNumber: Int?
  var moves = 0
  var writes = 0

  struct InjectedFault: Error, CustomStringConvertible {
    var description: String { "injected fault: disk full" }
  }

  func readFile(atPath path: String) throws -> [UInt8] { try base.readFile(atPath: path) }
  func fileExists(atPath path: String) -> Bool { base.fileExists(atPath: path) }
  func isDirectory(atPath path: String) -> Bool { base.isDirectory(atPath: path) }
  func contentsOfDirectory(atPath path: String) throws -> [String] {
    try base.contentsOfDirectory(atPath: path)
  }
  func createDirectory(atPath path: String) throws { try base.createDirectory(atPath: path) }
  func removeItem(atPath path: String) throws { try base.removeItem(atPath: path) }
  func resolvedPath(_ path: String) -> String? { base.resolvedPath(path) }
  func modificationTime(atPath path: String) -> Double? { base.modificationTime(atPath: path) }

  func writeFile(atPath path: String, bytes: [UInt8]) throws {
    writes += 1
    if writes == failWriteNumber { throw InjectedFault() }
    try base.writeFile(atPath: path, bytes: bytes)
  }

  func moveItem(atPath source: String, toPath destination: String) throws {
    moves += 1
    if moves == failMoveNumber { throw InjectedFault() }
    try base.moveItem(atPath: source, toPath: destination)
  }
}

@Suite struct PlanApplierTests {
  func makePlan(_ dir: String) throws -> Plan {
    try write("original\n", to: dir + "/out/Existing.swift")
    func file(_ relative: String, _ action: PlannedFile.Action) -> PlannedFile {
      PlannedFile(
        module: "M", role: .code, root: dir + "/out", path: dir + "/out/" + relative,
        bytes: Array("new \(relative)\n".utf8), action: action)
    }
    return Plan(
      files: [
        file("Existing.swift", .overwrite), file("New/A.swift", .create),
        file("New/Deeper/B.swift", .create),
      ],
      modules: [], notes: [])
  }

  func tree(_ dir: String) -> [String] {
    ((FileManager.default.enumerator(atPath: dir)?.allObjects as? [String]) ?? []).sorted()
  }

  @Test func appliesEverything() throws {
    let dir = try makeTemporaryDirectory()
    try PlanApplier(fileSystem: LocalFileSystem()).apply(try makePlan(dir))
    #expect(
      tree(dir) == [
        "out", "out/Existing.swift", "out/New", "out/New/A.swift", "out/New/Deeper",
        "out/New/Deeper/B.swift",
      ])
    #expect(
      try String(contentsOfFile: dir + "/out/Existing.swift", encoding: .utf8)
        == "new Existing.swift\n")
  }

  @Test(arguments: 1...4) func aFailureMidwayRollsEverythingBack(_ failingMove: Int) throws {
    let dir = try makeTemporaryDirectory()
    let plan = try makePlan(dir)
    let before = tree(dir)
    let fileSystem = FaultyFileSystem()
    fileSystem.failMoveNumber = failingMove
    #expect {
      try PlanApplier(fileSystem: fileSystem).apply(plan)
    } throws: { error in
      (error as? Diagnostic)?.message.hasSuffix("every change was rolled back, nothing was written")
        == true
    }
    #expect(tree(dir) == before, "after a failure at move \(failingMove)")
    #expect(
      try String(contentsOfFile: dir + "/out/Existing.swift", encoding: .utf8) == "original\n")
  }

  @Test func aFailureWhileStagingWritesNothing() throws {
    let dir = try makeTemporaryDirectory()
    let plan = try makePlan(dir)
    let before = tree(dir)
    let fileSystem = FaultyFileSystem()
    fileSystem.failWriteNumber = 2
    #expect(throws: Diagnostic.self) { try PlanApplier(fileSystem: fileSystem).apply(plan) }
    #expect(tree(dir) == before)
  }
}
