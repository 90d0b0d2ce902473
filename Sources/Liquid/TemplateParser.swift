/// Builds the node tree of a template from its tokens, checking every tag and expression.
struct TemplateParser {
  let source: SourceText
  let environment: LiquidEnvironment
  private var tokens: [TemplateToken]
  private var index = 0
  var depth = 0
  /// Partials named by a literal in `include` or `render`, with where they were named: kept
  /// only when `notesPartials` (when they are parsed up front).
  var partialReferences: [(name: String, offset: Int)] = []
  let notesPartials: Bool
  /// What the expression parsers it makes reuse.
  let scratch: ParseScratch

  init(source: SourceText, environment: LiquidEnvironment, notesPartials: Bool)
    throws(LiquidError)
  {
    self.source = source
    self.environment = environment
    self.notesPartials = notesPartials
    self.tokens = try TemplateLexer(source: source).tokenize()
    scratch = ParseScratch()
  }

  /// A parser for the lines of a `{% liquid %}` tag, as tag tokens.
  init(lines: [TemplateToken], parent: TemplateParser) {
    source = parent.source
    environment = parent.environment
    notesPartials = parent.notesPartials
    scratch = parent.scratch
    tokens = lines
    depth = parent.depth
  }

  mutating func parseDocument() throws(LiquidError) -> Block {
    let (block, end) = try parseBody(until: [])
    if let end { throw unexpectedTag(end) }
    return block
  }

  // MARK: - Bodies

  /// Parses nodes until a tag named in `delimiters` (returned) or the end of input (nil).
  mutating func parseBody(until delimiters: [TagName]) throws(LiquidError) -> (
    Block, TemplateToken?
  ) {
    var nodes: [any Node] = []
    // Most blocks have a few nodes: one allocation, not one for each of 1, 2 and 4.
    nodes.reserveCapacity(4)
    while index < tokens.count {
      let token = tokens[index]
      index += 1
      switch token.kind {
      case .text:
        let text = trimmedText(at: index - 1)
        if !text.isEmpty { nodes.append(TextNode(text: text)) }
      case .output:
        let lexed = scratch.tokens.count
        defer { scratch.dropTokens(after: lexed) }
        var parser = try ExpressionParser(
          source: source, range: token.markup, filters: environment.filters,
          scratch: scratch)
        if parser.atEnd {
          nodes.append(OutputNode(expression: nil))
        } else {
          nodes.append(OutputNode(expression: try parser.parseFilteredExpression()))
        }
      case .tag:
        if let name = token.name, delimiters.contains(name) { return (Block(nodes: nodes), token) }
        let lexed = scratch.tokens.count
        defer { scratch.dropTokens(after: lexed) }
        nodes.append(try parseTag(token))
      }
    }
    return (Block(nodes: nodes), nil)
  }

  /// The text of a text token with whitespace control from its neighbours applied.
  private func trimmedText(at position: Int) -> String {
    var range = tokens[position].range
    let bytes = source.bytes
    if position > 0 && tokens[position - 1].trimAfter {
      while range.lowerBound < range.upperBound && isSpace(bytes[range.lowerBound]) {
        range = (range.lowerBound + 1)..<range.upperBound
      }
    }
    if position + 1 < tokens.count && tokens[position + 1].trimBefore {
      while range.lowerBound < range.upperBound && isSpace(bytes[range.upperBound - 1]) {
        range = range.lowerBound..<(range.upperBound - 1)
      }
    }
    return source.string(range)
  }

  /// Parses a block tag's body up to one of `delimiters`; a missing end tag is reported at
  /// the opening tag.
  mutating func parseBlockBody(for opening: TemplateToken, until delimiters: [TagName])
    throws(LiquidError) -> (Block, TemplateToken)
  {
    try enterBlock(opening)
    defer { depth -= 1 }
    let (block, end) = try parseBody(until: delimiters)
    guard let end else {
      throw source.error(
        LiquidError.unclosedTagMessage(opening.writtenName(in: source)),
        at: opening.range.lowerBound)
    }
    return (block, end)
  }

  /// One level deeper, within `maxNesting`; the caller leaves it with `depth -= 1`.
  mutating func enterBlock(_ opening: TemplateToken) throws(LiquidError) {
    depth += 1
    if depth > environment.limits.maxNesting {
      depth -= 1
      throw source.error(
        "blocks are nested more than \(environment.limits.maxNesting) deep",
        at: opening.range.lowerBound)
    }
  }

  func unexpectedTag(_ token: TemplateToken) -> LiquidError {
    source.error(
      "unexpected '\(token.writtenName(in: source))' tag: it does not close or continue any open block",
      at: token.range.lowerBound)
  }

  func expressions(_ token: TemplateToken) throws(LiquidError) -> ExpressionParser {
    try ExpressionParser(
      source: source, range: token.argumentsStart..<token.markup.upperBound,
      filters: environment.filters, scratch: scratch)
  }

  func markupText(_ token: TemplateToken) -> String {
    source.string(token.argumentsStart..<token.markup.upperBound).rubyStrip()
  }

  mutating func notePartial(_ name: String, at offset: Int) {
    if notesPartials { partialReferences.append((name, offset)) }
  }

  // MARK: - Comments

  /// Skips a `comment` block's tokens, counting nested comments.
  mutating func skipComment(_ opening: TemplateToken) throws(LiquidError) {
    var nesting = 1
    while index < tokens.count {
      let token = tokens[index]
      index += 1
      guard token.kind == .tag else { continue }
      if token.name == .comment { nesting += 1 }
      if token.name == .endcomment {
        nesting -= 1
        if nesting == 0 { return }
      }
    }
    throw source.error(
      "'comment' tag was never closed; expected '{% endcomment %}'", at: opening.range.lowerBound)
  }
}
