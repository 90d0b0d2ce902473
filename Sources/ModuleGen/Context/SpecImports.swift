/// The modules a spec's own types need, so that contracts, mocks and entities that name them
/// compile: what the spec lists under `imports:`, and the frameworks of the types its signatures
/// and entities name (`UIImage` needs UIKit).
enum SpecImports {
  /// Combine's types, by name; UIKit's are recognized by their `UI` prefix.
  static let combineTypes: Set<String> = [
    "AnyPublisher", "AnyCancellable", "PassthroughSubject", "CurrentValueSubject", "Published",
  ]

  /// The framework that declares a type name, when it is one templates do not import anyway.
  static func framework(declaring name: String) -> String? {
    if name.count > 2, name.hasPrefix("UI"), name.dropFirst(2).first!.isUppercase {
      return "UIKit"
    }
    return combineTypes.contains(name) ? "Combine" : nil
  }

  /// Sorted module names, without Foundation (every generated file imports it).
  static func modules(for module: ModuleSpec) -> [String] {
    var types: [String] = module.entities.flatMap {
      $0.conformances + $0.fields.map(\.type) + $0.cases.flatMap { $0.associatedValues.map(\.type) }
    }
    for methods in module.roles.values {
      for method in methods {
        types += method.parameters.map(\.type)
        types += [method.returnType, method.thrownType].compactMap { $0 }
      }
    }
    var found = Set(module.imports)
    for name in types.flatMap(typeNames) {
      if let framework = framework(declaring: name) { found.insert(framework) }
    }
    found.remove("Foundation")
    return found.sorted()
  }

  /// The identifiers in a type: `[String: UIImage]?` → `String`, `UIImage`.
  static func typeNames(_ type: String) -> [String] {
    type.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
  }
}
