/// What a module gets when its spec declares no methods and no entities: the typical screen
/// that loads on appear, shows loading, content or an error, and routes to a detail when an
/// item is selected.
public enum RoleDefaults {
  public static func methods(for role: Role, module: String) -> [MethodSignature] {
    let signatures: [String]
    switch role {
    case .view:
      signatures = [
        "display(items: [\(module)ItemViewModel])", "showLoading()", "showError(_ message: String)",
      ]
    case .presenter:
      signatures = ["viewDidLoad()", "didSelectItem(at index: Int)"]
    case .interactor:
      signatures = ["fetchItems() async throws -> [\(module)Item]"]
    case .interactorOutput:
      signatures = [
        "didFetchItems(_ items: [\(module)Item])", "didFailToFetchItems(_ error: any Error)",
      ]
    case .router:
      signatures = ["showDetail(for item: \(module)Item)"]
    }
    // These are fixed, valid signatures.
    return signatures.compactMap { try? SignatureParser.parseMethod($0) }
  }

  public static func entities(module: String) -> [ModuleSpec.Entity] {
    [
      .init(
        name: "\(module)Item",
        fields: [.init(name: "id", type: "UUID"), .init(name: "title", type: "String")])
    ]
  }
}
