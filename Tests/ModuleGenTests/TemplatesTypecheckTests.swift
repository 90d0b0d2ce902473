import Foundation
import Testing

@testable import ModuleGen

/// `templates lint --typecheck`. Against Apple's iOS SDK when one is there: Xcode's on a Mac, or
/// on Linux a copy prepared by scripts/prepare-ios-sdk.sh (MODULEGEN_IOS_SDK, with the swiftc
/// flags it prints in MODULEGEN_IOS_SWIFTC_FLAGS). Without one, those tests say they were
/// skipped, and a stand-in `swiftc` checks what modulegen asks the compiler and how it reports
/// what the compiler says.
@Suite(.serialized) struct TemplatesTypecheckTests {
  /// `--sdk` and `--swiftc-flag` arguments for the SDK this machine has, or nil.
  static let sdkArguments: [String]? = {
    if let sdk = preparedIOSSDK {
      return ["--sdk", sdk.path] + sdk.swiftcFlags.flatMap { ["--swiftc-flag", $0] }
    }
    // On a Mac with Xcode, modulegen finds the simulator SDK itself.
    let xcrun = try? GeneratedCodeTests.shell(
      "xcrun --sdk iphonesimulator --show-sdk-path", in: "/")
    return xcrun?.0 == 0 ? [] : nil
  }()

  static func skipped(_ what: String) {
    print(
      "TemplatesTypecheckTests: \(what) skipped: no iOS SDK (on Linux, run scripts/prepare-ios-sdk.sh and export what it prints)"
    )
  }

  @Test func everyBuiltinTemplateTypeChecksAgainstTheSDK() throws {
    guard let sdk = Self.sdkArguments else {
      return Self.skipped("type-checking the built-in templates")
    }
    let folder = try makeTemporaryDirectory()
    print("TemplatesTypecheckTests: type-checking every built-in template against the SDK")
    let run = try runBinary(["templates", "lint", "--typecheck"] + sdk, in: folder)
    let out = String(decoding: run.out, as: UTF8.self)
    #expect(run.code == 0, "\(out)\n\(run.err.prefix(20_000))")
    #expect(out.contains("variants type-check against"), "\(out)")
  }

  /// The errors Apple's UIKit gives and a stand-in might not: `title` is a method of UIButton,
  /// and UITableViewCell has no `init(reuseIdentifier:)`.
  @Test func aTemplateThatDoesNotCompileFailsWithTheVariantTheLineAndTheTemplateFile() throws {
    guard let sdk = Self.sdkArguments else { return Self.skipped("the failing template") }
    let folder = try makeTemporaryDirectory()
    try Self.brokenTemplate(in: folder)
    let run = try runBinary(["templates", "lint", "Broken", "--typecheck"] + sdk, in: folder)
    #expect(run.code == 1)
    #expect(run.err.contains("broken flavor=plain, module Home: the code does not type-check"))
    #expect(
      run.err.contains(
        "Sources/BrokenFlavorPlainDefault/HomeScreen.swift:4:14: error: cannot assign to value: 'title' is a method (generated from Broken/Screen.swift.liquid)"
      ), "\(run.err)")
    #expect(run.err.contains("HomeScreen.swift:5:23: error: missing argument"), "\(run.err)")
    #expect(run.err.contains("error: 4 of 4 variants do not type-check"), "\(run.err)")
  }

  static func brokenTemplate(in folder: String) throws {
    try write(
      """
      name: broken
      summary: A screen that does not compile against UIKit.
      parameters:
        - {name: flavor, type: choice, values: [plain, fancy], default: plain}
      files:
        - {template: Screen.swift.liquid, output: "{{ module }}Screen.swift"}
      """, to: folder + "/Broken/template.yml")
    try write(
      """
      import UIKit

      @MainActor func make{{ module }}() {
        UIButton().title = "x"
        _ = UITableViewCell(reuseIdentifier: "cell")
      }

      """, to: folder + "/Broken/Screen.swift.liquid")
  }

  // MARK: Without an SDK

  /// Templates by name or by folder; none: every built-in one. The options of --typecheck
  /// without it are a usage error.
  @Test func lintTakesNamesFoldersOrNothing() throws {
    let folder = try makeTemporaryDirectory()
    let all = runTool(["templates", "lint"], in: folder)
    #expect(all.code == 0, "\(all.err)")
    #expect(
      all.out.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
        == BuiltinTemplates.names)
    let named = runTool(["templates", "lint", "mvc"], in: folder)
    #expect(named.code == 0 && named.out.hasPrefix("mvc: ok ("), "\(named.err)")
    let unknown = runTool(["templates", "lint", "vipr"], in: folder)
    #expect(
      unknown.code == 2 && unknown.err.contains("no template named 'vipr'; did you mean 'viper'?"),
      "\(unknown.err)")
    let missing = runTool(["templates", "lint", "Templates/none"], in: folder)
    #expect(
      missing.code == 2 && missing.err.contains("no template.yml in 'Templates/none'"),
      "\(missing.err)")
    for option in [
      ["--sdk", "x"], ["--target", "x"], ["--swiftc-flag", "-x"], ["--spec", "x"],
      ["--package", "x"],
    ] {
      let run = runTool(["templates", "lint", "mvc"] + option, in: folder)
      #expect(run.code == 64, "\(option)")
      #expect(run.err.contains("'\(option[0])' needs --typecheck"), "\(run.err)")
    }
  }

  @Test func withoutAnSDKTheErrorSaysWhereToGetOne() throws {
    let folder = try makeTemporaryDirectory()
    if Self.sdkArguments == nil {
      let run = runTool(["templates", "lint", "viper", "--typecheck"], in: folder)
      #expect(run.code == 2)
      #expect(run.err.contains("no iOS SDK to type-check against: pass --sdk PATH"), "\(run.err)")
    }
    let missing = runTool(
      ["templates", "lint", "viper", "--typecheck", "--sdk", "nowhere.sdk"], in: folder)
    #expect(missing.code == 2)
    #expect(
      missing.err.contains("the SDK '\(folder)/nowhere.sdk' is not a folder"), "\(missing.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  /// A stand-in `swiftc`: it records its arguments in `swiftc-calls`, and fails for the module
  /// of the `fancy` flavor with an error at a line of the generated file, as swiftc writes it.
  /// The environment that puts it first on PATH.
  static func fakeSwiftc(in folder: String) throws -> [String: String] {
    let bin = folder + "/bin"
    try write(
      """
      #!/bin/sh
      echo "$@" >> "\(folder)/swiftc-calls"
      for argument in "$@"; do
        case "$argument" in
          */BrokenFlavorFancyRich/RichScreen.swift)
            echo "$argument:4:14: error: cannot assign to value: 'title' is a method"
            echo '  UIButton().title = "x"'
            echo '             ^'
            exit 1 ;;
        esac
      done
      """, to: bin + "/swiftc")
    #expect(chmod(bin + "/swiftc", 0o755) == 0)
    try FileManager.default.createDirectory(
      atPath: folder + "/Fake/iPhoneSimulator18.0.sdk", withIntermediateDirectories: true)
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    return environment
  }

  @Test func whatSwiftcIsAskedAndHowItsErrorsAreReported() throws {
    let folder = try makeTemporaryDirectory()
    try Self.brokenTemplate(in: folder)
    let environment = try Self.fakeSwiftc(in: folder)
    let run = try runBinary(
      [
        "templates", "lint", "Broken", "--typecheck", "--sdk", "Fake/iPhoneSimulator18.0.sdk",
        "--swiftc-flag", "-resource-dir", "--swiftc-flag", "/r", "--package", "Variants",
      ], in: folder, environment: environment)
    #expect(run.code == 1)
    #expect(
      run.err == """
        broken flavor=fancy, module Rich: the code does not type-check:
        Sources/BrokenFlavorFancyRich/RichScreen.swift:4:14: error: cannot assign to value: 'title' is a method (generated from Broken/Screen.swift.liquid)
          UIButton().title = "x"
                     ^

        error: 1 of 4 variants do not type-check against iPhoneSimulator18.0.sdk

        """)
    let calls = try String(contentsOfFile: folder + "/swiftc-calls", encoding: .utf8)
      .split(separator: "\n").sorted()
    #expect(calls.count == 4)
    #expect(
      calls.first
        == "-typecheck -module-name BrokenFlavorFancyDefault -sdk \(folder)/Fake/iPhoneSimulator18.0.sdk -target arm64-apple-ios17.0-simulator -swift-version 6 -warnings-as-errors -diagnostic-style llvm -parse-as-library -resource-dir /r \(folder)/Variants/Sources/BrokenFlavorFancyDefault/HomeScreen.swift"
    )
    // The package stays for xcodebuild: a target per variant.
    let manifest = try String(contentsOfFile: folder + "/Variants/Package.swift", encoding: .utf8)
    #expect(manifest.contains("platforms: [.iOS(.v17)]"))
    for target in ["BrokenFlavorPlainDefault", "BrokenFlavorPlainRich", "BrokenFlavorFancyRich"] {
      #expect(manifest.contains(#".target(name: "\#(target)", path: "Sources/\#(target)"),"#))
    }
  }

  /// A spec's modules are variants too, with the template and parameters the spec gives them.
  @Test func theSpecsModulesAreCheckedToo() throws {
    let folder = try makeTemporaryDirectory()
    let environment = try Self.fakeSwiftc(in: folder)
    try write(
      """
      modules:
        - {name: Orders, template: mvvm, params: {binding: closures}}
        - {name: Settings, template: mvc}
      """, to: folder + "/modules.yml")
    let run = try runBinary(
      [
        "templates", "lint", "--typecheck", "--spec", "modules.yml", "--sdk",
        "Fake/iPhoneSimulator18.0.sdk", "--package", "Variants",
      ], in: folder, environment: environment)
    #expect(run.code == 0, "\(run.err)")
    #expect(
      String(decoding: run.out, as: UTF8.self).contains(
        "All 2 variants type-check against iPhoneSimulator18.0.sdk"))
    let calls = try String(contentsOfFile: folder + "/swiftc-calls", encoding: .utf8)
    #expect(calls.contains("-module-name SpecOrders "))
    #expect(calls.contains("\(folder)/Variants/Sources/SpecSettings/SettingsViewController.swift"))
    // The tests are the test target's, not the module's (this SDK has no XCTest beside it).
    #expect(!calls.contains("/Variants/Tests/"))
    let manifest = try String(contentsOfFile: folder + "/Variants/Package.swift", encoding: .utf8)
    #expect(manifest.contains(#"name: "SpecSettingsTests", dependencies: ["SpecSettings"]"#))
    #expect(
      FileManager.default.fileExists(
        atPath: folder + "/Variants/Tests/SpecSettingsTests/SettingsTests.swift"))
    let viewModel = try String(
      contentsOfFile: folder + "/Variants/Sources/SpecOrders/OrdersViewModel.swift", encoding: .utf8
    )
    #expect(!viewModel.contains("ObservableObject") && !viewModel.contains("@Observable"))
  }
}
