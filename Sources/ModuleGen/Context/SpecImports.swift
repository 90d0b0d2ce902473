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
    // The parts side by side with the types they name: the entities, then each role.
    var parts = [entitiesPart]
    var typesOfParts = [
      module.entities.flatMap {
        $0.conformances + $0.fields.map(\.type)
          + $0.cases.flatMap { $0.associatedValues.map(\.type) }
      }
    ]
    for role in Role.allCases {
      parts.append(role.rawValue)
      typesOfParts.append(
        (module.roles[role] ?? []).flatMap { method in
          method.parameters.map(\.type) + [method.returnType, method.thrownType].compactMap { $0 }
        })
    }
    var found = typesOfParts.map { Set($0.flatMap(typeNames).compactMap(framework(declaring:))) }
    var recognized: Set<String> = []
    for modules in found { recognized.formUnion(modules) }
    for name in module.imports where name != "Foundation" && !recognized.contains(name) {
      for index in parts.indices where !typesOfParts[index].isEmpty { found[index].insert(name) }
    }
    var byPart: [String: [String]] = [:]
    for index in parts.indices { byPart[parts[index]] = found[index].sorted() }
    return byPart
  }

  /// The identifiers in a type: `[String: UIImage]?` → `String`, `UIImage`.
  static func typeNames(_ type: String) -> [String] {
    type.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
  }
}
