/// A piece of template source: literal text, an output `{{ … }}` or a tag `{% … %}`.
struct TemplateToken {
  enum Kind { case text, output, tag }

  var kind: Kind
  /// Byte range of the whole token, delimiters included.
  var range: Range<Int>
  /// Byte range of the markup between the delimiters and whitespace-control dashes.
  var markup: Range<Int>
  /// `{%-` / `{{-`: strip whitespace before the token.
  var trimBefore = false
  /// `-%}` / `-}}`: strip whitespace after the token.
  var trimAfter = false
  /// For tags: the tag's name if the parser knows it (`writtenName(in:)` reads any name's
  /// text), where the name starts and where the rest of the markup starts.
  var name: TagName?
  var nameStart = 0
  var argumentsStart = 0

  /// A tag's name as written, known or not.
  func writtenName(in source: SourceText) -> String {
    source.string(nameStart..<argumentsStart)
  }
}

/// Splits a template into text, output and tag tokens. `raw` bodies are kept as text.
struct TemplateLexer {
  let source: SourceText
  /// The source's bytes, read in place.
  let bytes: UnsafeBufferPointer<UInt8>

  func tokenize() throws(LiquidError) -> [TemplateToken] {
    var tokens: [TemplateToken] = []
    // Templates have about a token per 30 bytes: this is one allocation for most of them.
    tokens.reserveCapacity(bytes.count / 32 + 1)
    let count = bytes.count
    var textStart = 0
    var i = 0
    while let open = nextOpening(from: i) {
      i = open
      if textStart < i {
        tokens.append(TemplateToken(kind: .text, range: textStart..<i, markup: textStart..<i))
      }
      let isTag = bytes[i + 1] == UInt8(ascii: "%")
      var token = try isTag ? scanTag(at: i) : scanOutput(at: i)
      if isTag && (token.name == .raw || token.name == .doc) {
        tokens.append(token)
        // The body of a raw or doc block is text, up to the first `{% endraw %}` / `{% enddoc %}`.
        let endName: TagName = token.name == .raw ? .endraw : .enddoc
        guard let end = findEnd(endName, from: token.range.upperBound) else {
          throw source.error(
            LiquidError.unclosedTagMessage(token.writtenName(in: source)),
            at: token.range.lowerBound)
        }
        if token.range.upperBound < end.range.lowerBound {
          tokens.append(
            TemplateToken(
              kind: .text, range: token.range.upperBound..<end.range.lowerBound,
              markup: token.range.upperBound..<end.range.lowerBound))
        }
        token = end
      }
      tokens.append(token)
      i = token.range.upperBound
      textStart = i
    }
    if textStart < count {
      tokens.append(TemplateToken(kind: .text, range: textStart..<count, markup: textStart..<count))
    }
    return tokens
  }

  // The two searches below are most of what lexing costs (every byte of a template is looked at
  // by one of them), so they read the bytes through a pointer, without a bounds check per byte,
  // and look at every second byte first: a pair starts at `j` only if the byte at `j + 1` is
  // one that ends a pair, and at `j + 1` only if it is one that starts a pair; when it is
  // neither, both are passed at once.

  /// Where the next `{{` or `{%` at or after `start` begins.
  private func nextOpening(from start: Int) -> Int? {
    var j = start
    while j + 1 < bytes.count {
      let second = bytes[j + 1]
      if second != UInt8(ascii: "{") && second != UInt8(ascii: "%") {
        j += 2
      } else if bytes[j] == UInt8(ascii: "{") {
        return j
      } else {
        j += 1
      }
    }
    return nil
  }

  /// Where the next `a` followed by `b` at or after `start` begins.
  private func find(_ a: UInt8, _ b: UInt8, from start: Int) -> Int? {
    var j = start
    while j + 1 < bytes.count {
      let second = bytes[j + 1]
      if second != a && second != b {
        j += 2
      } else if second == b && bytes[j] == a {
        return j
      } else {
        j += 1
      }
    }
    return nil
  }

  private func scanOutput(at start: Int) throws(LiquidError) -> TemplateToken {
    guard let close = find(UInt8(ascii: "}"), UInt8(ascii: "}"), from: start + 2) else {
      throw source.error("output '{{' was never closed with '}}'", at: start)
    }
    var token = TemplateToken(
      kind: .output, range: start..<(close + 2), markup: (start + 2)..<close)
    trimDashes(&token)
    return token
  }

  private func scanTag(at start: Int, closedAt knownClose: Int? = nil) throws(LiquidError)
    -> TemplateToken
  {
    guard let close = knownClose ?? find(UInt8(ascii: "%"), UInt8(ascii: "}"), from: start + 2)
    else {
      throw source.error("tag '{%' was never closed with '%}'", at: start)
    }
    var token = TemplateToken(kind: .tag, range: start..<(close + 2), markup: (start + 2)..<close)
    trimDashes(&token)
    splitName(&token)
    return token
  }

  private func trimDashes(_ token: inout TemplateToken) {
    var lower = token.markup.lowerBound
    var upper = token.markup.upperBound
    if lower < upper && bytes[lower] == UInt8(ascii: "-") {
      token.trimBefore = true
      lower += 1
    }
    if upper > lower && bytes[upper - 1] == UInt8(ascii: "-") {
      token.trimAfter = true
      upper -= 1
    }
    token.markup = lower..<upper
  }

  /// Reads the tag name: a word, or `#` for an inline comment.
  private func splitName(_ token: inout TemplateToken) {
    var j = token.markup.lowerBound
    let end = token.markup.upperBound
    while j < end && isSpace(bytes[j]) { j += 1 }
    let nameStart = j
    if j < end && bytes[j] == UInt8(ascii: "#") {
      j += 1
    } else {
      while j < end && isWordByte(bytes[j]) { j += 1 }
    }
    token.name = TagName.named(bytes, nameStart..<j)
    token.nameStart = nameStart
    token.argumentsStart = j
  }

  private func findEnd(_ name: TagName, from start: Int) -> TemplateToken? {
    var j = start
    // The `%}` that closes every `{%` up to it: found once, not again for each `{%` before it
    // (a raw body full of `{%` was quadratic).
    var close = -1
    while let open = find(UInt8(ascii: "{"), UInt8(ascii: "%"), from: j) {
      if close < open + 2 {
        guard let next = find(UInt8(ascii: "%"), UInt8(ascii: "}"), from: open + 2) else {
          return nil
        }
        close = next
      }
      guard let tag = try? scanTag(at: open, closedAt: close) else { return nil }
      if tag.name == name { return tag }
      j = open + 2
    }
    return nil
  }
}

@inline(__always) func isSpace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
}

@inline(__always) func isWordByte(_ byte: UInt8) -> Bool {
  (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
    || byte == 0x5F || byte >= 0x80
}
