/// Entities written as Swift: `struct` and `enum` declarations, read with the types and
/// default values of method signatures.
extension SignatureParser {
  /// `struct HomeItem: Identifiable { let id: UUID; var subtitle: String? }` and
  /// `enum HomeFilter: String { case all, favorites = "fav" }`, any number of them; `//`
  /// comments are skipped. An error's offset counts characters from the start of `text`.
  package static func parseEntities(_ text: String) throws(Failure) -> [ModuleSpec.Entity] {
    var parser = SignatureParser(text)
    try parser.refuseMarksOnSpaces()
    var entities: [ModuleSpec.Entity] = []
    while true {
      parser.skipTrivia()
      if parser.atEnd { return entities }
      let start = parser.position
      let entity = try parser.entity()
      if entities.contains(where: { $0.name == entity.name }) {
        throw parser.failure("the entity '\(entity.name)' is declared twice", at: start)
      }
      entities.append(entity)
    }
  }

  /// Words that start a declaration Swift allows in a type but an entity does not.
  static let otherDeclarations: Set<String> = [
    "func", "init", "deinit", "subscript", "static", "class", "struct", "enum", "actor",
    "protocol", "extension", "typealias", "associatedtype", "mutating", "nonmutating", "lazy",
    "weak", "unowned", "override", "final", "indirect", "public", "private", "fileprivate",
    "internal", "package", "open", "nonisolated", "convenience", "required", "dynamic",
    "import", "operator", "macro",
  ]

  // MARK: - Declarations

  mutating func entity() throws(Failure) -> ModuleSpec.Entity {
    let start = position
    guard let keyword = identifier() else {
      throw failure("expected 'struct' or 'enum'\(found)", at: start)
    }
    let kind: ModuleSpec.Entity.Kind
    switch keyword {
    case "struct": kind = .struct
    case "enum": kind = .enum
    case "class", "actor":
      throw failure(
        "entities are value types: declare '\(keyword)' types in your own files, or use 'struct'",
        at: start)
    default:
      throw failure(
        Self.otherDeclarations.contains(keyword)
          ? "'\(keyword)' is not supported here: entities are 'struct' and 'enum' declarations without modifiers"
          : "expected 'struct' or 'enum', found '\(keyword)'", at: start)
    }
    skipSpace()
    let nameStart = position
    guard let name = identifier() else {
      throw failure("expected the name of the \(keyword)\(found)", at: nameStart)
    }
    guard SwiftName.isTypeName(name) else {
      throw failure("entity name '\(name)' is not a Swift type name", at: nameStart)
    }
    skipSpace()
    if current == UInt8(ascii: "<") {
      throw failure("generic entities are not supported; use concrete types", at: position)
    }
    var conformances: [String] = []
    if accept(":") {
      repeat {
        let type = try self.type()
        if type.isInout { throw failure("expected a protocol or raw type after ':'", at: position) }
        conformances.append(type.text)
      } while accept(",")
    }
    if accept("where") {
      throw failure("'where' clauses are not supported", at: position - 5)
    }
    guard accept("{") else {
      throw failure("expected '{' to open the body of '\(name)'\(found)")
    }
    let bodyStart = position - 1
    var entity = ModuleSpec.Entity(name: name, kind: kind, conformances: conformances)
    var names: Set<String> = []
    while true {
      skipTrivia()
      if accept("}") { break }
      guard !atEnd else {
        throw failure("the body of '\(name)' is never closed with '}'", at: bodyStart)
      }
      let memberStart = position
      let word = identifier()
      switch (word, kind) {
      case ("let"?, .struct), ("var"?, .struct):
        let field = try self.field(isMutable: word == "var", in: name)
        guard names.insert(field.name).inserted else {
          throw failure("two fields of '\(name)' are named '\(field.name)'", at: memberStart)
        }
        entity.fields.append(field)
      case ("case"?, .enum):
        repeat {
          skipSpace()
          let caseStart = position
          let item = try enumCase(in: name)
          guard names.insert(item.name).inserted else {
            throw failure("two cases of '\(name)' are named '\(item.name)'", at: caseStart)
          }
          entity.cases.append(item)
        } while accept(",")
      case ("case"?, .struct):
        throw failure("'case' declares an enum's cases, and '\(name)' is a struct", at: memberStart)
      case ("let"?, .enum), ("var"?, .enum):
        throw failure(
          "an enum cannot have stored properties; declare its cases ('case name')", at: memberStart)
      case (let word?, _) where Self.otherDeclarations.contains(word):
        throw failure(
          "'\(word)' declarations are not supported in entities; write them in an extension in your own file",
          at: memberStart)
      default:
        position = memberStart
        throw failure(
          "expected \(kind == .struct ? "'let' or 'var'" : "'case'") in the body of '\(name)'\(found)"
        )
      }
      try endOfMember()
    }
    if kind == .enum && entity.cases.contains(where: { $0.rawValue != nil }) {
      if entity.conformances.isEmpty {
        throw failure(
          "the cases of '\(name)' have raw values; declare its raw type first, e.g. 'enum \(name): String'",
          at: nameStart)
      }
      if let item = entity.cases.first(where: { !$0.associatedValues.isEmpty }) {
        throw failure(
          "'\(name)' has raw values, so its case '\(item.name)' cannot have associated values",
          at: nameStart)
      }
    }
    return entity
  }

  /// `name: Type` and an optional `= value`, after `let` or `var`.
  mutating func field(isMutable: Bool, in entity: String) throws(Failure) -> ModuleSpec.Entity.Field
  {
    let keyword = isMutable ? "var" : "let"
    skipSpace()
    let nameStart = position
    guard let name = identifier(), name != "_" else {
      throw failure("expected a field name after '\(keyword)'\(found)", at: nameStart)
    }
    skipSpace()
    if current == UInt8(ascii: ",") {
      throw failure("declare one field per '\(keyword)': '\(keyword) \(name): Type'", at: position)
    }
    guard accept(":") else {
      throw failure(
        current == UInt8(ascii: "=")
          ? "the field '\(name)' needs a type: '\(keyword) \(name): Type = …'"
          : "expected ':' and a type after the field '\(name)'\(found)")
    }
    skipSpace()
    let typeStart = position
    let type = try self.type()
    if type.isInout || type.isEscaping {
      throw failure(
        "'\(type.isInout ? "inout" : "@escaping")' applies only to parameters", at: typeStart)
    }
    var defaultValue: String?
    skipSpace()
    if current == UInt8(ascii: "=") {
      let equals = position
      position += 1
      skipSpace()
      let value = try valueText(until: "\n;}")
      guard !value.isEmpty else { throw failure("expected a default value after '='") }
      guard isMutable else {
        throw failure(
          "a 'let' with a default value is never set by an initializer; make '\(name)' a 'var' or leave the value out",
          at: equals)
      }
      defaultValue = value
    } else if current == UInt8(ascii: "{") {
      throw failure(
        "computed properties and observers are not supported in entities; declare stored fields ('\(keyword) \(name): \(type.text)')"
      )
    }
    return ModuleSpec.Entity.Field(
      name: name, type: type.text, isMutable: isMutable, defaultValue: defaultValue)
  }

  /// `name`, `name(Type, label: Type)` or `name = rawValue`, after `case` or `,`.
  mutating func enumCase(in entity: String) throws(Failure) -> ModuleSpec.Entity.Case {
    skipSpace()
    let nameStart = position
    guard let name = identifier(), name != "_" else {
      throw failure("expected a case name\(found)", at: nameStart)
    }
    var item = ModuleSpec.Entity.Case(name: name)
    if current == UInt8(ascii: "(") {
      position += 1
      skipSpace()
      if current == UInt8(ascii: ")") {
        throw failure("write 'case \(name)' without '()', or give it associated values")
      }
      repeat {
        skipSpace()
        let save = position
        var label: String?
        if let word = identifier(), accept(":") {
          label = word
        } else {
          position = save
        }
        let typeStart = position
        let type = try self.type()
        if type.isInout || type.isEscaping {
          throw failure(
            "'\(type.isInout ? "inout" : "@escaping")' applies only to parameters", at: typeStart)
        }
        var value = ModuleSpec.Entity.AssociatedValue(label: label, type: type.text)
        if accept("=") {
          skipSpace()
          let text = try balancedText(until: ",)")
          guard !text.isEmpty else { throw failure("expected a default value after '='") }
          value.defaultValue = text
        }
        item.associatedValues.append(value)
      } while accept(",")
      try expect(")", "',' or ')' after an associated value of '\(name)'")
    }
    skipSpace()
    if current == UInt8(ascii: "=") {
      position += 1
      skipSpace()
      let text = try valueText(until: ",\n;}")
      guard !text.isEmpty else { throw failure("expected a raw value after '='") }
      item.rawValue = text
    }
    return item
  }

  /// A default or raw value up to a stop character (any of `stops`), without a `//` comment
  /// that ends its line.
  mutating func valueText(until stops: StaticString) throws(Failure) -> String {
    let range = try balancedRange(until: stops)
    var inString = false
    var i = range.lowerBound
    while i < range.upperBound {
      if units[i] == UInt8(ascii: "\"") {
        inString.toggle()
      } else if units[i] == UInt8(ascii: "\\") && inString {
        i += 1
      } else if !inString && units[i] == UInt8(ascii: "/") && i + 1 < range.upperBound
        && units[i + 1] == UInt8(ascii: "/")
      {
        var end = i
        while end > range.lowerBound && Self.isSpace(units[end - 1]) { end -= 1 }
        return text(range.lowerBound..<end)
      }
      i += 1
    }
    return text(range)
  }

  // MARK: - Separators

  /// Skips spaces, new lines and `//` comments; whether it passed a new line.
  @discardableResult
  mutating func skipTrivia() -> Bool {
    var newLine = false
    while !atEnd {
      if Self.isNewline(current) {
        newLine = true
        position += 1
      } else if Self.isSpace(current) {
        position += 1
      } else if current == UInt8(ascii: "/"), position + 1 < units.count,
        units[position + 1] == UInt8(ascii: "/")
      {
        while !atEnd && !Self.isNewline(current) { position += 1 }
      } else {
        break
      }
    }
    return newLine
  }

  /// After a field or a case: a new line, `;` or the `}` that closes the body, as Swift
  /// separates declarations.
  mutating func endOfMember() throws(Failure) {
    // A type reads ahead past spaces and new lines looking for `&` or `?`: go back to its end.
    while position > 0 && Self.isSpace(units[position - 1]) { position -= 1 }
    let newLine = skipTrivia()
    if current == UInt8(ascii: ";") {
      position += 1
    } else if !newLine && !atEnd && current != UInt8(ascii: "}") {
      throw failure("expected a new line or ';' between declarations\(found)")
    }
  }
}
