import Foundation
import Testing

@testable import ModuleGen

/// A method a spec declares in two roles that one generated type implements would be declared
/// twice there, and the module would not compile: `validate` and `gen` refuse it at the second
/// declaration, naming the first and the type. Roles that different types implement may share
/// a method.
@Suite struct SharedRoleMethodsTests {
  /// The first line of each error in `text` (stderr).
  func errors(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { $0.contains("error: ") }
  }

  static func message(
    _ selector: String, _ second: String, _ first: String, line: Int, _ type: String
  )
    -> String
  {
    "'\(selector)' is declared in the \(second) role and in the \(first) role (first at line "
      + "\(line)), and \(type) implements both roles: it would declare the method twice; rename "
      + "one of them"
  }

  @Test(arguments: [
    // MVVM: the view's methods are the view model's outputs, beside its inputs.
    (
      "mvvm", "{binding: combine, io: true}",
      """
      view: |
        func showError(_ message: String)
        func reset()
      presenter:
        - viewDidLoad()
        - reset()
      """,
      ["s.yml:12:9: error: " + message("reset()", "presenter", "view", line: 9, "ShopViewModel")]
    ),
    // One method however its types are spelled: `[Int]` is `Array<Int>`, `T?` is
    // `Optional<T>`, `Swift.Int` is `Int`, `@escaping` is not part of the type.
    (
      "mvvm", "{}",
      """
      view: |
        func load(x: [Int])
        func show(items: [String: Int]?)
        func observe(_ handler: @escaping (Int) -> Void)
      presenter: |
        func viewDidLoad()
        func load(x: Array<Swift.Int>)
        func show(items: Optional<Dictionary<String, Int>>)
        func observe(_ handler: ((Int)) -> ())
      """,
      [
        "s.yml:13:7: error: " + message("load(x:)", "presenter", "view", line: 8, "ShopViewModel"),
        "s.yml:14:7: error: "
          + message("show(items:)", "presenter", "view", line: 9, "ShopViewModel"),
        "s.yml:15:7: error: "
          + message("observe(_:)", "presenter", "view", line: 10, "ShopViewModel"),
      ]
    ),
    // MVC: the controller holds its actions, its view updates and its navigation.
    (
      "mvc", "{}",
      """
      view: |
        func show(title: String)
      presenter: |
        func viewDidLoad()
        func show(title: String)
      router: |
        func show(title: String)
      """,
      [
        "s.yml:11:7: error: "
          + message("show(title:)", "presenter", "view", line: 8, "ShopViewController"),
        "s.yml:13:7: error: "
          + message("show(title:)", "router", "view", line: 8, "ShopViewController"),
      ]
    ),
    // VIPER: the presenter implements the view's output and the interactor's output.
    (
      "viper", "{ui: swiftui}",
      """
      presenter: |
        func viewDidLoad()
        func didLoad(_ items: [String])
      interactor: |
        func load() async throws -> [String]
      interactor_output: |
        func didLoad(_ items: [String])
      """,
      [
        "s.yml:13:7: error: "
          + message("didLoad(_:)", "interactor_output", "presenter", line: 9, "ShopPresenter")
      ]
    ),
  ])
  func aMethodOfTwoRolesOfOneTypeIsRefusedAtItsSecondDeclaration(
    template: String, params: String, roles: String, expected: [String]
  ) throws {
    let dir = try makeTemporaryDirectory()
    // A module before it that plans well: the modules are rendered together first.
    try write(
      """
      modules:
        - name: Home
          template: viper
        - name: Shop
          template: \(template)
          params: \(params)
      \(roles.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))

      """, to: dir + "/s.yml")
    let validate = runTool(["validate", "s.yml"], in: dir)
    #expect(validate.code == 1)
    #expect(errors(validate.err) == expected)
    let gen = runTool(["gen", "--spec", "s.yml"], in: dir)
    #expect(gen.code == 2)
    #expect(errors(gen.err) == expected)
    #expect(!FileManager.default.fileExists(atPath: dir + "/Shop"))
  }

  /// A method of two roles that different types implement is two methods, and so are a type's
  /// overloads by parameter type.
  @Test(arguments: [
    ("viper", "func reset()", "view", "router", ["ShopViewController.swift", "ShopRouter.swift"]),
    (
      "mvp", "func reset()", "view", "presenter",
      ["ShopViewController.swift", "ShopPresenter.swift"]
    ),
    ("mvvm", "func reset()", "presenter", "router", ["ShopViewModel.swift", "ShopRouter.swift"]),
    ("mvvm", "func close()", "view", "interactor", ["ShopViewModel.swift", "ShopService.swift"]),
  ])
  func aMethodOfRolesOfTwoTypesIsTheirs(
    template: String, method: String, first: String, second: String, files: [String]
  ) throws {
    let spec = """
      name: Shop
      \(first): |
        \(method)
      \(second): |
        \(method)
      """
    let generated = try SpecModuleTests.generate(template, spec: spec)
    for file in files {
      #expect(generated[file]?.components(separatedBy: method + " {").count == 2, "\(file)")
    }
  }

  @Test func overloadsByParameterTypeOfOneTypeAreTwoMethods() throws {
    let spec = """
      name: Shop
      view: |
        func show(screen: String)
        func load(x: [Int])
      router: |
        func show(screen: Int)
        func load(x: Int)
      """
    let controller = try #require(
      try SpecModuleTests.generate("mvc", spec: spec)["ShopViewController.swift"])
    #expect(controller.contains("func show(screen: String) {"))
    #expect(controller.contains("func show(screen: Int) {"))
    #expect(controller.contains("func load(x: [Int]) {"))
    #expect(controller.contains("func load(x: Int) {"))
  }

  /// The roles each type of a built-in template implements, read from the probe module.
  @Test func theTypesOfEachRoleComeFromTheTemplate() throws {
    var generator = Generator(
      library: TemplateLibrary(folders: []), config: nil, fileSystem: LocalFileSystem())
    func implementers(_ template: String) throws -> [Role: Set<String>] {
      let options = GenerationOptions(
        settings: GenerationSettings(date: "2026-01-01"),
        currentDirectory: try makeTemporaryDirectory())
      let rendering = try generator.render(
        TemplateShape.probe(named: "Shop", template: template), date: "2026-01-01",
        recorded: nil, recordDirectory: options.currentDirectory, options: options)
      return SharedRoleMethods.implementers(in: rendering)
    }
    let mvc = try implementers("mvc")
    #expect(mvc[.view] == ["ShopViewController"])
    #expect(mvc[.presenter] == ["ShopViewController"])
    #expect(mvc[.router] == ["ShopViewController"])
    let viper = try implementers("viper")
    #expect(viper[.presenter]?.contains("ShopPresenter") == true)
    #expect(viper[.interactorOutput]?.contains("ShopPresenter") == true)
    #expect(viper[.view]?.contains("ShopPresenter") == false)
  }
}
