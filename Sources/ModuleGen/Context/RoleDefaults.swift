/// What a module gets when its spec declares no methods and no entities: the typical screen
/// that loads on appear, shows loading, content or an error, and routes to a detail when an
/// item is selected.
public enum RoleDefaults {
  public static func methods(for role: Role, module: String) -> [MethodSignature] {
    (parsed[role] ?? []).map { $0.replacingPlaceholder(with: module) }
  }

  /// The signatures, parsed once with a placeholder for the module's name.
  private static let placeholder = "ModulePlaceholder"
  private static let parsed: [Role: [MethodSignature]] = {
    let m = placeholder
    let signatures: [Role: [String]] = [
      .view: [
        "display(items: [\(m)ItemViewModel])", "showLoading()", "showError(_ message: String)",
      ],
      .presenter: ["viewDidLoad()", "didSelectItem(at index: Int)"],
      .interactor: ["fetchItems() async throws -> [\(m)Item]"],
      .interactorOutput: [
        "didFetchItems(_ items: [\(m)Item])", "didFailToFetchItems(_ error: any Error)",
      ],
      .router: ["showDetail(for item: \(m)Item)"],
    ]
    // These are fixed, valid signatures.
    return signatures.mapValues { $0.compactMap { try? SignatureParser.parseMethod($0) } }
  }()

  public static func entities(module: String) -> [ModuleSpec.Entity] {
    [
      .init(
        name: "\(module)Item",
        fields: [.init(name: "id", type: "UUID"), .init(name: "title", type: "String")])
    ]
  }
}

extension MethodSignature {
  fileprivate func replacingPlaceholder(with module: String) -> MethodSignature {
    func fix(_ text: String) -> String { text.replacingAll("ModulePlaceholder", with: module) }
    var copy = self
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
