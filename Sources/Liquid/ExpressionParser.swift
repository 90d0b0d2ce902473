/// Parses the markup of one output or tag into expressions, filters and conditions.
struct ExpressionParser {
  let source: SourceText
  /// The source's bytes, read in place while the template's parse runs.
  let bytes: UnsafeBufferPointer<UInt8>
  let filters: FilterSet
  /// The markup's tokens are `scratch.tokens[position...last]`, after those of the markups
  /// read before it; `last` is its `.end`.
  private let scratch: ParseScratch
  private let last: Int
  private var position: Int

  init(
    source: SourceText, bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, filters: FilterSet,
    scratch: ParseScratch
  ) throws(LiquidError) {
    self.source = source
    self.bytes = bytes
    self.filters = filters
    self.scratch = scratch
    position = scratch.tokens.count
    try ExpressionLexer.tokenize(source, bytes, range, into: &scratch.tokens)
    last = scratch.tokens.count - 1
  }

  var current: ExpressionToken { scratch.tokens[position] }
  var atEnd: Bool { current.kind == .end }

  func peek(_ distance: Int = 1) -> ExpressionToken {
    scratch.tokens[min(position + distance, last)]
  }

  mutating func advance() -> ExpressionToken {
    let token = scratch.tokens[position]
    if position < last { position += 1 }
    return token
  }

  /// A token's text: an identifier or operator as written, a string literal's contents.
  func text(_ token: ExpressionToken) -> String { text(token.text) }

  /// The text of the bytes of `range` in the source.
  func text(_ range: Range<Int>) -> String { bytes.string(range) }

  /// A token's text as a name, made once in a parse.
  func name(_ token: ExpressionToken) -> Name { name(token.text) }

  /// The name whose text is the bytes of `range` in the source, made once in a parse.
  func name(_ range: Range<Int>) -> Name {
    scratch.names.name(range, in: bytes)
  }

  /// Whether a token is the identifier `word`.
  func isWord(_ token: ExpressionToken, _ word: StaticString) -> Bool {
    token.kind == .identifier && bytes.holds(word, at: token.text)
  }

  /// A token as an error message names it.
  func describe(_ token: ExpressionToken) -> String {
    switch token.kind {
    case .end: return "end of markup"
    case .string: return "string \"\(text(token))\""
    default: return "'\(text(token))'"
    }
  }

  func error(_ message: String, at token: ExpressionToken? = nil) -> LiquidError {
    source.error(message, at: (token ?? current).offset)
  }

  func unexpected(expected: String) -> LiquidError {
    error("expected \(expected), found \(describe(current))")
  }

  mutating func expect(_ kind: ExpressionToken.Kind, _ what: String) throws(LiquidError)
    -> ExpressionToken
  {
    guard current.kind == kind else { throw unexpected(expected: what) }
    return advance()
  }

  /// The ':' after a keyword argument's or a `for` option's name.
  mutating func expectColon(after name: String) throws(LiquidError) -> ExpressionToken {
    // The message is made only when it is thrown: most tags have their colons.
    guard current.kind == .colon else { throw unexpected(expected: "':' after '\(name)'") }
    return advance()
  }

  mutating func accept(_ kind: ExpressionToken.Kind) -> Bool {
    guard current.kind == kind else { return false }
    position += 1
    return true
  }

  mutating func acceptWord(_ word: StaticString) -> Bool {
    guard isWord(current, word) else { return false }
    position += 1
    return true
  }

  func expectEnd() throws(LiquidError) {
    guard atEnd else { throw unexpected(expected: "end of markup") }
  }

  /// A name that a tag assigns to: an identifier (without `?`, except for loop variables) or
  /// digits.
  mutating func parseTargetName(allowQuestionMark: Bool = false) throws(LiquidError) -> Name {
    let token = current
    guard token.kind == .identifier || token.kind == .integer,
      allowQuestionMark || bytes[token.text.upperBound - 1] != UInt8(ascii: "?")
    else {
      throw unexpected(expected: "a variable name")
    }
    position += 1
    return name(token)
  }

  // MARK: - Values

  mutating func parseExpression(depth: Int = 0) throws(LiquidError) -> Expression {
    guard depth < 50 else { throw error("expression is nested too deeply") }
    let token = current
    switch token.kind {
    case .string:
      position += 1
      return .literal(.string(text(token)))
    case .integer:
      position += 1
      let digits = text(token)
      if let value = Int(digits) { return .literal(.int(value)) }
      return .literal(.double(Double(digits) ?? 0))
    case .float:
      position += 1
      return .literal(.double(Double(text(token)) ?? 0))
    case .leftParen:
      position += 1
      let low = try parseExpression(depth: depth + 1)
      _ = try expect(.dotDot, "'..' in a range")
      let high = try parseExpression(depth: depth + 1)
      _ = try expect(.rightParen, "')' to close the range")
      return .range(low, high, offset: token.offset)
    case .identifier:
      position += 1
      if let literal = keywordLiteral(token) { return .literal(literal) }
      let name = name(token)
      return .variable(
        try parseLookupPath(root: .key(name), rootName: name, start: token, depth: depth))
    case .leftBracket:
      position += 1
      let root = try parseBracketContent(depth: depth)
      return .variable(try parseLookupPath(root: root, rootName: nil, start: token, depth: depth))
    default:
      throw unexpected(expected: "a value")
    }
  }

  /// The value of `true`, `false`, `nil`, `null`, `empty` or `blank`; nil for any other name.
  private func keywordLiteral(_ token: ExpressionToken) -> LiquidValue? {
    // Only a name of 3 to 5 bytes can be one: most names are not compared at all.
    guard (3...5).contains(token.text.count) else { return nil }
    if isWord(token, "true") { return .bool(true) }
    if isWord(token, "false") { return .bool(false) }
    if isWord(token, "nil") || isWord(token, "null") { return .nil }
    if isWord(token, "empty") { return .empty }
    if isWord(token, "blank") { return .blank }
    return nil
  }

  private mutating func parseBracketContent(depth: Int) throws(LiquidError)
    -> VariableLookup.Component
  {
    let inner = try parseExpression(depth: depth + 1)
    _ = try expect(.rightBracket, "']'")
    if case .literal(.string(let key)) = inner { return .key(Name(key)) }
    return .index(inner)
  }

  /// The lookup from `start`; `rootName` is the root's name, when it has one: a lookup of a
  /// name alone is written as that name, and its text is the name's (not a second `String`).
  private mutating func parseLookupPath(
    root: VariableLookup.Component, rootName: Name?, start: ExpressionToken, depth: Int
  ) throws(LiquidError) -> VariableLookup {
    var path: [VariableLookup.Component] = []
    while true {
      if current.kind == .dot {
        position += 1
        guard current.kind == .identifier else {
          throw unexpected(expected: "a property name after '.'")
        }
        path.append(.key(name(advance())))
      } else if current.kind == .leftBracket {
        position += 1
        path.append(try parseBracketContent(depth: depth))
      } else {
        break
      }
    }
    if path.isEmpty, let rootName {
      return VariableLookup(root: root, path: path, offset: start.offset, text: rootName.text)
    }
    let previous = scratch.tokens[position - 1]
    let endOffset = previous.offset + max(previous.text.count, 1)
    let text = text(start.offset..<max(endOffset, start.offset))
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
      let name = text(nameToken)
      guard let filter = filters[name] else {
        var message = "unknown filter '\(name)'"
        message += didYouMean(name, in: filters.names)
        throw error(message, at: nameToken)
      }
      var arguments: [Expression] = []
      var keywords: [(String, Expression)] = []
      if accept(.colon) {
        repeat {
          if current.kind == .identifier && peek().kind == .colon {
            let key = text(advance())
            position += 1
            keywords.append((key, try parseExpression()))
          } else {
            arguments.append(try parseExpression())
          }
        } while accept(.comma)
      }
      try filter.checkArity(
        positional: arguments.count, keywords: keywords.map(\.0), name: name
      ) { message in error(message, at: nameToken) }
      calls.append(
        FilterCall(
          name: name, filter: filter, arguments: arguments, keywordArguments: keywords,
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
      let symbol = token.text
      if bytes.holds("==", at: symbol) {
        op = .equal
      } else if bytes.holds("!=", at: symbol) || bytes.holds("<>", at: symbol) {
        op = .notEqual
      } else if bytes.holds("<", at: symbol) {
        op = .less
      } else if bytes.holds(">", at: symbol) {
        op = .greater
      } else if bytes.holds("<=", at: symbol) {
        op = .lessOrEqual
      } else if bytes.holds(">=", at: symbol) {
        op = .greaterOrEqual
      } else {
        throw error(LiquidError.unknownOperatorMessage(text(token)))
      }
    case .identifier where isWord(token, "contains"):
      op = .contains
    case .identifier where isWord(token, "and") || isWord(token, "or"):
      return .value(left)
    case .end:
      return .value(left)
    case .identifier:
      throw error(LiquidError.unknownOperatorMessage(text(token)))
    default:
      throw unexpected(expected: "an operator, 'and', 'or' or end of markup")
    }
    position += 1
    let right = try parseExpression()
    return .comparison(left, op, right, offset: token.offset)
  }
}
