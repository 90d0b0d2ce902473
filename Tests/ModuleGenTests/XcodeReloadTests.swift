import Foundation
import Testing
import XcodeProject

@testable import ModuleGen

/// Under the run's lock the project file is read again only if it changed since the plan read
/// it: an unchanged file keeps the project already read (and mapped), a changed or replaced one
/// is read again.
@Suite struct XcodeReloadTests {
  func integration(_ dir: String) throws -> XcodeIntegration {
    let arguments = try GenCommand.spec.parse([
      "Home", "pair", "--xcodeproj", "Project.xcodeproj", "--target", "iOS",
    ])
    let console = Console(writeOut: { _ in }, writeError: { _ in }, currentDirectory: dir)
    return try #require(
      try XcodeIntegration.make(
        arguments, config: nil, console: console, fileSystem: LocalFileSystem(), command: "gen"))
  }

  /// Where the project's bytes are in memory: the same address is the same reading.
  func address(_ integration: XcodeIntegration) -> UnsafePointer<UInt8>? {
    integration.project.bytes.withUnsafeBufferPointer { $0.baseAddress }
  }

  @Test func anUnchangedProjectIsNotReadAgain() throws {
    let dir = try XcodeGenTests().project()
    // Past the tick of the file system's clock in which the copy was written.
    usleep(50_000)
    let first = try integration(dir)
    let again = try first.reloaded()
    #expect(address(again) == address(first))
    #expect(first.signature != nil)
    #expect(again.signature == first.signature)
  }

  /// The project file a run writes carries the signature it was read with, so that a save
  /// (by Xcode) after that is not written over (aProjectSavedAfterThePlanReadItIsNotWrittenOver).
  @Test func theEditedProjectFileKeepsTheSignatureItWasReadWith() throws {
    let dir = try XcodeGenTests().project()
    usleep(50_000)
    let integration = try integration(dir)
    let edit = try integration.project.plan(
      adding: [
        ProjectFileSet(
          folder: "Home", files: ["Home.swift"], targets: ["iOS"], group: nil, resources: [],
          isTests: false)
      ], removing: [])
    let planned = try #require(integration.plannedFile(edit))
    #expect(integration.signature != nil)
    #expect(planned.expectedSignature == integration.signature)
  }

  @Test func aChangedOrReplacedProjectIsReadAgain() throws {
    let dir = try XcodeGenTests().project()
    let file = dir + "/Project.xcodeproj/project.pbxproj"
    let first = try integration(dir)
    // Replaced by a rename, as Xcode saves: the same bytes, another file.
    let text = try String(contentsOfFile: file, encoding: .utf8)
    try write(text, to: file + ".new")
    #expect(rename(file + ".new", file) == 0)
    let replaced = try first.reloaded()
    #expect(address(replaced) != address(first))
    #expect(Array(replaced.project.bytes) == Array(first.project.bytes))
    // Written in place with another target's name: the new targets are seen.
    let handle = try #require(FileHandle(forWritingAtPath: file))
    try handle.write(
      contentsOf: Data(text.replacingOccurrences(of: "iOSTests", with: "iOSSpecs").utf8))
    try handle.close()
    let rewritten = try replaced.reloaded()
    #expect(rewritten.project.targets.map(\.name).contains("iOSSpecs"))
    #expect(!replaced.project.targets.map(\.name).contains("iOSSpecs"))
  }
}
