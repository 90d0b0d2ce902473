import Foundation
import Testing

@testable import ModuleGen

/// The module the SwiftPM plugin passes: the generated tests `@testable import` it when the
/// project names none.
@Suite struct PackageModuleTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  @Test func thePluginsModuleIsImportedWhenTheProjectNamesNone() throws {
    let dir = try makeTemporaryDirectory()
    let environment = [GenerationSettings.packageModuleVariable: "App"]
    let gen = runTool(
      ["gen", "Home", "mvc", "--date", "2026-02-03"], in: dir, environment: environment)
    #expect(gen.code == 0)
    #expect(!gen.err.contains(GenCommand.untestableWarning))
    let tests = try String(contentsOfFile: dir + "/HomeTests/HomeTests.swift", encoding: .utf8)
    #expect(tests.contains("@testable import App\n"))

    // A project or module the developer set wins.
    let named = runTool(
      ["gen", "Cart", "mvc", "--project", "My Shop", "--date", "2026-02-03"], in: dir,
      environment: environment)
    #expect(named.code == 0)
    let cartTests = try String(contentsOfFile: dir + "/CartTests/CartTests.swift", encoding: .utf8)
    #expect(cartTests.contains("@testable import My_Shop\n"))
    try write("module: Shop\n", to: dir + "/.modulegen.yml")
    #expect(
      runTool(["gen", "List", "mvc", "--date", "2026-02-03"], in: dir, environment: environment)
        .code == 0)
    let listTests = try String(contentsOfFile: dir + "/ListTests/ListTests.swift", encoding: .utf8)
    #expect(listTests.contains("@testable import Shop\n"))
  }

  @Test func thePluginPassesItUnderTheSameName() throws {
    let plugin = try String(
      contentsOfFile: Self.root + "/Plugins/ModuleGenPlugin/ModuleGenPlugin.swift", encoding: .utf8)
    #expect(
      plugin.contains(
        "static let packageModuleVariable = \"\(GenerationSettings.packageModuleVariable)\""))
  }
}
