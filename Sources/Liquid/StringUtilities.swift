// Small string helpers the engine needs without Foundation.

extension String {
  /// Every occurrence of `target` replaced by `replacement`, scanning left to right.
  package func replacingAll(_ target: String, with replacement: String) -> String {
    // Like Ruby's `gsub("", x)`: an empty target matches between every character.
    guard !target.isEmpty else {
      return replacement + map { String($0) + replacement }.joined()
    }
    var out = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      out += rest[..<range.lowerBound]
      out += replacement
      rest = rest[range.upperBound...]
    }
    out += rest
    return out
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
