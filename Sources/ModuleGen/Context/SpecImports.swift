/// The modules a spec's own types need, so that contracts, mocks and entities that name them
/// compile: what the spec lists under `imports:`, and the frameworks of the types its signatures
/// and entities name (`UIImage` needs UIKit). Each file imports only what the types it uses need:
/// the modules are known per role and for the entities.
enum SpecImports {
  /// The part of a spec whose types the entities are: the key beside the roles' names.
  static let entitiesPart = "entities"

  /// Combine's types, by name; UIKit's are recognized by their `UI` prefix.
  static let combineTypes: Set<String> = [
    "AnyPublisher", "AnyCancellable", "PassthroughSubject", "CurrentValueSubject", "Published",
  ]

  /// The framework that declares a type name, when it is one templates do not import anyway.
  static func framework(declaring name: String) -> String? {
    if name.count > 2, name.hasPrefix("UI"), name.dropFirst(2).first?.isUppercase == true {
      return "UIKit"
    }
    return combineTypes.contains(name) ? "Combine" : nil
  }

  /// Sorted module names, without Foundation (every generated file imports it): what any of
  /// the module's parts (`modulesByPart(for:)`) needs.
  static func modules(inParts parts: [String: [String]]) -> [String] {
    Array(Set(parts.values.joined())).sorted()
  }

  /// Per role (by its raw value) and for `entities`, the sorted modules the part's types need,
  /// without Foundation. A framework modulegen recognizes types of goes where those types are
  /// named; a module the spec lists that it cannot tie to types (`MapKit`) goes to every part
  /// that names a type.
  static func modulesByPart(for module: ModuleSpec) -> [String: [String]] {
    var types: [String: [String]] = [
      entitiesPart: module.entities.flatMap {
        $0.conformances + $0.fields.map(\.type)
          + $0.cases.flatMap { $0.associatedValues.map(\.type) }
      }
    ]
    for role in Role.allCases {
      types[role.rawValue] = (module.roles[role] ?? []).flatMap { method in
        method.parameters.map(\.type) + [method.returnType, method.thrownType].compactMap { $0 }
      }
    }
    var found: [String: Set<String>] = types.mapValues { names in
      Set(names.flatMap(typeNames).compactMap(framework(declaring:)))
    }
    let recognized = Set(found.values.joined())
    for name in module.imports where name != "Foundation" && !recognized.contains(name) {
      for (part, names) in types where !names.isEmpty { found[part, default: []].insert(name) }
    }
    return found.mapValues { $0.sorted() }
  }

  /// The identifiers in a type: `[String: UIImage]?` → `String`, `UIImage`.
  static func typeNames(_ type: String) -> [String] {
    type.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
  }
}
