// Parsing of each Liquid tag's markup and body.

extension TemplateParser {
  mutating func parseTag(_ token: TemplateToken) throws(LiquidError) -> (any Node)? {
    switch token.name {
    case "assign": return try parseAssign(token)
    case "capture":
      var parser = try expressions(token)
      let name: String
      if parser.current.kind == .string {
        name = parser.advance().text
      } else {
        name = try parser.parseTargetName()
      }
      try parser.expectEnd()
      let (body, _) = try parseBlockBody(for: token, until: ["endcapture"])
      return CaptureNode(name: name, body: body)
    case "increment", "decrement":
      var parser = try expressions(token)
      let name = try parser.parseTargetName()
      try parser.expectEnd()
      return CounterNode(name: name, isIncrement: token.name == "increment")
    case "echo":
      var parser = try expressions(token)
      return OutputNode(expression: parser.atEnd ? nil : try parser.parseFilteredExpression())
    case "if", "unless": return try parseIf(token)
    case "case": return try parseCase(token)
    case "for": return try parseFor(token)
    case "tablerow": return try parseTablerow(token)
    case "break": return InterruptNode(interrupt: .break)
    case "continue": return InterruptNode(interrupt: .continue)
    case "cycle": return try parseCycle(token)
    case "comment":
      try skipComment(token)
      return BlankNode()
    case "#":
      try checkInlineComment(token)
      return BlankNode()
    case "raw", "doc":
      if token.name == "doc" && !markupText(token).isEmpty {
        throw source.error("'doc' takes no arguments", at: token.argumentsStart)
      }
      var (body, _) = try parseBlockBody(for: token, until: ["end" + token.name])
      if token.name == "doc" { body = Block() }
      return body.nodes.first ?? BlankNode()
    case "ifchanged":
      let (body, _) = try parseBlockBody(for: token, until: ["endifchanged"])
      return IfChangedNode(body: body)
    case "liquid": return try parseLiquidTag(token)
    case "include", "render": return try parsePartial(token)
    default:
      if token.name.hasPrefix("end") || ["else", "elsif", "when"].contains(token.name) {
        throw unexpectedTag(token)
      }
      var message = token.name.isEmpty ? "missing tag name" : "unknown tag '\(token.name)'"
      message += didYouMean(token.name, in: TemplateParser.tagNames)
      throw source.error(
        message,
        at: token.name.isEmpty
          ? token.range.lowerBound : token.argumentsStart - token.name.utf8.count)
    }
  }

  private func parseAssign(_ token: TemplateToken) throws(LiquidError) -> any Node {
    var parser = try expressions(token)
    let name = try parser.parseTargetName()
    _ = try parser.expect(.equals, "'=' after the variable name")
    return AssignNode(name: name, value: try parser.parseFilteredExpression())
  }

  private mutating func parseIf(_ token: TemplateToken) throws(LiquidError) -> any Node {
    let endName = "end" + token.name
    var parser = try expressions(token)
    var condition = try parser.parseCondition()
    try parser.expectEnd()
    var branches: [(condition: Condition, body: Block)] = []
    var elseBody: Block?
    var delimiter = token
    while true {
      let (body, end) = try parseBlockBody(for: token, until: ["elsif", "else", endName])
      if elseBody != nil {
        // Blocks after the first `else` are parsed but never rendered, as in Ruby Liquid.
      } else if delimiter.name == "else" {
        elseBody = body
      } else {
        branches.append((condition, body))
      }
      delimiter = end
      if end.name == endName { break }
      if end.name == "elsif" && elseBody == nil {
        var elsif = try expressions(end)
        condition = try elsif.parseCondition()
        try elsif.expectEnd()
      }
    }
    var node = IfNode(branches: branches, negateFirst: token.name == "unless", elseBody: elseBody)
    if node.isBlank {
      node.branches = node.branches.map { ($0.condition, $0.body.removingBlankText()) }
      node.elseBody = node.elseBody?.removingBlankText()
    }
    return node
  }

  private mutating func parseCase(_ token: TemplateToken) throws(LiquidError) -> any Node {
    var parser = try expressions(token)
    let subject = try parser.parseExpression()
    try parser.expectEnd()
    // Whatever stands between `case` and the first `when` is ignored.
    var (_, delimiter) = try parseBlockBody(for: token, until: ["when", "else", "endcase"])
    var branches: [CaseNode.Branch] = []
    while delimiter.name != "endcase" {
      let (body, end) = try parseBlockBody(for: token, until: ["when", "else", "endcase"])
      if delimiter.name == "when" {
        var when = try expressions(delimiter)
        var candidates: [Expression] = []
        repeat {
          candidates.append(try when.parseExpression())
        } while when.accept(.comma) || when.acceptWord("or")
        try when.expectEnd()
        branches.append(.when(candidates, body))
      } else {
        branches.append(.otherwise(body))
      }
      delimiter = end
    }
    var node = CaseNode(subject: subject, branches: branches)
    if node.isBlank {
      node.branches = branches.map {
        switch $0 {
        case .when(let candidates, let body): return .when(candidates, body.removingBlankText())
        case .otherwise(let body): return .otherwise(body.removingBlankText())
        }
      }
    }
    return node
  }

  /// `name in collection` followed by `reversed`, `limit: x`, `offset: x` and (for tablerow)
  /// `cols: x`, in any order, optionally separated by commas.
  private func parseLoopHeader(_ token: TemplateToken, attributes: Set<String>) throws(LiquidError)
    -> (
      variable: String, collection: Expression, collectionText: String, reversed: Bool,
      attributes: [String: Expression], offsetContinue: Bool
    )
  {
    var parser = try expressions(token)
    let variable = try parser.parseTargetName(allowQuestionMark: true)
    guard parser.acceptWord("in") else { throw parser.unexpected(expected: "'in'") }
    let collectionStart = parser.current.offset
    let collection = try parser.parseExpression()
    let collectionText = source.string(collectionStart..<parser.current.offset).rubyStrip()
    var reversed = false
    var values: [String: Expression] = [:]
    var offsetContinue = false
    while !parser.atEnd {
      if parser.accept(.comma) { continue }
      let word = parser.current
      if word.kind == .identifier && word.text == "reversed" && token.name == "for" {
        _ = parser.advance()
        reversed = true
        continue
      }
      guard word.kind == .identifier, attributes.contains(word.text) else {
        let names = attributes.sorted().map { "'\($0)'" }.joined(separator: ", ")
        throw parser.unexpected(expected: token.name == "for" ? "'reversed', \(names)" : names)
      }
      _ = parser.advance()
      _ = try parser.expectColon(after: word.text)
      if word.text == "offset" && parser.acceptWord("continue") {
        offsetContinue = true
      } else {
        values[word.text] = try parser.parseExpression()
      }
    }
    return (variable, collection, collectionText, reversed, values, offsetContinue)
  }

  private mutating func parseFor(_ token: TemplateToken) throws(LiquidError) -> any Node {
    let header = try parseLoopHeader(token, attributes: ["limit", "offset"])
    let (body, end) = try parseBlockBody(for: token, until: ["else", "endfor"])
    var elseBody: Block?
    if end.name == "else" {
      elseBody = try parseBlockBody(for: token, until: ["endfor"]).0
    }
    var node = ForNode(
      variable: header.variable, collection: header.collection,
      name: "\(header.variable)-\(header.collectionText)", limit: header.attributes["limit"],
      offset: header.attributes["offset"], offsetContinue: header.offsetContinue,
      reversed: header.reversed, body: body, elseBody: elseBody,
      offsetInMarkup: token.argumentsStart)
    if node.isBlank {
      node.body = body.removingBlankText()
      node.elseBody = elseBody?.removingBlankText()
    }
    return node
  }

  private mutating func parseTablerow(_ token: TemplateToken) throws(LiquidError) -> any Node {
    let header = try parseLoopHeader(token, attributes: ["cols", "limit", "offset"])
    let (body, _) = try parseBlockBody(for: token, until: ["endtablerow"])
    return TablerowNode(
      variable: header.variable, collection: header.collection, cols: header.attributes["cols"],
      limit: header.attributes["limit"], offset: header.attributes["offset"], body: body,
      offsetInMarkup: token.argumentsStart)
  }

  private func parseCycle(_ token: TemplateToken) throws(LiquidError) -> any Node {
    var parser = try expressions(token)
    var group: Expression?
    var first = try parser.parseExpression()
    if parser.accept(.colon) {
      group = first
      first = try parser.parseExpression()
    }
    var values = [first]
    while parser.accept(.comma) { values.append(try parser.parseExpression()) }
    try parser.expectEnd()
    let key = values.map { expressionKey($0) }.joined(separator: ",")
    return CycleNode(group: group, values: values, key: key, offset: token.argumentsStart)
  }

  private func expressionKey(_ expression: Expression) -> String {
    switch expression {
    case .literal(let value): return value.inspect()
    case .variable(let lookup): return lookup.text
    case .range(let low, let high, _): return "(\(expressionKey(low))..\(expressionKey(high)))"
    }
  }

  /// An inline comment may span lines, but every line must start with `#`.
  private func checkInlineComment(_ token: TemplateToken) throws(LiquidError) {
    let bytes = source.bytes
    var i = token.argumentsStart
    var atLineStart = false
    while i < token.markup.upperBound {
      let byte = bytes[i]
      if byte == UInt8(ascii: "\n") {
        atLineStart = true
      } else if atLineStart && !isSpace(byte) {
        if byte != UInt8(ascii: "#") {
          throw source.error("every line of an inline comment must start with '#'", at: i)
        }
        atLineStart = false
      }
      i += 1
    }
  }

  private mutating func parsePartial(_ token: TemplateToken) throws(LiquidError) -> any Node {
    var parser = try expressions(token)
    let kind = PartialNode.Kind(rawValue: token.name)!
    let nameToken = parser.current
    let name: Expression
    if kind == .render {
      guard nameToken.kind == .string else {
        throw parser.unexpected(expected: "the partial's name as a quoted string")
      }
      name = .literal(.string(parser.advance().text))
    } else {
      name = try parser.parseExpression()
    }
    if case .literal(.string(let literal)) = name { notePartial(literal, at: nameToken.offset) }
    var variable: Expression?
    var isForLoop = false
    if parser.acceptWord("with") {
      variable = try parser.parseExpression()
    } else if parser.acceptWord("for") {
      variable = try parser.parseExpression()
      isForLoop = true
    }
    var alias: String?
    if parser.acceptWord("as") { alias = try parser.parseTargetName() }
    var arguments: [(String, Expression)] = []
    _ = parser.accept(.comma)
    while !parser.atEnd {
      let key = try parser.expect(.identifier, "a keyword argument name")
      _ = try parser.expectColon(after: key.text)
      arguments.append((key.text, try parser.parseExpression()))
      if !parser.accept(.comma) { try parser.expectEnd() }
    }
    return PartialNode(
      kind: kind, name: name, variable: variable, isForLoop: isForLoop, alias: alias,
      arguments: arguments, offset: token.range.lowerBound)
  }
}
