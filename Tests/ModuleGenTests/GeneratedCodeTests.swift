import Foundation
import Liquid
import Testing

@testable import ModuleGen

/// The generated code is the product: every built-in template, with every combination of its
/// parameters, with the default spec and with a spec that uses every signature form, is
/// generated into one temporary package beside small stand-ins for UIKit, SwiftUI and Combine,
/// built in Swift 6 language mode (complete strict concurrency) with warnings as errors, and its
/// generated tests are run.
@Suite(.serialized) struct GeneratedCodeTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
  static let standins = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Standins").path

  /// A module that uses every signature form templates must handle.
  static let richSpec = """
    name: Rich
    view: |
      func display(title: String, subtitle: String?)
      func showItems(_ items: [RichItem])
      func showError(_ message: String)
      func update(progress: Double, animated: Bool)
    presenter:
      - viewDidLoad()
      - "didSelect(at index: Int)"
      - didTapRetry()
      - "search(query: String) async"
    interactor:
      - "load(id: Int) async throws -> [RichItem]"
      - "load(name: String) -> RichItem?"
      - "save(_ values: [String: Int], completion: @escaping @Sendable (Result<Int, any Error>) -> Void)"
      - "sum(_ values: Int...) -> Int"
      - "adjust(_ value: inout Int)"
      - "point() -> (x: Int, y: Int)"
      - "fetch() async throws(CancellationError) -> Int"
      - "observe(handler: @escaping @MainActor (Int) -> Void)"
    interactor_output:
      - "didLoad(_ items: [RichItem])"
      - "didFail(_ error: any Error)"
    router:
      - close()
      - "open(url: URL)"
      - "showDetail(for item: RichItem, animated: Bool = true)"
    entities:
      RichItem: {id: Int, title: String, tags: "[String]?"}
    """

  struct Variant {
    var target: String
    var template: String
    var params: [(String, String)]
    var module: ModuleSpec
  }

  static func variants() throws -> [Variant] {
    let rich = try SpecDecoder.decode(richSpec, file: "rich.yml").modules[0]
    var variants: [Variant] = []
    for name in BuiltinTemplates.names {
      let manifest = try CompiledTemplate.compile(.builtin(name)).manifest
      var combinations: [[(String, String)]] = [[]]
      for parameter in manifest.parameters {
        let values =
          parameter.kind == .choice
          ? parameter.values : parameter.kind == .bool ? ["true", "false"] : []
        if values.isEmpty { continue }
        combinations = combinations.flatMap { c in values.map { c + [(parameter.name, $0)] } }
      }
      for combination in combinations {
        let suffix = combination.map { CaseConversion.pascalCase($0.0 + " " + $0.1) }.joined()
        for (kind, module) in [("Default", ModuleSpec(name: "Home")), ("Rich", rich)] {
          variants.append(
            Variant(
              target: CaseConversion.pascalCase(name) + suffix + kind, template: name,
              params: combination, module: module))
        }
      }
    }
    return variants
  }

  /// Writes a file only when its content changed, so that the nested build stays incremental.
  static func put(_ text: String, _ path: String) throws {
    if (try? String(contentsOfFile: path, encoding: .utf8)) == text { return }
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  static func shell(_ command: String, in directory: String) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", command + " 2>&1"]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func everyTemplateCompilesAndItsTestsPass() throws {
    let package = Self.root.appendingPathComponent(".build/generated-modules").path
    let variants = try Self.variants()
    #expect(!variants.isEmpty)
    // Start from a clean Sources/Tests, keeping the nested .build for speed.
    for folder in ["Sources", "Tests"] {
      let path = package + "/" + folder
      for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      where !["UIKit", "SwiftUI", "Combine"].contains(entry)
        && !variants.contains(where: { $0.target == entry || $0.target + "Tests" == entry })
      {
        try FileManager.default.removeItem(atPath: path + "/" + entry)
      }
    }
    for framework in ["UIKit", "SwiftUI", "Combine"] {
      try Self.put(
        try String(contentsOfFile: Self.standins + "/\(framework).swift", encoding: .utf8),
        package + "/Sources/\(framework)/\(framework).swift")
    }
    var targets = """
          .target(name: "UIKit"),
          .target(name: "SwiftUI", dependencies: ["UIKit"]),
          .target(name: "Combine"),

      """
    let library = TemplateLibrary(folders: [])
    for variant in variants {
      var generator = Generator(library: library, config: nil, fileSystem: LocalFileSystem())
      var options = GenerationOptions(
        settings: GenerationSettings(
          author: "modulegen", project: variant.target, date: "2026-01-01"),
        currentDirectory: package)
      options.setParams = variant.params
      options.output = "Sources/\(variant.target)"
      options.testsOutput = "Tests/\(variant.target)Tests"
      options.force = true
      var module = variant.module
      module.template = variant.template
      let plan = try generator.plan([module], options: options)
      let expected = Set(plan.files.map(\.path))
      for folder in ["Sources/\(variant.target)", "Tests/\(variant.target)Tests"] {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: package + "/" + folder))
          ?? []
        where !expected.contains(package + "/" + folder + "/" + entry) {
          try FileManager.default.removeItem(atPath: package + "/" + folder + "/" + entry)
        }
      }
      for file in plan.files {
        try Self.put(String(decoding: file.bytes, as: UTF8.self), file.path)
      }
      targets += """
            .target(name: "\(variant.target)", dependencies: ["UIKit", "SwiftUI", "Combine"]),
            .testTarget(name: "\(variant.target)Tests", dependencies: ["\(variant.target)", "UIKit", "SwiftUI", "Combine"]),

        """
    }
    try Self.put(
      """
      // swift-tools-version:6.0
      import PackageDescription

      let package = Package(
        name: "GeneratedModules",
        targets: [
      \(targets)  ],
        swiftLanguageModes: [.v6]
      )

      """, package + "/Package.swift")

    // The toolchain declares a Testing × UIKit cross-import overlay that exists only on Apple's
    // platforms; with a UIKit stand-in it must be switched off.
    let flags =
      "-Xswiftc -warnings-as-errors -Xswiftc -Xfrontend -Xswiftc -disable-cross-import-overlays"
    let (buildStatus, buildOutput) = try Self.shell(
      "swift build --build-tests \(flags)", in: package)
    let problems = buildOutput.split(separator: "\n").filter {
      $0.contains("error:") || $0.contains("warning:")
    }
    #expect(
      buildStatus == 0,
      "the generated modules do not build:\n\(problems.prefix(60).joined(separator: "\n"))")
    guard buildStatus == 0 else { return }
    let (testStatus, testOutput) = try Self.shell("swift test --skip-build \(flags)", in: package)
    let summary = testOutput.split(separator: "\n").filter {
      $0.contains("Executed") || $0.contains("Test run with") || $0.contains("error")
        || $0.contains("failed") || $0.contains("✘")
    }
    #expect(
      testStatus == 0, "the generated tests fail:\n\(summary.prefix(60).joined(separator: "\n"))")
    print(
      "Generated code: \(variants.count) modules built with warnings as errors; \(summary.suffix(3).joined(separator: " | "))"
    )

    // Generated files follow the built-in templates' formatting style.
    let style = Self.root.appendingPathComponent("Templates/common/swift-format.json").path
    let folders = variants.flatMap { ["Sources/\($0.target)", "Tests/\($0.target)Tests"] }
    let (_, lintOutput) = try Self.shell(
      "swift format lint --configuration '\(style)' --recursive \(folders.joined(separator: " "))",
      in: package)
    let findings = lintOutput.split(separator: "\n").filter {
      $0.contains("warning") || $0.contains("error")
    }
    #expect(
      findings.isEmpty,
      "generated files are not swift format lint clean:\n\(findings.prefix(40).joined(separator: "\n"))"
    )
    #expect(!lintOutput.contains("command not found"))
  }
}
