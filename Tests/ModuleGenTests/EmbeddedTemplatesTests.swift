import Foundation
import TemplateEmbedding
import Testing

@testable import ModuleGen

/// The built-in templates are embedded in the binary from Templates/ by `swift run
/// embed-templates`. This test fails when the embedded copy drifts from Templates/;
/// `MODULEGEN_RECORD=1` re-generates it as the tool does (and still fails, so that a recording
/// is never silently accepted).
@Suite struct EmbeddedTemplatesTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().path

  @Test func embeddedCopyMatchesTemplatesFolder() throws {
    let files = try TemplateEmbedding.templateFiles(packageRoot: Self.root)
    if ProcessInfo.processInfo.environment["MODULEGEN_RECORD"] != nil {
      try TemplateEmbedding.write(packageRoot: Self.root)
      Issue.record("re-recorded the embedded templates; build and run the tests again")
      return
    }
    #expect(
      BuiltinTemplates.files == files,
      "the embedded templates differ from Templates/; run swift run embed-templates")
    let path = Self.root + "/" + TemplateEmbedding.generatedFile
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == TemplateEmbedding.source(files),
      "\(TemplateEmbedding.generatedFile) is stale; run swift run embed-templates")
  }

  /// The tool writes the file from the Templates/ folder of the package it is given, and
  /// leaves it alone when it is up to date.
  @Test func embedTemplatesWritesTheGeneratedFile() throws {
    let root = try makeTemporaryDirectory()
    let folder = root + "/Templates/demo"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: root + "/Sources/ModuleGen/Templates", withIntermediateDirectories: true)
    try "name: demo\n".write(toFile: folder + "/template.yml", atomically: true, encoding: .utf8)
    try "# not embedded\n".write(
      toFile: root + "/Templates/README.md", atomically: true, encoding: .utf8)
    let tool = URL(fileURLWithPath: builtBinary).deletingLastPathComponent()
      .appendingPathComponent("embed-templates").path
    func run() throws -> (code: Int32, out: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: tool)
      process.arguments = [root]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
    let first = try run()
    #expect(first.code == 0)
    #expect(first.out == "Wrote \(TemplateEmbedding.generatedFile) from Templates/.\n")
    let written = try String(
      contentsOfFile: root + "/" + TemplateEmbedding.generatedFile, encoding: .utf8)
    #expect(written == TemplateEmbedding.source(["demo/template.yml": "name: demo\n"]))
    let second = try run()
    #expect(second.out == "\(TemplateEmbedding.generatedFile) is up to date.\n")
  }

  @Test func everyBuiltinTemplateCompiles() throws {
    #expect(!BuiltinTemplates.names.isEmpty)
    for name in BuiltinTemplates.names {
      _ = try CompiledTemplate.compile(.builtin(name))
    }
  }
}
