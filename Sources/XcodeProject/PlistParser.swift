#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads an OpenStep-style property list (the format of `project.pbxproj`) into a flat list of
/// tokens in one pass, checking all of its syntax. Comments are skipped, except the
/// `/* Begin … section */` and `/* End … section */` markers among the objects, whose places
/// are kept so that new objects can go into the right section.
///
/// One loop with an explicit stack and a state, rather than a function per construct: a
/// project of 20,000 files has a million tokens, and calls per token cost more than the bytes.
struct PlistParser {
  /// Deeper nesting is an error rather than unbounded memory.
  static let depthLimit = 256

  struct Result {
    var tokens: [PlistToken]
    var sectionMarkers: [SectionMarker]
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

  private let bytes: UnsafeBufferPointer<UInt8>
  private let file: String

  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(XcodeProjectError)
    -> Result
  {
    guard bytes.count < PlistToken.maximumFileSize else {
      throw XcodeProjectError(.fileTooLarge, file: file)
    }
    let parser = PlistParser(bytes: bytes, file: file)
    return try ByteClass.table.withUnsafeBufferPointer { table throws(XcodeProjectError) in
      try parser.run(classes: table)
    }
  }

  // MARK: - The loop

  private func run(classes: UnsafeBufferPointer<UInt8>) throws(XcodeProjectError) -> Result {
    let count = bytes.count
    var tokens: [PlistToken] = []
    // Xcode's files hold about one token per 25 bytes.
    tokens.reserveCapacity(count / 20 + 16)
    var markers: [SectionMarker] = []
    var stack: [Int] = []
    var state = State.value
    var position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0

    func append(_ kind: PlistToken.Kind, _ start: Int, _ end: Int) {
      // The file is smaller than 512 MiB (checked first), so offsets fit.
      tokens.append(
        PlistToken(
          kind: kind, start: UInt32(truncatingIfNeeded: start),
          end: UInt32(truncatingIfNeeded: end),
          next: UInt32(truncatingIfNeeded: tokens.count + 1)))
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
            guard let end = find(.star, .slash, from: position + 2) else {
              throw error(.unterminatedComment, at: position)
            }
            // The objects are at depth 2 (the root dictionary, then `objects`).
            if stack.count == 2, let marker = sectionMarker(position, end) {
              markers.append(marker)
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
        guard position == count else { throw error(.textAfterEnd, at: position) }
        return Result(tokens: tokens, sectionMarkers: markers)
      }
      guard position < count else {
        throw error(.unexpectedEnd(expected: state.expected(atRoot: stack.isEmpty)))
      }
      let byte = bytes[position]

      switch state {
      case .equals:
        guard byte == .equals else { throw unexpected(at: position) }
        position += 1
        state = .value
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
      case .value, .itemOrClose, .end:
        break
      }

      // Closing a container.
      if (byte == .closeParen && state != .value) || (byte == .closeBrace && state == .keyOrClose) {
        let open = stack.removeLast()
        tokens[open].end = UInt32(truncatingIfNeeded: position)
        tokens[open].next = UInt32(truncatingIfNeeded: tokens.count)
        position += 1
        state = afterValue()
        continue
      }

      // A key (in `keyOrClose`) or a value.
      let isKey = state == .keyOrClose
      switch byte {
      case .openBrace where !isKey, .openParen where !isKey:
        guard stack.count < Self.depthLimit else {
          throw error(.nestingTooDeep(limit: Self.depthLimit), at: position)
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
          guard bytes[position].hexValue != nil || bytes[position].isWhitespace else {
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
        var end = position
        // Eight bytes at a time while they are all plain text (IDs are 24 characters).
        while end + 8 <= count {
          var notBare: UInt8 = 0
          for offset in 0..<8 { notBare |= classes[Int(bytes[end + offset])] ^ ByteClass.bare }
          if notBare != 0 { break }
          end += 8
        }
        while end < count {
          let byteClass = classes[Int(bytes[end])]
          if byteClass == ByteClass.bare {
            end += 1
          } else if byteClass == ByteClass.slash
            && !(end + 1 < count && (bytes[end + 1] == .slash || bytes[end + 1] == .star))
          {
            end += 1
          } else {
            break
          }
        }
        guard end > position else { throw unexpected(at: position) }
        append(.bare, position, end)
        position = end
      }
      state = isKey ? .equals : afterValue()
    }
  }

  // MARK: - Comments

  /// The offset of the next `byte` from `offset` on.
  private func find(_ byte: UInt8, from offset: Int) -> Int? {
    guard offset < bytes.count, let base = bytes.baseAddress,
      let found = memchr(base + offset, Int32(byte), bytes.count - offset)
    else { return nil }
    return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
  }

  /// The offset of the next `first` followed by `second` from `offset` on.
  private func find(_ first: UInt8, _ second: UInt8, from offset: Int) -> Int? {
    var offset = offset
    while let found = find(first, from: offset) {
      if found + 1 < bytes.count && bytes[found + 1] == second { return found }
      offset = found + 1
    }
    return nil
  }

  private static let sectionSuffix = Array(" section ".utf8)
  private static let beginPrefix = Array(" Begin ".utf8)
  private static let endPrefix = Array(" End ".utf8)

  /// The comment from `/*` at `start` to `*/` at `end` as a section marker, if it is one.
  private func sectionMarker(_ start: Int, _ end: Int) -> SectionMarker? {
    // Most comments here are an object's name: rule them out by their first letter.
    guard end - start > 4,
      bytes[start + 3] == UInt8(ascii: "B") || bytes[start + 3] == UInt8(ascii: "E")
    else { return nil }
    let text = UnsafeBufferPointer(rebasing: bytes[(start + 2)..<end])
    let suffix = Self.sectionSuffix
    guard text.count > suffix.count, text.suffix(suffix.count).elementsEqual(suffix) else {
      return nil
    }
    let isBegin = text.starts(with: Self.beginPrefix)
    guard isBegin || text.starts(with: Self.endPrefix) else { return nil }
    let prefixLength = isBegin ? Self.beginPrefix.count : Self.endPrefix.count
    let name = (start + 2 + prefixLength)..<(end - suffix.count)
    return name.isEmpty ? nil : SectionMarker(isBegin: isBegin, name: name, offset: start)
  }

  // MARK: - Errors

  private func error(_ reason: XcodeProjectError.Reason, at offset: Int? = nil) -> XcodeProjectError
  {
    XcodeProjectError(
      reason, file: file,
      location: ProjectFileLocation(bytes: bytes, offset: offset ?? bytes.count))
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
