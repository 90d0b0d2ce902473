import Foundation
import Liquid

@testable import ModuleGen

/// The package in `.build/generated-modules` that holds every built-in template's module in
/// every combination of its parameters, beside the stand-ins for Apple's frameworks
/// (Fixtures/Standins) and, for the typical screen, a scenario test that drives it like a user
/// (Fixtures/Scenarios), and for the rich spec's, one that leaves the screen while what the user
/// started runs.
struct GeneratedPackage {
  static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static let root = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
  static let standins = testsFolder.appendingPathComponent("Fixtures/Standins").path
  static let scenarios = testsFolder.appendingPathComponent("Fixtures/Scenarios").path
  /// The stand-in modules, with the stand-ins each depends on.
  static let frameworks: [(name: String, dependencies: [String])] = [
    ("FoundationAdditions", []), ("Combine", []), ("UIKit", ["PreviewsMacros"]),
    ("SwiftUI", ["UIKit", "Combine", "PreviewsMacros"]),
  ]

  /// A module that uses every signature form templates must handle, entities of every kind
  /// (a struct with declared conformances and a default value, enums with raw and associated
  /// values), view methods whose parameters are named as what the tests and views name their
  /// own values (`state`, `viewModel`), and view-output methods that call interactor and router
  /// methods (`EventLink`): async from async, async from sync, with a result and an error, and
  /// with a default value; an async `viewDidLoad()` (the lean spec's is not); and view-output
  /// methods whose parameters are named as the event tests name the subject, its spies and a
  /// deadline. Its other names are a team's that clash with the generated code's own
  /// (SpecNamesTests): `reset()` in the protocols whose mocks have a `reset()`, parameters
  /// named as a mock's `lock`, `calls`, `stubs`, `stub` and `closure`, as the tests' locals
  /// (`screen`, `spy`, `sut`, `value`, `error`), and as Swift keywords (`default`, `self`,
  /// `in`), view states named as a keyword and as the view model's members (`service`,
  /// `router`, `onChange`, `eventTasks`), results that are optional tuples, closures, generics
  /// and existentials, an entity with a field of another entity, and an entity named `Value`,
  /// as the mocks name their subscripts' generic parameter; overloads whose types make the same
  /// words (`[Int]` and `Int`: numbered), and an event that passes its argument on to a
  /// parameter whose type is written otherwise (`Swift.Int`, `Int`; not `Array<T>`, which the
  /// generated code's style check would name: the spec's spelling is kept); a parameter and a
  /// result that are implicitly unwrapped optionals (which a mock stores as optionals), a view
  /// state of `Swift.Bool`, and a result that is an array of dictionaries (its stub returns
  /// `[]`).
  static let richSpec = """
    name: Rich
    view: |
      func display(title: String, subtitle: String?)
      func showItems(_ items: [RichItem])
      func showError(_ message: String)
      func update(progress: Double, animated: Bool)
      func show(image: UIImage)
      func show(mode: RichMode)
      func show(state: String)
      func update(viewModel: String)
      func show(screen: String)
      func display(value: Int, result: String)
      func update(viewState: String)
      func display(error: String)
      func show(task: Int)
      func set(self value: Int)
      func show(in count: Int)
      func display(_ default: String)
      func show(body: String)
      func show(group: RichGroup)
      func show(service: String)
      func show(router: String)
      func show(coordinator: String)
      func show(onChange: Int)
      func show(cancellables: Int)
      func show(eventTasks: Int)
      func show(total: Value)
      func show(note: String!)
      func show(isPinned: Swift.Bool)
    presenter:
      - viewDidLoad() async
      - "didSelect(at index: Int)"
      - didTapRetry()
      - "search(query: String) async"
      - "apply(_ filter: RichFilter, event: RichEvent?)"
      - didTapClose()
      - "didTapOpen(url: URL)"
      - "didShowDetail(for item: RichItem)"
      - didTapDefault()
      - "didTapRefresh(router: Int, deadline: Int)"
      - "didPick(view: Int, service: Int)"
      - "didMark(viewModel: String, presenter: Int)"
      - "didSet(interactor: Int, controller: Int)"
      - "didTap(coordinator: Int)"
      - reset()
      - "didTap(screen: Int, spy: Int)"
      - "didPick(sut: Int, expectation: Int)"
      - "didSet(value: Int, state: Int)"
      - "didTap(task: Int, load: Int)"
      - "didMark(output: Int, completion: Int)"
      - "didGet(result: Int, error: Int)"
      - "didSelect(in section: Int, for default: Int)"
      - "select(_ self: Int)"
      - "didTap(lock: Int, calls: Int, stubs: Int)"
      - progress()
      - updateProgress()
      - "didOpenAll(count: Swift.Int)"
    interactor:
      - "load(id: Int) async throws -> [RichItem]"
      - "search(query: String) async throws -> [RichItem]"
      - retry() async
      - "find(id: Int) async throws -> RichItem"
      - "load(name: String) -> RichItem?"
      - "save(_ values: [String: Int], completion: @escaping @Sendable (Result<Int, any Error>) -> Void)"
      - "sum(_ values: Int...) -> Int"
      - "adjust(_ value: inout Int)"
      - "point() -> (x: Int, y: Int)"
      - "fetch() async throws(CancellationError) -> Int"
      - "observe(handler: @escaping @MainActor (Int) -> Void)"
      - "refresh(router: Int, deadline: Int) async"
      - reset()
      - "lock(lock: Int, calls: Int, stubs: Int) async"
      - "load(value: Int) async throws -> Int?"
      - "pair() async throws -> (Int, String)?"
      - "handler() -> @Sendable (Int) -> Void"
      - "groups() async -> [String: [Int]]"
      - "outcome() -> Result<Int, any Error>"
      - "find(in default: Int) throws -> Int"
      - "run(closure: @escaping @Sendable () -> Void)"
      - "apply(stub: Int) -> Int"
      - "check(error: Int, value: Int) async throws -> Int"
      - "total() async throws -> Value"
      - "shape() -> any Equatable"
      - "count(of values: [Int]) -> Int"
      - "count(of values: Int) -> Int"
      - "matrix() -> [[String: Int]]"
      - "note() -> String!"
    interactor_output:
      - "didLoad(_ items: [RichItem])"
      - "didFail(_ error: any Error)"
    router:
      - close()
      - "open(url: URL)"
      - "showDetail(for item: RichItem, animated: Bool = true)"
      - "present(_ controller: UIViewController)"
      - "`default`()"
      - "show(screen: Int)"
      - "open(_ self: Int)"
      - "openAll(count: Int)"
    entities: |
      struct RichItem: Identifiable, Hashable, Codable {
        let id: Int
        var title: String
        var tags: [String]?
        var rating: Double = 0  // a default value keeps the memberwise initializer's argument optional
      }
      enum RichFilter: String, CaseIterable, Codable {
        case all, favorites = "fav"
      }
      enum RichMode {
        case `default`, compact
      }
      enum RichEvent {
        case selected(RichItem)
        case failed(message: String, code: Int = 0)
      }
      struct RichOwner {
        var name: String
        var `self`: Int
        var `default`: String
      }
      struct RichGroup: Identifiable {
        let id: Int
        var owner: RichOwner
        var value: Int
      }
      struct Value {
        var amount: Int
      }
    """

  /// A spec's module whose interactor has no methods: it has no service (`has_service`).
  static let leanSpec = """
    name: Lean
    view: |
      func showTitle(_ title: String)
    presenter:
      - viewDidLoad() async
      - didTapClose()
    router:
      - close()
    """

  /// One generated module with one test framework. Variants that differ only in the test
  /// framework share their module target (the code is the same), and each has its own test
  /// target.
  struct Variant {
    var target: String
    var testTarget: String
    var template: String
    var params: [(String, String)]
    var module: ModuleSpec
    /// Whether the variant's test target also gets the scenario test (once per module).
    var scenario: Bool
    /// Whether the variant's test target also gets the rich spec's scenario test,
    /// `EventScenarios.swift.liquid` (once per module).
    var eventScenario: Bool
    /// Whether the variant's test target also gets the tests of the mock of the rich spec's
    /// interactor (once per template): `MockTests.swift.liquid`, for the mock `mockTested`
    /// finds among the generated files.
    var mockTests: Bool
    /// Whether the module's target also holds a second module, `Detail`, generated in the
    /// same run with the same parameters (once per template with coordinators): the two share
    /// the file of the coordinators' protocol, and the scenario starts a Detail flow from Home.
    var companion = false
  }

  /// The second module of a variant with a `companion`.
  static let companion = ModuleSpec(name: "Detail")

  /// The rich spec's module as `template` takes it: an MVVM view model never imports UIKit, so
  /// its view shows an image it can hold.
  static func richModule(for template: String) throws -> ModuleSpec {
    try SpecDecoder.decode(richSpec(for: template), file: "rich.yml").modules[0]
  }

  /// The text of `richModule(for:)`.
  static func richSpec(for template: String) -> String {
    template == "mvvm"
      ? richSpec.replacingOccurrences(of: "show(image: UIImage)", with: "show(imageURL: URL)")
      : richSpec
  }

  /// The mock that `MockTests.swift.liquid` checks: the generated class whose spy records the
  /// rich spec's interactor method `load(id:)` (a sendable service mock or a main-actor
  /// interactor mock, as the template makes it), and whether it is sendable.
  static func mockTested(in files: [(String, String)]) -> (name: String, sendable: Bool)? {
    for (_, text) in files {
      for declaration in text.components(separatedBy: "final class ").dropFirst()
      where declaration.contains("var loadIdCallCount") {
        let name = String(declaration.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        let header = declaration.prefix { $0 != "{" }
        return (name, header.contains("Sendable"))
      }
    }
    return nil
  }

  /// What implements the protocol of the mock `mockTested` found, as a test makes one: the
  /// service, or VIPER's interactor with the service it calls.
  static func implementation(ofMock mock: String, module: String) -> String? {
    switch mock {
    case module + "ServicingMock": return module + "Service()"
    case module + "InteractorInputMock":
      return module + "Interactor(service: " + module + "Service())"
    default: return nil
    }
  }

  /// Every template × every combination of its choice and bool parameters × {default, rich,
  /// lean}.
  /// `MODULEGEN_VARIANTS=text` keeps the variants whose test target name contains `text`, and
  /// `text,other` those that contain either (for working on templates; CI runs them all).
  static func variants() throws -> [Variant] {
    var variants: [Variant] = []
    for name in BuiltinTemplates.names {
      let manifest = try CompiledTemplate.compile(.builtin(name)).manifest
      for combination in manifest.choiceCombinations {
        let code = combination.filter { $0.0 != "tests" }
        let suffix = code.map { CaseConversion.pascalCase($0.0 + " " + $0.1) }.joined()
        let tests = combination.first { $0.0 == "tests" }.map { CaseConversion.pascalCase($0.1) }
        for (kind, module) in [
          ("Default", ModuleSpec(name: "Home")), ("Rich", try richModule(for: name)),
          ("Lean", try SpecDecoder.decode(leanSpec, file: "lean.yml").modules[0]),
        ] {
          let target = CaseConversion.pascalCase(name) + suffix + kind
          variants.append(
            Variant(
              target: target, testTarget: target + (tests ?? "") + "Tests", template: name,
              params: combination, module: module,
              scenario: module.roles.isEmpty
                && !variants.contains { $0.target == target && $0.scenario },
              eventScenario: kind == "Rich"
                && !variants.contains { $0.target == target && $0.eventScenario },
              mockTests: !module.roles.isEmpty
                && !variants.contains { $0.template == name && $0.mockTests }))
        }
      }
    }
    for template in Set(variants.map(\.template)) {
      let first = variants.first {
        $0.template == template && $0.scenario
          && $0.params.contains { $0 == ("coordinator", "true") }
      }
      for i in variants.indices where variants[i].target == first?.target {
        variants[i].companion = true
      }
    }
    if let filter = ProcessInfo.processInfo.environment["MODULEGEN_VARIANTS"], !filter.isEmpty {
      let parts = filter.split(separator: ",")
      variants = variants.filter { variant in parts.contains { variant.testTarget.contains($0) } }
    }
    return variants
  }

  /// The variants ThreadSanitizer runs (all of them would double the run): for each
  /// template, the module whose scenario drives its screens (with the second module's flow
  /// where there are coordinators) and the rich module whose mock's tests call it from many
  /// tasks.
  static func sanitized(_ variants: [Variant]) -> [Variant] {
    var targets: Set<String> = []
    for template in Set(variants.map(\.template)) {
      let ofTemplate = variants.filter { $0.template == template }
      if let screen = ofTemplate.first(where: \.companion) ?? ofTemplate.first(where: \.scenario) {
        targets.insert(screen.target)
      }
      if let mocks = ofTemplate.first(where: \.mockTests) { targets.insert(mocks.target) }
    }
    return variants.filter { targets.contains($0.target) }
  }

  let path: String
  let variants: [Variant]

  /// Writes the package; only files whose content changed, so that the nested build stays
  /// incremental.
  func write() throws {
    let keep = Set(
      Self.frameworks.map(\.name) + ["PreviewsMacros", "ScenarioSupport", "StandinTests"]
        + variants.flatMap { [$0.target, $0.testTarget] })
    for folder in ["Sources", "Tests"] {
      for entry in (try? FileManager.default.contentsOfDirectory(atPath: path + "/" + folder)) ?? []
      where !keep.contains(entry) {
        try FileManager.default.removeItem(atPath: path + "/" + folder + "/" + entry)
      }
    }
    for module in Self.frameworks.map(\.name) + ["PreviewsMacros"] {
      try copyFolder(Self.standins + "/" + module, to: path + "/Sources/" + module)
    }
    try copyFolder(Self.scenarios + "/ScenarioSupport", to: path + "/Sources/ScenarioSupport")
    try copyFolder(Self.standins + "/StandinTests", to: path + "/Tests/StandinTests")
    let library = TemplateLibrary(folders: [])
    let scenario = try Self.fixtureTemplate("Scenarios.swift.liquid")
    let eventScenario = try Self.fixtureTemplate("EventScenarios.swift.liquid")
    let mockTests = try Self.fixtureTemplate("MockTests.swift.liquid")
    for variant in variants {
      let options = Self.options(variant, in: path)
      var files = try Self.generatedFiles(variant, options: options, library: library)
      for (wanted, template, name) in [
        (variant.scenario, scenario, "Scenarios"),
        (variant.eventScenario, eventScenario, "EventScenarios"),
      ] where wanted {
        var context = TemplateContext.make(
          module: variant.module, template: variant.template, params: [],
          settings: options.settings)
        let params = Dictionary(uniqueKeysWithValues: variant.params)
        context["ui"] = .string(params["ui"] ?? "uikit")
        context["coordinator"] = .bool(params["coordinator"] == "true")
        context["companion"] = .bool(variant.companion)
        files.append(
          (
            "\(path)/Tests/\(variant.testTarget)/\(variant.module.name)\(name).swift",
            try template.render(context)
          ))
      }
      if variant.mockTests {
        guard let mock = Self.mockTested(in: files),
          let implementation = Self.implementation(ofMock: mock.name, module: variant.module.name)
        else {
          throw GeneratedPackageError(
            message:
              "\(variant.target): no generated mock of a service or an interactor records the interactor's load(id:)"
          )
        }
        var context = TemplateContext.make(
          module: variant.module, template: variant.template, params: [],
          settings: options.settings)
        context["mock"] = .string(mock.name)
        context["implementation"] = .string(implementation)
        context["sendable"] = .bool(mock.sendable)
        files.append(
          (
            "\(path)/Tests/\(variant.testTarget)/\(variant.module.name)MockTests.swift",
            try mockTests.render(context)
          ))
      }
      try sync(files, folders: ["Sources/\(variant.target)", "Tests/\(variant.testTarget)"])
    }
    try Self.put(manifest(), path + "/Package.swift")
  }

  /// How a variant is generated into the package at `path`.
  static func options(_ variant: Variant, in path: String) -> GenerationOptions {
    var options = GenerationOptions(
      settings: GenerationSettings(
        author: "modulegen", project: variant.target, date: "2026-01-01"),
      currentDirectory: path)
    options.setParams = variant.params
    options.output = "Sources/\(variant.target)"
    options.testsOutput = "Tests/\(variant.testTarget)"
    options.force = true
    return options
  }

  /// A variant's module and tests: paths and texts. A default module registers itself in the
  /// built-in templates' registration example, built in the module's own target: the app's
  /// route enum and the switch that makes its screens. The plan edits a copy outside the
  /// package; the result goes to the target.
  static func generatedFiles(
    _ variant: Variant, options: GenerationOptions, library: TemplateLibrary
  ) throws -> [(String, String)] {
    let path = options.currentDirectory
    var options = options
    let routes = "Routes/\(variant.target)/AppRoute.swift"
    let targetRoutes = "\(path)/Sources/\(variant.target)/AppRoute.swift"
    if variant.module.roles.isEmpty {
      try Self.put(Self.appRoutes, path + "/" + routes)
      options.setParams.append(("routes", routes))
    }
    var generator = Generator(library: library, config: nil, fileSystem: LocalFileSystem())
    var module = variant.module
    module.template = variant.template
    var companion = Self.companion
    companion.template = variant.template
    let plan = try generator.plan(
      variant.companion ? [module, companion] : [module], options: options)
    var files = plan.files.map {
      (
        $0.path == path + "/" + routes ? targetRoutes : $0.path,
        String(decoding: $0.bytes, as: UTF8.self)
      )
    }
    if variant.module.roles.isEmpty && !files.contains(where: { $0.0 == targetRoutes }) {
      files.append((targetRoutes, Self.appRoutes))
    }
    return files
  }

  /// The app file of the built-in templates' registration example (Templates/README.md).
  static let appRoutes = """
    import UIKit

    /// The app's screens: modulegen adds a case for each new module.
    enum AppRoute: Hashable {
      // modulegen:routes
      case start
    }

    @MainActor
    enum AppScreens {
      /// The screen of a route: modulegen adds each new module's builder call.
      static func make(_ route: AppRoute) -> UIViewController {
        switch route {
        // modulegen:screens
        case .start:
          return UIViewController()
        }
      }
    }

    """

  static func fixtureTemplate(_ name: String) throws -> Template {
    try Template(
      parsing: try String(contentsOfFile: scenarios + "/" + name, encoding: .utf8), name: name,
      environment: LiquidEnvironment(filters: .moduleGen, strictVariables: true))
  }

  private func manifest() -> String {
    var targets = """
          .macro(name: "PreviewsMacros"),
          .target(name: "ScenarioSupport", dependencies: ["UIKit", "SwiftUI"]),
          .testTarget(name: "StandinTests", dependencies: ["UIKit", "SwiftUI", "Combine"]),

      """
    for framework in Self.frameworks {
      targets += """
            .target(name: "\(framework.name)", dependencies: \(framework.dependencies)),

        """
    }
    // What Foundation has on Apple's platforms and not here is imported into every module.
    let settings =
      #"swiftSettings: [.unsafeFlags(["-Xfrontend", "-import-module", "-Xfrontend", "FoundationAdditions"])]"#
    let frameworks = #""FoundationAdditions", "UIKit", "SwiftUI", "Combine""#
    var modules: Set<String> = []
    for variant in variants {
      if modules.insert(variant.target).inserted {
        targets += """
              .target(name: "\(variant.target)", dependencies: [\(frameworks)], \(settings)),

          """
      }
      targets += """
            .testTarget(
              name: "\(variant.testTarget)",
              dependencies: ["\(variant.target)", "ScenarioSupport", \(frameworks)], \(settings)),

        """
    }
    return """
      // swift-tools-version:6.0
      import CompilerPluginSupport
      import PackageDescription

      let package = Package(
        name: "GeneratedModules",
        targets: [
      \(targets)  ],
        swiftLanguageModes: [.v6]
      )

      """
  }

  /// Makes `folders` hold exactly `files`.
  private func sync(_ files: [(String, String)], folders: [String]) throws {
    let expected = Set(files.map(\.0))
    for folder in folders {
      for entry in (try? FileManager.default.contentsOfDirectory(atPath: path + "/" + folder)) ?? []
      where !expected.contains(path + "/" + folder + "/" + entry) {
        try FileManager.default.removeItem(atPath: path + "/" + folder + "/" + entry)
      }
    }
    for (file, text) in files { try Self.put(text, file) }
  }

  private func copyFolder(_ source: String, to destination: String) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: source).filter {
      $0.hasSuffix(".swift")
    }
    try sync(
      try names.map {
        (destination + "/" + $0, try String(contentsOfFile: source + "/" + $0, encoding: .utf8))
      }, folders: [String(destination.dropFirst(path.count + 1))])
  }

  /// Writes a file only when its content changed, so that nested builds stay incremental.
  static func put(_ text: String, _ file: String) throws {
    if (try? String(contentsOfFile: file, encoding: .utf8)) == text { return }
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: file, atomically: true, encoding: .utf8)
  }
}

/// The generated package could not be written as its tests need it.
struct GeneratedPackageError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
