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
    Block(nodes: nodes.filter { !($0 is TextNode) })
  }

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    for node in nodes {
      try node.render(into: &output, context: context)
      if context.interrupt != .none { return }
    }
  }
}

struct TextNode: Node {
  var text: String

  var isBlank: Bool { text.utf8.allSatisfy(isSpace) }

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    output += text
    try context.checkOutput(output)
  }
}

/// `{{ expression | filters }}` and `{% echo expression | filters %}`.
struct OutputNode: Node {
  var expression: FilteredExpression?

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    guard let expression else { return }
    try context.write(context.evaluate(expression), into: &output)
    try context.checkOutput(output)
  }
}

/// A tag that renders nothing: comments, docs.
struct BlankNode: Node {
  var isBlank: Bool { true }
  func render(into output: inout String, context: RenderContext) throws(LiquidError) {}
}
