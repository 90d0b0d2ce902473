/// A token inside a tag or output markup. It holds no text of its own, only where it is: the
/// parser reads the text from the source when it needs it (most tokens are punctuation, and
/// making a `String` of each was most of what lexing cost).
struct ExpressionToken: Equatable {
  enum Kind: Equatable {
    case identifier, string, integer, float
    case dot, dotDot, leftBracket, rightBracket, leftParen, rightParen
    case pipe, colon, comma, equals, comparison
    case end
  }

  var kind: Kind
  /// Byte offset of the token's first byte in the template source.
  var offset: Int
  /// Bytes of the token's text in the source: a string literal's contents without its quotes,
  /// every other token as written (empty at the end of the markup).
  var text: Range<Int>
}

/// Splits markup into expression tokens. Strings have no escapes in Liquid.
struct ExpressionLexer {
  /// Appends the tokens of the markup in `range` to `tokens`, the last an `.end`.
  static func tokenize(
    _ source: SourceText, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
    into tokens: inout [ExpressionToken]
  ) throws(LiquidError) {
    // Every byte of the markup is looked at here: through a pointer, without a bounds check each.
    var i = range.lowerBound
    let end = range.upperBound
    func add(_ kind: ExpressionToken.Kind, _ start: Int, _ length: Int) {
      tokens.append(ExpressionToken(kind: kind, offset: start, text: start..<(start + length)))
    }
    while i < end {
      let c = bytes[i]
      if isSpace(c) {
        i += 1
        continue
      }
      if let kind = punctuation(c) {
        add(kind, i, 1)
        i += 1
        continue
      }
      switch c {
      case UInt8(ascii: "'"), UInt8(ascii: "\""):
        var j = i + 1
        while j < end && bytes[j] != c { j += 1 }
        guard j < end else { throw source.error("string literal is not terminated", at: i) }
        tokens.append(ExpressionToken(kind: .string, offset: i, text: (i + 1)..<j))
        i = j + 1
      case UInt8(ascii: "."):
        if i + 1 < end && bytes[i + 1] == UInt8(ascii: ".") {
          add(.dotDot, i, 2)
          i += 2
        } else {
          add(.dot, i, 1)
          i += 1
        }
      case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"):
        let next = i + 1 < end ? bytes[i + 1] : 0
        if c == UInt8(ascii: "=") && next != UInt8(ascii: "=") {
          add(.equals, i, 1)
          i += 1
        } else if next == UInt8(ascii: "=")
          || (c == UInt8(ascii: "<") && next == UInt8(ascii: ">"))
        {
          add(.comparison, i, 2)
          i += 2
        } else if c == UInt8(ascii: "!") {
          throw source.error("unexpected character '!'", at: i)
        } else {
          add(.comparison, i, 1)
          i += 1
        }
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        var j = i
        if c == UInt8(ascii: "-") {
          j += 1
          guard j < end && isDigit(bytes[j]) else {
            throw source.error("unexpected character '-'", at: i)
          }
        }
        while j < end && isDigit(bytes[j]) { j += 1 }
        var kind = ExpressionToken.Kind.integer
        if j + 1 < end && bytes[j] == UInt8(ascii: ".") && isDigit(bytes[j + 1]) {
          kind = .float
          j += 1
          while j < end && isDigit(bytes[j]) { j += 1 }
        }
        if j < end && isWordByte(bytes[j]) && !isDigit(bytes[j]) {
          throw source.error("unexpected character in number", at: j)
        }
        add(kind, i, j - i)
        i = j
      default:
        guard isWordByte(c) && !isDigit(c) || c == UInt8(ascii: "_") else {
          let scalarEnd = min(i + 1, end)
          throw source.error("unexpected character '\(source.string(i..<scalarEnd))'", at: i)
        }
        var j = i + 1
        while j < end && (isWordByte(bytes[j]) || bytes[j] == UInt8(ascii: "-")) { j += 1 }
        if j < end && bytes[j] == UInt8(ascii: "?") { j += 1 }
        add(.identifier, i, j - i)
        i = j
      }
    }
    tokens.append(ExpressionToken(kind: .end, offset: end, text: end..<end))
  }
}

extension ExpressionLexer {
  /// The kind of a token that is one byte whatever follows it; nil for any other byte.
  private static func punctuation(_ byte: UInt8) -> ExpressionToken.Kind? {
    switch byte {
    case UInt8(ascii: "["): .leftBracket
    case UInt8(ascii: "]"): .rightBracket
    case UInt8(ascii: "("): .leftParen
    case UInt8(ascii: ")"): .rightParen
    case UInt8(ascii: "|"): .pipe
    case UInt8(ascii: ":"): .colon
    case UInt8(ascii: ","): .comma
    default: nil
    }
  }
}

@inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
