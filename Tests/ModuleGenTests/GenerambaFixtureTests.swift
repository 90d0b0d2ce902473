import Foundation
import Testing

@testable import ModuleGen

/// The proof that a Generamba user switches without touching a file: in a folder holding only
/// the Rambafile and the untouched template, `modulegen gen` with Generamba's own arguments
/// writes what Generamba 1.6.0 writes (Fixtures/generamba, see its README), every path and
/// every byte.
@Suite struct GenerambaFixtureTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/generamba").path
  static let templates = [
    "adkrviper_controller", "championat_viper", "mvvm_controller", "rviper_controller",
    "swifty_viper", "swifty_viper_OSX",
  ]

  /// A Generamba project: how Generamba was run and where it put the files.
  struct Project: CustomStringConvertible, Sendable {
    var name: String
    var module: String
    var arguments: [String]
    var codeRoot: String
    var testsRoot: String
    var description: String { name }
  }

  static let projects = [
    Project(
      name: "A", module: "Profile", arguments: [], codeRoot: "AcmeApp/Modules",
      testsRoot: "AcmeAppTests/Modules"),
    Project(
      name: "B", module: "UserSettings",
      arguments: [
        "--description", "Shows & edits the user's settings", "--custom_parameters",
        "project_name:AcmeApp",
      ],
      codeRoot: "Sources/Scenes", testsRoot: "Tests/Scenes"),
  ]

  /// What Generamba wrote: module-relative path → bytes, from expected/<project>/manifest.tsv.
  static func expected(_ project: Project, template: String) throws -> [String: Data] {
    let base = fixtures + "/expected/" + project.name
    let manifest = try String(contentsOfFile: base + "/manifest.tsv", encoding: .utf8)
    var files: [String: Data] = [:]
    for line in manifest.split(separator: "\n").dropFirst() {
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard columns[0] == template else { continue }
      let (id, role, output) = (columns[1], columns[2], columns[5])
      let name = try String(contentsOfFile: "\(base)/\(template)/\(id).name", encoding: .utf8)
      #expect(output.hasSuffix("/" + name.trimmingCharacters(in: .newlines)))
      let root = role == "test" ? project.testsRoot : project.codeRoot
      files["\(root)/\(project.module)/\(output)"] = try Data(
        contentsOf: URL(fileURLWithPath: "\(base)/\(template)/\(id).out"))
    }
    return files
  }

  /// Every file under `dir` but the Rambafile and the templates, by relative path.
  static func generated(_ dir: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: dir)
    while let path = enumerator?.nextObject() as? String {
      if path == "Rambafile" || path == "Templates" || path.hasPrefix("Templates/") { continue }
      // The generation record (and its base copies) is not a generated file.
      if path.hasPrefix(".modulegen") { continue }
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: dir + "/" + path, isDirectory: &isDirectory)
      if !isDirectory.boolValue {
        files[path] = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + path))
      }
    }
    return files
  }

  /// A folder with only `Rambafile` and the untouched `Templates/<template>/`.
  static func generambaProject(_ project: Project, template: String) throws -> String {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.copyItem(
      atPath: fixtures + "/Rambafile." + project.name, toPath: dir + "/Rambafile")
    try FileManager.default.createDirectory(
      atPath: dir + "/Templates", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: fixtures + "/templates/" + template, toPath: dir + "/Templates/" + template)
    return dir
  }

  @Test(arguments: projects, templates)
  func generatesWhatGenerambaWrites(project: Project, template: String) throws {
    let dir = try Self.generambaProject(project, template: template)
    let result = runTool(
      ["gen", project.module, template] + project.arguments + ["--date", "2026-03-14"], in: dir)
    #expect(result.code == 0, "\(result.err)")
    let expected = try Self.expected(project, template: template)
    let generated = try Self.generated(dir)
    #expect(!expected.isEmpty)
    #expect(Set(generated.keys) == Set(expected.keys))
    for (path, bytes) in expected.sorted(by: { $0.key < $1.key }) {
      #expect(generated[path] == bytes, "\(path) differs from what Generamba wrote")
    }
    // The Rambafile names an Xcode project that is not there: files written, and a warning.
    let project = project.name == "A" ? "AcmeApp.xcodeproj" : "Acme-App.xcodeproj"
    #expect(
      result.err.contains(
        "warning: the Xcode project '\(project)' does not exist: the files are written but added to no project (Generamba stops here)"
      ))
  }

  @Test func mvvmControllerNamesItsFilesInAnotherCaseAndSaysSo() throws {
    let dir = try Self.generambaProject(Self.projects[0], template: "mvvm_controller")
    let result = runTool(["gen", "Profile", "mvvm_controller", "--date", "2026-03-14"], in: dir)
    #expect(result.code == 0)
    #expect(
      result.err.contains(
        "Templates/mvvm_controller/mvvm_controller.rambaspec:11:3: note: 'Code/ViewController/ViewController.h.liquid' is 'Code/ViewController/viewController.h.liquid' in Templates/mvvm_controller: matched ignoring case, as on macOS"
      ))
  }
}
