import Diagnostics
import HexDigits

/// Reads an OpenStep-style property list (the format of `project.pbxproj`) into a flat list of
/// tokens in one pass, checking all of its syntax. Comments are skipped, except the
/// `/* Begin … section */` and `/* End … section */` markers among the objects, whose positions
/// are kept so that new objects can go into the right section.
///
/// A loop with an explicit stack and a state, rather than a function per construct: a project
/// of 20,000 files has a million tokens, and calls per token cost more than the bytes. A whole
/// file is read by `readFile`, one deferred object by `readObject`; both take each step of the
/// grammar with `readNext`.
///
/// Reading a project, `readFile` can defer the objects Xcode writes on one line (build files and
/// file references, most of a large project): each is checked as it is passed over
/// (`PlistParser+Lines`) and becomes one token, read into tokens by `parseObject` when an edit
/// needs it. Every byte is checked either way, and an error is the same.
struct PlistParser {
  /// Deeper nesting is an error rather than unbounded memory.
  static let depthLimit = 256

  struct Result {
    var tokens: [PlistToken]
    var sectionMarkers: [SectionMarker]
    /// The entries of the `objects` dictionary, in file order.
    var objects: [ObjectRecord] = []
  }

  /// A `/* Begin NAME section */` or `/* End NAME section */` comment at the objects' level.
  struct SectionMarker {
    var isBegin: Bool
    /// The byte range of NAME.
    var name: Range<Int>
    /// Where the comment's `/*` is.
    var offset: Int
  }

  /// What the parser expects next.
  private enum State {
    /// A value: the root, or a dictionary's value after `=`.
    case value
    /// An array's item or its closing `)`.
    case itemOrClose
    case keyOrClose
    case equals
    case semicolon
    case commaOrClose
    /// Only whitespace and comments after the root value.
    case end

    func expected(atRoot: Bool) -> String {
      switch self {
      case .value: atRoot ? "'{'" : "a value"
      case .itemOrClose: "a value or ')'"
      case .keyOrClose: "a key or '}'"
      case .equals: "'=' after the key"
      case .semicolon: "';' after the value"
      case .commaOrClose: "',' or ')'"
      case .end: "nothing more"
      }
    }
  }

  let bytes: UnsafeBufferPointer<UInt8>
  let file: String

  /// Reads a whole file; with `deferringObjects`, objects written on one line become one
  /// deferred token each.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, file: String, deferringObjects: Bool = false
  ) throws(XcodeProjectError) -> Result {
    guard bytes.count < PlistToken.maximumFileSize else {
      throw XcodeProjectError(.fileTooLarge, file: file)
    }
    let parser = PlistParser(bytes: bytes, file: file)
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var result = Result(reservingFor: bytes.count, deferringObjects: deferringObjects)
    try ByteClass.table.withUnsafeBufferPointer { classes throws(XcodeProjectError) in
      try parser.readFile(
        from: start, into: &result, deferringObjects: deferringObjects, classes: classes)
    }
    return result
  }

  /// Reads the deferred object whose dictionary opens at `offset`, appending its tokens to
  /// `tokens`, whose first token is number `indexBase` of the document (the `next` indexes
  /// count from there).
  static func parseObject(
    _ bytes: UnsafeBufferPointer<UInt8>, file: String, at offset: Int,
    into tokens: inout [PlistToken], indexBase: Int
  ) throws(XcodeProjectError) {
    let parser = PlistParser(bytes: bytes, file: file)
    // The object is inside the root dictionary and `objects`.
    var reader = Reader(tokens: [], position: offset, indexBase: indexBase, depth: 2)
    swap(&reader.tokens, &tokens)
    defer { swap(&reader.tokens, &tokens) }
    try ByteClass.table.withUnsafeBufferPointer { classes throws(XcodeProjectError) in
      try parser.readObject(&reader, classes: classes)
    }
  }

  // MARK: - Reading

  /// Where a read is: the tokens so far, the containers open around the position, and what
  /// comes next.
  private struct Reader {
    var tokens: [PlistToken]
    var position: Int
    /// The number in the document of the first token of `tokens`: the `next` indexes count
    /// from there.
    let indexBase: Int
    /// How many containers are open around the first token (2 for a deferred object).
    let depth: Int
    /// The token of each container open around the position, the outermost first.
    var open: [Int] = []
    var state = State.value

    /// Appends a token whose `next` is the token after it.
    @inline(__always)
    mutating func append(_ kind: PlistToken.Kind, _ start: Int, _ end: Int) {
      tokens.append(PlistParser.token(kind, start, end, next: indexBase + tokens.count + 1))
    }

    /// What comes after a complete value.
    var stateAfterValue: State {
      guard let container = open.last else { return .end }
      return tokens[container].kind == .dictionary ? .semicolon : .commaOrClose
    }
  }

  /// Reads a whole file: its root value, the section markers among its objects, and nothing
  /// but whitespace and comments after the root. With `deferringObjects`, the objects written
  /// on one line are checked and passed over, one deferred token each.
  private func readFile(
    from start: Int, into result: inout Result, deferringObjects: Bool,
    classes: UnsafeBufferPointer<UInt8>
  ) throws(XcodeProjectError) {
    var reader = Reader(tokens: [], position: start, indexBase: 0, depth: 0)
    swap(&reader.tokens, &result.tokens)
    defer { swap(&reader.tokens, &result.tokens) }
    /// The token of the `objects` dictionary, once open.
    var objects = -1
    var checked = CheckedEntries()
    while true {
      // The objects are two containers deep (the root dictionary, then `objects`).
      try skipWhitespaceAndComments(
        &reader, classes: classes, markers: &result.sectionMarkers,
        keepsMarkers: reader.open.count == 2)
      if reader.state == .end {
        guard reader.position == bytes.count else {
          throw error(.textAfterEnd, at: reader.position)
        }
        return
      }
      let byte = try nextByte(reader)
      if reader.state == .itemOrClose && reader.open.count != 2 && readListItems(&reader) {
        continue
      }
      let inObjects = reader.open.count == 2 && reader.open[1] == objects
      if inObjects && deferringObjects,
        try passOverLineObjects(&reader, byte, into: &result, checked: &checked, classes: classes)
      {
        continue
      }
      if reader.state == .value && byte == .openBrace && reader.open.count == 1 && objects < 0
        && isObjectsKey(reader.tokens[reader.tokens.count - 1])
      {
        objects = reader.tokens.count
      }
      if try readNext(&reader, byte, classes: classes) && inObjects {
        recordObject(reader, into: &result.objects)
      }
    }
  }

  /// Reads one deferred object's dictionary, from its `{` to its `}`: no section markers, and
  /// nothing after it.
  private func readObject(_ reader: inout Reader, classes: UnsafeBufferPointer<UInt8>)
    throws(XcodeProjectError)
  {
    var markers: [SectionMarker] = []
    while reader.state != .end {
      try skipWhitespaceAndComments(
        &reader, classes: classes, markers: &markers, keepsMarkers: false)
      let byte = try nextByte(reader)
      if reader.state == .itemOrClose && readListItems(&reader) { continue }
      _ = try readNext(&reader, byte, classes: classes)
    }
  }

  /// Moves past whitespace and comments; with `keepsMarkers`, appends the section markers
  /// among them to `markers`.
  @inline(__always)
  private func skipWhitespaceAndComments(
    _ reader: inout Reader, classes: UnsafeBufferPointer<UInt8>,
    markers: inout [SectionMarker], keepsMarkers: Bool
  ) throws(XcodeProjectError) {
    let count = bytes.count
    var position = reader.position
    defer { reader.position = position }
    while position < count {
      let byteClass = classes[Int(bytes[position])]
      if byteClass == ByteClass.whitespace {
        position += 1
        while position < count && classes[Int(bytes[position])] == ByteClass.whitespace {
          position += 1
        }
        continue
      }
      guard byteClass == ByteClass.slash && position + 1 < count else { return }
      let next = bytes[position + 1]
      if next == .star {
        guard let end = commentEnd(from: position + 2) else {
          throw error(.unterminatedComment, at: position)
        }
        if keepsMarkers, let marker = sectionMarker(position, end) {
          markers.append(marker)
        }
        position = end + 2
      } else if next == .slash {
        position = find(.newline, from: position + 2) ?? count
      } else {
        return
      }
    }
  }

  /// The byte at the position; an error at the end of the file, where more is expected.
  @inline(__always)
  private func nextByte(_ reader: Reader) throws(XcodeProjectError) -> UInt8 {
    guard reader.position < bytes.count else {
      throw error(.unexpectedEnd(expected: reader.state.expected(atRoot: reader.open.isEmpty)))
    }
    return bytes[reader.position]
  }

  /// Xcode's lists, an `ID /* name */,` a line, read a run at a time. True when it read any.
  @inline(__always)
  private func readListItems(_ reader: inout Reader) -> Bool {
    let end = readListItems(
      from: reader.position, tokens: &reader.tokens, indexBase: reader.indexBase)
    guard end != reader.position else { return false }
    reader.position = end
    return true
  }

  /// Reads what comes next by the grammar of property lists: punctuation, a closing bracket,
  /// an opening bracket, a key or a value. True when it read a key.
  @inline(__always)
  private func readNext(
    _ reader: inout Reader, _ byte: UInt8, classes: UnsafeBufferPointer<UInt8>
  ) throws(XcodeProjectError) -> Bool {
    let count = bytes.count
    switch reader.state {
    case .equals:
      guard byte == .equals else { throw unexpected(reader) }
      reader.position += 1
      reader.state = .value
      return false
    case .semicolon:
      guard byte == .semicolon else { throw unexpected(reader) }
      reader.position += 1
      reader.state = .keyOrClose
      return false
    case .commaOrClose:
      if byte == .comma {
        reader.position += 1
        reader.state = .itemOrClose
        return false
      }
      guard byte == .closeParen else { throw unexpected(reader) }
    case .keyOrClose:
      if byte != .closeBrace && byte != .quote && classes[Int(byte)] != ByteClass.bare
        && classes[Int(byte)] != ByteClass.slash
      {
        throw unexpected(reader)
      }
    case .value, .itemOrClose, .end:
      break
    }

    // Closing a container.
    if (byte == .closeParen && reader.state != .value)
      || (byte == .closeBrace && reader.state == .keyOrClose)
    {
      let container = reader.open.removeLast()
      reader.tokens[container].end = ByteOffset(reader.position)
      reader.tokens[container].next = TokenIndex(reader.indexBase + reader.tokens.count)
      reader.position += 1
      reader.state = reader.stateAfterValue
      return false
    }

    // A key (in `keyOrClose`) or a value.
    let isKey = reader.state == .keyOrClose
    let start = reader.position
    switch byte {
    case .openBrace where !isKey, .openParen where !isKey:
      guard reader.open.count + reader.depth < Self.depthLimit else {
        throw error(.nestingTooDeep(limit: Self.depthLimit), at: start)
      }
      reader.append(byte == .openBrace ? .dictionary : .array, start, start)
      reader.open.append(reader.tokens.count - 1)
      reader.position += 1
      reader.state = byte == .openBrace ? .keyOrClose : .itemOrClose
      return false
    case .lessThan where !isKey:
      var end = start + 1
      while end < count && bytes[end] != .greaterThan {
        guard bytes[end].hexDigitValue != nil || bytes[end].isWhitespace else {
          throw error(.invalidData, at: start)
        }
        end += 1
      }
      guard end < count else { throw error(.invalidData, at: start) }
      reader.append(.data, start + 1, end)
      reader.position = end + 1
    case .quote:
      var kind = PlistToken.Kind.quoted
      var end = start + 1
      while end < count {
        let character = bytes[end]
        if character == .quote { break }
        if character == .backslash {
          kind = .escaped
          end += 1
        }
        end += 1
      }
      guard end < count else { throw error(.unterminatedString, at: start) }
      reader.append(kind, start + 1, end)
      reader.position = end + 1
    default:
      let end = bareEnd(from: start, classes: classes)
      guard end > start else { throw unexpected(reader) }
      reader.append(.bare, start, end)
      reader.position = end
    }
    reader.state = isKey ? .equals : reader.stateAfterValue
    return isKey
  }

  // MARK: - Objects passed over

  /// Among the objects of a file, passes over those written on one line, each checked and
  /// kept as one deferred token: after a key's `=`, its object; at a key, the entries on one
  /// line from there, line after line. True when it read anything.
  @inline(__always)
  private func passOverLineObjects(
    _ reader: inout Reader, _ byte: UInt8, into result: inout Result,
    checked: inout CheckedEntries, classes: UnsafeBufferPointer<UInt8>
  ) throws(XcodeProjectError) -> Bool {
    let count = bytes.count
    switch reader.state {
    case .equals where byte == .equals:
      reader.position += 1
      reader.state = .value
      var valueStart = reader.position
      while valueStart < count && classes[Int(bytes[valueStart])] == ByteClass.whitespace {
        valueStart += 1
      }
      if valueStart < count && bytes[valueStart] == .openBrace,
        let object = lineObject(at: valueStart, classes: classes, checked: &checked)
      {
        // The key was recorded as that of an object read into tokens: record it again.
        result.objects.removeLast()
        recordObject(reader, passedOver: object, into: &result.objects)
        reader.append(.deferred, object.open, object.close)
        reader.position = object.close + 1
        reader.state = .semicolon
      }
      return true
    case .keyOrClose
    where byte != .closeBrace && byte != .quote
      && (classes[Int(byte)] == ByteClass.bare || classes[Int(byte)] == ByteClass.slash):
      // Most objects of a large project, on one line each.
      var next = reader.position
      while let line = objectLine(at: next, classes: classes, checked: &checked) {
        reader.append(.bare, next, line.keyEnd)
        recordObject(reader, passedOver: line.object, into: &result.objects)
        reader.append(.deferred, line.object.open, line.object.close)
        if let comment = line.comment,
          bytes[comment.start &+ 3] == UInt8(ascii: "B")
            || bytes[comment.start &+ 3] == UInt8(ascii: "E"),
          let marker = sectionMarker(comment.start, comment.end)
        {
          result.sectionMarkers.append(marker)
        }
        next = line.end
        while next < count && classes[Int(bytes[next])] == ByteClass.whitespace { next &+= 1 }
        // A comment or the end of the objects: `readFile` reads them.
        guard next < count, bytes[next] != .slash, bytes[next] != .closeBrace,
          bytes[next] != .quote
        else { break }
      }
      guard next != reader.position else { return false }
      reader.position = next
      return true
    default:
      return false
    }
  }

  /// Records the last token as the key of an object: one read into tokens, or with `object`,
  /// one passed over (whose deferred token the caller appends next).
  @inline(__always)
  private func recordObject(
    _ reader: Reader, passedOver object: LineObject? = nil, into objects: inout [ObjectRecord]
  ) {
    let key = reader.tokens[reader.tokens.count - 1]
    objects.append(
      ObjectRecord(
        key: TokenIndex(reader.tokens.count - 1),
        pathHash: object?.pathHash ?? 0, kind: object?.kind ?? .tokenized,
        idHash: ObjectKey.isWords(key) ? ObjectKey.hash(wordsAt: Int(key.start), in: bytes) : 0))
  }

  // MARK: - Errors

  /// An unexpected character at the position: what the reader expected instead.
  private func unexpected(_ reader: Reader) -> XcodeProjectError {
    error(
      .unexpectedCharacter(
        describeCharacter(at: reader.position),
        expected: reader.state.expected(atRoot: reader.open.isEmpty)),
      at: reader.position)
  }

  /// The error at `offset`; any error at a line that is a merge conflict's marker is that.
  func error(_ reason: XcodeProjectError.Reason, at offset: Int? = nil) -> XcodeProjectError {
    let offset = offset ?? bytes.count
    return XcodeProjectError(
      isConflictMarker(at: offset) ? .mergeConflict : reason, file: file,
      location: SourceLocation(file: file, bytes: bytes, offset: offset))
  }

  /// Whether a line starts at `offset` with a marker version control leaves in a conflicted
  /// file (`ConflictMarker`).
  private func isConflictMarker(at offset: Int) -> Bool {
    guard offset < bytes.count, offset == 0 || bytes[offset - 1] == .newline else {
      return false
    }
    return ConflictMarker.character(of: bytes[offset...].prefix { $0 != .newline }) != nil
  }

  /// The character at `offset` as an error shows it: `'x'`, or a name for what cannot be seen.
  private func describeCharacter(at offset: Int) -> String {
    let byte = bytes[offset]
    switch byte {
    case .newline, .carriageReturn: return "end of line"
    case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
    case 0x80...:
      var end = offset + 1
      while end < bytes.count && end < offset + 4 && bytes[end] & 0xC0 == 0x80 { end += 1 }
      return "'" + String(decoding: bytes[offset..<end], as: UTF8.self) + "'"
    default:
      let hex = String(byte, radix: 16, uppercase: true)
      return "control character 0x" + (hex.count == 1 ? "0" + hex : hex)
    }
  }
}

/// What a byte can be in the parser's loop, from a table rather than a chain of comparisons.
enum ByteClass {
  static let other: UInt8 = 0
  /// Part of unquoted text (see `UInt8.isBareText`), except `/`.
  static let bare: UInt8 = 1
  /// `/`: part of unquoted text, unless it starts a comment.
  static let slash: UInt8 = 2
  static let whitespace: UInt8 = 3

  static let table: [UInt8] = (0...255).map { (value: Int) -> UInt8 in
    let byte = UInt8(value)
    if byte == .slash { return slash }
    if byte.isWhitespace { return whitespace }
    return byte.isBareText ? bare : other
  }
}

extension PlistParser.Result {
  /// An empty result with the capacity for what `count` bytes hold: Xcode's files hold about one token
  /// per 25 bytes (one per 60 when one-line objects are passed over), and one object per 150.
  /// Memory reserved and not used costs nothing.
  init(reservingFor count: Int, deferringObjects: Bool) {
    self.init(tokens: [], sectionMarkers: [])
    tokens.reserveCapacity(count / (deferringObjects ? 40 : 20) + 16)
    objects.reserveCapacity(count / 100 + 16)
  }
}
