import Diagnostics

/// Parses Swift method signatures and types as module specs write them, with the offset of
/// any error inside the string.
///
/// It reads the text's bytes (`SignatureParser+Characters.swift`): one unit for each character,
/// so that a position is an offset in characters, as error carets count.
package struct SignatureParser {
  /// A mistake in a signature, with its offset in characters from the start of the text.
  package struct Failure: Error, Equatable, Sendable {
    package var message: String
    package var offset: Int
  }

  /// One for each character: its byte for an ASCII character, else its traits
  /// (`CharacterTraits`, 0x80 and up).
  let units: [UInt8]
  /// The text's UTF-8 bytes.
  let bytes: [UInt8]
  /// Where each character starts in `bytes`, and the end; empty when the units are the bytes.
  let characterStarts: [Int]
  /// The first space that carries a combining mark, which `refuseMarksOnSpaces` refuses.
  let markOnSpace: Int?
  var position = 0
  /// Whether types are read into their normal form (`SignatureParser+NormalForm.swift`)
  /// rather than as written.
  var normalizing = false

  /// `func name(params) async throws -> Type`; the `func` is optional.
  package static func parseMethod(_ text: String) throws(Failure) -> MethodSignature {
    var parser = SignatureParser(text)
    try parser.refuseMarksOnSpaces()
    return try parser.method()
  }

  /// A type on its own (an entity field): normalized text.
  package static func parseType(_ text: String) throws(Failure) -> String {
    var parser = SignatureParser(text)
    try parser.refuseMarksOnSpaces()
    parser.skipSpace()
    let type = try parser.type()
    parser.skipSpace()
    guard parser.atEnd else { throw parser.failure("unexpected '\(parser.rest)' after the type") }
    return type.text
  }

  // MARK: - Scanning

  var atEnd: Bool { position >= units.count }
  /// The current character's unit, 0 at the end.
  var current: UInt8 { atEnd ? 0 : units[position] }
  var rest: String { text(position..<min(position + 20, units.count)) }

  func failure(_ message: String, at offset: Int? = nil) -> Failure {
    Failure(message: message, offset: offset ?? position)
  }

  /// A combining mark after a space makes one character with it, which the parser would skip
  /// as space: the mark would be lost without a word.
  func refuseMarksOnSpaces() throws(Failure) {
    if let markOnSpace { throw failure("a combining mark cannot follow a space", at: markOnSpace) }
  }

  mutating func skipSpace() {
    while !atEnd && Self.isSpace(current) { position += 1 }
  }

  /// Whether the next word is `word` (after spaces), which is then passed.
  mutating func accept(_ word: StaticString) -> Bool {
    skipSpace()
    let count = word.utf8CodeUnitCount
    guard position + count <= units.count else { return false }
    let word = word.utf8Start
    for k in 0..<count where units[position + k] != word[k] { return false }
    let end = position + count
    // A word must not run on into a longer identifier.
    if Self.isIdentifierCharacter(word[count - 1]), end < units.count,
      Self.isIdentifierCharacter(units[end])
    {
      return false
    }
    position = end
    return true
  }

  mutating func expect(_ word: StaticString, _ what: String) throws(Failure) {
    guard accept(word) else { throw failure("expected \(what)\(found)") }
  }

  var found: String {
    atEnd ? ", found the end" : ", found '\(text(position..<(position + 1)))'"
  }

  /// The ')' that closes `throws(ErrorType)`, in a method and in a function type.
  mutating func expectThrownTypeEnd() throws(Failure) {
    try expect(")", "')' after the thrown type")
  }

  /// Where a type should start and none does.
  static let expectedTypeMessage = "expected a type"

  /// An identifier, or a backticked one (returned without backticks). What stands between
  /// backticks must be an identifier too: `` `default` ``, not `` `a b` `` or `` `?` ``.
  mutating func identifier() -> String? {
    skipSpace()
    if current == UInt8(ascii: "`") {
      let start = position
      position += 1
      let nameStart = position
      guard !atEnd, Self.isIdentifierHead(current) else {
        position = start
        return nil
      }
      while !atEnd && Self.isIdentifierCharacter(current) { position += 1 }
      guard current == UInt8(ascii: "`") else {
        position = start
        return nil
      }
      position += 1
      return text(nameStart..<(position - 1))
    }
    guard !atEnd, Self.isIdentifierHead(current) else { return nil }
    let start = position
    while !atEnd && Self.isIdentifierCharacter(current) { position += 1 }
    return text(start..<position)
  }

  // MARK: - Methods

  /// Declarations a method name cannot be.
  static let otherMethodDeclarations = [
    "init", "deinit", "subscript", "static", "class", "mutating", "var", "let",
  ]

  mutating func method() throws(Failure) -> MethodSignature {
    skipSpace()
    let start = position
    if let word = identifier(), word != "func" { position = start }
    skipSpace()
    let nameStart = position
    guard let name = identifier(), name != "_" else {
      throw failure(
        atEnd ? "expected a method name" : "expected a method name\(found)", at: nameStart)
    }
    if Self.otherMethodDeclarations.contains(name) {
      throw failure(
        "'\(name)' declarations are not supported; write a method like 'load(id: Int)'",
        at: nameStart)
    }
    skipSpace()
    if current == UInt8(ascii: "<") {
      throw failure("generic methods are not supported; use concrete types", at: position)
    }
    guard accept("(") else {
      throw failure("expected '(' after the method name '\(name)'\(found)")
    }
    var parameters: [MethodParameter] = []
    skipSpace()
    if !accept(")") {
      repeat {
        skipSpace()
        let parameterStart = position
        let parameter = try self.parameter()
        if parameters.contains(where: { $0.name == parameter.name }) {
          throw failure("two parameters are named '\(parameter.name)'", at: parameterStart)
        }
        parameters.append(parameter)
      } while accept(",")
      try expect(")", "',' or ')' after a parameter")
    }
    var isAsync = false
    var isThrowing = false
    var thrownType: String?
    if accept("async") { isAsync = true }
    if accept("throws") {
      isThrowing = true
      if accept("(") {
        thrownType = try type().text
        try expectThrownTypeEnd()
      }
    } else if accept("rethrows") {
      throw failure(
        "'rethrows' is not supported in a protocol requirement here; use 'throws'", at: position - 8
      )
    }
    if isThrowing && accept("async") {
      throw failure("'async' must come before 'throws'", at: position - 5)
    }
    var returnType: String?
    if accept("->") {
      let type = try self.type()
      // Any spelling of `()` (`Void`, `Swift.Void`, `(())`) has `Void` or starts with `(`: only
      // those are read again into the normal form.
      let mayBeVoid = type.text.hasPrefix("(") || type.text.contains("Void")
      if !mayBeVoid || Self.normalType(type.text) != "()" { returnType = type.text }
    }
    skipSpace()
    if accept("where") { throw failure("'where' clauses are not supported", at: position - 5) }
    guard atEnd else { throw failure("unexpected '\(rest)' after the signature") }
    return MethodSignature(
      name: name, parameters: parameters, isAsync: isAsync, isThrowing: isThrowing,
      thrownType: thrownType, returnType: returnType)
  }

  /// `type` as a stored value, a collection's element or a closure's parameter or result can
  /// have it: an implicitly unwrapped optional (`Item!`, which only a declaration's own type
  /// may be) as `Item?`.
  static func storable(_ type: String) -> String {
    type.hasSuffix("!") ? type.dropLast() + "?" : type
  }

  mutating func parameter() throws(Failure) -> MethodParameter {
    skipSpace()
    let start = position
    guard let first = identifier() else {
      throw failure("expected a parameter name\(found)", at: start)
    }
    var label: String? = first
    var name = first
    skipSpace()
    if current != UInt8(ascii: ":") {
      let secondStart = position
      guard let second = identifier() else {
        throw failure("expected ':' and a type after the parameter '\(first)'\(found)")
      }
      skipSpace()
      if current != UInt8(ascii: ":"), second.first?.isUppercase == true {
        throw failure(
          "expected ':' between the parameter '\(first)' and its type '\(second)'", at: secondStart)
      }
      name = second
      if first == "_" { label = nil }
    } else if first == "_" {
      throw failure("a parameter named '_' needs an internal name: '_ value: Type'", at: start)
    }
    guard name != "_" else { throw failure("a parameter needs a name", at: start) }
    try expect(":", "':' after the parameter '\(name)'")
    skipSpace()
    let typeStart = position
    let parsed = try type()
    let isVariadic = accept("...")
    var defaultValue: String?
    if accept("=") {
      skipSpace()
      let valueStart = position
      let value = try balancedText(until: ",)")
      if value.isEmpty {
        throw failure("expected a default value after '='", at: valueStart)
      }
      defaultValue = value
    }
    if parsed.isInout && isVariadic {
      throw failure("a parameter cannot be both inout and variadic", at: typeStart)
    }
    if parsed.isEscaping && !parsed.isClosure {
      throw failure("@escaping applies only to closure types", at: typeStart)
    }
    return MethodParameter(
      label: label, name: name, type: isVariadic ? parsed.text + "..." : parsed.text,
      storageType: isVariadic ? "[" + parsed.storage + "]" : Self.storable(parsed.storage),
      defaultValue: defaultValue, isInout: parsed.isInout, isVariadic: isVariadic,
      isClosure: parsed.isClosure, isEscaping: parsed.isEscaping)
  }

  /// Raw text up to a top-level stop character (any of `stops`' ASCII characters), keeping
  /// brackets and strings balanced, without the spaces around it.
  mutating func balancedText(until stops: StaticString) throws(Failure) -> String {
    text(try balancedRange(until: stops))
  }

  /// The characters `balancedText` returns.
  mutating func balancedRange(until stops: StaticString) throws(Failure) -> Range<Int> {
    let start = position
    var depth = 0
    while !atEnd {
      let c = current
      if depth == 0 && Self.contains(stops, c) { break }
      switch c {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        if depth < 0 { throw failure("unbalanced '\(Character(Unicode.Scalar(c)))'") }
      case UInt8(ascii: "\""):
        position += 1
        while !atEnd && current != UInt8(ascii: "\"") {
          if current == UInt8(ascii: "\\") { position += 1 }
          position += 1
        }
        if atEnd { throw failure("unterminated string literal", at: start) }
      default: break
      }
      position += 1
    }
    var lower = start
    var upper = position
    while lower < upper && Self.isSpace(units[lower]) { lower += 1 }
    while upper > lower && Self.isSpace(units[upper - 1]) { upper -= 1 }
    return lower..<upper
  }

  /// Whether `unit` is one of the ASCII characters of `characters`.
  static func contains(_ characters: StaticString, _ unit: UInt8) -> Bool {
    let start = characters.utf8Start
    for k in 0..<characters.utf8CodeUnitCount where start[k] == unit { return true }
    return false
  }

  // MARK: - Types

  struct ParsedType {
    var text: String
    var storage: String
    var isInout = false
    var isClosure = false
    var isEscaping = false
    /// Whether `text` needs parentheses before a `?` (a function type, a composition, or a type
    /// with attributes).
    var isCompound = false
  }

  /// Why a `some` type is refused: a protocol requirement cannot return one, a parameter of
  /// one makes a generic method, and a spy or a stored field cannot keep one.
  static let opaqueTypeMessage =
    "'some' types are not supported (a protocol requirement cannot return one, and a mock "
    + "cannot keep one); use 'any' and the protocol, or a concrete type"

  /// Why `sending`, `borrowing` and `consuming` are refused: a spy keeps every argument it is
  /// given and hands out the stub value it keeps, which neither can do with such a value.
  static func ownershipMessage(_ modifier: String) -> String {
    "'\(modifier)' is not supported in a spec's signatures (a mock keeps the values it is given "
      + "and hands out the ones it keeps); declare the type without it, and make it Sendable "
      + "to pass it between actors"
  }

  mutating func type(depth: Int = 0) throws(Failure) -> ParsedType {
    guard depth < 40 else { throw failure("the type is nested too deeply") }
    skipSpace()
    var attributes: [String] = []
    var isInout = false
    while true {
      skipSpace()
      if current == UInt8(ascii: "@") {
        position += 1
        guard let name = identifier() else { throw failure("expected an attribute name after '@'") }
        var attribute = "@" + name
        if current == UInt8(ascii: "(") {
          position += 1
          attribute += "(" + (try balancedText(until: ")")) + ")"
          guard current == UInt8(ascii: ")") else {
            throw failure(
              "expected ')' to close the arguments of '\(attribute.prefix { $0 != "(" })'\(found)")
          }
          position += 1
        }
        attributes.append(attribute)
      } else if accept("inout") {
        isInout = true
      } else {
        break
      }
    }
    var prefix = ""
    skipSpace()
    let opaqueStart = position
    for modifier: StaticString in ["sending", "borrowing", "consuming"] where accept(modifier) {
      // A modifier when a type follows it; else it was a type's name.
      skipSpace()
      guard Self.isIdentifierCharacter(current) || Self.contains("([@", current) else {
        position = opaqueStart
        break
      }
      throw failure(Self.ownershipMessage("\(modifier)"), at: opaqueStart)
    }
    if accept("some") {
      throw failure(Self.opaqueTypeMessage, at: opaqueStart)
    } else if accept("any") {
      prefix = normalizing ? "" : "any "
    }
    let first = try typeCore(depth: depth)
    var cores = [first]
    while accept("&") {
      cores.append(try typeCore(depth: depth))
    }
    var parts = cores.map(\.text)
    var isCompound = cores.count > 1 || first.isCompound
    let isEscaping = attributes.contains("@escaping")
    if normalizing {
      (parts, isCompound) = Self.normalComposition(cores.map { ($0.text, $0.isCompound) })
      attributes = Self.normalAttributes(attributes)
    }
    let core = parts.joined(separator: " & ")
    var text = isInout ? "inout " : ""
    var storage = ""
    for attribute in attributes {
      text += attribute + " "
      if attribute != "@escaping" && attribute != "@autoclosure" { storage += attribute + " " }
    }
    return ParsedType(
      text: text + prefix + core, storage: storage + prefix + core, isInout: isInout,
      isClosure: first.isFunction, isEscaping: isEscaping,
      isCompound: isCompound || !text.isEmpty)
  }

  /// A type without attributes; whether it is a function type, and whether its text needs
  /// parentheses before a `?` (`ParsedType.isCompound`).
  mutating func typeCore(depth: Int) throws(Failure) -> (
    text: String, isFunction: Bool, isCompound: Bool
  ) {
    skipSpace()
    let start = position
    var text: String
    var isFunction = false
    var isCompound = false
    if accept("(") {
      var elements: [String] = []
      // Without their labels: a function type's parameters (whose labels are not part of its
      // type), in the normal form.
      var unlabeled: [String] = []
      var single: ParsedType?
      skipSpace()
      if !accept(")") {
        repeat {
          skipSpace()
          // An optional element label: `(name: String, age: Int)`.
          let save = position
          if let label = identifier(), accept(":") {
            let element = try type(depth: depth + 1).text
            elements.append(label + ": " + element)
            unlabeled.append(element)
          } else {
            position = save
            let parsed = try type(depth: depth + 1)
            var element = parsed.text
            if accept("...") { element += "..." } else { single = parsed }
            elements.append(element)
            unlabeled.append(element)
          }
        } while accept(",")
        try expect(")", "',' or ')' in the tuple or parameter list")
      }
      text = "(" + elements.joined(separator: ", ") + ")"
      var effects = ""
      if accept("async") { effects += " async" }
      if accept("throws") {
        var thrown: String?
        if accept("(") {
          thrown = try type(depth: depth + 1).text
          try expectThrownTypeEnd()
        }
        effects +=
          normalizing ? Self.normalThrows(thrown) : " throws" + (thrown.map { "(\($0))" } ?? "")
      }
      if accept("->") {
        if normalizing { text = "(" + unlabeled.joined(separator: ", ") + ")" }
        text += effects + " -> " + (try type(depth: depth + 1)).text
        isFunction = true
        isCompound = true
      } else if !effects.isEmpty {
        throw failure("expected '->' after '\(effects.trimmingCharacters())'")
      } else if normalizing, elements.count == 1, let single, unlabeled[0] == elements[0] {
        // Parentheses around one type are that type: `(Int)` is `Int`.
        text = single.text
        isCompound = single.isCompound
      }
    } else if accept("[") {
      let element = try type(depth: depth + 1).text
      if accept(":") {
        let value = try type(depth: depth + 1).text
        text = "[" + element + ": " + value + "]"
      } else {
        text = "[" + element + "]"
      }
      try expect("]", "']' to close the collection type")
    } else if let name = identifier() {
      guard name != "_" else { throw failure(Self.expectedTypeMessage, at: start) }
      // A keyword used as a type name keeps its backticks (`Any` and `Self` are types as they
      // are), so that the text reads as the same type again.
      let backticked = units[start] == UInt8(ascii: "`")
      var components = [
        NamedType(
          name: backticked && swiftKeywords.contains(name) && name != "Any" && name != "Self"
            ? "`\(name)`" : name)
      ]
      while true {
        if current == UInt8(ascii: "<") {
          position += 1
          var arguments: [ParsedType] = []
          repeat {
            arguments.append(try type(depth: depth + 1))
          } while accept(",")
          try expect(">", "'>' to close the generic arguments")
          components[components.count - 1].arguments = arguments
        }
        if current == UInt8(ascii: "."), position + 1 < units.count,
          Self.isIdentifierHead(units[position + 1])
        {
          position += 1
          guard let member = identifier() else { throw failure("expected a type name after '.'") }
          components.append(NamedType(name: member))
          continue
        }
        break
      }
      (text, isCompound) =
        normalizing ? Self.normalNamedType(components) : (Self.text(of: components), false)
    } else {
      throw failure(
        atEnd ? Self.expectedTypeMessage : "\(Self.expectedTypeMessage)\(found)", at: start)
    }
    // Optionals. (After a function type, `?` belongs to its return type.) In the normal form,
    // `T!` is `T?`, as a parameter's type.
    while current == UInt8(ascii: "?") || current == UInt8(ascii: "!") {
      if normalizing {
        text = (isCompound ? "(\(text))" : text) + "?"
        isCompound = false
      } else {
        text += current == UInt8(ascii: "?") ? "?" : "!"
      }
      position += 1
    }
    return (text, isFunction, isCompound)
  }
}
