import Diagnostics
import Foundation
import Liquid
import Testing

@testable import ModuleGen

/// `swift package modulegen …` in a package that depends on this one by path, as an app's
/// package would. The consumer package stays in `.build/plugin-tests` between runs, so that its
/// build of modulegen is incremental; the test rewrites its files and removes what a run
/// generated before it starts.
@Suite(.serialized) struct PluginTests {
  static let root = GeneratedPackage.root.path
  static let consumer = root + "/.build/plugin-tests/Consumer"

  static func prepareConsumer() throws {
    let fileManager = FileManager.default
    for entry in (try? fileManager.contentsOfDirectory(atPath: consumer)) ?? []
    where ![".build", "Package.resolved"].contains(entry) {
      try fileManager.removeItem(atPath: consumer + "/" + entry)
    }
    try GeneratedPackage.put(
      """
      // swift-tools-version:6.0
      import PackageDescription

      let package = Package(
        name: "Consumer",
        dependencies: [.package(path: "\(root)")],
        targets: [.target(name: "App")]
      )

      """, consumer + "/Package.swift")
    try GeneratedPackage.put("public struct App {}\n", consumer + "/Sources/App/App.swift")
    try GeneratedPackage.put(
      "modules:\n  - name: Settings\n    template: mvvm\n    params:\n      ui: swiftui\n",
      consumer + "/Specs/modules.yml")
  }

  /// `swift package` on the consumer, from `directory` (not the package's folder).
  static func swiftPackage(_ arguments: String, from directory: String) throws -> (Int32, String) {
    try GeneratedCodeTests.shell(
      "swift package --package-path '\(consumer)' \(arguments) </dev/null", in: directory)
  }

  @Test func runsModulegenAtThePackageRootWithEveryArgument() throws {
    try Self.prepareConsumer()
    let elsewhere = try makeTemporaryDirectory()
    print(
      "PluginTests: swift package modulegen in a package that depends on modulegen (it builds modulegen; the first run takes a minute or two)..."
    )
    let gen = try Self.swiftPackage(
      "--allow-writing-to-package-directory modulegen gen Home viper --set ui=swiftui --set tests=swift-testing --date 2026-01-02",
      from: elsewhere)
    #expect(gen.0 == 0, "\(gen.1.split(separator: "\n").suffix(30).joined(separator: "\n"))")
    #expect(gen.1.contains("Home (viper): 10 created."))
    #expect(InstallTests.files(elsewhere) == [])
    // The package's one target is the module the tests import: no warning that there is none.
    #expect(!gen.1.contains(GenCommand.untestableWarning))
    #expect(
      (try? String(contentsOfFile: Self.consumer + "/HomeTests/HomeTests.swift", encoding: .utf8))?
        .contains("@testable import App\n") == true)

    // The same files, byte for byte, as the tool run by hand in the package's folder with the
    // package's module.
    let reference = try makeTemporaryDirectory()
    var environment = ProcessInfo.processInfo.environment
    environment[GenerationSettings.packageModuleVariable] = "App"
    _ = try runBinary(
      [
        "gen", "Home", "viper", "--set", "ui=swiftui", "--set", "tests=swift-testing", "--date",
        "2026-01-02",
      ],
      in: reference, environment: environment)
    let expected = InstallTests.files(reference)
    #expect(expected.contains("Home/HomeView.swift"))
    #expect(expected.contains("HomeTests/HomeTests.swift"))
    for file in expected {
      #expect(
        FileManager.default.contents(atPath: Self.consumer + "/" + file)
          == FileManager.default.contents(atPath: reference + "/" + file), "\(file) differs")
    }

    // A spec path relative to the package root, an option with '=' and a flag.
    let spec = try Self.swiftPackage(
      "--allow-writing-to-package-directory modulegen gen --spec Specs/modules.yml --date=2026-01-02 --no-tests",
      from: elsewhere)
    #expect(spec.0 == 0, "\(spec.1)")
    #expect(FileManager.default.fileExists(atPath: Self.consumer + "/Settings/SettingsView.swift"))
    #expect(!FileManager.default.fileExists(atPath: Self.consumer + "/SettingsTests"))

    // modulegen's own errors reach the user, and the command fails: an edited file that
    // modulegen owns is a conflict.
    try "// edited\n".write(
      toFile: Self.consumer + "/Home/HomeEntity.swift", atomically: true, encoding: .utf8)
    let conflict = try Self.swiftPackage(
      "--allow-writing-to-package-directory modulegen gen Home viper --date 2027-01-01",
      from: elsewhere)
    #expect(conflict.0 != 0)
    #expect(
      conflict.1.contains(
        Diagnostic(message: Console.conflictMessage("Home/HomeEntity.swift")).description))
    let usage = try Self.swiftPackage(
      "--allow-writing-to-package-directory modulegen gen --no-such-option", from: elsewhere)
    #expect(usage.0 != 0)
    #expect(usage.1.contains("error: \(UsageError.unknownOptionMessage("--no-such-option"))"))
  }

  @Test func asksForPermissionToWriteToThePackage() throws {
    try Self.prepareConsumer()
    let result = try Self.swiftPackage("modulegen gen Home viper", from: Self.consumer)
    #expect(result.0 != 0)
    #expect(result.1.contains("wants permission to write to the package directory"))
    #expect(result.1.contains("--allow-writing-to-package-directory"))
    #expect(!FileManager.default.fileExists(atPath: Self.consumer + "/Home"))
  }
}
