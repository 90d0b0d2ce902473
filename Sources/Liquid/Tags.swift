// The nodes of Liquid's tags. Parsing lives in TemplateParser+Tags.swift.

struct AssignNode: Node {
  var name: String
  var value: FilteredExpression
  var isBlank: Bool { true }

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    context.assign(name, try context.evaluate(value))
  }
}

struct CaptureNode: Node {
  var name: String
  var body: Block
  var isBlank: Bool { true }

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    var captured = ""
    try body.render(into: &captured, context: context)
    context.assign(name, .string(captured))
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

/// `if`/`elsif`/`else` and `unless` (whose first condition is negated).
struct IfNode: Node {
  var branches: [(condition: Condition, body: Block)]
  var negateFirst: Bool
  var elseBody: Block?
  var isBlank: Bool { branches.allSatisfy(\.body.isBlank) && (elseBody?.isBlank ?? true) }

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    for (index, branch) in branches.enumerated() {
      var truth = try context.evaluate(branch.condition)
      if index == 0 && negateFirst { truth.toggle() }
      if truth { return try branch.body.render(into: &output, context: context) }
    }
    try elseBody?.render(into: &output, context: context)
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
    for branch in branches {
      switch branch {
      case .when(let candidates, let body):
        for candidate in candidates where try context.evaluate(candidate) == value {
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

struct InterruptNode: Node {
  var interrupt: RenderContext.Interrupt

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    context.interrupt = interrupt
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

/// The body of a `{% liquid %}` tag, whose lines are tags.
struct LiquidTagNode: Node {
  var body: Block
  var isBlank: Bool { body.isBlank }

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    try body.render(into: &output, context: context)
  }
}
