/// Builds the node tree of a template from its tokens, checking every tag and expression.
struct TemplateParser {
  let source: SourceText
  /// The source's bytes, read in place while `parse(_:environment:notesPartials:)` runs.
  let bytes: UnsafeBufferPointer<UInt8>
  let environment: LiquidEnvironment
  private var tokens: [TemplateToken]
  private var index = 0
  var depth = 0
  /// The opening tags of the blocks being parsed, innermost last: a stray end tag names the
  /// block it stands in.
  private var openBlocks: [TemplateToken] = []
  /// Partials named by a literal in `include` or `render`, with where they were named: kept
  /// only when `notesPartials` (when they are parsed up front).
  var partialReferences: [(name: String, offset: Int)] = []
  let notesPartials: Bool
  /// What the expression parsers it makes reuse.
  let scratch: ParseScratch

  /// Parses a template: its body, and the partials it names with a literal (when
  /// `notesPartials`).
  static func parse(_ source: SourceText, environment: LiquidEnvironment, notesPartials: Bool)
    throws(LiquidError) -> (body: Block, partialReferences: [(name: String, offset: Int)])
  {
    try source.withBytes { (bytes) throws(LiquidError) in
      var parser = try TemplateParser(
        source: source, bytes: bytes, environment: environment, notesPartials: notesPartials)
      return (try parser.parseDocument(), parser.partialReferences)
    }
  }

  init(
    source: SourceText, bytes: UnsafeBufferPointer<UInt8>, environment: LiquidEnvironment,
    notesPartials: Bool
  ) throws(LiquidError) {
    self.source = source
    self.bytes = bytes
    self.environment = environment
    self.notesPartials = notesPartials
    self.tokens = try TemplateLexer(source: source, bytes: bytes).tokenize()
    scratch = ParseScratch()
  }

  /// A parser for the lines of a `{% liquid %}` tag, as tag tokens.
  init(lines: [TemplateToken], parent: TemplateParser) {
    source = parent.source
    bytes = parent.bytes
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
    let outer = scratch.nodes.count
    while index < tokens.count {
      let token = tokens[index]
      index += 1
      switch token.kind {
      case .text:
        let range = trimmedText(at: index - 1)
        if range.count > ShortTextNode.maxCount {
          scratch.nodes.append(TextNode(text: source.slice(range)))
        } else if !range.isEmpty {
          scratch.nodes.append(ShortTextNode(text: bytes.string(range)))
        }
      case .output:
        let lexed = scratch.tokens.count
        defer { scratch.dropTokens(after: lexed) }
        var parser = try ExpressionParser(
          source: source, bytes: bytes, range: token.markup, filters: environment.filters,
          scratch: scratch)
        if parser.atEnd {
          scratch.nodes.append(OutputNode(nil))
        } else {
          let expression = try parser.parseFilteredExpression()
          scratch.nodes.append(OutputNode(expression))
        }
      case .tag:
        if let name = token.name, delimiters.contains(name) {
          return (Block(nodes: scratch.takeNodes(after: outer)), token)
        }
        let lexed = scratch.tokens.count
        defer { scratch.dropTokens(after: lexed) }
        let node = try parseTag(token)
        scratch.nodes.append(node)
      }
    }
    return (Block(nodes: scratch.takeNodes(after: outer)), nil)
  }

  /// Where the text of a text token is, with whitespace control from its neighbours applied.
  private func trimmedText(at position: Int) -> Range<Int> {
    let range = tokens[position].range
    let trimsStart = position > 0 && tokens[position - 1].trimAfter
    let trimsEnd = position + 1 < tokens.count && tokens[position + 1].trimBefore
    guard trimsStart || trimsEnd else { return range }
    var lower = range.lowerBound
    var upper = range.upperBound
    if trimsStart {
      while lower < upper && isSpace(bytes[lower]) { lower += 1 }
    }
    if trimsEnd {
      while lower < upper && isSpace(bytes[upper - 1]) { upper -= 1 }
    }
    return lower..<upper
  }

  /// Parses a block tag's body up to one of `delimiters`; a missing end tag is reported at
  /// the opening tag.
  mutating func parseBlockBody(for opening: TemplateToken, until delimiters: [TagName])
    throws(LiquidError) -> (Block, TemplateToken)
  {
    try enterBlock(opening)
    openBlocks.append(opening)
    defer {
      depth -= 1
      openBlocks.removeLast()
    }
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
    let name = token.writtenName(in: source)
    guard let open = openBlocks.last else {
      return source.error(
        "unexpected '\(name)' tag: it does not close or continue any open block",
        at: token.range.lowerBound)
    }
    let opener = open.writtenName(in: source)
    return source.error(
      "unexpected '\(name)' tag: the '\(opener)' block opened at line \(source.location(at: open.range.lowerBound).line) is still open; close it first with '{% end\(opener) %}'",
      at: token.range.lowerBound)
  }

  func expressions(_ token: TemplateToken) throws(LiquidError) -> ExpressionParser {
    try ExpressionParser(
      source: source, bytes: bytes, range: token.argumentsStart..<token.markup.upperBound,
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
