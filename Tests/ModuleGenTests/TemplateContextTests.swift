import Liquid
import Testing

@testable import ModuleGen

@Suite struct TemplateContextTests {
  let settings = GenerationSettings(
    author: "Ann", company: "Acme", project: "App", prefix: "AC", date: "2026-03-14")

  /// The context of the one module of a spec's text.
  func context(
    ofSpec spec: String, template: String = "viper",
    params: [(String, ModuleSpec.ParamValue)] = []
  ) throws -> LiquidObject {
    let module = try SpecDecoder.decode(spec, file: "h.yml").modules[0]
    return TemplateContext.make(
      module: module, template: template, params: params, settings: settings)
  }

  func render(_ template: String, _ context: LiquidObject) throws -> String {
    try Template(
      parsing: template, environment: LiquidEnvironment(filters: .moduleGen, strictVariables: true)
    ).render(
      context)
  }

  @Test func methodsAndParametersForTemplates() throws {
    let context = try context(
      ofSpec:
        "name: Home\ninteractor:\n  - 'load(at index: Int, _ flag: inout Bool) async throws -> [Item]'\n",
      params: [("ui", .string("uikit"))])
    let output = try render(
      """
      {% for m in interactor %}{{ m.declaration }}
      {{ m.call_prefix }}service.{{ m.call }}
      {% for p in m.parameters %}{{ p.label | default: '_' }} {{ p.name }}: {{ p.storage_type }}{% unless forloop.last %}, {% endunless %}{% endfor %}
      {{ m.identifier }} {{ m.has_return }} {{ m.return_type }}{% endfor %}
      {{ params.ui }} {{ prefixed_module }} {{ year }} {{ roles.view.declared }} {{ view | size }} {{ entities | size }}
      """, context)
    #expect(
      output == """
        func load(at index: Int, _ flag: inout Bool) async throws -> [Item]
        try await service.load(at: index, &flag)
        at index: Int, _ flag: Bool
        loadAt true [Item]
        uikit ACHome 2026 false 0 0
        """)
  }

  /// What a spy keeps of a call: every parameter but a closure that cannot escape, the escaping
  /// closures after the others.
  @Test func storedParametersLeaveOutClosuresThatCannotEscape() throws {
    let context = try context(
      ofSpec: """
        name: Home
        interactor: |
          func load(done: @escaping (Int) -> Void, filter: (Int) -> Bool, id: Int, _ flag: inout Bool)
          func reset()
        """)
    let output = try render(
      "{% for m in interactor %}{{ m.stored_parameters | map: 'name' | join: ',' }};{% endfor %}",
      context)
    #expect(output == "id,flag,done;;")
  }

  /// A protocol's requirement cannot have default values: `declaration` leaves them out,
  /// `declaration_with_defaults` keeps them, and a method with defaults gets a convenience
  /// overload; without defaults the two declarations are the same.
  @Test func declarationsWithAndWithoutDefaultValues() throws {
    let context = try context(
      ofSpec: "name: Home\ninteractor:\n  - 'load(page: Int = 1, size: Int) async'\n  - 'reset()'\n"
    )
    let output = try render(
      """
      {% for m in interactor %}{{ m.declaration }}|{{ m.signature }}|{{ m.declaration_with_defaults }}|\
      {{ m.has_default_arguments }}|{{ m.convenience_signature }}|{{ m.convenience_call }}
      {% endfor %}
      """, context)
    #expect(
      output == """
        func load(page: Int, size: Int) async|load(page: Int, size: Int) async|\
        func load(page: Int = 1, size: Int) async|true|load(size: Int) async|load(page: 1, size: size)
        func reset()|reset()|func reset()|false||

        """)
  }

  @Test func aModuleWithoutMethodsGetsTheTypicalScreen() throws {
    let context = TemplateContext.make(
      module: ModuleSpec(name: "Home"), template: "mvp", params: [], settings: settings)
    let output = try render(
      "{% for role in roles %}{{ role[0] }}: [{{ role[1].methods | map: 'selector' | join: ', ' }}]\n{% endfor %}{{ entities[0].name }}({{ entities[0].fields | map: 'name' | join: ', ' }}) {{ uses_defaults }}",
      context)
    #expect(
      output == """
        view: [display(_:)]
        presenter: [load(), didSelectItem(id:)]
        interactor: [fetchItems()]
        interactor_output: []
        router: [showDetail(for:)]
        HomeItem(id, title) true
        """)
  }

  @Test func theTypicalScreenHasAModuleInputAndOutput() throws {
    let typical = TemplateContext.make(
      module: ModuleSpec(name: "UserList"), template: "viper", params: [], settings: settings)
    #expect(
      try render(
        "{{ module_input | map: 'declaration' | join: ', ' }} / {{ module_output | map: 'declaration' | join: ', ' }}",
        typical)
        == "func reload() / func userListModuleDidLoad(_ items: [UserListItem])")
    let declared = TemplateContext.make(
      module: ModuleSpec(name: "Home", roles: [.view: []]), template: "viper", params: [],
      settings: settings)
    #expect(try render("{{ module_input.size }} {{ module_output.size }}", declared) == "0 0")
    // What the typical screen's view reports when it appears and leaves, for VIPER's presenter
    // to stop the loads it started and do the reload it owes; a spec's module declares its own.
    #expect(
      try render("{{ screen_events | map: 'declaration' | join: ', ' }}", typical)
        == "func viewDidAppear(), func viewDidLeave()")
    #expect(try render("{{ screen_events.size }}", declared) == "0")
  }

  @Test func importsComeFromTheSpecAndTheTypesItNames() throws {
    let spec = try SpecDecoder.decode(
      """
      name: Home
      imports: [MapKit, Foundation]
      view: |
        func show(image: UIImage?)
      interactor:
        - "updates() -> AnyPublisher<[String: UIColor], Never>"
      entities:
        Pin: {title: String}
      """, file: "h.yml"
    ).modules[0]
    let context = TemplateContext.make(
      module: spec, template: "mvvm", params: [], settings: settings)
    #expect(try render("{{ imports | join: ',' }}", context) == "Combine,MapKit,UIKit")
    // Per part: a recognized framework where its types are; MapKit, which modulegen cannot tie
    // to a type, wherever a type is named.
    #expect(
      try render(
        "{% for part in imports_by_part %}{{ part[0] }}: {{ part[1] | join: ',' }}\n{% endfor %}",
        context)
          == """
          entities: MapKit
          interactor: Combine,MapKit,UIKit
          interactor_output: 
          presenter: 
          router: 
          view: MapKit,UIKit

          """)
    let typical = TemplateContext.make(
      module: ModuleSpec(name: "Home"), template: "mvvm", params: [], settings: settings)
    #expect(try render("{{ imports | size }}", typical) == "0")
  }

  @Test(arguments: [
    ("App", "", "App"), ("Acme-App", "", "Acme_App"), ("2Go", "", "_2Go"),
    ("Acme App", "AcmeKit", "AcmeKit"), ("", "", ""),
  ])
  func testableModuleComesFromModuleElseProject(project: String, module: String, expected: String)
    throws
  {
    var settings = self.settings
    settings.project = project
    settings.module = module
    let context = TemplateContext.make(
      module: ModuleSpec(name: "Home"), template: "viper", params: [], settings: settings)
    #expect(try render("{{ testable_module }}", context) == expected)
  }

  @Test func optionalResultsAreMarked() throws {
    let context = try context(
      ofSpec:
        "name: Home\ninteractor: |\n  func a() -> Int?\n  func b() -> Int\n  func c() -> Int!\n  func d()\n  func e() -> Optional<Int>\n",
      template: "x")
    #expect(
      try render("{{ interactor | map: 'returns_optional' | join: ' ' }}", context)
        == "true false true false true")
  }

  /// What a method to fill in returns until it is written, however its type is written: an
  /// array of dictionaries is an array (`[:]` did not compile), `Optional<Int>` is optional.
  @Test func anEmptyResultIsOfTheResultsType() throws {
    let results = [
      "Int?", "Optional<Int>", "String!", "[Int]", "Array<Int>", "[[String: Int]]",
      "[(a: Int, b: Int)]", "[String: [Int]]", "Dictionary<String, Int>", "Swift.String", "Bool",
      "Double", "Item", "(Int, Int)",
    ]
    let spec =
      "name: Home\ninteractor: |\n"
      + results.indices.map { "  func m\($0)() -> \(results[$0])\n" }.joined()
    let context = try context(ofSpec: spec, template: "x")
    #expect(
      try render(
        "{% for m in interactor %}{{ m.empty_return_value | default: '-' }} {% endfor %}", context)
        == "nil nil nil [] [] [] [] [:] [:] \"\" false 0 - - ")
  }

  @Test func generambaNamesAreThere() throws {
    let context = TemplateContext.make(
      module: ModuleSpec(name: "Home"), template: "x", params: [("flag", .bool(true))],
      settings: settings)
    #expect(
      try render(
        "{{ module_info.name }} {{ module_info.project_name }} {{ developer.name }} {{ developer.company }} {{ custom_parameters.flag }}",
        context)
        == "Home App Ann Acme true")
  }
}
