import DataFormats
import Foundation
import Testing

@testable import ModuleGen

/// Templates carry a version (`version:` in template.yml), so that a team can tell which
/// template generated a module.
@Suite struct TemplateVersionTests {
  @Test func everyBuiltinTemplateHasAVersion() throws {
    for name in BuiltinTemplates.names {
      let manifest = try CompiledTemplate.compile(.builtin(name)).manifest
      let version = try #require(manifest.version, "built-in template '\(name)' has no version")
      #expect(TemplateManifest.isVersion(version))
    }
  }

  static let manifestStart = "name: t\nsummary: A template.\n"

  @Test(arguments: [
    (
      "version: 1.0",
      "template.yml:3:10: error: 'version' must be MAJOR.MINOR.PATCH: three numbers, such as 1.0.0"
    ),
    (
      "version: \"1.0\"",
      "template.yml:3:10: error: 'version' must be MAJOR.MINOR.PATCH: three numbers, such as 1.0.0"
    ),
    (
      "version: 1.0.0-beta",
      "template.yml:3:10: error: 'version' must be MAJOR.MINOR.PATCH: three numbers, such as 1.0.0"
    ),
    (
      "version: [1, 0, 0]",
      "template.yml:3:10: error: 'version' must be MAJOR.MINOR.PATCH: three numbers, such as 1.0.0"
    ),
    (
      "versoin: 1.0.0",
      "template.yml:3:1: error: unknown key 'versoin' in a template manifest; did you mean 'version'?"
    ),
  ])
  func aVersionThatIsNotMajorMinorPatchIsAnError(line: String, message: String) throws {
    let text = Self.manifestStart + line + "\nfiles: []\n"
    do {
      _ = try TemplateManifest.decode(text, file: "template.yml")
      Issue.record("'\(line)' was accepted")
    } catch {
      #expect(error.diagnostics.map { $0.description.split(separator: "\n")[0] } == [message[...]])
    }
  }

  @Test func aVersionIsOptionalForOtherTemplates() throws {
    let manifest = try TemplateManifest.decode(
      Self.manifestStart + "files: []\n", file: "template.yml")
    #expect(manifest.version == nil)
    let versioned = try TemplateManifest.decode(
      Self.manifestStart + "version: 2.10.0\nfiles: []\n", file: "template.yml")
    #expect(versioned.version == "2.10.0")
  }

  @Test func templatesListAndShowPrintTheVersion() throws {
    let dir = try makeTemporaryDirectory()
    let manifest = try CompiledTemplate.compile(.builtin("viper")).manifest
    let version = try #require(manifest.version)
    let list = runTool(["templates", "list"], in: dir)
    #expect(list.out.contains("viper  \(version)  VIPER module"))
    let json = try JSONReader.read(
      runTool(["templates", "list", "--format", "json"], in: dir).out, file: "list")
    guard case .array(let entries) = json.value else { throw Failure() }
    let viper = try #require(entries.first { $0["name"]?.value == .string("viper") })
    #expect(viper["version"]?.value == .string(version))
    #expect(
      runTool(["templates", "show", "viper"], in: dir).out.hasPrefix(
        "viper: \(manifest.summary)\nversion: \(version)\nsource: <built-in>/viper\n"
      ))
  }

  /// A one-file template in `dir/Templates/NAME` that renders `body`.
  static func writeTemplate(_ name: String, version: String?, body: String, in dir: String) throws {
    try write(
      "name: \(name)\nsummary: S.\n" + (version.map { "version: \($0)\n" } ?? "")
        + "files:\n  - template: A.liquid\n    output: \"{{ module }}.txt\"\n",
      to: dir + "/Templates/\(name)/template.yml")
    try write(body, to: dir + "/Templates/\(name)/A.liquid")
  }

  /// `modules[0].template_version` of gen's JSON report.
  static func reportedVersion(_ arguments: [String], in dir: String) throws -> DataNode.Value? {
    let result = runTool(arguments + ["--format", "json"], in: dir)
    #expect(result.code == 0, "\(result.err)")
    let report = try JSONReader.read(result.out, file: "report")
    guard case .array(let modules) = report["modules"]?.value else { throw Failure() }
    return modules.first?["template_version"]?.value
  }

  @Test func genReportsAndExposesTheTemplateVersion() throws {
    let dir = try makeTemporaryDirectory()
    try Self.writeTemplate(
      "stamped", version: "3.1.4", body: "{{ template }} {{ template_version }}\n", in: dir)
    try Self.writeTemplate("bare", version: nil, body: "[{{ template_version }}]\n", in: dir)
    #expect(try Self.reportedVersion(["gen", "Home", "stamped"], in: dir) == .string("3.1.4"))
    #expect(
      try String(contentsOfFile: dir + "/Home/Home.txt", encoding: .utf8) == "stamped 3.1.4\n")
    #expect(try Self.reportedVersion(["gen", "Other", "bare"], in: dir) == .null)
    #expect(try String(contentsOfFile: dir + "/Other/Other.txt", encoding: .utf8) == "[]\n")
    let builtin = try #require(try CompiledTemplate.compile(.builtin("viper")).manifest.version)
    #expect(
      try Self.reportedVersion(["gen", "Home", "viper", "--dry-run"], in: dir) == .string(builtin))
  }

  @Test func aNewTemplateStartsWithAVersion() throws {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["templates", "new", "feature"], in: dir).code == 0)
    let manifest = try TemplateManifest.decode(
      try String(contentsOfFile: dir + "/Templates/feature/template.yml", encoding: .utf8),
      file: "template.yml")
    #expect(manifest.version == "0.1.0")
  }
}
