/// Parses the markup of one output or tag into expressions, filters and conditions.
struct ExpressionParser {
  let source: SourceText
  let filters: FilterSet
  private(set) var tokens: [ExpressionToken]
  private(set) var position = 0

  init(source: SourceText, range: Range<Int>, filters: FilterSet) throws(LiquidError) {
    self.source = source
    self.filters = filters
    self.tokens = try ExpressionLexer.tokenize(source, range)
  }

  var current: ExpressionToken { tokens[position] }
  var atEnd: Bool { current.kind == .end }

  func peek(_ distance: Int = 1) -> ExpressionToken {
    tokens[min(position + distance, tokens.count - 1)]
  }

  mutating func advance() -> ExpressionToken {
    let token = tokens[position]
    if position < tokens.count - 1 { position += 1 }
    return token
  }

  func error(_ message: String, at token: ExpressionToken? = nil) -> LiquidError {
    source.error(message, at: (token ?? current).offset)
  }

  func unexpected(expected: String) -> LiquidError {
    error("expected \(expected), found \(current.describe)")
  }

  mutating func expect(_ kind: ExpressionToken.Kind, _ what: String) throws(LiquidError)
    -> ExpressionToken
  {
    guard current.kind == kind else { throw unexpected(expected: what) }
    return advance()
  }

  /// The ':' after a keyword argument's or a `for` option's name.
  mutating func expectColon(after name: String) throws(LiquidError) -> ExpressionToken {
    try expect(.colon, "':' after '\(name)'")
  }

  mutating func accept(_ kind: ExpressionToken.Kind) -> Bool {
    guard current.kind == kind else { return false }
    position += 1
    return true
  }

  mutating func acceptWord(_ word: String) -> Bool {
    guard current.kind == .identifier, current.text == word else { return false }
    position += 1
    return true
  }

  func expectEnd() throws(LiquidError) {
    guard atEnd else { throw unexpected(expected: "end of markup") }
  }

  /// A name that a tag assigns to: an identifier (without `?`, except for loop variables) or
  /// digits.
  mutating func parseTargetName(allowQuestionMark: Bool = false) throws(LiquidError) -> String {
    let token = current
    guard token.kind == .identifier || token.kind == .integer,
      allowQuestionMark || !token.text.hasSuffix("?")
    else {
      throw unexpected(expected: "a variable name")
    }
    position += 1
    return token.text
  }

  // MARK: - Values

  mutating func parseExpression(depth: Int = 0) throws(LiquidError) -> Expression {
    guard depth < 50 else { throw error("expression is nested too deeply") }
    let token = current
    switch token.kind {
    case .string:
      position += 1
      return .literal(.string(token.text))
    case .integer:
      position += 1
      if let value = Int(token.text) { return .literal(.int(value)) }
      return .literal(.double(Double(token.text) ?? 0))
    case .float:
      position += 1
      return .literal(.double(Double(token.text) ?? 0))
    case .leftParen:
      position += 1
      let low = try parseExpression(depth: depth + 1)
      _ = try expect(.dotDot, "'..' in a range")
      let high = try parseExpression(depth: depth + 1)
      _ = try expect(.rightParen, "')' to close the range")
      return .range(low, high, offset: token.offset)
    case .identifier:
      switch token.text {
      case "true":
        position += 1
        return .literal(.bool(true))
      case "false":
        position += 1
        return .literal(.bool(false))
      case "nil", "null":
        position += 1
        return .literal(.nil)
      case "empty":
        position += 1
        return .literal(.empty)
      case "blank":
        position += 1
        return .literal(.blank)
      default:
        position += 1
        return .variable(
          try parseLookupPath(root: .key(Name(token.text)), start: token, depth: depth))
      }
    case .leftBracket:
      position += 1
      let root = try parseBracketContent(depth: depth)
      return .variable(try parseLookupPath(root: root, start: token, depth: depth))
    default:
      throw unexpected(expected: "a value")
    }
  }

  private mutating func parseBracketContent(depth: Int) throws(LiquidError)
    -> VariableLookup.Component
  {
    let inner = try parseExpression(depth: depth + 1)
    _ = try expect(.rightBracket, "']'")
    if case .literal(.string(let key)) = inner { return .key(Name(key)) }
    return .index(inner)
  }

  private mutating func parseLookupPath(
    root: VariableLookup.Component, start: ExpressionToken, depth: Int
  ) throws(LiquidError) -> VariableLookup {
    var path: [VariableLookup.Component] = []
    while true {
      if current.kind == .dot {
        position += 1
        guard current.kind == .identifier else {
          throw unexpected(expected: "a property name after '.'")
        }
        path.append(.key(Name(advance().text)))
      } else if current.kind == .leftBracket {
        position += 1
        path.append(try parseBracketContent(depth: depth))
      } else {
        break
      }
    }
    let endOffset = tokens[position - 1].offset + max(tokens[position - 1].text.utf8.count, 1)
    let text = source.string(start.offset..<max(endOffset, start.offset))
    return VariableLookup(root: root, path: path, offset: start.offset, text: text)
  }

  // MARK: - Filters

  mutating func parseFilteredExpression() throws(LiquidError) -> FilteredExpression {
    let expression = try parseExpression()
    return FilteredExpression(expression: expression, filters: try parseFilters())
  }

  mutating func parseFilters() throws(LiquidError) -> [FilterCall] {
    var calls: [FilterCall] = []
    while accept(.pipe) {
      let nameToken = try expect(.identifier, "a filter name after '|'")
      guard let filter = filters[nameToken.text] else {
        var message = "unknown filter '\(nameToken.text)'"
        message += didYouMean(nameToken.text, in: filters.names)
        throw error(message, at: nameToken)
      }
      var arguments: [Expression] = []
      var keywords: [(String, Expression)] = []
      if accept(.colon) {
        repeat {
          if current.kind == .identifier && peek().kind == .colon {
            let key = advance().text
            position += 1
            keywords.append((key, try parseExpression()))
          } else {
            arguments.append(try parseExpression())
          }
        } while accept(.comma)
      }
      try filter.checkArity(
        positional: arguments.count, keywords: keywords.map(\.0), name: nameToken.text
      ) { message in error(message, at: nameToken) }
      calls.append(
        FilterCall(
          name: nameToken.text, filter: filter, arguments: arguments, keywordArguments: keywords,
          offset: nameToken.offset))
    }
    if !atEnd && current.kind != .pipe {
      throw unexpected(
        expected: calls.isEmpty ? "'|' or end of markup" : "',', '|' or end of markup")
    }
    return calls
  }

  // MARK: - Conditions

  mutating func parseCondition() throws(LiquidError) -> Condition {
    let left = try parseComparison()
    if acceptWord("and") { return .and(left, try parseCondition()) }
    if acceptWord("or") { return .or(left, try parseCondition()) }
    return left
  }

  private mutating func parseComparison() throws(LiquidError) -> Condition {
    let left = try parseExpression()
    let token = current
    let op: ComparisonOperator
    switch token.kind {
    case .comparison:
      switch token.text {
      case "==": op = .equal
      case "!=", "<>": op = .notEqual
      case "<": op = .less
      case ">": op = .greater
      case "<=": op = .lessOrEqual
      case ">=": op = .greaterOrEqual
      default: throw error(LiquidError.unknownOperatorMessage(token.text))
      }
    case .identifier where token.text == "contains":
      op = .contains
    case .identifier where token.text == "and" || token.text == "or":
      return .value(left)
    case .end:
      return .value(left)
    case .identifier:
      throw error(LiquidError.unknownOperatorMessage(token.text))
    default:
      throw unexpected(expected: "an operator, 'and', 'or' or end of markup")
    }
    position += 1
    let right = try parseExpression()
    return .comparison(left, op, right, offset: token.offset)
  }
}
