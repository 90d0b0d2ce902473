/// A value a generated test can pass for a parameter of a spec's type: a literal or a call that
/// makes one (`true`, `"Text"`, `URL(fileURLWithPath: "/sample")`, `[Photo(id: UUID(), …)]`),
/// or nil for a type it cannot make (a protocol, a closure, a type it does not know).
enum SampleValue {
  /// A value of `type` (in its normal form) that holds nothing, for a method the developer has
  /// yet to write: nil, an empty collection or text, false, zero; nil for a type without an
  /// obvious one.
  static func empty(_ type: String) -> String? {
    if type.hasSuffix("?") { return "nil" }
    if let empty = ViewState.emptyCollection(type) { return empty }
    switch type {
    case "String": return "\"\""
    case "Bool": return "false"
    case "Int", "Double", "Float", "CGFloat": return "0"
    default: return nil
    }
  }

  /// The longest line of generated code (`Templates/common/swift-format.json`).
  static let lineLength = 140

  /// Whether `let name = value`, in a test's body, fits on one line, as the formatter leaves
  /// it; a nil value does not.
  static func fitsOnALine(name: String, value: String?) -> Bool {
    guard let value else { return false }
    return "    let \(name) = \(value)".count <= lineLength
  }

  static let known: [String: String] = [
    "Bool": "true", "String": "\"Text\"", "Int": "2", "Double": "0.5", "Float": "0.5",
    "CGFloat": "0.5", "UUID": "UUID()", "URL": "URL(fileURLWithPath: \"/sample\")",
    "Date": "Date(timeIntervalSince1970: 0)", "Data": "Data([1, 2])", "UIImage": "UIImage()",
  ]

  /// A value of `type`, however it is written (`Array<Item>` is `[Item]`); the entities'
  /// memberwise initializers make theirs.
  static func of(_ type: String, entities: [ModuleSpec.Entity], depth: Int = 0) -> String? {
    let type = SignatureParser.normalType(type.trimmingCharacters())
    guard depth < 8 else { return nil }
    if type.hasSuffix("?") || type.hasSuffix("!") {
      return of(String(type.dropLast()), entities: entities, depth: depth + 1)
    }
    if let value = known[type] { return value }
    if let (key, value) = ViewState.dictionaryParts(type) {
      guard let key = of(key, entities: entities, depth: depth + 1),
        let value = of(value, entities: entities, depth: depth + 1)
      else { return nil }
      return "[\(key): \(value)]"
    }
    if type.hasPrefix("["), type.hasSuffix("]") {
      return of(String(type.dropFirst().dropLast()), entities: entities, depth: depth + 1).map {
        "[\($0)]"
      }
    }
    guard let entity = entities.first(where: { $0.name == type }) else { return nil }
    if entity.kind == .enum { return of(entity, entities: entities, depth: depth) }
    var arguments: [String] = []
    for field in entity.fields {
      guard let value = of(field.type, entities: entities, depth: depth + 1) else { return nil }
      arguments.append("\(SwiftName.label(field.name)): \(value)")
    }
    return "\(entity.name)(\(arguments.joined(separator: ", ")))"
  }

  /// A case of the enum `entity`: its first case without associated values (`Filter.all`),
  /// else its first case whose values a test can make (`Event.failed(message: "Text")`).
  static func of(_ entity: ModuleSpec.Entity, entities: [ModuleSpec.Entity], depth: Int) -> String?
  {
    if let plain = entity.cases.first(where: { $0.associatedValues.isEmpty }) {
      return entity.name + "." + SwiftName.member(plain.name)
    }
    for enumCase in entity.cases {
      var arguments: [String] = []
      for value in enumCase.associatedValues {
        guard let sample = of(value.type, entities: entities, depth: depth + 1) else { break }
        arguments.append(value.label.map { "\(SwiftName.label($0)): \(sample)" } ?? sample)
      }
      if arguments.count == enumCase.associatedValues.count {
        return entity.name + "." + SwiftName.member(enumCase.name) + "("
          + arguments.joined(separator: ", ") + ")"
      }
    }
    return nil
  }
}
