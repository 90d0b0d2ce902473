import Diagnostics

/// Parses Swift method signatures and types as module specs write them, with the offset of
/// any error inside the string.
package struct SignatureParser {
  /// A mistake in a signature, with its offset in characters from the start of the text.
  package struct Failure: Error, Equatable, Sendable {
    package var message: String
    package var offset: Int
  }

  let characters: [Character]
  var position = 0

  init(_ text: String) { characters = Array(text) }

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

  var atEnd: Bool { position >= characters.count }
  var current: Character { atEnd ? "\0" : characters[position] }
  var rest: String { text(position..<min(position + 20, characters.count)) }

  /// The characters of `range` as a string, appended one by one: `String(characters[range])`
  /// goes through the generic initializer from a sequence, about 17,000 instructions a call.
  func text(_ range: Range<Int>) -> String {
    var text = ""
    for character in characters[range] { text.append(character) }
    return text
  }

  func failure(_ message: String, at offset: Int? = nil) -> Failure {
    Failure(message: message, offset: offset ?? position)
  }

  /// A combining mark after a space makes one character with it, which the parser would skip
  /// as space: the mark would be lost without a word.
  func refuseMarksOnSpaces() throws(Failure) {
    for (offset, c) in characters.enumerated()
    where c.asciiValue == nil && c.isWhitespace
      && !c.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    {
      throw failure("a combining mark cannot follow a space", at: offset)
    }
  }

  mutating func skipSpace() {
    while !atEnd && Self.isSpace(current) { position += 1 }
  }

  mutating func accept(_ text: String) -> Bool {
    skipSpace()
    // Compared in place: copying the text and the characters into arrays to compare them cost
    // more than the rest of a signature's parsing.
    var end = position
    for c in text {
      guard end < characters.count, characters[end] == c else { return false }
      end += 1
    }
    // A word must not run on into a longer identifier.
    if let last = text.last, isIdentifierCharacter(last), end < characters.count,
      isIdentifierCharacter(characters[end])
    {
      return false
    }
    position = end
    return true
  }

  mutating func expect(_ text: String, _ what: String) throws(Failure) {
    guard accept(text) else { throw failure("expected \(what)\(found)") }
  }

  var found: String {
    atEnd ? ", found the end" : ", found '\(current)'"
  }

  /// The ')' that closes `throws(ErrorType)`, in a method and in a function type.
  mutating func expectThrownTypeEnd() throws(Failure) {
    try expect(")", "')' after the thrown type")
  }

  /// Where a type should start and none does.
  static let expectedTypeMessage = "expected a type"

  // The ASCII characters are told apart without Unicode's tables, which cost hundreds of
  // instructions a character (the signatures of every module's defaults are parsed at start).

  /// `Character.isWhitespace`.
  static func isSpace(_ c: Character) -> Bool {
    guard let ascii = c.asciiValue else { return c.isWhitespace }
    return ascii == 0x20 || (0x09...0x0D).contains(ascii)
  }

  /// A letter, a digit or `_`.
  func isIdentifierCharacter(_ c: Character) -> Bool {
    guard let ascii = c.asciiValue else { return c.isLetter || c.isNumber }
    return ascii == UInt8(ascii: "_") || Self.isASCIILetter(ascii)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(ascii)
  }

  static func isASCIILetter(_ ascii: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ascii | 0x20)
  }

  /// A letter (not a combining mark, which `isLetter` also admits: it would join the space
  /// printed before the name) or `_`.
  func isIdentifierHead(_ c: Character) -> Bool {
    if let ascii = c.asciiValue { return ascii == UInt8(ascii: "_") || Self.isASCIILetter(ascii) }
    switch c.unicodeScalars.first?.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
      return true
    default: return false
    }
  }

  /// An identifier, or a backticked one (returned without backticks). What stands between
  /// backticks must be an identifier too: `` `default` ``, not `` `a b` `` or `` `?` ``.
  mutating func identifier() -> String? {
    skipSpace()
    if current == "`" {
      let start = position
      position += 1
      let nameStart = position
      guard !atEnd, isIdentifierHead(current) else {
        position = start
        return nil
      }
      while !atEnd && isIdentifierCharacter(current) { position += 1 }
      guard current == "`" else {
        position = start
        return nil
      }
      position += 1
      return text(nameStart..<(position - 1))
    }
    guard !atEnd, isIdentifierHead(current) else { return nil }
    let start = position
    while !atEnd && isIdentifierCharacter(current) { position += 1 }
    return text(start..<position)
  }

  // MARK: - Methods

  mutating func method() throws(Failure) -> MethodSignature {
    skipSpace()
    let start = position
    if let word = identifier(), word != "func" { position = start }
    skipSpace()
    let nameStart = position
    guard let name = identifier(), name != "_" else {
      throw failure(
        atEnd ? "expected a method name" : "expected a method name, found '\(current)'",
        at: nameStart)
    }
    if ["init", "deinit", "subscript", "static", "class", "mutating", "var", "let"].contains(name) {
      throw failure(
        "'\(name)' declarations are not supported; write a method like 'load(id: Int)'",
        at: nameStart)
    }
    skipSpace()
    if current == "<" {
      throw failure("generic methods are not supported; use concrete types", at: position)
    }
    guard accept("(") else {
      throw failure("expected '(' after the method name '\(name)'\(found)")
    }
    var parameters: [MethodParameter] = []
    var names: Set<String> = []
    skipSpace()
    if !accept(")") {
      repeat {
        skipSpace()
        let parameterStart = position
        let parameter = try self.parameter()
        if names.contains(parameter.name) {
          throw failure("two parameters are named '\(parameter.name)'", at: parameterStart)
        }
        names.insert(parameter.name)
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
      if type.text != "Void" && type.text != "()" { returnType = type.text }
    }
    skipSpace()
    if accept("where") { throw failure("'where' clauses are not supported", at: position - 5) }
    guard atEnd else { throw failure("unexpected '\(rest)' after the signature") }
    return MethodSignature(
      name: name, parameters: parameters, isAsync: isAsync, isThrowing: isThrowing,
      thrownType: thrownType, returnType: returnType)
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
    if current != ":" {
      let secondStart = position
      guard let second = identifier() else {
        throw failure("expected ':' and a type after the parameter '\(first)'\(found)")
      }
      skipSpace()
      if current != ":", second.first?.isUppercase == true {
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
    var isVariadic = false
    if accept("...") { isVariadic = true }
    var defaultValue: String?
    if accept("=") {
      skipSpace()
      let valueStart = position
      defaultValue = try balancedText(until: [",", ")"])
      if defaultValue!.isEmpty {
        throw failure("expected a default value after '='", at: valueStart)
      }
    }
    if parsed.isInout && isVariadic {
      throw failure("a parameter cannot be both inout and variadic", at: typeStart)
    }
    var type = parsed.text + (isVariadic ? "..." : "")
    if parsed.isEscaping && !parsed.isClosure {
      throw failure("@escaping applies only to closure types", at: typeStart)
    }
    type = type.trimmingCharacters()
    return MethodParameter(
      label: label, name: name, type: type,
      storageType: isVariadic ? "[\(parsed.storage)]" : parsed.storage,
      defaultValue: defaultValue, isInout: parsed.isInout, isVariadic: isVariadic,
      isClosure: parsed.isClosure, isEscaping: parsed.isEscaping)
  }

  /// Raw text up to a top-level stop character, keeping brackets and strings balanced.
  mutating func balancedText(until stops: Set<Character>) throws(Failure) -> String {
    let start = position
    var depth = 0
    while !atEnd {
      let c = current
      if depth == 0 && stops.contains(c) { break }
      switch c {
      case "(", "[", "{": depth += 1
      case ")", "]", "}":
        depth -= 1
        if depth < 0 { throw failure("unbalanced '\(c)'") }
      case "\"":
        position += 1
        while !atEnd && current != "\"" {
          if current == "\\" { position += 1 }
          position += 1
        }
        if atEnd { throw failure("unterminated string literal", at: start) }
      default: break
      }
      position += 1
    }
    return text(start..<position).trimmingCharacters()
  }

  // MARK: - Types

  struct ParsedType {
    var text: String
    var storage: String
    var isInout = false
    var isClosure = false
    var isEscaping = false
  }

  mutating func type(depth: Int = 0) throws(Failure) -> ParsedType {
    guard depth < 40 else { throw failure("the type is nested too deeply") }
    skipSpace()
    var attributes: [String] = []
    var isInout = false
    while true {
      skipSpace()
      if current == "@" {
        position += 1
        guard let name = identifier() else { throw failure("expected an attribute name after '@'") }
        var attribute = "@" + name
        if current == "(" {
          position += 1
          attribute += "(" + (try balancedText(until: [")"])) + ")"
          guard current == ")" else {
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
    if accept("some") { prefix = "some " } else if accept("any") { prefix = "any " }
    var (core, isFunction) = try typeCore(depth: depth)
    while accept("&") {
      core += " & " + (try typeCore(depth: depth)).text
    }
    let attributeText = attributes.map { $0 + " " }.joined()
    let storageAttributes = attributes.filter { $0 != "@escaping" && $0 != "@autoclosure" }.map {
      $0 + " "
    }.joined()
    var text = attributeText + prefix + core
    if isInout { text = "inout " + text }
    return ParsedType(
      text: text, storage: storageAttributes + prefix + core, isInout: isInout,
      isClosure: isFunction, isEscaping: attributes.contains("@escaping"))
  }

  /// A type without attributes; whether it is a function type.
  mutating func typeCore(depth: Int) throws(Failure) -> (text: String, isFunction: Bool) {
    skipSpace()
    let start = position
    var text: String
    var isFunction = false
    if accept("(") {
      var elements: [String] = []
      skipSpace()
      if !accept(")") {
        repeat {
          skipSpace()
          // An optional element label: `(name: String, age: Int)`.
          let save = position
          if let label = identifier(), accept(":") {
            elements.append(label + ": " + (try type(depth: depth + 1)).text)
          } else {
            position = save
            var element = try type(depth: depth + 1).text
            if accept("...") { element += "..." }
            elements.append(element)
          }
        } while accept(",")
        try expect(")", "',' or ')' in the tuple or parameter list")
      }
      text = "(" + elements.joined(separator: ", ") + ")"
      var effects = ""
      if accept("async") { effects += " async" }
      if accept("throws") {
        effects += " throws"
        if accept("(") {
          effects += "(" + (try type(depth: depth + 1)).text + ")"
          try expectThrownTypeEnd()
        }
      }
      if accept("->") {
        text += effects + " -> " + (try type(depth: depth + 1)).text
        isFunction = true
      } else if !effects.isEmpty {
        throw failure("expected '->' after '\(effects.trimmingCharacters())'")
      }
    } else if accept("[") {
      let element = try type(depth: depth + 1).text
      if accept(":") {
        let value = try type(depth: depth + 1).text
        text = "[\(element): \(value)]"
      } else {
        text = "[\(element)]"
      }
      try expect("]", "']' to close the collection type")
    } else if let name = identifier() {
      guard name != "_" else { throw failure(Self.expectedTypeMessage, at: start) }
      // A keyword used as a type name keeps its backticks (`Any` and `Self` are types as they
      // are), so that the text reads as the same type again.
      let backticked = characters[start] == "`"
      text =
        backticked && swiftKeywords.contains(name) && name != "Any" && name != "Self"
        ? "`\(name)`" : name
      while true {
        if current == "<" {
          position += 1
          var arguments: [String] = []
          repeat {
            arguments.append(try type(depth: depth + 1).text)
          } while accept(",")
          try expect(">", "'>' to close the generic arguments")
          text += "<" + arguments.joined(separator: ", ") + ">"
        }
        if current == ".", position + 1 < characters.count,
          isIdentifierHead(characters[position + 1])
        {
          position += 1
          guard let member = identifier() else { throw failure("expected a type name after '.'") }
          text += "." + member
          continue
        }
        break
      }
    } else {
      throw failure(
        atEnd ? Self.expectedTypeMessage : "\(Self.expectedTypeMessage), found '\(current)'",
        at: start)
    }
    // Optionals. (After a function type, `?` belongs to its return type.)
    while !atEnd && (current == "?" || current == "!") {
      text.append(current)
      position += 1
    }
    return (text, isFunction)
  }
}
