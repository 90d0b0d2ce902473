import Diagnostics
import HexDigits

/// Reads an OpenStep-style property list (the format of `project.pbxproj`) into a flat list of
/// tokens in one pass, checking all of its syntax. Comments are skipped, except the
/// `/* Begin … section */` and `/* End … section */` markers among the objects, whose places
/// are kept so that new objects can go into the right section.
///
/// One loop with an explicit stack and a state, rather than a function per construct: a
/// project of 20,000 files has a million tokens, and calls per token cost more than the bytes.
///
/// Reading a project, the loop can defer the objects Xcode writes on one line (build files and
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
    _ = try parser.run(from: start, into: &result, .file(deferringObjects: deferringObjects))
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
    var result = Result(tokens: [], sectionMarkers: [])
    swap(&result.tokens, &tokens)
    defer { swap(&result.tokens, &tokens) }
    _ = try parser.run(from: offset, into: &result, .object(depth: 2, indexBase: indexBase))
  }

  // MARK: - The loop

  /// What one run of the loop reads.
  private enum Mode {
    /// A whole file: its root value, the section markers among its objects, and nothing after
    /// the root; with `deferringObjects`, the objects written on one line become one deferred
    /// token each.
    case file(deferringObjects: Bool)
    /// One deferred object's dictionary, at nesting `depth`, whose first token is number
    /// `indexBase` of the document: no section markers, and nothing is checked after it.
    case object(depth: Int, indexBase: Int)
  }

  /// The loop, from `start`, in `mode`. Returns where it stopped.
  private func run(from start: Int, into result: inout Result, _ mode: Mode)
    throws(XcodeProjectError) -> Int
  {
    try ByteClass.table.withUnsafeBufferPointer { classes throws(XcodeProjectError) in
      try run(classes: classes, from: start, into: &result, mode)
    }
  }

  private func run(
    classes: UnsafeBufferPointer<UInt8>, from start: Int, into result: inout Result, _ mode: Mode
  ) throws(XcodeProjectError) -> Int {
    let single: Bool
    let deferring: Bool
    let depth: Int
    let indexBase: Int
    switch mode {
    case .file(let deferringObjects):
      (single, deferring, depth, indexBase) = (false, deferringObjects, 0, 0)
    case .object(let objectDepth, let base):
      (single, deferring, depth, indexBase) = (true, false, objectDepth, base)
    }
    let count = bytes.count
    var tokens: [PlistToken] = []
    swap(&tokens, &result.tokens)
    defer { swap(&tokens, &result.tokens) }
    var stack: [Int] = []
    var state = State.value
    var position = start
    /// The token of the `objects` dictionary, once open (reading a whole file).
    var objects = -1
    var checked = CheckedEntries()

    func append(_ kind: PlistToken.Kind, _ start: Int, _ end: Int) {
      // The file is smaller than 512 MiB (checked first), so offsets fit.
      tokens.append(token(kind, start, end, next: indexBase + tokens.count + 1))
    }
    /// Lists the last token as the key of an object read into tokens (or, with `object`, of
    /// the object passed over whose token follows).
    func indexKey(passedOver object: LineObject? = nil) {
      let key = tokens[tokens.count - 1]
      result.objects.append(
        ObjectRecord(
          key: Int32(truncatingIfNeeded: tokens.count - 1), pathHash: object?.pathHash ?? 0,
          kind: object?.kind ?? .tokenized,
          idHash: ObjectKey.isWords(key) ? ObjectKey.hash(wordsAt: Int(key.start), in: bytes) : 0))
      if let object { append(.deferred, object.open, object.close) }
    }
    /// The state after a complete value.
    func afterValue() -> State {
      guard let open = stack.last else { return .end }
      return tokens[open].kind == .dictionary ? .semicolon : .commaOrClose
    }
    func unexpected(at offset: Int) -> XcodeProjectError {
      error(
        .unexpectedCharacter(
          describeCharacter(at: offset), expected: state.expected(atRoot: stack.isEmpty)),
        at: offset)
    }

    while true {
      if single && state == .end { return position }
      // Whitespace and comments.
      if position < count {
        let byteClass = classes[Int(bytes[position])]
        if byteClass == ByteClass.whitespace {
          position += 1
          while position < count && classes[Int(bytes[position])] == ByteClass.whitespace {
            position += 1
          }
          continue
        }
        if byteClass == ByteClass.slash && position + 1 < count {
          let next = bytes[position + 1]
          if next == .star {
            guard let end = commentEnd(from: position + 2) else {
              throw error(.unterminatedComment, at: position)
            }
            // The objects are at depth 2 (the root dictionary, then `objects`).
            if stack.count == 2 && !single, let marker = sectionMarker(position, end) {
              result.sectionMarkers.append(marker)
            }
            position = end + 2
            continue
          }
          if next == .slash {
            position = find(.newline, from: position + 2) ?? count
            continue
          }
        }
      }
      if state == .end {
        guard single || position == count else { throw error(.textAfterEnd, at: position) }
        return position
      }
      guard position < count else {
        throw error(.unexpectedEnd(expected: state.expected(atRoot: stack.isEmpty)))
      }
      // Xcode's lists, an `ID /* name */,` a line, are read a run at a time.
      if state == .itemOrClose && (single || stack.count != 2) {
        let end = readListItems(from: position, tokens: &tokens, indexBase: indexBase)
        if end != position {
          position = end
          continue
        }
      }
      let byte = bytes[position]
      let inObjects = stack.count == 2 && stack[1] == objects

      switch state {
      case .equals:
        guard byte == .equals else { throw unexpected(at: position) }
        position += 1
        state = .value
        // An object written on one line is checked and passed over.
        if inObjects && deferring {
          var valueStart = position
          while valueStart < count && classes[Int(bytes[valueStart])] == ByteClass.whitespace {
            valueStart += 1
          }
          if valueStart < count && bytes[valueStart] == .openBrace,
            let object = lineObject(at: valueStart, classes: classes, checked: &checked)
          {
            // The key was listed as that of an object read into tokens: list it again.
            result.objects.removeLast()
            indexKey(passedOver: object)
            position = object.close + 1
            state = .semicolon
          }
        }
        continue
      case .semicolon:
        guard byte == .semicolon else { throw unexpected(at: position) }
        position += 1
        state = .keyOrClose
        continue
      case .commaOrClose:
        if byte == .comma {
          position += 1
          state = .itemOrClose
          continue
        }
        guard byte == .closeParen else { throw unexpected(at: position) }
      case .keyOrClose:
        if byte != .closeBrace && byte != .quote && classes[Int(byte)] != ByteClass.bare
          && classes[Int(byte)] != ByteClass.slash
        {
          throw unexpected(at: position)
        }
        // Most objects of a large project, on one line each: checked and passed over at once,
        // line after line while there are such lines.
        if inObjects && deferring && byte != .closeBrace && byte != .quote {
          var next = position
          while let line = objectLine(at: next, classes: classes, checked: &checked) {
            append(.bare, next, line.keyEnd)
            indexKey(passedOver: line.object)
            if let comment = line.comment,
              bytes[comment.start &+ 3] == UInt8(ascii: "B")
                || bytes[comment.start &+ 3] == UInt8(ascii: "E"),
              let marker = sectionMarker(comment.start, comment.end)
            {
              result.sectionMarkers.append(marker)
            }
            next = line.end
            while next < count && classes[Int(bytes[next])] == ByteClass.whitespace { next &+= 1 }
            // A comment or the end of the objects: the loop reads them.
            guard next < count, bytes[next] != .slash, bytes[next] != .closeBrace,
              bytes[next] != .quote
            else { break }
          }
          if next != position {
            position = next
            continue
          }
        }
      case .value, .itemOrClose, .end:
        break
      }

      // Closing a container.
      if (byte == .closeParen && state != .value) || (byte == .closeBrace && state == .keyOrClose) {
        let open = stack.removeLast()
        tokens[open].end = UInt32(truncatingIfNeeded: position)
        tokens[open].next = UInt32(truncatingIfNeeded: indexBase + tokens.count)
        position += 1
        state = afterValue()
        continue
      }

      // A key (in `keyOrClose`) or a value.
      let isKey = state == .keyOrClose
      switch byte {
      case .openBrace where !isKey, .openParen where !isKey:
        guard stack.count + depth < Self.depthLimit else {
          throw error(.nestingTooDeep(limit: Self.depthLimit), at: position)
        }
        if stack.count == 1 && !single && byte == .openBrace && objects < 0
          && isObjectsKey(tokens[tokens.count - 1])
        {
          objects = tokens.count
        }
        append(byte == .openBrace ? .dictionary : .array, position, position)
        stack.append(tokens.count - 1)
        position += 1
        state = byte == .openBrace ? .keyOrClose : .itemOrClose
        continue
      case .lessThan where !isKey:
        let start = position
        position += 1
        while position < count && bytes[position] != .greaterThan {
          guard bytes[position].hexDigitValue != nil || bytes[position].isWhitespace else {
            throw error(.invalidData, at: start)
          }
          position += 1
        }
        guard position < count else { throw error(.invalidData, at: start) }
        append(.data, start + 1, position)
        position += 1
      case .quote:
        var kind = PlistToken.Kind.quoted
        var end = position + 1
        while end < count {
          let character = bytes[end]
          if character == .quote { break }
          if character == .backslash {
            kind = .escaped
            end += 1
          }
          end += 1
        }
        guard end < count else { throw error(.unterminatedString, at: position) }
        append(kind, position + 1, end)
        position = end + 1
      default:
        let end = bareEnd(from: position, classes: classes)
        guard end > position else { throw unexpected(at: position) }
        append(.bare, position, end)
        position = end
      }
      if isKey && inObjects { indexKey() }
      state = isKey ? .equals : afterValue()
    }
  }

  // MARK: - Errors

  func error(_ reason: XcodeProjectError.Reason, at offset: Int? = nil) -> XcodeProjectError {
    XcodeProjectError(
      reason, file: file,
      location: SourceLocation(file: file, bytes: bytes, offset: offset ?? bytes.count))
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
  /// An empty result with room for what `count` bytes hold: Xcode's files hold about one token
  /// per 25 bytes (one per 60 when one-line objects are passed over), and one object per 150.
  /// Memory reserved and not used costs nothing.
  init(reservingFor count: Int, deferringObjects: Bool) {
    self.init(tokens: [], sectionMarkers: [])
    tokens.reserveCapacity(count / (deferringObjects ? 40 : 20) + 16)
    objects.reserveCapacity(count / 100 + 16)
  }
}
