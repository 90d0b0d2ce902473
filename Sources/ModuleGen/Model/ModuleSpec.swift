import Liquid

/// What a module is: its name, its template and parameters, the methods of its protocols and its
/// entities. Plain values: no I/O, no template types.
public struct ModuleSpec: Sendable, Equatable {
  public var name: String
  public var template: String?
  public var params: [Param]
  public var description: String?
  /// The methods each role declares, for the roles the spec gives. A role given as empty
  /// (`router:` with no methods) has no methods; a role not given gets the template's defaults.
  public var roles: [Role: [MethodSignature]]
  public var entities: [Entity]
  /// Modules the generated files import besides those the templates import themselves.
  public var imports: [String]
  /// Output folders for this module, overriding the config's patterns.
  public var output: String?
  public var testsOutput: String?
  /// This module's Xcode targets and groups (`targets`, `test_targets`, `group`,
  /// `tests_group`), overriding the config's.
  public var xcode = XcodeSettings()
  /// Where the module is declared, for later messages.
  public var location: SourceLocation?
  /// Where the text of `template`, `output` and `tests_output` starts, for their errors.
  public var templateLocation: SourceLocation?
  public var outputLocation: SourceLocation?
  public var testsOutputLocation: SourceLocation?

  public init(
    name: String, template: String? = nil, params: [Param] = [], description: String? = nil,
    roles: [Role: [MethodSignature]] = [:], entities: [Entity] = [], imports: [String] = [],
    output: String? = nil, testsOutput: String? = nil, location: SourceLocation? = nil
  ) {
    self.name = name
    self.template = template
    self.params = params
    self.description = description
    self.roles = roles
    self.entities = entities
    self.imports = imports
    self.output = output
    self.testsOutput = testsOutput
    self.location = location
  }

  /// A template parameter as the spec or `--set` gives it.
  public struct Param: Sendable, Equatable {
    public var name: String
    public var value: ParamValue
    public var location: SourceLocation?

    public init(name: String, value: ParamValue, location: SourceLocation? = nil) {
      self.name = name
      self.value = value
      self.location = location
    }
  }

  public enum ParamValue: Sendable, Equatable, CustomStringConvertible {
    case string(String)
    case bool(Bool)
    case int(Int)

    public var description: String {
      switch self {
      case .string(let s): return s
      case .bool(let b): return b ? "true" : "false"
      case .int(let i): return String(i)
      }
    }
  }

  /// A value type the module uses: `HomeItem: {id: UUID, title: String}`.
  public struct Entity: Sendable, Equatable {
    public var name: String
    public var fields: [Field]

    public init(name: String, fields: [Field]) {
      self.name = name
      self.fields = fields
    }

    public struct Field: Sendable, Equatable {
      public var name: String
      public var type: String

      public init(name: String, type: String) {
        self.name = name
        self.type = type
      }
    }
  }
}

/// The parts of a module whose methods a spec declares. One spec works across architectures:
/// each template maps the roles onto its own types (see Templates/README.md).
public enum Role: String, Sendable, CaseIterable, Comparable {
  /// What the view can be told to do: `display(items:)`, `showLoading()`.
  case view
  /// What the view reports: `viewDidLoad()`, `didSelectItem(at:)`. The presenter in VIPER and
  /// MVP, the view model's inputs in MVVM, the controller's actions in MVC.
  case presenter
  /// The use-case or service layer: `fetchItems() async throws -> [Item]`.
  case interactor
  /// What the interactor reports back to the presenter (VIPER's interactor output).
  case interactorOutput = "interactor_output"
  /// Navigation: `route(to:)`. The router in VIPER, the coordinator in MVP-C and MVVM-C.
  case router

  /// Other names a spec may use for a role.
  public static let aliases: [String: Role] = [
    "view_model": .presenter, "view_output": .presenter, "controller": .presenter,
    "service": .interactor, "use_case": .interactor, "coordinator": .router,
    "view_input": .view,
  ]

  public static func < (lhs: Role, rhs: Role) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
