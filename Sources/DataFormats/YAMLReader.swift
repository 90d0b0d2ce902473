import Diagnostics
import HexDigits

/// Reads the YAML people write in config files into data nodes that remember their line and
/// column: block and flow collections, plain, quoted and block scalars, comments, and YAML 1.1
/// scalar types as PyYAML resolves them. Anchors, aliases, tags, complex keys and multiple
/// documents are refused with their location, never read wrongly.
package struct YAMLReader {
  let bytes: [UInt8]
  let file: String
  /// The same bytes, shared by the locations of every node.
  let source: SourceLines
  var position = 0
  var depth = 0
  /// The start of the line `column(_:)` last found, and how far that line is known to run
  /// without a line break: a column on it or a later line is found by looking back no further,
  /// so that the columns of every line of a document read each byte about once (a binary
  /// search of the line starts for each was a tenth of the reader's time).
  var knownLineStart = 0
  var knownLineEnd = 0

  package static func read(_ text: String, file: String) throws(Diagnostic) -> DataNode {
    var reader = YAMLReader(bytes: text.bytesWithoutByteOrderMark, file: file)
    if let offset = reader.firstUnprintable() {
      throw reader.error(
        reader.bytes[offset] == UInt8(ascii: "\r")
          ? Self.carriageReturnMessage : Self.unprintableMessage(reader.scalar(at: offset)),
        at: offset)
    }
    return try reader.readDocument()
  }

  /// YAML allows no control characters but tab and line breaks, anywhere (PyYAML refuses the
  /// document): C0 codes, DEL, C1 codes but NEL, U+FFFE and U+FFFF. Read, they went into the
  /// generated files unseen. Also the first CR alone: a line break to YAML, which this reader
  /// (whose lines end at LF) does not take for one.
  func firstUnprintable() -> Int? {
    let count = bytes.count
    var i = 0
    while i < count {
      let b = bytes[i]
      // Printable ASCII, most bytes of a document, in one comparison.
      if b &- 0x20 < 0x5F {
        i += 1
        continue
      }
      if b < 0x20 {
        if b == 0x0D {
          if byte(at: i + 1) != 0x0A { return i }
        } else if b != 0x09 && b != 0x0A {
          return i
        }
      } else if b == 0x7F {
        return i
      } else if b == 0xC2 {
        let next = byte(at: i + 1)
        if next >= 0x80 && next <= 0x9F && next != 0x85 { return i }
      } else if b == 0xEF && byte(at: i + 1) == 0xBF && byte(at: i + 2) >= 0xBE {
        return i
      }
      i += 1
    }
    return nil
  }

  /// The Unicode scalar that starts at `offset` (the text is valid UTF-8).
  func scalar(at offset: Int) -> Unicode.Scalar {
    var end = offset + 1
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    return String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
  }

  package static let carriageReturnMessage =
    "this file ends lines with a CR alone (classic Mac OS), which is not supported; save it with LF (or CRLF) line ends"

  static func unprintableMessage(_ scalar: Unicode.Scalar) -> String {
    let code = scalar.value.scalarHexDigits
    return
      "control character U+\(code) is not allowed in YAML; remove it, or write it as an escape in a double-quoted string (\"\\u\(code)\")"
  }

  init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
    self.source = SourceLines(bytes)
  }

  // MARK: - Positions

  var atEnd: Bool { position >= bytes.count }
  var current: UInt8 { position < bytes.count ? bytes[position] : 0 }

  func byte(at offset: Int) -> UInt8 { offset < bytes.count && offset >= 0 ? bytes[offset] : 0 }

  func location(_ offset: Int) -> SourceLocation {
    SourceLocation(file: file, lines: source, offset: offset)
  }

  func error(_ message: String, at offset: Int? = nil) -> Diagnostic {
    Diagnostic(message: message, location: location(offset ?? position))
  }

  /// The column (0-based, in bytes) of an offset: after the last `\n` before it.
  mutating func column(_ offset: Int) -> Int {
    let offset = min(max(offset, 0), bytes.count)
    // Back to a line break, or (at or after the known line's start) to where that line is
    // known to run without one. An earlier line (after a look ahead) leaves what is known.
    let known = offset >= knownLineStart
    let floor = known ? min(knownLineEnd, offset) : 0
    var start = offset
    while start > floor && bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    guard known else { return offset - start }
    if start == floor {
      start = knownLineStart
      knownLineEnd = max(knownLineEnd, offset)
    } else {
      knownLineStart = start
      knownLineEnd = offset
    }
    return offset - start
  }

  /// Whether `offset` starts a line (column 0).
  func isLineStart(_ offset: Int) -> Bool {
    offset == 0 || byte(at: offset - 1) == UInt8(ascii: "\n")
  }

  func isBreak(_ b: UInt8) -> Bool { b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") }
  func isBlank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
  /// Space, tab, line break or end of input.
  func isBlankOrEnd(_ offset: Int) -> Bool {
    offset >= bytes.count || isBlank(bytes[offset]) || isBreak(bytes[offset])
  }

  /// As in PyYAML, only spaces separate tokens: a tab is refused wherever it is not inside
  /// quotes, a block scalar or a comment.
  static let tabMessage =
    "tabs are not allowed outside quotes, block scalars and comments; use spaces"
  static let tabIndentationMessage = "tabs are not allowed for indentation; use spaces"

  // Messages raised in more than one place of the reader, block or flow.
  static let directivesMessage = "directives (%YAML, %TAG) are not supported"
  static let complexKeyMessage = "complex keys ('? key') are not supported"
  static let nestedTooDeeplyMessage = "the document is nested too deeply"
  static let expectedKeyMessage = "expected a key"
  static func duplicateKeyMessage(_ key: String, firstLine: Int) -> String {
    "duplicate key '\(key)' (first defined at line \(firstLine))"
  }

  /// Skips spaces, and a comment, on the current line.
  mutating func skipInlineSpace() throws(Diagnostic) {
    while current == UInt8(ascii: " ") { position += 1 }
    if current == UInt8(ascii: "\t") { throw error(Self.tabMessage) }
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
  /// comment), and returns its indentation; nil at the end of input. Tabs may not indent, not
  /// even a blank line (PyYAML refuses them too).
  mutating func nextContentLine() throws(Diagnostic) -> Int? {
    while true {
      try skipInlineSpace()
      if atEnd { return nil }
      guard isBreak(current) else { return column(position) }
      skipLineBreak()
      let lineStart = position
      while current == UInt8(ascii: " ") { position += 1 }
      if current == UInt8(ascii: "\t") { throw error(Self.tabIndentationMessage) }
      if isDocumentMarker(at: lineStart) { return column(position) }
    }
  }

  /// The line that starts a document (`---`) or ends one (`...`), by the byte it repeats.
  enum DocumentMarker: UInt8 {
    case start = 0x2D  // -
    case end = 0x2E  // .
  }

  /// Whether `marker` stands at `offset`, at the start of a line and followed by a space, a
  /// line break or the end.
  func isDocumentMarker(at offset: Int, _ marker: DocumentMarker = .start) -> Bool {
    let byte = marker.rawValue
    guard offset + 3 <= bytes.count, bytes[offset] == byte, bytes[offset + 1] == byte,
      bytes[offset + 2] == byte
    else { return false }
    return isBlankOrEnd(offset + 3) && isLineStart(offset)
  }

  /// Whether either document marker stands at `offset`.
  func isDocumentBoundary(at offset: Int) -> Bool {
    isDocumentMarker(at: offset) || isDocumentMarker(at: offset, .end)
  }

  // MARK: - Documents

  mutating func readDocument() throws(Diagnostic) -> DataNode {
    var indent = try nextContentLine()
    if current == UInt8(ascii: "%") && indent == 0 {
      throw error(Self.directivesMessage)
    }
    if isDocumentMarker(at: position) {
      position += 3
      try skipInlineSpace()
      if !atLineEnd {
        throw error("content on the '---' line is not supported; start it on the next line")
      }
      indent = try nextContentLine()
    }
    let startOffset = position
    var root = DataNode(.null, at: location(min(startOffset, bytes.count)))
    if indent != nil && !isDocumentBoundary(at: position) {
      root = try parseBlockNode(parentIndent: -1, inline: false)
    }
    _ = try nextContentLine()
    if isDocumentMarker(at: position, .end) {
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
    guard depth < 200 else { throw error(Self.nestedTooDeeplyMessage) }
    if inline {
      let here = position
      try skipInlineSpace()
      if atLineEnd {
        guard let indent = try nextContentLine(), indent > parentIndent,
          !isDocumentBoundary(at: position)
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
    case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","):
      // Flow indicators, which YAML (and PyYAML) refuse at the start of a value out of a flow
      // collection: read as text, `a: ]` meant an unopened list.
      throw error(
        "'\(String(UnicodeScalar(current)))' cannot start a value outside a flow collection ('[…]', '{…}'); quote the value"
      )
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
    try skipInlineSpace()
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
      throw error(Self.complexKeyMessage)
    case UInt8(ascii: "@"), UInt8(ascii: "`"):
      throw error(
        "'\(String(UnicodeScalar(current)))' is reserved in YAML and cannot start a plain value; quote the value"
      )
    case UInt8(ascii: "%") where isLineStart(position):
      throw error(Self.directivesMessage)
    case UInt8(ascii: "%"):
      throw error("'%' is reserved in YAML and cannot start a plain value; quote the value")
    default: break
    }
  }

  /// If a mapping key (`key:` followed by a space or the line end) starts here, reads it and
  /// moves past the colon; otherwise leaves the position and returns nil.
  mutating func scanMappingKey() throws(Diagnostic) -> (text: String, offset: Int)? {
    let start = position
    if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
      let text = try parseQuotedScalar()
      while current == UInt8(ascii: " ") { position += 1 }
      if current == UInt8(ascii: ":") && isBlankOrEnd(position + 1) {
        if bytes[start..<position].contains(UInt8(ascii: "\n")) {
          throw error("a quoted key must be on one line", at: start)
        }
        position += 1
        return (text, start)
      }
      position = start
      return nil
    }
    // A plain key: up to ': ' on this line, not inside a comment.
    var end = ordinaryRunEnd(from: position)
    while end < bytes.count && !isBreak(bytes[end]) {
      if bytes[end] == UInt8(ascii: "#") && end > start && isBlank(bytes[end - 1]) { break }
      if bytes[end] == UInt8(ascii: "\t") { throw error(Self.tabMessage, at: end) }
      if bytes[end] == UInt8(ascii: ":") && isBlankOrEnd(end + 1) {
        var textEnd = end
        while textEnd > start && isBlank(bytes[textEnd - 1]) { textEnd -= 1 }
        let text = String(decoding: bytes[start..<textEnd], as: UTF8.self)
        if text == "<<" { throw error(Self.mergeKeyMessage, at: start) }
        position = end + 1
        return (text, start)
      }
      end = ordinaryRunEnd(from: end + 1)
    }
    return nil
  }

  mutating func parseBlockMapping(indent: Int, firstKey: (text: String, offset: Int))
    throws(Diagnostic)
    -> DataNode
  {
    var pairs: [DataNode.Pair] = []
    var seen = SeenKeys()
    var key: (text: String, offset: Int)? = firstKey
    while let (text, keyOffset) = key {
      if let first = seen.position(of: text, in: pairs) {
        throw error(
          Self.duplicateKeyMessage(text, firstLine: pairs[first].keyLocation.line), at: keyOffset)
      }
      let value: DataNode
      // A list may stand at the same indentation as its key.
      let afterColon = position
      try skipInlineSpace()
      if atLineEnd, let next = try peekContentLine(), next.indent == indent,
        byte(at: next.offset) == UInt8(ascii: "-"), isBlankOrEnd(next.offset + 1)
      {
        position = next.offset
        value = try parseBlockSequence(indent: indent)
      } else {
        position = afterColon
        value = try parseBlockNode(parentIndent: indent, inline: true)
      }
      pairs.append(DataNode.Pair(text, at: location(keyOffset), value))
      guard let next = try nextContentLine(), !isDocumentBoundary(at: position)
      else { break }
      if next < indent { break }
      if next > indent {
        throw error(misindentation(after: value, of: text, at: keyOffset, indent: next))
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

  /// Why the current line, indented `indent`, deeper than the keys of its mapping, cannot be
  /// read: when the value above is a block list or mapping whose items stand deeper than it,
  /// the line is one of them indented short of them, and is told where they stand.
  func misindentation(after value: DataNode, of key: String, at keyOffset: Int, indent: Int)
    -> String
  {
    let itemIndent = value.location.column - 1
    let isItem = current == UInt8(ascii: "-") && isBlankOrEnd(position + 1)
    // A block collection starts on a line below its key; a flow one on the key's line.
    guard indent < itemIndent, value.location.line > location(keyOffset).line else {
      return Self.deeperLineMessage
    }
    switch value.value {
    case .array where isItem:
      return
        "this list item is indented less than the items of '\(key)' above it (column \(itemIndent + 1)): indent it as they are"
    case .object where !isItem:
      return
        "this line is indented less than the keys of '\(key)' above it (column \(itemIndent + 1)): indent it as they are"
    default:
      return Self.deeperLineMessage
    }
  }

  static let deeperLineMessage =
    "unexpected indentation: this line is indented more than the keys above it"

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
      guard let next = try nextContentLine(), !isDocumentBoundary(at: position)
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
}
