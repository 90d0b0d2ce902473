/// How a tag's markup (and, for a block tag, its body up to its end tag) becomes a node.
typealias TagParser =
  @Sendable (TemplateToken, inout TemplateParser) throws(LiquidError) ->
  any Node

extension TemplateParser {
  /// Every tag this parser knows: adding a tag is its name in `TagName` (with its end tag's, for
  /// a block) and one line here, with a `parse` next to its node. Nil for the names that only
  /// end or continue a block.
  static func tag(_ name: TagName) -> TagParser? {
    switch name {
    case .inlineComment: BlankNode.parseInlineComment
    case .assign: AssignNode.parse
    case .break: InterruptNode.parse
    case .capture: CaptureNode.parse
    case .case: CaseNode.parse
    case .comment: BlankNode.parseComment
    case .continue: InterruptNode.parse
    case .cycle: CycleNode.parse
    case .decrement: CounterNode.parse
    case .doc: BlankNode.parseDoc
    case .echo: OutputNode.parseEcho
    case .for: ForNode.parse
    case .if: IfNode.parse
    case .ifchanged: IfChangedNode.parse
    case .include: PartialNode.parse
    case .increment: CounterNode.parse
    case .liquid: LiquidTagNode.parse
    case .raw: TextNode.parseRaw
    case .render: PartialNode.parse
    case .tablerow: TablerowNode.parse
    case .unless: IfNode.parse
    case .endcapture, .endcase, .endcomment, .enddoc, .endfor, .endif, .endifchanged, .endraw,
      .endtablerow, .endunless, .else, .elsif, .when:
      nil
    }
  }

  /// The tags a misspelt name is compared with for "did you mean": their names are words
  /// (an inline comment's `#` is nobody's misspelling).
  static let tagNames = TagName.allCases.filter { tag($0) != nil && $0 != .inlineComment }
    .map(\.rawValue).sorted()

  mutating func parseTag(_ token: TemplateToken) throws(LiquidError) -> any Node {
    if let name = token.name, let parse = Self.tag(name) { return try parse(token, &self) }
    let name = token.writtenName(in: source)
    if name.hasPrefix("end") || token.name == .else || token.name == .elsif || token.name == .when {
      throw unexpectedTag(token)
    }
    var message = name.isEmpty ? "missing tag name" : "unknown tag '\(name)'"
    message += didYouMean(name, in: TemplateParser.tagNames)
    throw source.error(message, at: name.isEmpty ? token.range.lowerBound : token.nameStart)
  }
}
