import Diagnostics

/// Flow collections: `[a, b]` and `{k: v}`.
extension YAMLReader {
  mutating func skipFlowSpace() throws(Diagnostic) {
    while !atEnd {
      if current == UInt8(ascii: "\t") { throw error(Self.tabMessage) }
      if current == UInt8(ascii: " ") || isBreak(current) {
        position += 1
      } else if current == UInt8(ascii: "#") && isBlankOrEnd(position - 1) {
        while !atEnd && !isBreak(current) { position += 1 }
      } else {
        break
      }
    }
  }

  /// What stops a flow collection opened at `start` where neither `,` nor `closer` follows an
  /// item: a collection never closed, at its bracket, when the file ends or a later line
  /// indented no deeper than the bracket's own line goes on (the next key or entry, as in
  /// `targets: [App` then `tests: ...`); else the item that does not belong, where it is.
  func endError(
    of collection: String, closedBy closer: String, in kind: String, openedAt start: Int
  )
    -> Diagnostic
  {
    if atEnd
      || (indentation(ofLineAt: position) <= indentation(ofLineAt: start)
        && lineStart(of: position) > lineStart(of: start))
    {
      return error("the \(collection) is never closed with '\(closer)'", at: start)
    }
    return error("expected ',' or '\(closer)' in a \(kind)")
  }

  /// The offset where the line holding `offset` starts.
  func lineStart(of offset: Int) -> Int {
    var start = min(offset, bytes.count)
    while start > 0 && bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    return start
  }

  /// How many spaces start the line holding `offset`.
  func indentation(ofLineAt offset: Int) -> Int {
    var end = lineStart(of: offset)
    let start = end
    while byte(at: end) == UInt8(ascii: " ") { end += 1 }
    return end - start
  }

  /// A flow node; for a plain scalar, also its text as written (keys are kept as written:
  /// `1: x` has the key "1", `on: x` the key "on").
  mutating func parseFlowItem() throws(Diagnostic) -> (node: DataNode, plainText: String?) {
    depth += 1
    defer { depth -= 1 }
    guard depth < 200 else { throw error(Self.nestedTooDeeplyMessage) }
    let start = position
    try rejectUnsupported()
    switch current {
    case UInt8(ascii: "["):
      position += 1
      var items: [DataNode] = []
      // Where the file ends in it (`a: [`, `a: [x,`), the list is never closed.
      func unclosed() -> Diagnostic {
        endError(of: "list '['", closedBy: "]", in: "flow list", openedAt: start)
      }
      while true {
        try skipFlowSpace()
        if atEnd { throw unclosed() }
        if current == UInt8(ascii: "]") {
          position += 1
          break
        }
        let itemStart = position
        let (item, plain) = try parseFlowItem()
        try skipFlowSpace()
        if current == UInt8(ascii: ":") {
          // A single-pair mapping inside a list: [a: b].
          position += 1
          try skipFlowSpace()
          if atEnd { throw unclosed() }
          let value =
            current == UInt8(ascii: ",") || current == UInt8(ascii: "]")
            ? DataNode(.null, at: location(position)) : try parseFlowItem().node
          guard let key = try keyText(item, plain, at: itemStart) else {
            throw error(Self.expectedKeyMessage, at: itemStart)
          }
          items.append(
            DataNode(
              .object([DataNode.Pair(key, at: item.location, value)]), at: location(itemStart)))
          try skipFlowSpace()
        } else {
          items.append(item)
        }
        if current == UInt8(ascii: ",") {
          position += 1
          continue
        }
        if current == UInt8(ascii: "]") {
          position += 1
          break
        }
        throw unclosed()
      }
      return (DataNode(.array(items), at: location(start)), nil)
    case UInt8(ascii: "{") where byte(at: position + 1) == UInt8(ascii: "{"):
      // A mapping as the first key of a mapping, which is not supported: most likely a Liquid
      // pattern written unquoted (output: {{ module }}/Code).
      throw error(liquidInFlowMessage(at: start))
    case UInt8(ascii: "{"):
      position += 1
      var pairs: [DataNode.Pair] = []
      var seen = SeenKeys()
      func unclosed() -> Diagnostic {
        endError(of: "mapping '{'", closedBy: "}", in: "flow mapping", openedAt: start)
      }
      while true {
        try skipFlowSpace()
        if atEnd { throw unclosed() }
        if current == UInt8(ascii: "}") {
          position += 1
          break
        }
        let keyStart = position
        let (keyNode, plain) = try parseFlowItem()
        guard let key = try keyText(keyNode, plain, at: keyStart) else {
          throw error(Self.expectedKeyMessage, at: keyStart)
        }
        if let first = seen.position(of: key, in: pairs) {
          throw error(
            Self.duplicateKeyMessage(key, firstLine: pairs[first].keyLocation.line), at: keyStart)
        }
        try skipFlowSpace()
        var value = DataNode(.null, at: location(position))
        if current == UInt8(ascii: ":") {
          position += 1
          try skipFlowSpace()
          if atEnd { throw unclosed() }
          if current != UInt8(ascii: ",") && current != UInt8(ascii: "}") {
            value = try parseFlowItem().node
          }
          try skipFlowSpace()
        }
        pairs.append(DataNode.Pair(key, at: location(keyStart), value))
        if current == UInt8(ascii: ",") {
          position += 1
          continue
        }
        if current == UInt8(ascii: "}") {
          position += 1
          break
        }
        throw unclosed()
      }
      return (DataNode(.object(pairs), at: location(start)), nil)
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return (DataNode(.string(try parseQuotedScalar()), at: location(start), style: .quoted), nil)
    case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","):
      throw error("expected a value, found '\(String(UnicodeScalar(current)))'")
    case UInt8(ascii: "-") where isBlankOrEnd(position + 1):
      throw error("a block list item ('- ') cannot stand inside a flow collection")
    case UInt8(ascii: "?"):
      // In a flow collection `?` always starts an explicit key, even with no space after it.
      throw error(Self.complexKeyMessage)
    case UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "#"), UInt8(ascii: ":"):
      throw error(
        "'\(String(UnicodeScalar(current)))' cannot start a value inside a flow collection; quote the value"
      )
    default:
      if atEnd { throw error("expected a value, found the end of the file") }
      let text = try parsePlainScalar(parentIndent: -1, flow: true)
      guard !text.isEmpty else { throw error("expected a value") }
      return (DataNode(try resolvePlain(text, at: start), at: location(start)), text)
    }
  }

  mutating func parseFlowNode() throws(Diagnostic) -> DataNode { try parseFlowItem().node }

  /// For '{{' at `start`: YAML reads a mapping there, not a Liquid tag; the value to write
  /// instead is the rest of its line up to a comment, quoted.
  func liquidInFlowMessage(at start: Int) -> String {
    var end = start
    while end < bytes.count && !isBreak(bytes[end])
      && !(bytes[end] == UInt8(ascii: "#") && byte(at: end - 1) == UInt8(ascii: " "))
    {
      end += 1
    }
    while end > start && bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
    let value = String(decoding: bytes[start..<end], as: UTF8.self)
    let quoted = value.contains("\"") ? "'\(value)'" : "\"\(value)\""
    return
      "'{{' starts a mapping in a mapping to YAML, not a Liquid tag; quote the value (\(quoted))"
  }

  func keyText(_ node: DataNode, _ plain: String?, at offset: Int) throws(Diagnostic) -> String? {
    if let plain { return plain }
    if case .string(let s) = node.value { return s }
    throw error("a list or mapping cannot be a key (complex keys are not supported)", at: offset)
  }
}
