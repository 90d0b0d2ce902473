import Liquid

/// Reads the YAML people write in config files into data nodes that remember their line and
/// column: block and flow collections, plain, quoted and block scalars, comments, and YAML 1.1
/// scalar types as PyYAML resolves them. Anchors, aliases, tags, complex keys and multiple
/// documents are refused with their location, never read wrongly.
public struct YAMLReader {
  let bytes: [UInt8]
  let file: String
  let lines: LineIndex
  var position = 0
  var depth = 0

  public static func read(_ text: String, file: String) throws(Diagnostic) -> DataNode {
    var reader = YAMLReader(bytes: Array(text.utf8), file: file)
    return try reader.readDocument()
  }

  init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
    self.lines = LineIndex(bytes)
  }

  // MARK: - Positions

  var atEnd: Bool { position >= bytes.count }
  var current: UInt8 { position < bytes.count ? bytes[position] : 0 }

  func byte(at offset: Int) -> UInt8 { offset < bytes.count && offset >= 0 ? bytes[offset] : 0 }

  func location(_ offset: Int) -> SourceLocation {
    lines.location(file: file, source: bytes, offset: offset)
  }

  func error(_ message: String, at offset: Int? = nil) -> Diagnostic {
    Diagnostic(message: message, location: location(offset ?? position))
  }

  /// The column (0-based, in bytes) of an offset.
  func column(_ offset: Int) -> Int {
    var start = offset
    while start > 0 && bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    return offset - start
  }

  func isBreak(_ b: UInt8) -> Bool { b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") }
  func isBlank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
  /// Space, tab, line break or end of input.
  func isBlankOrEnd(_ offset: Int) -> Bool {
    offset >= bytes.count || isBlank(bytes[offset]) || isBreak(bytes[offset])
  }

  /// Skips spaces and tabs, and a comment, on the current line.
  mutating func skipInlineSpace() {
    while !atEnd && isBlank(current) { position += 1 }
    if current == UInt8(ascii: "#")
      && (position == 0 || isBlankOrEnd(position - 1) || isBreak(byte(at: position - 1)))
    {
      while !atEnd && !isBreak(current) { position += 1 }
    }
  }

  var atLineEnd: Bool { atEnd || isBreak(current) }

  mutating func skipLineBreak() {
    if current == UInt8(ascii: "\r") { position += 1 }
    if current == UInt8(ascii: "\n") { position += 1 }
  }

  /// Moves to the first character of the next line that has content (not blank, not only a
  /// comment), and returns its indentation; nil at the end of input. Tabs may not indent.
  mutating func nextContentLine() throws(Diagnostic) -> Int? {
    while true {
      skipInlineSpace()
      if atEnd { return nil }
      guard isBreak(current) else { return column(position) }
      skipLineBreak()
      let lineStart = position
      while current == UInt8(ascii: " ") { position += 1 }
      if current == UInt8(ascii: "\t") {
        var probe = position
        while isBlank(byte(at: probe)) { probe += 1 }
        if !isBlankOrEnd(probe) && byte(at: probe) != UInt8(ascii: "#") {
          throw error("tabs are not allowed for indentation; use spaces", at: position)
        }
      }
      if isDocumentMarker(at: lineStart) { return column(position) }
    }
  }

  func isDocumentMarker(at offset: Int, _ marker: String = "---") -> Bool {
    let m = Array(marker.utf8)
    guard offset + 3 <= bytes.count, column(offset) == 0 else { return false }
    return Array(bytes[offset..<(offset + 3)]) == m && isBlankOrEnd(offset + 3)
  }

  // MARK: - Documents

  mutating func readDocument() throws(Diagnostic) -> DataNode {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    var indent = try nextContentLine()
    if current == UInt8(ascii: "%") && indent == 0 {
      throw error("directives (%YAML, %TAG) are not supported")
    }
    if isDocumentMarker(at: position) {
      position += 3
      skipInlineSpace()
      if !atLineEnd {
        throw error("content on the '---' line is not supported; start it on the next line")
      }
      indent = try nextContentLine()
    }
    let startOffset = position
    var root = DataNode(.null, at: location(min(startOffset, bytes.count)))
    if indent != nil && !isDocumentMarker(at: position) && !isDocumentMarker(at: position, "...") {
      root = try parseBlockNode(parentIndent: -1, inline: false)
    }
    _ = try nextContentLine()
    if isDocumentMarker(at: position, "...") {
      position += 3
      _ = try nextContentLine()
    }
    if isDocumentMarker(at: position) {
      throw error("multiple documents in one file are not supported")
    }
    if !atEnd {
      throw error("unexpected content; check the indentation of this line")
    }
    return root
  }

  // MARK: - Block nodes

  /// Parses the node that starts at the current position. `inline` is true when it follows
  /// `key:` or `- ` on the same line; then the content may also start on the following lines,
  /// indented more than `parentIndent`.
  mutating func parseBlockNode(parentIndent: Int, inline: Bool, afterDash: Bool = false)
    throws(Diagnostic) -> DataNode
  {
    depth += 1
    defer { depth -= 1 }
    guard depth < 200 else { throw error("the document is nested too deeply") }
    if inline {
      let here = position
      skipInlineSpace()
      if atLineEnd {
        guard let indent = try nextContentLine(), indent > parentIndent,
          !isDocumentMarker(at: position), !isDocumentMarker(at: position, "...")
        else {
          return DataNode(.null, at: location(here))
        }
        return try parseContent(indent: indent, blockAllowed: true, parentIndent: parentIndent)
      }
      // Block collections may start on the line of a `- ` (a compact nested item), not after
      // `key:`.
      return try parseContent(
        indent: column(position), blockAllowed: afterDash, parentIndent: parentIndent)
    }
    return try parseContent(
      indent: column(position), blockAllowed: true, parentIndent: parentIndent)
  }

  /// Content at the current position, which is at column `indent`.
  mutating func parseContent(indent: Int, blockAllowed: Bool, parentIndent: Int) throws(Diagnostic)
    -> DataNode
  {
    let start = position
    try rejectUnsupported()
    switch current {
    case UInt8(ascii: "-") where isBlankOrEnd(position + 1):
      guard blockAllowed else {
        throw error("a list cannot start on the same line as its key; start it on the next line")
      }
      return try parseBlockSequence(indent: indent)
    case UInt8(ascii: "|"), UInt8(ascii: ">"):
      return try parseBlockScalar(parentIndent: parentIndent)
    case UInt8(ascii: "["), UInt8(ascii: "{"):
      let node = try parseFlowNode()
      try expectLineEnd(after: "a flow collection")
      return node
    default:
      break
    }
    // A scalar, or the first key of a mapping.
    if let key = try scanMappingKey() {
      guard blockAllowed else {
        throw error(
          "a mapping cannot start on the same line as its key; start it on the next line", at: start
        )
      }
      return try parseBlockMapping(indent: indent, firstKey: key)
    }
    position = start
    if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
      let value = try parseQuotedScalar()
      try expectLineEnd(after: "a quoted string")
      return DataNode(.string(value), at: location(start), style: .quoted)
    }
    let text = try parsePlainScalar(parentIndent: parentIndent, flow: false)
    return DataNode(try resolvePlain(text, at: start), at: location(start))
  }

  mutating func expectLineEnd(after what: String) throws(Diagnostic) {
    skipInlineSpace()
    if current == UInt8(ascii: ":") && isBlankOrEnd(position + 1) {
      throw error("\(what) cannot be a mapping key here")
    }
    if !atLineEnd { throw error("unexpected text after \(what)") }
  }

  /// Refuses the YAML features this reader does not support, where they start.
  mutating func rejectUnsupported() throws(Diagnostic) {
    switch current {
    case UInt8(ascii: "&"): throw error("anchors (&name) are not supported")
    case UInt8(ascii: "*"): throw error("aliases (*name) are not supported")
    case UInt8(ascii: "!"): throw error("tags (!tag) are not supported")
    case UInt8(ascii: "?") where isBlankOrEnd(position + 1):
      throw error("complex keys ('? key') are not supported")
    case UInt8(ascii: "@"), UInt8(ascii: "`"):
      throw error(
        "'\(String(UnicodeScalar(current)))' is reserved in YAML and cannot start a plain value; quote the value"
      )
    case UInt8(ascii: "%") where column(position) == 0:
      throw error("directives (%YAML, %TAG) are not supported")
    default: break
    }
  }

  /// If a mapping key (`key:` followed by a space or the line end) starts here, reads it and
  /// moves past the colon; otherwise leaves the position and returns nil.
  mutating func scanMappingKey() throws(Diagnostic) -> (text: String, offset: Int)? {
    let start = position
    if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
      let text = try parseQuotedScalar()
      while isBlank(current) { position += 1 }
      if current == UInt8(ascii: ":") && isBlankOrEnd(position + 1) {
        if lines.location(file: file, source: bytes, offset: start).line != location(position).line
        {
          throw error("a quoted key must be on one line", at: start)
        }
        position += 1
        return (text, start)
      }
      position = start
      return nil
    }
    // A plain key: up to ': ' on this line, not inside a comment.
    var end = position
    while end < bytes.count && !isBreak(bytes[end]) {
      if bytes[end] == UInt8(ascii: "#") && end > start && isBlank(bytes[end - 1]) { break }
      if bytes[end] == UInt8(ascii: ":") && isBlankOrEnd(end + 1) {
        var textEnd = end
        while textEnd > start && isBlank(bytes[textEnd - 1]) { textEnd -= 1 }
        let text = String(decoding: bytes[start..<textEnd], as: UTF8.self)
        position = end + 1
        return (text, start)
      }
      end += 1
    }
    return nil
  }

  mutating func parseBlockMapping(indent: Int, firstKey: (text: String, offset: Int))
    throws(Diagnostic)
    -> DataNode
  {
    var pairs: [(key: String, keyLocation: SourceLocation, value: DataNode)] = []
    var seen: [String: Int] = [:]
    var key: (text: String, offset: Int)? = firstKey
    while let (text, keyOffset) = key {
      if let first = seen[text] {
        throw error(
          "duplicate key '\(text)' (first defined at line \(location(first).line))", at: keyOffset)
      }
      seen[text] = keyOffset
      let value: DataNode
      // A list may stand at the same indentation as its key.
      let afterColon = position
      skipInlineSpace()
      if atLineEnd, let next = try peekContentLine(), next.indent == indent,
        byte(at: next.offset) == UInt8(ascii: "-"), isBlankOrEnd(next.offset + 1)
      {
        position = next.offset
        value = try parseBlockSequence(indent: indent)
      } else {
        position = afterColon
        value = try parseBlockNode(parentIndent: indent, inline: true)
      }
      pairs.append((text, location(keyOffset), value))
      guard let next = try nextContentLine(), !isDocumentMarker(at: position),
        !isDocumentMarker(at: position, "...")
      else { break }
      if next < indent { break }
      if next > indent {
        throw error("unexpected indentation: this line is indented more than the keys above it")
      }
      try rejectUnsupported()
      guard let nextKey = try scanMappingKey() else {
        if current == UInt8(ascii: "-") && isBlankOrEnd(position + 1) {
          throw error("a list item where a key was expected; indent the list under its key")
        }
        throw error("expected 'key: value' at this indentation")
      }
      key = nextKey
    }
    return DataNode(.object(pairs), at: location(firstKey.offset))
  }

  /// The indentation and offset of the next content line, without moving.
  mutating func peekContentLine() throws(Diagnostic) -> (indent: Int, offset: Int)? {
    let saved = position
    defer { position = saved }
    guard let indent = try nextContentLine() else { return nil }
    return (indent, position)
  }

  mutating func parseBlockSequence(indent: Int) throws(Diagnostic) -> DataNode {
    let start = position
    var items: [DataNode] = []
    while true {
      // At a `-` in column `indent`.
      position += 1
      items.append(try parseBlockNode(parentIndent: indent, inline: true, afterDash: true))
      guard let next = try nextContentLine(), !isDocumentMarker(at: position),
        !isDocumentMarker(at: position, "...")
      else { break }
      if next < indent { break }
      if next > indent {
        throw error(
          "unexpected indentation: this line is indented more than the list items above it")
      }
      guard current == UInt8(ascii: "-") && isBlankOrEnd(position + 1) else { break }
    }
    return DataNode(.array(items), at: location(start))
  }

  // MARK: - Scalars

  /// A plain scalar; in block context it may continue on following lines indented more than
  /// `parentIndent`, folded with spaces.
  mutating func parsePlainScalar(parentIndent: Int, flow: Bool) throws(Diagnostic) -> String {
    var result: [UInt8] = []
    var pendingBreaks = 0
    var firstLine = true
    while true {
      // One line's worth.
      let lineStart = position
      var end = position
      while end < bytes.count && !isBreak(bytes[end]) {
        let b = bytes[end]
        if b == UInt8(ascii: "#") && end > lineStart && isBlank(bytes[end - 1]) { break }
        if b == UInt8(ascii: ":")
          && (isBlankOrEnd(end + 1) || (flow && isFlowIndicator(byte(at: end + 1))))
        {
          if flow { break }
          throw error(
            "a ': ' in a plain value makes it look like a mapping; quote the value", at: end)
        }
        if flow && (b == UInt8(ascii: ",") || isFlowIndicator(b)) { break }
        end += 1
      }
      var textEnd = end
      while textEnd > lineStart && isBlank(bytes[textEnd - 1]) { textEnd -= 1 }
      if textEnd > lineStart {
        if !firstLine {
          if pendingBreaks == 0 {
            result.append(UInt8(ascii: " "))
          } else {
            result += [UInt8](repeating: UInt8(ascii: "\n"), count: pendingBreaks)
          }
        }
        result += bytes[lineStart..<textEnd]
        firstLine = false
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
        while isBlank(current) { position += 1 }
        if atEnd { break }
        if isBreak(current) {
          breaks += 1
          skipLineBreak()
          continue
        }
        if current == UInt8(ascii: "#") || isDocumentMarker(at: lineBegin)
          || isDocumentMarker(at: lineBegin, "...")
        {
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
    return String(decoding: result, as: UTF8.self)
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
    var out: [UInt8] = []
    while true {
      guard !atEnd else { throw error("quoted string is not terminated", at: start) }
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
        if isDocumentMarker(at: position - column(position)) && column(position) == 0 {
          throw error("quoted string is not terminated", at: start)
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
    guard let text = String(validating: out, as: UTF8.self) else {
      throw error("quoted string is not valid UTF-8", at: start)
    }
    return text
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
      let b = current
      let digit: UInt32
      switch b {
      case 0x30...0x39: digit = UInt32(b - 0x30)
      case 0x41...0x46: digit = UInt32(b - 0x37)
      case 0x61...0x66: digit = UInt32(b - 0x57)
      default: throw error("invalid escape: expected \(count) hex digits", at: escapeStart)
      }
      value = value << 4 | digit
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
    skipInlineSpace()
    guard atLineEnd else { throw error("unexpected text after a block scalar indicator") }
    skipLineBreak()

    // The scalar's lines, without their indentation; "" for empty lines.
    var lines: [ArraySlice<UInt8>] = []
    var lastHadBreak = false
    var longestLeadingEmpty = 0
    while !atEnd {
      let lineStart = position
      if isDocumentMarker(at: lineStart) || isDocumentMarker(at: lineStart, "...") { break }
      var spaces = 0
      while byte(at: lineStart + spaces) == UInt8(ascii: " ") { spaces += 1 }
      var lineEnd = lineStart + spaces
      while lineEnd < bytes.count && !isBreak(bytes[lineEnd]) { lineEnd += 1 }
      let isEmptyLine = bytes[(lineStart + spaces)..<lineEnd].allSatisfy { isBlank($0) }
      if indent == nil && !isEmptyLine {
        if byte(at: lineStart + spaces) == UInt8(ascii: "\t") {
          throw error("tabs are not allowed for indentation; use spaces", at: lineStart + spaces)
        }
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
    guard let text = String(validating: out, as: UTF8.self) else {
      throw error("block scalar is not valid UTF-8", at: start)
    }
    return DataNode(.string(text), at: location(start), style: folded ? .folded : .literal)
  }

  // MARK: - Flow collections

  mutating func skipFlowSpace() throws(Diagnostic) {
    while !atEnd {
      if isBlank(current) || isBreak(current) {
        position += 1
      } else if current == UInt8(ascii: "#") && isBlankOrEnd(position - 1) {
        while !atEnd && !isBreak(current) { position += 1 }
      } else {
        break
      }
    }
  }

  /// A flow node; for a plain scalar, also its text as written (keys are kept as written:
  /// `1: x` has the key "1", `on: x` the key "on").
  mutating func parseFlowItem() throws(Diagnostic) -> (node: DataNode, plainText: String?) {
    depth += 1
    defer { depth -= 1 }
    guard depth < 200 else { throw error("the document is nested too deeply") }
    let start = position
    try rejectUnsupported()
    switch current {
    case UInt8(ascii: "["):
      position += 1
      var items: [DataNode] = []
      while true {
        try skipFlowSpace()
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
          let value =
            current == UInt8(ascii: ",") || current == UInt8(ascii: "]")
            ? DataNode(.null, at: location(position)) : try parseFlowItem().node
          guard let key = try keyText(item, plain, at: itemStart) else {
            throw error("expected a key", at: itemStart)
          }
          items.append(DataNode(.object([(key, item.location, value)]), at: location(itemStart)))
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
        throw atEnd
          ? error("the list '[' is never closed with ']'", at: start)
          : error("expected ',' or ']' in a flow list")
      }
      return (DataNode(.array(items), at: location(start)), nil)
    case UInt8(ascii: "{"):
      position += 1
      var pairs: [(key: String, keyLocation: SourceLocation, value: DataNode)] = []
      var seen: [String: Int] = [:]
      while true {
        try skipFlowSpace()
        if current == UInt8(ascii: "}") {
          position += 1
          break
        }
        let keyStart = position
        let (keyNode, plain) = try parseFlowItem()
        guard let key = try keyText(keyNode, plain, at: keyStart) else {
          throw error("expected a key", at: keyStart)
        }
        if let first = seen[key] {
          throw error(
            "duplicate key '\(key)' (first defined at line \(location(first).line))", at: keyStart)
        }
        seen[key] = keyStart
        try skipFlowSpace()
        var value = DataNode(.null, at: location(position))
        if current == UInt8(ascii: ":") {
          position += 1
          try skipFlowSpace()
          if current != UInt8(ascii: ",") && current != UInt8(ascii: "}") {
            value = try parseFlowItem().node
          }
          try skipFlowSpace()
        }
        pairs.append((key, location(keyStart), value))
        if current == UInt8(ascii: ",") {
          position += 1
          continue
        }
        if current == UInt8(ascii: "}") {
          position += 1
          break
        }
        throw atEnd
          ? error("the mapping '{' is never closed with '}'", at: start)
          : error("expected ',' or '}' in a flow mapping")
      }
      return (DataNode(.object(pairs), at: location(start)), nil)
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return (DataNode(.string(try parseQuotedScalar()), at: location(start), style: .quoted), nil)
    case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","):
      throw error("expected a value, found '\(String(UnicodeScalar(current)))'")
    default:
      if atEnd { throw error("expected a value, found the end of the file") }
      let text = try parsePlainScalar(parentIndent: -1, flow: true)
      guard !text.isEmpty else { throw error("expected a value") }
      return (DataNode(try resolvePlain(text, at: start), at: location(start)), text)
    }
  }

  mutating func parseFlowNode() throws(Diagnostic) -> DataNode { try parseFlowItem().node }

  func keyText(_ node: DataNode, _ plain: String?, at offset: Int) throws(Diagnostic) -> String? {
    if let plain { return plain }
    if case .string(let s) = node.value { return s }
    throw error("a list or mapping cannot be a key (complex keys are not supported)", at: offset)
  }
}
