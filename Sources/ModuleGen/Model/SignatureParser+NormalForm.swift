/// The normal form of a type: one text for all the spellings Swift reads as one type, so that
/// methods are told apart by their types and not by how a spec writes them (`load(x: [Int])`
/// and `load(x: Array<Int>)` are one method, which a type cannot declare twice).
///
/// The parser reads a type into it when `normalizing`: `Array<T>` is `[T]`, `Dictionary<K, V>`
/// is `[K: V]`, `Optional<T>` and `T!` are `T?`, `Void` is `()`, `Swift.Int` is `Int`,
/// parentheses around one type are that type, `any P` is `P`, a composition's protocols are in
/// one order (`Any` dropped beside others), `@escaping` is dropped and the other attributes
/// sorted, `throws(any Error)` is `throws` and `throws(Never)` is nothing, and a function
/// type's parameters lose their labels. Spaces and line breaks are the parser's own. `inout`,
/// `@Sendable`, `@MainActor`, `@autoclosure`, effects, variadic dots and tuple labels stay: Swift
/// tells those types apart.
extension SignatureParser {
  /// One component of a named type, with its generic arguments: `Array<Int>` in
  /// `Swift.Array<Int>.Index`.
  struct NamedType {
    var name: String
    var arguments: [ParsedType] = []
  }

  /// `type` (a parameter's, a result's, an entity field's) in its normal form; a variadic
  /// parameter's dots (`Int...`) are kept. `type` itself when it does not read as a type.
  package static func normalType(_ type: String) -> String {
    // Most types are one name (`Int`, `Item`), which is its own normal form: not parsed, since
    // every event link and sample value asks again.
    isPlainName(type) ? type : parsedNormalType(type)
  }

  /// Whether `type` is one name of ASCII letters, digits and `_` other than `Void`: the parser
  /// reads it as itself (or, a keyword alone, refuses it, and `normalType` keeps it as written).
  static func isPlainName(_ type: String) -> Bool {
    !type.isEmpty && type != "Void"
      && type.utf8.allSatisfy {
        (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
          || $0 == 0x5F
      }
  }

  /// `normalType(_:)` as the parser reads it.
  static func parsedNormalType(_ type: String) -> String {
    var parser = SignatureParser(type)
    parser.normalizing = true
    do {
      parser.skipSpace()
      var text = try parser.type().text
      if parser.accept("...") { text += "..." }
      parser.skipSpace()
      return parser.atEnd ? text : type
    } catch {
      return type
    }
  }

  /// The components as written: `Swift.Array<Int>.Index`.
  static func text(of components: [NamedType]) -> String {
    var text = ""
    for (index, component) in components.enumerated() {
      if index > 0 { text += "." }
      text += component.name
      if !component.arguments.isEmpty {
        text += "<" + component.arguments.map(\.text).joined(separator: ", ") + ">"
      }
    }
    return text
  }

  /// A named type in the normal form (its arguments already are): the standard library's
  /// sugar for its collections, optionals and `Void`, without the `Swift.` that qualifies a
  /// standard type. Whether the text needs parentheses before a `?`: never.
  static func normalNamedType(_ components: [NamedType]) -> (text: String, isCompound: Bool) {
    var components = components
    if components.count > 1, components[0].name == "Swift", components[0].arguments.isEmpty {
      components.removeFirst()
    }
    if components.count == 1 {
      let arguments = components[0].arguments
      switch (components[0].name, arguments.count) {
      case ("Array", 1):
        return ("[" + arguments[0].text + "]", false)
      case ("Dictionary", 2):
        return ("[" + arguments[0].text + ": " + arguments[1].text + "]", false)
      case ("Optional", 1):
        let wrapped = arguments[0]
        return ((wrapped.isCompound ? "(\(wrapped.text))" : wrapped.text) + "?", false)
      case ("Void", 0):
        return ("()", false)
      default:
        break
      }
    }
    return (text(of: components), false)
  }

  /// A composition's types (each in the normal form, and whether it needs parentheses there)
  /// in one order, each once, without `Any` beside others: `Q & P & Any & P` is `P & Q`. Whether
  /// the result needs parentheses before a `?`: a composition does, one type as it did.
  static func normalComposition(_ parts: [(text: String, isCompound: Bool)]) -> (
    parts: [String], isCompound: Bool
  ) {
    var unique: [String: Bool] = [:]
    for part in parts { unique[part.text] = part.isCompound }
    if unique.count > 1 { unique["Any"] = nil }
    if unique.count == 1, let (text, isCompound) = unique.first { return ([text], isCompound) }
    return (unique.sorted { $0.key < $1.key }.map { $0.value ? "(\($0.key))" : $0.key }, true)
  }

  /// A type's attributes without `@escaping` (a parameter's closure escapes or not, the type is
  /// the same), in one order.
  static func normalAttributes(_ attributes: [String]) -> [String] {
    attributes.filter { $0 != "@escaping" }.sorted()
  }

  /// A function type's `throws` with its thrown type (normal), in the normal form: untyped
  /// `throws` for any error, nothing for `Never`.
  static func normalThrows(_ thrown: String?) -> String {
    switch thrown {
    case nil, "Error": return " throws"
    case "Never": return ""
    case let type?: return " throws(\(type))"
    }
  }
}
