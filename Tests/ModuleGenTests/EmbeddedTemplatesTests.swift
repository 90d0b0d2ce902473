import Foundation
import Testing

@testable import ModuleGen

/// The built-in templates are embedded in the binary from Templates/. This test fails when the
/// embedded copy drifts from Templates/; `MODULEGEN_RECORD=1` re-generates it (and still fails,
/// so that a recording is never silently accepted).
@Suite struct EmbeddedTemplatesTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every file under Templates/ except its README, by relative path.
  static func templateFiles() throws -> [String: String] {
    let base = root.appendingPathComponent("Templates").path
    var files: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: base)
    while let relative = enumerator?.nextObject() as? String {
      let full = base + "/" + relative
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory),
        !isDirectory.boolValue,
        relative != "README.md", !relative.hasPrefix(".")
      else { continue }
      files[relative] = try String(contentsOfFile: full, encoding: .utf8)
    }
    return files
  }

  @Test func embeddedCopyMatchesTemplatesFolder() throws {
    let files = try Self.templateFiles()
    let generated = BuiltinTemplates.generateSource(files)
    let path = Self.root.appendingPathComponent(
      "Sources/ModuleGen/Templates/BuiltinTemplates+Generated.swift"
    ).path
    if ProcessInfo.processInfo.environment["MODULEGEN_RECORD"] != nil {
      try generated.write(toFile: path, atomically: true, encoding: .utf8)
      Issue.record("re-recorded the embedded templates; build and run the tests again")
      return
    }
    #expect(
      BuiltinTemplates.files == files,
      "the embedded templates differ from Templates/; run MODULEGEN_RECORD=1 swift test --filter EmbeddedTemplates"
    )
    #expect(try String(contentsOfFile: path, encoding: .utf8) == generated)
  }

  @Test func everyBuiltinTemplateCompiles() throws {
    #expect(!BuiltinTemplates.names.isEmpty)
    for name in BuiltinTemplates.names {
      _ = try CompiledTemplate.compile(.builtin(name))
    }
  }
}
