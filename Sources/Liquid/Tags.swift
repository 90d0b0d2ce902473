// The nodes of Liquid's tags, each with its parsing; TemplateParser.tag(_:) registers them.

struct AssignNode: Node {
  var name: Name
  var value: FilteredExpression
  var isBlank: Bool { true }

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    context.assign(name, try context.evaluate(value))
  }
}

extension AssignNode {
  static func parse(_ token: TemplateToken, in parser: inout TemplateParser) throws(LiquidError)
    -> any Node
  {
    var expressions = try parser.expressions(token)
    let name = try expressions.parseTargetName()
    _ = try expressions.expect(.equals, "'=' after the variable name")
    return AssignNode(name: name, value: try expressions.parseFilteredExpression())
  }
}

struct CaptureNode: Node {
  var name: Name
  var body: Block
  var isBlank: Bool { true }

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    var captured = ""
    try body.render(into: &captured, context: context)
    context.assign(name, .string(captured))
  }
}

extension CaptureNode {
  static func parse(_ token: TemplateToken, in parser: inout TemplateParser) throws(LiquidError)
    -> any Node
  {
    var expressions = try parser.expressions(token)
    let name: Name
    if expressions.current.kind == .string {
      name = expressions.name(expressions.advance())
    } else {
      name = try expressions.parseTargetName()
    }
    try expressions.expectEnd()
    let (body, _) = try parser.parseBlockBody(for: token, until: [.endcapture])
    return CaptureNode(name: name, body: body)
  }
}

/// `increment` writes the counter then adds one; `decrement` subtracts one then writes it.
struct CounterNode: Node {
  var name: String
  var isIncrement: Bool

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    var value = context.counters[name] ?? 0
    if isIncrement {
      output += String(value)
      value += 1
    } else {
      value -= 1
      output += String(value)
    }
    context.counters[name] = value
  }
}

extension CounterNode {
  /// `increment name` and `decrement name`.
  static func parse(_ token: TemplateToken, in parser: inout TemplateParser) throws(LiquidError)
    -> any Node
  {
    var expressions = try parser.expressions(token)
    let name = try expressions.parseTargetName()
    try expressions.expectEnd()
    return CounterNode(name: name.text, isIncrement: token.name == .increment)
  }
}

/// `if`/`elsif`/`else` and `unless` (whose first condition is negated).
struct IfNode: Node {
  var branches: [(condition: Condition, body: Block)]
  var negateFirst: Bool
  var elseBody: Block?
  var isBlank: Bool { branches.allSatisfy(\.body.isBlank) && (elseBody?.isBlank ?? true) }

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    // By index: `enumerated()` copied each branch, retaining its condition and body.
    for index in branches.indices {
      var truth = try context.evaluate(branches[index].condition)
      if index == 0 && negateFirst { truth.toggle() }
      if truth { return try branches[index].body.render(into: &output, context: context) }
    }
    try elseBody?.render(into: &output, context: context)
  }
}

extension IfNode {
  /// `if` and `unless`, with their `elsif` and `else` branches.
  static func parse(_ token: TemplateToken, in parser: inout TemplateParser) throws(LiquidError)
    -> any Node
  {
    let endName: TagName = token.name == .unless ? .endunless : .endif
    var expressions = try parser.expressions(token)
    var condition = try expressions.parseCondition()
    try expressions.expectEnd()
    var branches: [(condition: Condition, body: Block)] = []
    var elseBody: Block?
    var delimiter = token
    // Either of two constant lists: made once, not at each `if`.
    let delimiters: [TagName] =
      token.name == .unless ? [.elsif, .else, .endunless] : [.elsif, .else, .endif]
    while true {
      let (body, end) = try parser.parseBlockBody(for: token, until: delimiters)
      if elseBody != nil {
        // Blocks after the first `else` are parsed but never rendered, as in Ruby Liquid.
      } else if delimiter.name == .else {
        elseBody = body
      } else {
        branches.append((condition, body))
      }
      delimiter = end
      if end.name == endName { break }
      if end.name == .elsif && elseBody == nil {
        var elsif = try parser.expressions(end)
        condition = try elsif.parseCondition()
        try elsif.expectEnd()
      }
    }
    var node = IfNode(branches: branches, negateFirst: token.name == .unless, elseBody: elseBody)
    if node.isBlank {
      node.branches = node.branches.map { ($0.condition, $0.body.removingBlankText()) }
      node.elseBody = node.elseBody?.removingBlankText()
    }
    return node
  }
}

/// `case`/`when`/`else`: every matching `when` value renders its block; an `else` renders
/// when nothing before it matched.
struct CaseNode: Node {
  enum Branch: Sendable {
    case when([Expression], Block)
    case otherwise(Block)
  }

  var subject: Expression
  var branches: [Branch]
  var isBlank: Bool {
    branches.allSatisfy {
      switch $0 {
      case .when(_, let body), .otherwise(let body): return body.isBlank
      }
    }
  }

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    let value = try context.evaluate(subject)
    var matched = false
    // By index, as `if` walks its branches.
    for index in branches.indices {
      switch branches[index] {
      case .when(let candidates, let body):
        for candidate in candidates.indices
        where try context.evaluate(candidates[candidate]) == value {
          matched = true
          try body.render(into: &output, context: context)
        }
      case .otherwise(let body):
        if !matched { try body.render(into: &output, context: context) }
      }
      if context.interrupt != .none { return }
    }
  }
}

extension CaseNode {
  static func parse(_ token: TemplateToken, in parser: inout TemplateParser) throws(LiquidError)
    -> any Node
  {
    var expressions = try parser.expressions(token)
    let subject = try expressions.parseExpression()
    try expressions.expectEnd()
    // Whatever stands between `case` and the first `when` is ignored.
    var (_, delimiter) = try parser.parseBlockBody(for: token, until: [.when, .else, .endcase])
    var branches: [CaseNode.Branch] = []
    while delimiter.name != .endcase {
      let (body, end) = try parser.parseBlockBody(
        for: token, until: [.when, .else, .endcase])
      if delimiter.name == .when {
        var when = try parser.expressions(delimiter)
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
}

struct InterruptNode: Node {
  var interrupt: RenderContext.Interrupt

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    context.interrupt = interrupt
  }
}

extension InterruptNode {
  /// `break` and `continue`.
  static func parse(_ token: TemplateToken, in parser: inout TemplateParser) throws(LiquidError)
    -> any Node
  {
    InterruptNode(interrupt: token.name == .break ? .break : .continue)
  }
}

struct CycleNode: Node {
  var group: Expression?
  var values: [Expression]
  /// The identity of an unnamed cycle: its values as written.
  var key: String
  /// Where the tag's markup starts, for errors.
  var offset: Int

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    var identity = "unnamed:" + key
    if let group {
      identity = "named:"
      let limit = context.environment.limits.maxOutputBytes
      guard try context.evaluate(group).writeInspect(to: &identity, limit: limit) else {
        throw context.error(
          "the cycle's group name is larger than the output limit of \(limit) bytes", at: offset)
      }
    }
    var iteration = context.cycles[identity] ?? 0
    if iteration < values.count {
      try context.write(context.evaluate(values[iteration]), into: &output)
    }
    iteration += 1
    if iteration >= values.count { iteration = 0 }
    context.cycles[identity] = iteration
  }
}

extension CycleNode {
  static func parse(_ token: TemplateToken, in parser: inout TemplateParser) throws(LiquidError)
    -> any Node
  {
    var expressions = try parser.expressions(token)
    var group: Expression?
    var first = try expressions.parseExpression()
    if expressions.accept(.colon) {
      group = first
      first = try expressions.parseExpression()
    }
    var values = [first]
    while expressions.accept(.comma) { values.append(try expressions.parseExpression()) }
    try expressions.expectEnd()
    return CycleNode(
      group: group, values: values, key: values.map(identity).joined(separator: ","),
      offset: token.argumentsStart)
  }

  /// An expression as written, for an unnamed cycle's identity.
  private static func identity(_ expression: Expression) -> String {
    switch expression {
    case .literal(let value): return value.inspect()
    case .variable(let lookup): return lookup.text
    case .range(let low, let high, _): return "(\(identity(low))..\(identity(high)))"
    }
  }
}

struct IfChangedNode: Node {
  var body: Block

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    var rendered = ""
    try body.render(into: &rendered, context: context)
    if rendered != context.lastIfChanged {
      context.lastIfChanged = rendered
      output += rendered
    }
  }
}

extension IfChangedNode {
  static func parse(_ token: TemplateToken, in parser: inout TemplateParser) throws(LiquidError)
    -> any Node
  {
    let (body, _) = try parser.parseBlockBody(for: token, until: [.endifchanged])
    return IfChangedNode(body: body)
  }
}

/// The body of a `{% liquid %}` tag, whose lines are tags.
struct LiquidTagNode: Node {
  var body: Block
  var isBlank: Bool { body.isBlank }

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    try body.render(into: &output, context: context)
  }
}

extension LiquidTagNode {
  /// The lines of `{% liquid %}` are tags without delimiters: each becomes a tag token, and
  /// a parser of its own reads them.
  static func parse(_ token: TemplateToken, in parser: inout TemplateParser) throws(LiquidError)
    -> any Node
  {
    // `{% liquid liquid liquid … %}` nests one parser in another: it counts as a block.
    try parser.enterBlock(token)
    defer { parser.depth -= 1 }
    let source = parser.source
    var lines: [TemplateToken] = []
    let bytes = parser.bytes
    var lineStart = token.argumentsStart
    let end = token.markup.upperBound
    while lineStart < end {
      var lineEnd = lineStart
      while lineEnd < end && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
      var lower = lineStart
      var upper = lineEnd
      while lower < upper && isSpace(bytes[lower]) { lower += 1 }
      while upper > lower && isSpace(bytes[upper - 1]) { upper -= 1 }
      if lower < upper {
        var line = TemplateToken(kind: .tag, range: lower..<upper, markup: lower..<upper)
        var j = lower
        if bytes[j] == UInt8(ascii: "#") {
          j += 1
        } else {
          while j < upper && isWordByte(bytes[j]) { j += 1 }
        }
        line.name = TagName.named(bytes, lower..<j)
        line.nameStart = lower
        line.argumentsStart = j
        if j == lower {
          throw source.error("expected a tag name in the 'liquid' tag", at: lower)
        }
        lines.append(line)
      }
      lineStart = lineEnd + 1
    }
    var lineParser = TemplateParser(lines: lines, parent: parser)
    let body = try lineParser.parseDocument()
    parser.partialReferences += lineParser.partialReferences
    return LiquidTagNode(body: body)
  }
}
