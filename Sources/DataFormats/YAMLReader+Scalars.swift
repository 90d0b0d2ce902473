import Diagnostics
import HexDigits

/// Plain, quoted and block scalars.
extension YAMLReader {
  static let unterminatedQuoteMessage = "quoted string is not terminated"

  /// The first offset from `offset` on that a plain key or value in block context must look
  /// at, or the end: a line break, '#', a tab and ':' are at or below '#' but ':', and the bytes
  /// passed over (letters, digits, '/', '.', most of a record's keys and values) end or change
  /// nothing. Passed over in a loop of their own, they cost a third of what the loops that look
  /// at every byte did.
  func ordinaryRunEnd(from offset: Int) -> Int {
    var end = offset
    while end < bytes.count && bytes[end] > UInt8(ascii: "#") && bytes[end] != UInt8(ascii: ":") {
      end += 1
    }
    return end
  }

  /// A line indented deeper than its key, read as more of the value above it, has a ': ': a
  /// key indented too deep, or a value (a Swift signature) that goes on over lines.
  static func continuedValueMessage(_ value: String) -> String {
    let shown = value.count > 40 ? String(value.prefix(39)) + "…" : value
    return
      "this line goes on with the value '\(shown)' above it, and its ': ' makes it look like a mapping: if it is a key, indent it as the keys above it; else quote the value (or write it as a block with '|')"
  }

  /// A plain scalar; in block context it may continue on following lines indented more than
  /// `parentIndent`, folded with spaces.
  mutating func parsePlainScalar(parentIndent: Int, flow: Bool) throws(Diagnostic) -> String {
    // A value on one line is its bytes; one on several lines is folded into `result`.
    var firstLine: Range<Int>?
    var result: [UInt8] = []
    var pendingBreaks = 0
    while true {
      // One line's worth.
      let lineStart = position
      var end = flow ? position : ordinaryRunEnd(from: position)
      while end < bytes.count && !isBreak(bytes[end]) {
        let b = bytes[end]
        if b == UInt8(ascii: "#") && end > lineStart && isBlank(bytes[end - 1]) { break }
        if b == UInt8(ascii: "\t") { throw error(Self.tabMessage, at: end) }
        if b == UInt8(ascii: ":")
          && (isBlankOrEnd(end + 1) || (flow && isFlowIndicator(byte(at: end + 1))))
        {
          if flow { break }
          // On a line the value goes on to, the ': ' is most often a key indented too deep.
          if let first = firstLine {
            throw error(
              Self.continuedValueMessage(String(decoding: bytes[first], as: UTF8.self)),
              at: lineStart)
          }
          throw error(
            "a ': ' in a plain value makes it look like a mapping; quote the value", at: end)
        }
        // In a flow collection `?` ends a plain value too, as in PyYAML.
        if flow && (isFlowIndicator(b) || b == UInt8(ascii: "?")) { break }
        end = flow ? end + 1 : ordinaryRunEnd(from: end + 1)
      }
      var textEnd = end
      while textEnd > lineStart && isBlank(bytes[textEnd - 1]) { textEnd -= 1 }
      if textEnd > lineStart {
        if let first = firstLine {
          if result.isEmpty { result += bytes[first] }
          if pendingBreaks == 0 {
            result.append(UInt8(ascii: " "))
          } else {
            result += [UInt8](repeating: UInt8(ascii: "\n"), count: pendingBreaks)
          }
          result += bytes[lineStart..<textEnd]
        } else {
          firstLine = lineStart..<textEnd
        }
        pendingBreaks = 0
      }
      position = end
      // Continue on the next line?
      if atEnd || !isBreak(current) { break }
      let save = position
      skipLineBreak()
      var breaks = 0
      var continued = false
      while true {
        let lineBegin = position
        while current == UInt8(ascii: " ") { position += 1 }
        let indent = position - lineBegin
        if current == UInt8(ascii: "\t") { throw error(Self.tabIndentationMessage) }
        if atEnd { break }
        if isBreak(current) {
          breaks += 1
          skipLineBreak()
          continue
        }
        if current == UInt8(ascii: "#") || isDocumentBoundary(at: lineBegin) {
          break
        }
        // Only spaces indent; a line indented no deeper than the parent ends the value.
        continued = flow || indent > parentIndent
        break
      }
      if !continued {
        position = save
        break
      }
      pendingBreaks = breaks
    }
    guard let first = firstLine else { return "" }
    return String(decoding: result.isEmpty ? bytes[first] : result[...], as: UTF8.self)
  }

  func isFlowIndicator(_ b: UInt8) -> Bool {
    b == UInt8(ascii: "[") || b == UInt8(ascii: "]") || b == UInt8(ascii: "{")
      || b == UInt8(ascii: "}")
      || b == UInt8(ascii: ",")
  }

  /// A single- or double-quoted scalar, which may span lines (folded).
  mutating func parseQuotedScalar() throws(Diagnostic) -> String {
    let start = position
    let quote = current
    position += 1
    // Most quoted values are their bytes as written: no escape, no line break.
    var end = position
    while end < bytes.count, bytes[end] != quote, !isBreak(bytes[end]),
      bytes[end] != UInt8(ascii: "\\") || quote != UInt8(ascii: "\"")
    {
      end += 1
    }
    if end < bytes.count && bytes[end] == quote && byte(at: end + 1) != quote {
      defer { position = end + 1 }
      return String(decoding: bytes[position..<end], as: UTF8.self)
    }
    var out: [UInt8] = []
    while true {
      guard !atEnd else { throw error(Self.unterminatedQuoteMessage, at: start) }
      let b = current
      if b == quote {
        if quote == UInt8(ascii: "'") && byte(at: position + 1) == quote {
          out.append(quote)
          position += 2
          continue
        }
        position += 1
        break
      }
      if isBreak(b) {
        // Fold: trailing spaces go, one break becomes a space, more become newlines.
        while let last = out.last, isBlank(last) { out.removeLast() }
        var breaks = 0
        while !atEnd && (isBreak(current) || isBlank(current)) {
          if isBreak(current) {
            breaks += 1
            skipLineBreak()
          } else {
            position += 1
          }
        }
        if isDocumentMarker(at: position) {
          throw error(Self.unterminatedQuoteMessage, at: start)
        }
        out +=
          breaks == 1
          ? [UInt8(ascii: " ")] : [UInt8](repeating: UInt8(ascii: "\n"), count: breaks - 1)
        continue
      }
      if b == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
        try parseEscape(into: &out)
        continue
      }
      out.append(b)
      position += 1
    }
    // Valid UTF-8: the document's (a String's) bytes, split only at ASCII bytes, and escapes'.
    return String(decoding: out, as: UTF8.self)
  }

  mutating func parseEscape(into out: inout [UInt8]) throws(Diagnostic) {
    let escapeStart = position
    position += 1
    let c = current
    position += 1
    func append(_ scalar: UInt32) throws(Diagnostic) {
      guard let unicode = Unicode.Scalar(scalar) else {
        throw error("invalid escape: not a Unicode character", at: escapeStart)
      }
      out += Array(String(Character(unicode)).utf8)
    }
    switch c {
    case UInt8(ascii: "0"): out.append(0)
    case UInt8(ascii: "a"): out.append(7)
    case UInt8(ascii: "b"): out.append(8)
    case UInt8(ascii: "t"), 9: out.append(9)
    case UInt8(ascii: "n"): out.append(10)
    case UInt8(ascii: "v"): out.append(11)
    case UInt8(ascii: "f"): out.append(12)
    case UInt8(ascii: "r"): out.append(13)
    case UInt8(ascii: "e"): out.append(27)
    case UInt8(ascii: " "): out.append(32)
    case UInt8(ascii: "\""): out.append(34)
    case UInt8(ascii: "/"): out.append(47)
    case UInt8(ascii: "\\"): out.append(92)
    case UInt8(ascii: "N"): try append(0x85)
    case UInt8(ascii: "_"): try append(0xA0)
    case UInt8(ascii: "L"): try append(0x2028)
    case UInt8(ascii: "P"): try append(0x2029)
    case UInt8(ascii: "x"): try append(try hex(2, escapeStart))
    case UInt8(ascii: "u"): try append(try hex(4, escapeStart))
    case UInt8(ascii: "U"): try append(try hex(8, escapeStart))
    case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
      // An escaped line break joins the lines without a space.
      position -= 1
      skipLineBreak()
      while isBlank(current) { position += 1 }
    default:
      throw error(
        "unknown escape '\\\(String(decoding: [c], as: UTF8.self))' in a double-quoted string",
        at: escapeStart)
    }
  }

  mutating func hex(_ count: Int, _ escapeStart: Int) throws(Diagnostic) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<count {
      guard let digit = current.hexDigitValue else {
        throw error("invalid escape: expected \(count) hex digits", at: escapeStart)
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }

  /// `|` (literal) or `>` (folded) with optional chomping (`-`, `+`) and indentation digit.
  mutating func parseBlockScalar(parentIndent: Int) throws(Diagnostic) -> DataNode {
    let start = position
    let folded = current == UInt8(ascii: ">")
    position += 1
    var chomping: UInt8 = 0
    var indent: Int?
    for _ in 0..<2 {
      if current == UInt8(ascii: "-") || current == UInt8(ascii: "+") {
        guard chomping == 0 else { throw error("a block scalar has two chomping indicators") }
        chomping = current
        position += 1
      } else if current >= UInt8(ascii: "1") && current <= UInt8(ascii: "9") {
        guard indent == nil else { throw error("a block scalar has two indentation indicators") }
        indent = max(parentIndent, 0) + Int(current - UInt8(ascii: "0"))
        position += 1
      }
    }
    try skipInlineSpace()
    guard atLineEnd else { throw error("unexpected text after a block scalar indicator") }
    skipLineBreak()

    // The scalar's lines, without their indentation; "" for empty lines.
    var lines: [ArraySlice<UInt8>] = []
    var lastHadBreak = false
    var longestLeadingEmpty = 0
    while !atEnd {
      let lineStart = position
      if isDocumentBoundary(at: lineStart) { break }
      var spaces = 0
      while byte(at: lineStart + spaces) == UInt8(ascii: " ") { spaces += 1 }
      var lineEnd = lineStart + spaces
      while lineEnd < bytes.count && !isBreak(bytes[lineEnd]) { lineEnd += 1 }
      // A tab after the indentation is content; one before it (or before the first line sets
      // it) is refused, as in PyYAML.
      let tabAfterSpaces = byte(at: lineStart + spaces) == UInt8(ascii: "\t")
      if tabAfterSpaces && (indent.map { spaces < $0 } ?? (spaces <= max(parentIndent, 0))) {
        throw error(Self.tabIndentationMessage, at: lineStart + spaces)
      }
      let isEmptyLine =
        !(tabAfterSpaces && indent == nil)
        && bytes[(lineStart + spaces)..<lineEnd].allSatisfy { isBlank($0) }
      if indent == nil && !isEmptyLine {
        guard spaces > parentIndent else { break }
        if longestLeadingEmpty > spaces {
          throw error(
            "a leading empty line of this block scalar is indented more than its first line",
            at: start)
        }
        indent = spaces
      }
      if isEmptyLine {
        if indent == nil { longestLeadingEmpty = max(longestLeadingEmpty, spaces) }
        if let indent, lineStart + indent < lineEnd {
          lines.append(bytes[(lineStart + indent)..<lineEnd])
        } else {
          lines.append([])
        }
      } else {
        guard let indent, spaces >= indent else { break }
        lines.append(bytes[(lineStart + indent)..<lineEnd])
      }
      position = lineEnd
      lastHadBreak = !atEnd
      if atEnd { break }
      skipLineBreak()
    }
    // Trailing empty lines are kept or dropped by chomping.
    var trailing = 0
    while let last = lines.last, last.isEmpty {
      lines.removeLast()
      trailing += 1
    }
    var out: [UInt8] = []
    if folded {
      var previousMoreIndented = false
      var pending = 0
      var first = true
      for line in lines {
        if line.isEmpty {
          pending += 1
          continue
        }
        let moreIndented = isBlank(line.first!)
        if first {
          out += [UInt8](repeating: UInt8(ascii: "\n"), count: pending)
        } else if pending == 0 {
          out.append(moreIndented || previousMoreIndented ? UInt8(ascii: "\n") : UInt8(ascii: " "))
        } else {
          let count = moreIndented || previousMoreIndented ? pending + 1 : pending
          out += [UInt8](repeating: UInt8(ascii: "\n"), count: count)
        }
        out += line
        first = false
        previousMoreIndented = moreIndented
        pending = 0
      }
    } else {
      for (i, line) in lines.enumerated() {
        if i > 0 { out.append(UInt8(ascii: "\n")) }
        out += line
      }
    }
    let finalBreak = !lines.isEmpty && (lastHadBreak || trailing > 0)
    switch chomping {
    case UInt8(ascii: "-"): break
    case UInt8(ascii: "+"):
      out += [UInt8](repeating: UInt8(ascii: "\n"), count: trailing + (finalBreak ? 1 : 0))
    default:
      if finalBreak { out.append(UInt8(ascii: "\n")) }
    }
    // Valid UTF-8: the document's (a String's) lines, split only at ASCII bytes.
    return DataNode(
      .string(String(decoding: out, as: UTF8.self)), at: location(start),
      style: folded ? .folded : .literal)
  }

}
