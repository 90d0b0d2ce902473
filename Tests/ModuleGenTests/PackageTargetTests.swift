import Foundation
import Testing

@testable import ModuleGen

/// `package`: a module joins a local Swift package as its own target and test target, and the
/// app's target in the package depends on it; SwiftPM edits the manifest (real `swift package`
/// calls, so these tests are few), and the package builds.
@Suite(.serialized) struct PackageTargetTests {
  static let manifest = """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "Features",
      targets: [
        .target(name: "Core"),
        .target(name: "Networking"),
        .target(name: "AppFeature", dependencies: ["Core"]),
      ]
    )

    """

  /// A project with the package `Packages/Features` (targets Core and AppFeature) and a template
  /// of plain Swift whose code imports Core.
  func project(config: String) throws -> String {
    let dir = try makeTemporaryDirectory()
    let package = dir + "/Packages/Features"
    try write(Self.manifest, to: package + "/Package.swift")
    try write(
      "public struct Core {\n  public init() {}\n}\n", to: package + "/Sources/Core/Core.swift")
    try write("public enum AppFeature {}\n", to: package + "/Sources/AppFeature/AppFeature.swift")
    try write("public enum Networking {}\n", to: package + "/Sources/Networking/Networking.swift")
    // The spec imports a target of the package (and a system module, which is not one).
    try write("name: Home\nimports: [Networking, Foundation]\n", to: dir + "/home.yml")
    try write(
      """
      name: plain
      summary: Plain Swift that uses Core.
      dependencies: [Core]
      files:
        - template: Code.swift.liquid
          output: "{{ module }}.swift"
        - template: Tests.swift.liquid
          output: "{{ module }}Tests.swift"
          role: test

      """, to: dir + "/Templates/plain/template.yml")
    try write(
      "import Core\n\npublic struct {{ module }} {\n  public let core = Core()\n  public init() {}\n}\n",
      to: dir + "/Templates/plain/Code.swift.liquid")
    try write(
      """
      import XCTest

      @testable import {{ testable_module }}

      final class {{ module }}Tests: XCTestCase {
        func testMakesIt() { _ = {{ module }}() }
      }

      """, to: dir + "/Templates/plain/Tests.swift.liquid")
    try write(config, to: dir + "/.modulegen.yml")
    return dir
  }

  static let environment = ProcessInfo.processInfo.environment

  func run(_ arguments: [String], in dir: String) -> (code: Int32, out: String, err: String) {
    runTool(arguments, in: dir, environment: Self.environment)
  }

  /// The package's targets and what each depends on, as SwiftPM reads the manifest.
  func targets(_ package: String) throws -> [String: [String]] {
    let (status, output) = try GeneratedCodeTests.shell(
      "swift package dump-package", in: package)
    #expect(status == 0, "\(output)")
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(output[output.firstIndex(of: "{")!...].utf8)) as? [String: Any])
    var result: [String: [String]] = [:]
    for target in json["targets"] as? [[String: Any]] ?? [] {
      let dependencies = (target["dependencies"] as? [[String: [Any]]] ?? []).compactMap {
        $0.values.first?.first as? String
      }
      result[target["name"] as? String ?? ""] = dependencies
    }
    return result
  }

  func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  @Test func genAddsTheTargetsOnceCheckFindsOneMissingAndThePackageBuilds() throws {
    let dir = try project(
      config: "template: plain\npackage: Packages/Features\ntargets: [AppFeature]\n")
    let package = dir + "/Packages/Features"
    let dry = run(["gen", "--spec", "home.yml", "--dry-run"], in: dir)
    #expect(dry.code == 0, "\(dry.err)")
    #expect(
      dry.out == """
        Home (plain): 2 to create.
        Packages/Features/Package.swift: would add target Home, test target HomeTests, AppFeature depends on Home.
        Dry run: nothing was written.

        """)
    #expect(try read(package + "/Package.swift") == Self.manifest)

    let gen = run(["gen", "--spec", "home.yml"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(
      gen.out == """
        Home (plain): 2 created.
        Packages/Features/Package.swift: added target Home, test target HomeTests, AppFeature depends on Home.

        """)
    // In their targets' folders; the tests import the module's target, so no warning.
    #expect(FileManager.default.fileExists(atPath: package + "/Sources/Home/Home.swift"))
    #expect(
      try read(package + "/Tests/HomeTests/HomeTests.swift").contains("@testable import Home\n"))
    #expect(!gen.err.contains("warning"))
    let found = try targets(package)
    #expect(
      found == [
        "Core": [], "Networking": [], "AppFeature": ["Core", "Home"],
        "Home": ["Core", "Networking"], "HomeTests": ["Home"],
      ], "\(found)")
    #expect(
      try read(dir + "/" + GenerationRecord.fileName).contains(
        "    package: Packages/Features\n"))

    // A second run (from the record alone) changes nothing.
    let edited = try read(package + "/Package.swift")
    try FileManager.default.removeItem(atPath: dir + "/.modulegen.yml")
    try write("template: plain\n", to: dir + "/.modulegen.yml")
    let again = run(["gen"], in: dir)
    #expect(again.out == "Home (plain): 2 unchanged.\n", "\(again.err)")
    #expect(try read(package + "/Package.swift") == edited)

    // The manifest without the module's targets: check reports it, gen adds them again.
    try write(
      "template: plain\npackage: Packages/Features\ntargets: [AppFeature]\n",
      to: dir + "/.modulegen.yml")
    try Self.manifest.write(
      toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
    let text = run(["check"], in: dir)
    #expect(text.code == 1)
    #expect(
      text.out
        == "not in package  Packages/Features/Package.swift: target Home, test target HomeTests, AppFeature depends on Home\n"
    )
    #expect(text.err == "1 module is not wired into the app ('gen' adds what is missing).\n")
    let check = run(["check", "--format", "json"], in: dir)
    #expect(check.code == 1)
    #expect(
      check.out.contains(
        #""package_targets":[{"path":"Packages/Features/Package.swift","module":"Home","kind":"target","target":"Home"},{"path":"Packages/Features/Package.swift","module":"Home","kind":"test_target","target":"HomeTests"},{"path":"Packages/Features/Package.swift","module":"Home","kind":"dependency","target":"AppFeature"}]"#
      ), "\(check.out)")
    #expect(run(["gen"], in: dir).code == 0)
    #expect(try read(package + "/Package.swift") == edited)

    let (status, output) = try GeneratedCodeTests.shell("swift build --build-tests", in: package)
    #expect(status == 0, "\(output)")
  }

  /// A module skipped for a conflict does not join its package either (and SwiftPM is not run).
  @Test func aBlockedModuleIsNotAddedToThePackage() throws {
    let dir = try project(config: "template: plain\npackage: Packages/Features\n")
    let package = dir + "/Packages/Features"
    try write("// mine\n", to: package + "/Sources/Home/Home.swift")
    let result = run(["gen", "Home"], in: dir)
    #expect(result.code == 1)
    #expect(result.out == "Home (plain): skipped (1 conflict); nothing written.\n")
    #expect(try read(package + "/Package.swift") == Self.manifest)
  }

  /// A package of one target, as `swift package init` makes it: SwiftPM moves the sources of a
  /// single target found directly in Sources/ into a folder of their own, so the copy it edits
  /// has the package's target folders.
  @Test func aPackageOfOneTargetGetsASecond() throws {
    let dir = try project(config: "template: plain\n")
    let package = dir + "/Packages/Features"
    try write(
      Self.manifest.replacingOccurrences(
        of:
          "    .target(name: \"Networking\"),\n    .target(name: \"AppFeature\", dependencies: [\"Core\"]),\n",
        with: ""), to: package + "/Package.swift")
    try FileManager.default.removeItem(atPath: package + "/Sources/Networking")
    try FileManager.default.removeItem(atPath: package + "/Sources/AppFeature")
    let result = run(["gen", "Home", "--package", "Packages/Features", "--no-tests"], in: dir)
    #expect(result.code == 0, "\(result.err)")
    // The config names no app target: nothing depends on the new one yet, and the run says so.
    #expect(
      result.err
        == "warning: Home is a new target of Packages/Features, and no target of the package that builds the app depends on it ('targets' in .modulegen.yml names none): add it to a product or a target your app uses\n"
        + "note: Packages/Features/Sources/Home is in Swift package target Home: no project change needed\n"
    )
    #expect(try read(package + "/Package.swift").contains("name: \"Home\""))
    #expect(FileManager.default.fileExists(atPath: package + "/Sources/Core/Core.swift"))
    #expect(FileManager.default.fileExists(atPath: package + "/Sources/Home/Home.swift"))
  }

  @Test func aPackageWithoutAManifestStopsTheRunBeforeAnythingIsWritten() throws {
    let dir = try project(config: "template: plain\n")
    let result = run(["gen", "Home", "--package", "Packages/Other"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err
        == "error: 'Packages/Other' has no Package.swift: the package the module 'Home' should join must exist; nothing was written\n"
    )
    #expect(!FileManager.default.fileExists(atPath: dir + "/Packages/Other"))
  }

  /// A manifest SwiftPM cannot read stops `gen` before anything is written, with SwiftPM's
  /// words; `check`, which never writes, says the same without "nothing was written".
  @Test func aManifestSwiftPMCannotReadIsAnErrorWithItsWords() throws {
    let dir = try project(config: "template: plain\npackage: Packages/Features\n")
    try write("this is not Swift\n", to: dir + "/Packages/Features/Package.swift")
    let failure = "error: 'swift package dump-package' failed on 'Packages/Features/Package.swift'"
    let generated = run(["gen", "Home"], in: dir)
    #expect(generated.code == 2)
    #expect(generated.err.hasPrefix(failure + "; nothing was written:\n"), "\(generated.err)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/Packages/Features/Sources/Home"))
    let checked = run(["check", "Home"], in: dir)
    #expect(checked.code == 2)
    #expect(checked.err.hasPrefix(failure + ":\n"), "\(checked.err)")
  }
}
