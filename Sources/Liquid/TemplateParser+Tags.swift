/// How a tag's markup (and, for a block tag, its body up to its end tag) becomes a node.
typealias TagParser =
  @Sendable (TemplateToken, inout TemplateParser) throws(LiquidError) ->
  any Node

extension TemplateParser {
  /// Every tag this parser knows: adding a tag is one line here and a `parse` next to its node.
  static let tags: [String: TagParser] = [
    "#": BlankNode.parseInlineComment,
    "assign": AssignNode.parse,
    "break": InterruptNode.parse,
    "capture": CaptureNode.parse,
    "case": CaseNode.parse,
    "comment": BlankNode.parseComment,
    "continue": InterruptNode.parse,
    "cycle": CycleNode.parse,
    "decrement": CounterNode.parse,
    "doc": BlankNode.parseDoc,
    "echo": OutputNode.parseEcho,
    "for": ForNode.parse,
    "if": IfNode.parse,
    "ifchanged": IfChangedNode.parse,
    "include": PartialNode.parse,
    "increment": CounterNode.parse,
    "liquid": LiquidTagNode.parse,
    "raw": TextNode.parseRaw,
    "render": PartialNode.parse,
    "tablerow": TablerowNode.parse,
    "unless": IfNode.parse,
  ]

  /// The tags a misspelt name is compared with for "did you mean": their names are words
  /// (an inline comment's `#` is nobody's misspelling).
  static let tagNames = tags.keys.filter { $0.first?.isLetter == true }.sorted()

  mutating func parseTag(_ token: TemplateToken) throws(LiquidError) -> any Node {
    if let parse = Self.tags[token.name] { return try parse(token, &self) }
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
