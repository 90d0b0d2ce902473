// Small string helpers the engine needs without Foundation.

extension String {
  /// The bytes as text when they are valid UTF-8, else nil: what `String(validating:as:)` does,
  /// which needs macOS 15, above the package's deployment target. Decoding replaces each invalid
  /// sequence with U+FFFD, so the bytes are valid exactly when decoding gives them back.
  package init?(validUTF8 bytes: some Collection<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.utf8.count == bytes.count, text.utf8.elementsEqual(bytes) else { return nil }
    self = text
  }

  /// Every occurrence of `target` replaced by `replacement`, scanning left to right.
  package func replacingAll(_ target: String, with replacement: String) -> String {
    replacingAll(target, with: replacement, limit: .max) ?? self
  }

  /// `replacingAll`, or nil once the result passes `limit` bytes (a short text with a long
  /// replacement can grow without bound).
  func replacingAll(_ target: String, with replacement: String, limit: Int) -> String? {
    var out = ""
    // Like Ruby's `gsub("", x)`: an empty target matches between every character.
    guard !target.isEmpty else {
      out += replacement
      for character in self {
        out.append(character)
        out += replacement
        if out.utf8.count > limit { return nil }
      }
      return out
    }
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      out += rest[..<range.lowerBound]
      out += replacement
      if out.utf8.count > limit { return nil }
      rest = rest[range.upperBound...]
    }
    out += rest
    return out.utf8.count > limit ? nil : out
  }

  /// Whitespace as Ruby's `strip` sees it: ASCII space, tab, newlines, vertical tab, form feed, NUL.
  static func isRubySpace(_ c: Character) -> Bool {
    c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\r\n" || c == "\u{0B}" || c == "\u{0C}"
      || c == "\0"
  }

  func rubyLStrip() -> String { String(drop(while: String.isRubySpace)) }

  func rubyRStrip() -> String {
    var end = endIndex
    while end > startIndex {
      let before = index(before: end)
      guard String.isRubySpace(self[before]) else { break }
      end = before
    }
    return String(self[..<end])
  }

  func rubyStrip() -> String { rubyLStrip().rubyRStrip() }
}

extension String.UTF8View {
  /// The text without a leading UTF-8 byte order mark, which marks the encoding of a file
  /// written by some editors and is not part of its content.
  package var dropByteOrderMark: Substring.UTF8View {
    starts(with: [0xEF, 0xBB, 0xBF]) ? dropFirst(3) : self[...]
  }
}
