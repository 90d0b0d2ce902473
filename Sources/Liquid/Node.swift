/// A parsed piece of a template that writes output when rendered.
protocol Node: Sendable {
  /// True when the node writes nothing (an assignment, a comment, whitespace): a block made only
  /// of such nodes renders nothing at all, as in Ruby Liquid.
  var isBlank: Bool { get }
  func render(into output: inout String, context: RenderContext) throws(LiquidError)
}

extension Node {
  var isBlank: Bool { false }
}

/// A sequence of nodes: a template's body or the body of a block tag.
struct Block: Sendable {
  var nodes: [any Node] = []

  var isBlank: Bool { nodes.allSatisfy(\.isBlank) }

  /// Drops whitespace-only text: used when a whole block tag is blank.
  func removingBlankText() -> Block {
    Block(nodes: nodes.filter { !($0 is TextNode || $0 is ShortTextNode) })
  }

  /// Never inlined: where a block rendered inside its caller (an `if`'s branch, a template's
  /// body), each node was copied out of the array before it rendered, as by `for node in nodes`.
  @inline(never)
  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    // By index: `for node in nodes` would copy each node out of the array, retaining all it
    // holds, before rendering it.
    for index in nodes.indices {
      try nodes[index].render(into: &output, context: context)
      if context.interrupt != .none { return }
    }
  }
}

/// Text as written between tags: a slice of its template's text, so that a parse copies none of
/// its bytes.
struct TextNode: Node {
  var text: Substring

  var isBlank: Bool { text.utf8.allSatisfy(isSpace) }

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    output.append(contentsOf: text)
    try context.checkOutput(output)
  }
}

/// Text of at most `maxCount` bytes, such as most of the whitespace between tags: a `String`
/// that short is held in place (no heap), and so is the node, unboxed; a `TextNode` is boxed.
struct ShortTextNode: Node {
  /// The most UTF-8 bytes a `String` holds in place on 64-bit platforms.
  static let maxCount = 15

  var text: String

  var isBlank: Bool { text.utf8.allSatisfy(isSpace) }

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    output += text
    try context.checkOutput(output)
  }
}

extension TextNode {
  /// `raw`: the body as written, tags and all.
  static func parseRaw(_ token: TemplateToken, in parser: inout TemplateParser)
    throws(LiquidError) -> any Node
  {
    let (body, _) = try parser.parseBlockBody(for: token, until: [.endraw])
    return body.nodes.first ?? BlankNode()
  }
}

/// `{{ expression | filters }}` and `{% echo expression | filters %}`. Most outputs have no
/// filters: the node holds their expression and fits in its existential unboxed, and holds the
/// others' boxed (one that held both was boxed for every output, 64 bytes of heap each).
struct OutputNode: Node {
  enum Content: Sendable {
    /// `{{ }}`: writes nothing.
    case nothing
    case value(Expression)
    indirect case filtered(FilteredExpression)
  }

  var content: Content

  init(_ expression: FilteredExpression?) {
    guard let expression else {
      content = .nothing
      return
    }
    content = expression.filters.isEmpty ? .value(expression.expression) : .filtered(expression)
  }

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    // `write` stops at the output limit: no `checkOutput` after it.
    switch content {
    case .nothing: return
    case .value(let expression): try context.write(context.evaluate(expression), into: &output)
    case .filtered(let expression): try context.write(context.evaluate(expression), into: &output)
    }
  }
}

extension OutputNode {
  /// `{% echo expression | filters %}`.
  static func parseEcho(_ token: TemplateToken, in parser: inout TemplateParser)
    throws(LiquidError) -> any Node
  {
    var expressions = try parser.expressions(token)
    return OutputNode(expressions.atEnd ? nil : try expressions.parseFilteredExpression())
  }
}

/// A tag that renders nothing: comments, docs.
struct BlankNode: Node {
  var isBlank: Bool { true }
  func render(into output: inout String, context: RenderContext) throws(LiquidError) {}
}

extension BlankNode {
  /// `comment` … `endcomment`, with comments nested in it.
  static func parseComment(_ token: TemplateToken, in parser: inout TemplateParser)
    throws(LiquidError) -> any Node
  {
    try parser.skipComment(token)
    return BlankNode()
  }

  /// `doc` … `enddoc`: takes no arguments; its body is parsed and dropped.
  static func parseDoc(_ token: TemplateToken, in parser: inout TemplateParser)
    throws(LiquidError) -> any Node
  {
    if !parser.markupText(token).isEmpty {
      throw parser.source.error("'doc' takes no arguments", at: token.argumentsStart)
    }
    _ = try parser.parseBlockBody(for: token, until: [.enddoc])
    return BlankNode()
  }

  /// An inline comment `{% # … %}` may span lines, but every line must start with `#`.
  static func parseInlineComment(_ token: TemplateToken, in parser: inout TemplateParser)
    throws(LiquidError) -> any Node
  {
    let bytes = parser.bytes
    var i = token.argumentsStart
    var atLineStart = false
    while i < token.markup.upperBound {
      let byte = bytes[i]
      if byte == UInt8(ascii: "\n") {
        atLineStart = true
      } else if atLineStart && !isSpace(byte) {
        if byte != UInt8(ascii: "#") {
          throw parser.source.error("every line of an inline comment must start with '#'", at: i)
        }
        atLineStart = false
      }
      i += 1
    }
    return BlankNode()
  }
}
