/// `for item in collection [reversed] [limit: n] [offset: n | continue]` … `else` … `endfor`.
struct ForNode: Node {
  /// The variable that holds the loop's `forloop` object.
  static let loopName = Name("forloop")
  var variable: Name
  var collection: Expression
  /// `variable-collection markup`: the loop's `forloop.name` and its key for `offset: continue`.
  var name: String
  var limit: Expression?
  var offset: Expression?
  var offsetContinue: Bool
  var reversed: Bool
  var body: Block
  var elseBody: Block?
  var offsetInMarkup: Int
  var isBlank: Bool { body.isBlank && (elseBody?.isBlank ?? true) }

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    let items = try context.iterationItems(try context.evaluate(collection), at: offsetInMarkup)
    let from: Int
    if offsetContinue {
      from = context.forOffsets[name] ?? 0
    } else if let offset {
      from = try context.loopInteger(offset, attribute: "offset")
    } else {
      from = 0
    }
    var slice = Array(items[try context.loopRange(count: items.count, from: from, limit: limit)])
    context.forOffsets[name] = saturatingAdd(from, slice.count)
    if reversed { slice.reverse() }

    guard !slice.isEmpty else {
      try elseBody?.render(into: &output, context: context)
      return
    }
    let loop = ForLoopDrop(name: name, length: slice.count, parent: context.currentForLoop)
    context.pushScope()
    defer { context.popScope() }
    let savedLoop = context.currentForLoop
    context.currentForLoop = loop
    defer { context.currentForLoop = savedLoop }
    context.setLocal(Self.loopName, .drop(loop))
    let slot = context.slot(of: variable)
    for item in slice {
      try context.countIteration(at: offsetInMarkup)
      context.setLocal(slot: slot, item)
      try body.render(into: &output, context: context)
      loop.index0 += 1
      if context.interrupt == .break {
        context.interrupt = .none
        break
      }
      if context.interrupt == .continue { context.interrupt = .none }
    }
  }
}

extension ForNode {
  static func parse(_ token: TemplateToken, in parser: inout TemplateParser) throws(LiquidError)
    -> any Node
  {
    let header = try LoopHeader(token, in: parser, attributes: ["limit", "offset"])
    let (body, end) = try parser.parseBlockBody(for: token, until: [.else, .endfor])
    var elseBody: Block?
    if end.name == .else {
      elseBody = try parser.parseBlockBody(for: token, until: [.endfor]).0
    }
    var node = ForNode(
      variable: header.variable, collection: header.collection,
      name: "\(header.variable.text)-\(header.collectionText)", limit: header.attributes["limit"],
      offset: header.attributes["offset"], offsetContinue: header.offsetContinue,
      reversed: header.reversed, body: body, elseBody: elseBody,
      offsetInMarkup: token.argumentsStart)
    if node.isBlank {
      node.body = body.removingBlankText()
      node.elseBody = elseBody?.removingBlankText()
    }
    return node
  }
}

/// `name in collection` followed by `reversed`, `limit: x`, `offset: x` and (for tablerow)
/// `cols: x`, in any order, optionally separated by commas.
private struct LoopHeader {
  var variable: Name
  var collection: Expression
  var collectionText: String
  var reversed = false
  var attributes: [String: Expression] = [:]
  var offsetContinue = false

  /// `names`: the attributes the tag takes, sorted (a constant array: a `Set` was built at
  /// each loop).
  init(_ token: TemplateToken, in parser: TemplateParser, attributes names: [String])
    throws(LiquidError)
  {
    var expressions = try parser.expressions(token)
    variable = try expressions.parseTargetName(allowQuestionMark: true)
    guard expressions.acceptWord("in") else {
      throw expressions.unexpected(expected: "'in'")
    }
    let collectionStart = expressions.current.offset
    collection = try expressions.parseExpression()
    collectionText = expressions.text(collectionStart..<expressions.current.offset)
      .rubyStrip()
    while !expressions.atEnd {
      if expressions.accept(.comma) { continue }
      let word = expressions.current
      if expressions.isWord(word, "reversed") && token.name == .for {
        _ = expressions.advance()
        reversed = true
        continue
      }
      let wordText = expressions.text(word)
      guard word.kind == .identifier, names.contains(wordText) else {
        let list = names.map { "'\($0)'" }.joined(separator: ", ")
        throw expressions.unexpected(expected: token.name == .for ? "'reversed', \(list)" : list)
      }
      _ = expressions.advance()
      _ = try expressions.expectColon(after: wordText)
      if wordText == "offset" && expressions.acceptWord("continue") {
        offsetContinue = true
      } else {
        attributes[wordText] = try expressions.parseExpression()
      }
    }
  }
}

/// `tablerow item in collection [cols: n] [limit: n] [offset: n]`: an HTML table's rows.
struct TablerowNode: Node {
  /// The variable that holds the loop's `tablerowloop` object.
  static let loopName = Name("tablerowloop")
  var variable: Name
  var collection: Expression
  var cols: Expression?
  var limit: Expression?
  var offset: Expression?
  var body: Block
  var offsetInMarkup: Int

  func render(into output: inout String, context: RenderContext) throws(LiquidError) {
    let items = try context.iterationItems(try context.evaluate(collection), at: offsetInMarkup)
    let from =
      try offset.map { (e) throws(LiquidError) in try context.loopInteger(e, attribute: "offset") }
      ?? 0
    let slice = items[try context.loopRange(count: items.count, from: from, limit: limit)]
    var columns = slice.count
    if let cols, case let value = try context.evaluate(cols), !value.isNil {
      columns = try context.loopInteger(cols, attribute: "cols")
    }
    let loop = TablerowLoopDrop(length: slice.count, columns: max(columns, 1))
    output += "<tr class=\"row1\">\n"
    context.pushScope()
    defer { context.popScope() }
    context.setLocal(Self.loopName, .drop(loop))
    let slot = context.slot(of: variable)
    for item in slice {
      try context.countIteration(at: offsetInMarkup)
      context.setLocal(slot: slot, item)
      output += "<td class=\"col\(loop.col)\">"
      try body.render(into: &output, context: context)
      output += "</td>"
      if context.interrupt == .break {
        context.interrupt = .none
        break
      }
      if context.interrupt == .continue { context.interrupt = .none }
      if loop.col == loop.columns && loop.index0 + 1 < loop.length {
        output += "</tr>\n<tr class=\"row\(loop.row + 1)\">"
      }
      loop.index0 += 1
    }
    output += "</tr>\n"
  }
}

extension TablerowNode {
  static func parse(_ token: TemplateToken, in parser: inout TemplateParser) throws(LiquidError)
    -> any Node
  {
    let header = try LoopHeader(token, in: parser, attributes: ["cols", "limit", "offset"])
    let (body, _) = try parser.parseBlockBody(for: token, until: [.endtablerow])
    return TablerowNode(
      variable: header.variable, collection: header.collection,
      cols: header.attributes["cols"],
      limit: header.attributes["limit"], offset: header.attributes["offset"], body: body,
      offsetInMarkup: token.argumentsStart)
  }
}

/// The `forloop` object.
final class ForLoopDrop: LiquidDrop, @unchecked Sendable {
  // Mutated only by the loop that owns it, during one single-threaded render.
  let name: String
  let length: Int
  let parent: ForLoopDrop?
  var index0 = 0

  init(name: String, length: Int, parent: ForLoopDrop?) {
    self.name = name
    self.length = length
    self.parent = parent
  }

  func value(forKey key: String) -> LiquidValue? {
    switch key {
    case "name": return .string(name)
    case "length": return .int(length)
    case "index": return .int(index0 + 1)
    case "index0": return .int(index0)
    case "rindex": return .int(length - index0)
    case "rindex0": return .int(length - index0 - 1)
    case "first": return .bool(index0 == 0)
    case "last": return .bool(index0 == length - 1)
    case "parentloop": return parent.map { .drop($0) } ?? .nil
    default: return nil
    }
  }
}

/// The `tablerowloop` object.
final class TablerowLoopDrop: LiquidDrop, @unchecked Sendable {
  let length: Int
  let columns: Int
  var index0 = 0

  init(length: Int, columns: Int) {
    self.length = length
    self.columns = columns
  }

  var col: Int { index0 % columns + 1 }
  var row: Int { index0 / columns + 1 }

  func value(forKey key: String) -> LiquidValue? {
    switch key {
    case "length": return .int(length)
    case "index": return .int(index0 + 1)
    case "index0": return .int(index0)
    case "rindex": return .int(length - index0)
    case "rindex0": return .int(length - index0 - 1)
    case "first": return .bool(index0 == 0)
    case "last": return .bool(index0 == length - 1)
    case "col": return .int(col)
    case "col0": return .int(col - 1)
    case "col_first": return .bool(col == 1)
    case "col_last": return .bool(col == columns)
    case "row": return .int(row)
    default: return nil
    }
  }
}
