import Liquid

/// What a module gets when its spec declares no methods and no entities: the typical screen
/// that loads its items when it appears, shows loading, the items, an empty state or an error
/// with a way to try again, and shows an item's detail when the user selects it.
package enum RoleDefaults {
  package static func methods(for role: Role, module: String) -> [MethodSignature] {
    let signatures: [MethodSignature]
    switch role {
    case .view: signatures = parsed.view
    case .presenter: signatures = parsed.presenter
    case .interactor: signatures = parsed.interactor
    case .router: signatures = parsed.router
    case .interactorOutput: return []
    }
    return signatures.map { $0.replacingPlaceholder(with: module) }
  }

  /// What stands for the module's name in the signatures as written.
  fileprivate static let placeholder = "ModulePlaceholder"
  /// The placeholder in camel case, where it starts a method's name.
  fileprivate static let camelCasePlaceholder = "modulePlaceholder"

  /// The signatures as written, with the placeholder.
  static func sources(for role: Role) -> [String] {
    let m = placeholder
    switch role {
    case .view: return ["display(_ state: \(m)LoadState)"]
    case .presenter: return ["load() async", "didSelectItem(id: UUID)"]
    case .interactor: return ["fetchItems() async throws -> [\(m)Item]"]
    case .router: return ["showDetail(for item: \(m)Item)"]
    case .interactorOutput: return []
    }
  }

  /// The signatures, parsed once with the placeholder for the module's name. (A tuple and a
  /// switch rather than a dictionary by role: building the dictionaries, the first of their
  /// types the process made, cost more than parsing the signatures.)
  private static let parsed = (
    view: parse(sources(for: .view)), presenter: parse(sources(for: .presenter)),
    interactor: parse(sources(for: .interactor)), router: parse(sources(for: .router))
  )

  private static func parse(_ sources: [String]) -> [MethodSignature] {
    // `RoleDefaultsTests` proves that every source parses, so nothing is dropped here.
    sources.compactMap { try? SignatureParser.parseMethod($0) }
  }

  /// What a parent module can ask of the typical screen (VIPER's module input).
  package static func moduleInput(module: String) -> [MethodSignature] {
    moduleIO.input.map { $0.replacingPlaceholder(with: module) }
  }

  /// What the typical screen tells its parent module (VIPER's module output).
  package static func moduleOutput(module: String) -> [MethodSignature] {
    moduleIO.output.map { $0.replacingPlaceholder(with: module) }
  }

  /// What the typical screen's view reports to the presenter besides the `presenter` role's
  /// methods, for a presenter that starts loads of its own (VIPER's module input): that the
  /// screen appeared, so that it does a reload it owes, and that it left, so that the loads
  /// stop with it.
  package static func screenEvents(module: String) -> [MethodSignature] {
    moduleIO.screenEvents.map { $0.replacingPlaceholder(with: module) }
  }

  /// The module input and output, and the screen's events, as written, with the placeholder.
  static let moduleIOSources = (
    input: ["reload()"],
    output: ["\(camelCasePlaceholder)ModuleDidLoad(_ items: [\(placeholder)Item])"],
    screenEvents: ["viewDidAppear()", "viewDidLeave()"]
  )

  private static let moduleIO = (
    input: parse(moduleIOSources.input), output: parse(moduleIOSources.output),
    screenEvents: parse(moduleIOSources.screenEvents)
  )

  package static func entities(module: String) -> [ModuleSpec.Entity] {
    [
      .init(
        name: "\(module)Item",
        fields: [.mapped(name: "id", type: "UUID"), .mapped(name: "title", type: "String")])
    ]
  }
}

extension MethodSignature {
  /// The signature for `module`: its name where the placeholder stands, in camel case where
  /// it starts the method's name.
  fileprivate func replacingPlaceholder(with module: String) -> MethodSignature {
    var copy = self
    if name.hasPrefix(RoleDefaults.camelCasePlaceholder) {
      // Once for the name and its identifier: `camelCase` is not cheap.
      let camelCase = CaseConversion.camelCase(module)
      copy.name = name.replacingAll(RoleDefaults.camelCasePlaceholder, with: camelCase)
      copy.identifier = identifier.replacingAll(RoleDefaults.camelCasePlaceholder, with: camelCase)
    }
    // Only types hold the placeholder with a capital.
    func fix(_ type: String) -> String { type.replacingAll(RoleDefaults.placeholder, with: module) }
    copy.returnType = returnType.map(fix)
    copy.parameters = parameters.map { p in
      var q = p
      q.type = fix(p.type)
      q.storageType = fix(p.storageType)
      return q
    }
    return copy
  }
}
