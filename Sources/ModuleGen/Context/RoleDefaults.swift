import Liquid

/// What a module gets when its spec declares no methods and no entities: the typical screen
/// that loads its items when it appears, shows loading, the items, an empty state or an error
/// with a way to try again, and shows an item's detail when the user selects it.
package enum RoleDefaults {
  package static func methods(for role: Role, module: String) -> [MethodSignature] {
    (parsed[role] ?? []).map { $0.replacingPlaceholder(with: module) }
  }

  /// The signatures, parsed once with a placeholder for the module's name.
  private static let placeholder = "ModulePlaceholder"
  private static let parsed: [Role: [MethodSignature]] = sources.mapValues {
    // `RoleDefaultsTests` proves that every source parses, so nothing is dropped here.
    $0.compactMap { try? SignatureParser.parseMethod($0) }
  }

  /// The signatures as written, with the placeholder.
  static let sources: [Role: [String]] = {
    let m = placeholder
    return [
      .view: ["display(_ state: \(m)LoadState)"],
      .presenter: ["load() async", "didSelectItem(id: UUID)"],
      .interactor: ["fetchItems() async throws -> [\(m)Item]"],
      .router: ["showDetail(for item: \(m)Item)"],
    ]
  }()

  /// What a parent module can ask of the typical screen (VIPER's module input).
  package static func moduleInput(module: String) -> [MethodSignature] {
    moduleIO.input.map { $0.replacingPlaceholder(with: module) }
  }

  /// What the typical screen tells its parent module (VIPER's module output).
  package static func moduleOutput(module: String) -> [MethodSignature] {
    moduleIO.output.map { $0.replacingPlaceholder(with: module) }
  }

  /// The module input and output as written, with the placeholder.
  static let moduleIOSources = (
    input: ["reload()"], output: ["modulePlaceholderModuleDidLoad(_ items: [\(placeholder)Item])"]
  )

  private static let moduleIO = (
    // `RoleDefaultsTests` proves that every source parses, so nothing is dropped here.
    input: moduleIOSources.input.compactMap { try? SignatureParser.parseMethod($0) },
    output: moduleIOSources.output.compactMap { try? SignatureParser.parseMethod($0) }
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
  fileprivate func replacingPlaceholder(with module: String) -> MethodSignature {
    func fix(_ text: String) -> String {
      let fixed = text.replacingAll("ModulePlaceholder", with: module)
      // The module's name in camel case starts a name, or it would be capitalized.
      guard fixed.hasPrefix("modulePlaceholder") else { return fixed }
      return fixed.replacingAll("modulePlaceholder", with: CaseConversion.camelCase(module))
    }
    var copy = self
    copy.name = fix(name)
    copy.identifier = fix(identifier)
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
