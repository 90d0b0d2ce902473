/// `include` (shares the caller's variables) and `render` (an isolated scope).
struct PartialNode: Node {
  enum Kind: String, Sendable {
    case include, render
  }

  var kind: Kind
  var name: Expression
  /// `with value` or `for values`.
  var variable: Expression?
  var isForLoop: Bool
  var alias: String?
  var arguments: [(Name, Expression)]
  var offset: Int
  /// For a partial named by a literal, worked out once when parsed: its name (also the variable
  /// an `include` without `with` passes) and the variable its value is bound to.
  var literalNames: (partial: Name, value: Name)?

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    let nameValue = try context.evaluate(name)
    guard case .string(let partialName) = nameValue else {
      var message = "partial name must be a string, not '\(nameValue.shortText)'"
      if case .nil = nameValue, case .variable(let lookup) = name {
        // `{% include header %}`, as other Liquids take it: the name unquoted.
        message =
          "partial name must be a string, not nil: '\(lookup.text)' is an undefined variable; quote the partial's name ({% \(kind.rawValue) '\(lookup.text)' %})"
      }
      throw context.error(message, at: offset)
    }
    if kind == .include && context.isIsolated {
      throw context.error(
        "'include' cannot be used inside a partial loaded with 'render'", at: offset)
    }
    let names = literalNames ?? Self.names(of: partialName, alias: alias)
    let partial = try context.partial(named: names.partial, at: offset)
    let variableName = names.value
    let value: LiquidValue
    if let variable {
      value = try context.evaluate(variable)
    } else if kind == .include {
      value = context.resolve(names.partial) ?? .nil
    } else {
      value = .nil
    }
    let hasValue = variable != nil || kind == .include
    let items: [LiquidValue]? =
      if isForLoop, case .array(let array) = value { array } else if isForLoop, case .range = value
      {
        value.elements
      } else { nil }

    switch kind {
    case .include:
      context.pushScope()
      defer { context.popScope() }
      for (key, expression) in arguments { context.setLocal(key, try context.evaluate(expression)) }
      // One value (most includes) rendered without an array made for it.
      guard let items else {
        if hasValue { context.setLocal(variableName, value) }
        return try context.renderPartial(
          partial, name: partialName, into: &output, calledAt: offset)
      }
      let slot = context.slot(of: variableName)
      for item in items {
        context.setLocal(slot: slot, item)
        try context.renderPartial(partial, name: partialName, into: &output, calledAt: offset)
        if context.interrupt != .none { return }
      }
    case .render:
      var arguments: [(Name, LiquidValue)] = []
      for (key, expression) in self.arguments {
        arguments.append((key, try context.evaluate(expression)))
      }
      let loop = items.map { ForLoopDrop(name: partialName, length: $0.count, parent: nil) }
      for item in items ?? [value] {
        let child = context.isolatedChild()
        for (key, value) in arguments { child.setLocal(key, value) }
        if variable != nil { child.setLocal(variableName, item) }
        if let loop { child.setLocal(ForNode.loopName, .drop(loop)) }
        try child.renderPartial(partial, name: partialName, into: &output, calledAt: offset)
        loop?.index0 += 1
      }
    }
  }
}

extension PartialNode {
  /// A partial's name, and the variable that holds the value given to it.
  static func names(of partialName: String, alias: String?) -> (partial: Name, value: Name) {
    (Name(partialName), Name(alias ?? variableName(of: partialName)))
  }

  /// The variable that holds the value given to a partial: the last non-empty part of its name
  /// split at `/` (`shared/row` → `row`). Read as bytes, and a name without a slash (most)
  /// is its own variable: it runs for every include parsed, and rendered by a name that is not
  /// a literal.
  static func variableName(of partialName: String) -> String {
    var name = partialName
    return name.withUTF8 { bytes in
      let part = variablePart(of: bytes)
      if part == bytes.indices { return partialName }
      return bytes.string(part)
    }
  }

  /// Where the variable's name is in a partial's name: its last non-empty part.
  static func variablePart(of bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    let slash = UInt8(ascii: "/")
    var end = bytes.count
    while end > 0 && bytes[end - 1] == slash { end -= 1 }
    var start = end
    while start > 0 && bytes[start - 1] != slash { start -= 1 }
    return start..<end
  }

  /// `include name [with value | for values] [as alias], key: value, …`; `render` the same
  /// with a quoted name.
  static func parse(_ token: TemplateToken, in parser: inout TemplateParser) throws(LiquidError)
    -> any Node
  {
    var expressions = try parser.expressions(token)
    let kind: Kind = token.name == .render ? .render : .include
    let nameToken = expressions.current
    let name: Expression
    if kind == .render {
      guard nameToken.kind == .string else {
        throw expressions.unexpected(expected: "the partial's name as a quoted string")
      }
      name = .literal(.string(expressions.text(expressions.advance())))
    } else {
      name = try expressions.parseExpression()
    }
    // A literal's bytes in the source.
    var literal: Range<Int>?
    if case .literal(.string(let text)) = name {
      literal = nameToken.text
      parser.notePartial(text, at: nameToken.offset)
    }
    var variable: Expression?
    var isForLoop = false
    if expressions.acceptWord("with") {
      variable = try expressions.parseExpression()
    } else if expressions.acceptWord("for") {
      variable = try expressions.parseExpression()
      isForLoop = true
    }
    var alias: Name?
    if expressions.acceptWord("as") { alias = try expressions.parseTargetName() }
    var arguments: [(Name, Expression)] = []
    _ = expressions.accept(.comma)
    while !expressions.atEnd {
      let key = try expressions.expect(.identifier, "a keyword argument name")
      let keyName = expressions.name(key)
      _ = try expressions.expectColon(after: keyName.text)
      arguments.append((keyName, try expressions.parseExpression()))
      if !expressions.accept(.comma) { try expressions.expectEnd() }
    }
    var literalNames: (partial: Name, value: Name)?
    if let literal {
      let part = variablePart(of: UnsafeBufferPointer(rebasing: parser.bytes[literal]))
      let value = literal.lowerBound + part.lowerBound..<literal.lowerBound + part.upperBound
      literalNames = (expressions.name(literal), alias ?? expressions.name(value))
    }
    return PartialNode(
      kind: kind, name: name, variable: variable, isForLoop: isForLoop, alias: alias?.text,
      arguments: arguments, offset: token.range.lowerBound, literalNames: literalNames)
  }
}
