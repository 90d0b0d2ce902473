import Foundation
import Testing

@testable import ModuleGen

/// A file the modules of an app share (`shared: true`: the protocol of the coordinators of
/// mvp and mvvm with `coordinator=true`) is one file beside the modules' folders, written once by
/// a batch, kept when it exists, and not stale while a module still has it.
@Suite struct SharedFileTests {
  static let coordinators = """
    modules:
      - {name: Home, template: mvp, params: {coordinator: true}}
      - {name: Orders, template: mvvm, params: {coordinator: true}}

    """

  /// Every file under `dir`, relative, sorted.
  static func files(_ dir: String) -> [String] {
    ((FileManager.default.enumerator(atPath: dir)?.allObjects as? [String]) ?? []).filter {
      $0.hasSuffix(".swift")
    }.sorted()
  }

  /// A folder where `gen` generated `coordinators` with `output` and `tests_output`.
  static func generated(output: String, testsOutput: String) throws -> String {
    let dir = try makeTemporaryDirectory()
    try write(
      "module: App\noutput: \(output)\ntests_output: \(testsOutput)\n", to: dir + "/.modulegen.yml")
    try write(coordinators, to: dir + "/modules.yml")
    let result = runTool(["gen", "--spec", "modules.yml", "--date", "2026-01-02"], in: dir)
    #expect(result.code == 0, "\(result.err)")
    return dir
  }

  @Test func aBatchWritesTheCoordinatorsProtocolOnceBesideTheModules() throws {
    let dir = try Self.generated(
      output: "Sources/Modules/{{ module }}", testsOutput: "Tests/{{ module }}Tests")
    let code = Self.files(dir + "/Sources")
    #expect(
      code.filter { $0.hasSuffix("/Coordinator.swift") || $0 == "Coordinator.swift" } == [
        "Modules/Coordinator.swift"
      ])
    let shared = try String(
      contentsOfFile: dir + "/Sources/Modules/Coordinator.swift", encoding: .utf8)
    #expect(shared.hasPrefix("//\n//  Coordinator.swift\n"))
    #expect(shared.contains("\n@MainActor\nprotocol Coordinator: AnyObject {\n"))
    #expect(shared.contains("\n  func startChild(_ child: any Coordinator) {\n"))
    for (module, folder) in [("Home", "Home"), ("Orders", "Orders")] {
      let coordinator = try String(
        contentsOfFile: "\(dir)/Sources/Modules/\(folder)/\(module)Coordinator.swift",
        encoding: .utf8)
      #expect(
        coordinator.contains(
          "final class \(module)Coordinator: Coordinator, \(module)Coordinating {"))
      #expect(!coordinator.contains("protocol Coordinator"))
      #expect(!coordinator.contains("func keepUntilFinished"))
    }
    #expect(runTool(["check"], in: dir).code == 0)

    // The app's file from then on: an edit stays, and a module generated later keeps it.
    let path = dir + "/Sources/Modules/Coordinator.swift"
    try write(shared + "// the app's\n", to: path)
    let later = runTool(["gen", "Cart", "mvp", "--set", "coordinator=true"], in: dir)
    #expect(later.code == 0, "\(later.err)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == shared + "// the app's\n")
    #expect(
      FileManager.default.fileExists(atPath: dir + "/Sources/Modules/Cart/CartCoordinator.swift"))
    #expect(runTool(["check"], in: dir).code == 0)

    // Removed from the spec with the other modules still recorded: the file stays theirs.
    try write(
      "modules:\n  - {name: Home, template: mvp, params: {coordinator: true}}\n",
      to: dir + "/modules.yml")
    let pruned = runTool(["gen", "--spec", "modules.yml", "--prune"], in: dir)
    #expect(
      !FileManager.default.fileExists(atPath: dir + "/Sources/Modules/Orders"), "\(pruned.err)")
    #expect(FileManager.default.fileExists(atPath: path), "\(pruned.err)")
    #expect(!pruned.err.contains("Coordinator.swift'"), "\(pruned.err)")
  }

  /// Modules in folders with different parents (`Modules/Auth/Login`, `Modules/Main/Home`)
  /// use one shared file: a second `protocol Coordinator` in the app target would not compile.
  @Test func modulesUnderDifferentParentsShareOneFile() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try write(
      """
      modules:
        - {name: Login, template: mvvm, output: Modules/Auth/Login, params: {coordinator: true}}
        - {name: Home, template: mvp, output: Modules/Main/Home, params: {coordinator: true}}

      """, to: dir + "/modules.yml")
    let gen = runTool(["gen", "--spec", "modules.yml", "--date", "2026-01-02"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    func shared() -> [String] { Self.files(dir).filter { $0.hasSuffix("/Coordinator.swift") } }
    #expect(shared() == ["Modules/Auth/Coordinator.swift"])
    let record = try String(contentsOfFile: dir + "/.modulegen.lock", encoding: .utf8)
    #expect(record.contains("      Modules/Auth/Coordinator.swift: sha256:"))
    #expect(!record.contains("Modules/Main/Coordinator.swift"))
    #expect(runTool(["check"], in: dir).code == 0)

    // A module generated later elsewhere uses it too.
    let later = runTool(
      ["gen", "Cart", "mvvm", "--set", "coordinator=true", "--output", "Features/Cart"], in: dir)
    #expect(later.code == 0, "\(later.err)")
    #expect(shared() == ["Modules/Auth/Coordinator.swift"])
    #expect(FileManager.default.fileExists(atPath: dir + "/Features/Cart/CartCoordinator.swift"))
    let check = runTool(["check"], in: dir)
    #expect(check.code == 0, "\(check.out)\(check.err)")
  }

  /// A project that has one beside each module's folder already keeps both; one deleted (to
  /// make the app compile) is not made again: its modules use the other from then on.
  @Test func aDeletedSecondSharedFileIsNotMadeAgain() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    for (module, output) in [("Login", "Modules/Auth/Login"), ("Home", "Modules/Main/Home")] {
      let gen = runTool(
        ["gen", module, "mvvm", "--set", "coordinator=true", "--output", output], in: dir)
      #expect(gen.code == 0, "\(gen.err)")
    }
    // As an earlier modulegen left it: a second copy beside Home's folder, recorded for Home.
    let first = dir + "/Modules/Auth/Coordinator.swift"
    let second = dir + "/Modules/Main/Coordinator.swift"
    try FileManager.default.copyItem(atPath: first, toPath: second)
    let record = try String(contentsOfFile: dir + "/.modulegen.lock", encoding: .utf8)
    let home = try #require(record.range(of: "  Home:\n"))
    try write(
      record.replacingOccurrences(
        of: "Modules/Auth/Coordinator.swift", with: "Modules/Main/Coordinator.swift",
        range: home.upperBound..<(record.range(of: "  Login:\n")?.lowerBound ?? record.endIndex)),
      to: dir + "/.modulegen.lock")
    #expect(runTool(["check"], in: dir).code == 0)
    #expect(runTool(["gen", "Home", "mvvm"], in: dir).code == 0)
    #expect(FileManager.default.fileExists(atPath: second))

    try FileManager.default.removeItem(atPath: second)
    let gen = runTool(["gen", "Home", "mvvm"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(!FileManager.default.fileExists(atPath: second))
    let check = runTool(["check"], in: dir)
    #expect(check.code == 0, "\(check.out)\(check.err)")
  }

  /// Modules that share one folder (not named after each) have the shared file in it.
  @Test func modulesInOneFolderHaveTheSharedFileInIt() throws {
    let dir = try Self.generated(output: "Sources/App", testsOutput: "Tests/AppTests")
    #expect(
      Self.files(dir + "/Sources").filter { $0.contains("Coordinator") } == [
        "App/Coordinator.swift", "App/HomeCoordinator.swift", "App/OrdersCoordinator.swift",
      ])
    // A module without a coordinator there does not count the others' file as its own.
    #expect(runTool(["gen", "Cart", "mvp"], in: dir).code == 0)
    let check = runTool(["check"], in: dir)
    #expect(check.code == 0, "\(check.out)\(check.err)")
  }

  /// In an Xcode project the shared file joins the code target once, in the group of its own
  /// folder, not in the group the config gives each module.
  @Test func anXcodeProjectGetsTheSharedFileOnceInItsFoldersGroup() throws {
    let dir = try XcodeGenTests().project(
      config:
        "xcodeproj: Project.xcodeproj\noutput: iOS/Modules/{{ module }}\ntests_output: iOSTests/{{ module }}Tests\ngroup: iOS/Features/{{ module }}\n"
    )
    try write(Self.coordinators, to: dir + "/modules.yml")
    let gen = runTool(["gen", "--spec", "modules.yml", "--dry-run", "--verbose"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    let lines = gen.out.split(separator: "\n").filter { $0.contains("Coordinator.swift") }
    #expect(
      lines.filter { $0.contains("iOS/Modules/Coordinator.swift") } == [
        "  would create iOS/Modules/Coordinator.swift",
        "  add file iOS/Modules/Coordinator.swift to group iOS/Modules",
        "  add iOS/Modules/Coordinator.swift to target iOS (Sources)",
      ], "\(gen.out)")
    #expect(
      lines.contains(
        "  add file iOS/Modules/Home/HomeCoordinator.swift to group iOS/Features/Home"),
      "\(gen.out)")
  }

  /// In an Xcode project, modules under different parents add the one shared file once.
  @Test func anXcodeProjectGetsOneSharedFileForModulesUnderDifferentParents() throws {
    let dir = try XcodeGenTests().project(config: "xcodeproj: Project.xcodeproj\n")
    try write(
      """
      modules:
        - {name: Login, template: mvvm, output: iOS/Auth/Login, params: {coordinator: true}}
        - {name: Home, template: mvp, output: iOS/Main/Home, params: {coordinator: true}}

      """, to: dir + "/modules.yml")
    let gen = runTool(["gen", "--spec", "modules.yml", "--verbose"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(
      gen.out.split(separator: "\n").filter { $0.contains("/Coordinator.swift") } == [
        "  created iOS/Auth/Coordinator.swift",
        "  add file iOS/Auth/Coordinator.swift to group iOS/Auth",
        "  add iOS/Auth/Coordinator.swift to target iOS (Sources)",
      ],
      "\(gen.out)")
    let project = try String(
      contentsOfFile: dir + "/Project.xcodeproj/project.pbxproj", encoding: .utf8)
    #expect(project.components(separatedBy: "/* Coordinator.swift in Sources */").count == 3)
    let again = runTool(
      ["gen", "Cart", "mvvm", "--set", "coordinator=true", "--output", "iOS/Cart"], in: dir)
    #expect(again.code == 0, "\(again.err)")
    #expect(
      try String(contentsOfFile: dir + "/Project.xcodeproj/project.pbxproj", encoding: .utf8)
        .components(separatedBy: "/* Coordinator.swift in Sources */").count == 3)
    #expect(runTool(["check"], in: dir).code == 0)
  }

  /// A folder with a local package `Packages/Features` (one target, `Core`).
  static func withFeaturesPackage() throws -> String {
    let dir = try makeTemporaryDirectory()
    try write(
      "// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(name: \"Features\", targets: [.target(name: \"Core\")])\n",
      to: dir + "/Packages/Features/Package.swift")
    try write("public enum Core {}\n", to: dir + "/Packages/Features/Sources/Core/Core.swift")
    return dir
  }

  /// In a Swift package each module is a target of its own: the shared file stays in it (a
  /// file in `Sources/` would be in no target).
  @Test func aPackagesModuleKeepsTheSharedFileInItsTarget() throws {
    let dir = try Self.withFeaturesPackage()
    try write("module: App\npackage: Packages/Features\n", to: dir + "/.modulegen.yml")
    let gen = runTool(
      ["gen", "Home", "mvp", "--set", "coordinator=true", "--dry-run", "--verbose"], in: dir,
      environment: ProcessInfo.processInfo.environment)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(gen.out.contains("Packages/Features/Sources/Home/Coordinator.swift"), "\(gen.out)")
    #expect(!gen.out.contains("Packages/Features/Sources/Coordinator.swift"), "\(gen.out)")
  }

  /// An app's module does not take the shared file of a package's module: that one is in the
  /// package's target, which the app's code does not see.
  @Test func anAppsModuleDoesNotUseAPackagesSharedFile() throws {
    let dir = try Self.withFeaturesPackage()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try write(
      "modules:\n  - {name: Home, template: mvvm, package: Packages/Features, output: Packages/Features/Sources/Features, params: {coordinator: true}}\n",
      to: dir + "/modules.yml")
    let environment = ProcessInfo.processInfo.environment
    let package = runTool(["gen", "--spec", "modules.yml"], in: dir, environment: environment)
    #expect(package.code == 0, "\(package.err)")
    let app = runTool(
      ["gen", "Login", "mvvm", "--set", "coordinator=true", "--output", "Modules/Auth/Login"],
      in: dir, environment: environment)
    #expect(app.code == 0, "\(app.err)")
    #expect(
      Self.files(dir).filter { $0.hasSuffix("/Coordinator.swift") } == [
        "Modules/Auth/Coordinator.swift", "Packages/Features/Sources/Features/Coordinator.swift",
      ])
  }

  @Test func theSharedFolderIsAboveAModuleFolderNamedAfterTheModule() {
    #expect(
      Generator.sharedRoot("/app/Sources/Modules/Home", module: "Home") == "/app/Sources/Modules")
    #expect(Generator.sharedRoot("/app/Tests/HomeTests", module: "Home") == "/app/Tests")
    #expect(Generator.sharedRoot("/app/Sources/App", module: "Home") == "/app/Sources/App")
  }

  @Test func sharedMustBeABoolean() throws {
    let manifest = """
      name: t
      files:
        - template: Code/A.swift.liquid
          output: A.swift
          shared: yes please

      """
    do {
      _ = try TemplateManifest.decode(manifest, file: "template.yml")
      Issue.record("no error for 'shared: yes please'")
    } catch {
      #expect(
        error.diagnostics.first?.description
          == "template.yml:5:13: error: files[0]: 'shared' must be true or false\n    shared: yes please\n            ^",
        "\(error)")
    }
    let valid = try TemplateManifest.decode(
      manifest.replacingOccurrences(of: "yes please", with: "true"), file: "template.yml")
    #expect(valid.files.map(\.isShared) == [true])
  }
}
