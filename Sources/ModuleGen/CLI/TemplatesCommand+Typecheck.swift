import BackgroundWork
import Diagnostics

/// `templates lint --typecheck`: modules generated with every combination of a template's choice
/// and bool parameters (and a spec's modules), written as one Swift package of iOS targets, and
/// each type-checked by swiftc against Apple's iOS SDK: Swift 6 language mode (complete strict
/// concurrency), warnings as errors. Errors name the variant, the generated file's line and the
/// template file that produced it.
struct SDKTypecheck: Sendable {
  /// One generated module: a template with parameter values, for one module spec.
  struct Variant: Sendable {
    /// "viper ui=uikit tests=xctest, module Home".
    var label: String
    /// The package's target (its test target is `target + "Tests"`), unique in the package.
    var target: String
    /// Package-relative path → (content, the template file it came from).
    var sources: [(path: String, text: String, templateFile: String?)] = []
    var tests: [(path: String, text: String, templateFile: String?)] = []
  }

  var sdk: String
  var triple: String
  var swiftcFlags: [String]
  var environment: [String: String]
  /// The flags that make XCTest and Testing importable, when Xcode's platform folder holding
  /// the SDK has them; nil when the SDK stands alone (the generated tests are then not checked).
  var testFrameworkFlags: [String]?

  /// The SDK of `--sdk`, else the iOS Simulator SDK `xcrun` finds (on a Mac with Xcode).
  static func locateSDK(_ given: String?, environment: [String: String]) throws -> String {
    if let given { return given }
    if let found = ChildProcess.run(
      "xcrun", ["--sdk", "iphonesimulator", "--show-sdk-path"], environment: environment,
      readOutput: true), found.status == 0
    {
      let path = found.output.trimmingCharacters()
      if !path.isEmpty { return path }
    }
    throw Diagnostic(
      message:
        "no iOS SDK to type-check against: pass --sdk PATH (on a Mac, xcrun finds Xcode's; on Linux, prepare a copy of Apple's SDK with scripts/prepare-ios-sdk.sh)"
    )
  }

  /// The simulator's triple for a simulator SDK, the device's for iPhoneOS.sdk.
  static func defaultTriple(sdk: String) -> String {
    lastPathComponent(sdk).lowercased().hasPrefix("iphoneos")
      ? "arm64-apple-ios17.0" : "arm64-apple-ios17.0-simulator"
  }

  init(
    sdk: String, triple: String?, swiftcFlags: [String], environment: [String: String],
    fileSystem: any FileSystem
  ) throws {
    guard fileSystem.isDirectory(atPath: sdk) else {
      throw Diagnostic(message: "the SDK '\(sdk)' is not a folder")
    }
    self.sdk = sdk
    self.triple = triple ?? Self.defaultTriple(sdk: sdk)
    self.swiftcFlags = swiftcFlags
    self.environment = environment
    // Platforms/iPhoneSimulator.platform/Developer/SDKs/iPhoneSimulator18.0.sdk
    let developer = parentPath(parentPath(sdk))
    let frameworks = joinPath(developer, "Library/Frameworks")
    if fileSystem.isDirectory(atPath: joinPath(frameworks, "XCTest.framework")) {
      var flags = ["-F", frameworks, "-I", joinPath(developer, "usr/lib")]
      let plugins = joinPath(developer, "usr/lib/swift/host/plugins/testing")
      if fileSystem.isDirectory(atPath: plugins) { flags += ["-plugin-path", plugins] }
      testFrameworkFlags = flags
    }
  }

  /// The variants of one template: every combination of its choice and bool parameters, each
  /// for a module with no methods and for one with every kind of signature.
  static func variants(
    of template: CompiledTemplate, library: TemplateLibrary, fileSystem: any FileSystem,
    root: String
  ) throws -> [Variant] {
    let name = template.manifest.name
    var variants: [Variant] = []
    for combination in template.manifest.choiceCombinations {
      let suffix = combination.map { CaseConversion.pascalCase($0.0 + " " + $0.1) }.joined()
      for (kind, module) in [
        ("Default", ModuleSpec(name: "Home", template: name)),
        ("Rich", TemplatesCommand.sampleModule(name)),
      ] {
        let label =
          ([name] + combination.map { "\($0.0)=\($0.1)" }).joined(separator: " ")
          + ", module \(module.name)"
        variants.append(
          try variant(
            module, label: label, target: CaseConversion.pascalCase(name) + suffix + kind,
            params: combination, library: library, config: nil, fileSystem: fileSystem,
            root: root))
      }
    }
    return variants
  }

  /// One module rendered into the package: its code in Sources/TARGET, its tests in
  /// Tests/TARGETTests, the tests importing TARGET.
  static func variant(
    _ module: ModuleSpec, label: String, target: String, params: [(String, String)],
    library: TemplateLibrary, config: ProjectConfig?, fileSystem: any FileSystem, root: String
  ) throws -> Variant {
    var generator = Generator(library: library, config: config, fileSystem: fileSystem)
    var options = GenerationOptions(
      settings: GenerationSettings(author: "modulegen", project: target, date: "2026-01-01"),
      currentDirectory: root)
    options.setParams = params
    options.output = "Sources/\(target)"
    options.testsOutput = "Tests/\(target)Tests"
    options.force = true
    var variant = Variant(label: label, target: target)
    for file in try generator.plan([module], options: options).files
    where file.path.hasSuffix(".swift") {
      let entry = (
        String(file.path.dropFirst(root.count + 1)), String(decoding: file.bytes, as: UTF8.self),
        file.templateFile
      )
      if file.role == .test {
        variant.tests.append(entry)
      } else {
        variant.sources.append(entry)
      }
    }
    return variant
  }

  /// The package's manifest: each variant an iOS 17 target, with a test target when it has
  /// tests; `xcodebuild build test -scheme Variants-Package` builds and tests them all.
  static func manifest(_ variants: [Variant]) -> String {
    var targets = ""
    for variant in variants {
      targets += "    .target(name: \"\(variant.target)\", path: \"Sources/\(variant.target)\"),\n"
      if !variant.tests.isEmpty {
        targets += """
              .testTarget(
                name: "\(variant.target)Tests", dependencies: ["\(variant.target)"],
                path: "Tests/\(variant.target)Tests"),

          """
      }
    }
    return """
      // swift-tools-version:6.0
      // Written by `modulegen templates lint --typecheck`: every variant a target, with its tests.
      import PackageDescription

      let package = Package(
        name: "Variants",
        platforms: [.iOS(.v17)],
        targets: [
      \(targets)  ],
        swiftLanguageModes: [.v6]
      )

      """
  }

  /// Type-checks every variant written under `root`, several at once; the problems of each
  /// variant that fails, in variant order.
  func check(_ variants: [Variant], root: String, scratch: String) -> [String] {
    let workers = min(max(1, onlineProcessors), max(1, variants.count))
    let chunks = (0..<workers).map { worker in
      BackgroundWork { () -> [(index: Int, problem: String?)] in
        stride(from: worker, to: variants.count, by: workers).map { index in
          (index, check(variants[index], root: root, scratch: scratch))
        }
      }
    }
    return chunks.flatMap { $0.wait() }.sorted { $0.index < $1.index }.compactMap(\.problem)
  }

  private var commonFlags: [String] {
    [
      "-sdk", sdk, "-target", triple, "-swift-version", "6", "-warnings-as-errors",
      "-diagnostic-style", "llvm", "-parse-as-library",
    ] + swiftcFlags
  }

  /// Nil when the variant type-checks; else what swiftc said, each error followed by the
  /// template file behind the generated file.
  private func check(_ variant: Variant, root: String, scratch: String) -> String? {
    let sources = variant.sources.map { joinPath(root, $0.path) }
    var runs = [
      (
        "code",
        ["-typecheck", "-module-name", variant.target] + commonFlags + sources
      )
    ]
    if let testFlags = testFrameworkFlags, !variant.tests.isEmpty {
      let modules = joinPath(scratch, variant.target)
      runs += [
        (
          "module for the tests",
          ["-emit-module", "-enable-testing", "-module-name", variant.target]
            + ["-emit-module-path", joinPath(modules, variant.target + ".swiftmodule")]
            + commonFlags + sources
        ),
        (
          "tests",
          ["-typecheck", "-module-name", variant.target + "Tests", "-I", modules]
            + testFlags + commonFlags + variant.tests.map { joinPath(root, $0.path) }
        ),
      ]
    }
    for (what, arguments) in runs {
      guard
        let run = ChildProcess.run(
          "swiftc", arguments, environment: environment, errors: .withOutput)
      else { return "\(variant.label): swiftc could not be started (is it on PATH?)" }
      if run.status != 0 {
        return "\(variant.label): the \(what) does not type-check:\n"
          + annotate(run.output, variant: variant, root: root)
      }
    }
    return nil
  }

  /// swiftc's output with paths inside the package shown relative to it, and each diagnostic
  /// about a generated file followed by the template file that produced it.
  private func annotate(_ output: String, variant: Variant, root: String) -> String {
    let templates = Dictionary(
      (variant.sources + variant.tests).map { (joinPath(root, $0.path), $0.templateFile) },
      uniquingKeysWith: { first, _ in first })
    var lines: [String] = []
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
      var text = String(line)
      guard let colon = text.firstIndex(of: ":") else {
        lines.append(text)
        continue
      }
      let path = String(text[..<colon])
      if let template = templates[path] {
        text = String(path.dropFirst(root.count + 1)) + text[colon...]
        if let template, text.contains(": error: ") || text.contains(": warning: ") {
          text += " (generated from \(template))"
        }
      }
      lines.append(text)
    }
    return lines.joined(separator: "\n")
  }
}

extension TemplateManifest {
  /// Every combination of the values of the choice and bool parameters (the others keep their
  /// defaults), in declaration order.
  package var choiceCombinations: [[(String, String)]] { parameterCombinations { _ in [] } }

  /// Every combination of parameter values, in declaration order: each choice's values, true and
  /// false for a bool, and `others` for the rest (a parameter with none keeps its default).
  func parameterCombinations(others: (Parameter) -> [String]) -> [[(String, String)]] {
    var combinations: [[(String, String)]] = [[]]
    for parameter in parameters {
      let values =
        parameter.kind == .choice
        ? parameter.values : parameter.kind == .bool ? ["true", "false"] : others(parameter)
      if values.isEmpty { continue }
      combinations = combinations.flatMap { combination in
        values.map { combination + [(parameter.name, $0)] }
      }
    }
    return combinations
  }
}
