import Diagnostics

/// What a module is: its name, its template and parameters, the methods of its protocols and its
/// entities. Plain values: no I/O, no template types.
package struct ModuleSpec: Sendable, Equatable {
  package var name: String
  package var template: String?
  package var params: [Param]
  package var description: String?
  /// The methods each role declares, for the roles the spec gives. A role given as empty
  /// (`router:` with no methods) has no methods; a role not given gets the template's defaults.
  package var roles: [Role: [MethodSignature]]
  /// Where each method of `roles` is declared, in the same order (empty for a module no spec
  /// declares).
  package var methodLocations: [Role: [SourceLocation]] = [:]
  package var entities: [Entity]
  /// Modules the generated files import besides those the templates import themselves.
  package var imports: [String]
  /// Output folders for this module, overriding the config's patterns.
  package var output: String?
  package var testsOutput: String?
  /// A local Swift package (its folder) the module becomes a target of, overriding the config's.
  package var package: String?
  /// This module's Xcode targets and groups (`targets`, `test_targets`, `group`,
  /// `tests_group`), overriding the config's.
  package var xcode = XcodeSettings()
  /// The spec file (absolute) that declares the module, if any.
  package var specFile: String?
  /// Where the module is declared, for later messages.
  package var location: SourceLocation?
  /// Where the text of `template`, `output` and `tests_output` starts, for their errors.
  package var templateLocation: SourceLocation?
  package var outputLocation: SourceLocation?
  package var testsOutputLocation: SourceLocation?
  package var packageLocation: SourceLocation?

  package init(
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
  package struct Param: Sendable, Equatable {
    package var name: String
    package var value: ParamValue
    /// Where the value is, and where the name is (for a parameter the template does not have).
    package var location: SourceLocation?
    package var nameLocation: SourceLocation?

    package init(
      name: String, value: ParamValue, location: SourceLocation? = nil,
      nameLocation: SourceLocation? = nil
    ) {
      self.name = name
      self.value = value
      self.location = location
      self.nameLocation = nameLocation
    }
  }

  package enum ParamValue: Sendable, Equatable, CustomStringConvertible {
    case string(String)
    case bool(Bool)
    case int(Int)

    package var description: String {
      switch self {
      case .string(let s): return s
      case .bool(let b): return b ? "true" : "false"
      case .int(let i): return String(i)
      }
    }

    /// The plain word a boolean or an integer is written as in its file, when YAML reads it as
    /// another value (`yes` as true, `010` as 8): what the word means to a parameter that is
    /// text. Nil for text, for a word YAML reads as itself (`true`, `42`), and where the file's
    /// word is not known (`--set`, a record).
    package func misreadWord(at location: SourceLocation?) -> String? {
      guard let location else { return nil }
      if case .string = self { return nil }
      let word = location.lineText.dropFirst(location.column - 1).prefix {
        !" \t\r,]}#".contains($0)
      }
      guard !word.isEmpty, word != description else { return nil }
      return String(word)
    }
  }
}

/// The parts of a module whose methods a spec declares. One spec works across architectures:
/// each template maps the roles onto its own types (see Templates/README.md).
package enum Role: String, Sendable, CaseIterable, Comparable {
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
  package static let aliases: [String: Role] = [
    "view_model": .presenter, "view_output": .presenter, "controller": .presenter,
    "service": .interactor, "use_case": .interactor, "coordinator": .router,
    "view_input": .view,
  ]

  package static func < (lhs: Role, rhs: Role) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
