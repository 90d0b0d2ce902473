// Small string helpers the engine needs without Foundation.

extension String {
  /// The bytes as text when they are valid UTF-8, else nil: what `String(validating:as:)` does,
  /// which needs macOS 15, above the package's deployment target. Decoding replaces each invalid
  /// sequence with U+FFFD, so the bytes are valid exactly when decoding gives them back.
  package init?(validUTF8 bytes: some Collection<UInt8>) {
    // On a buffer: a generic collection is decoded and compared byte by byte, through the
    // runtime's generic witnesses, when the caller is in another module.
    guard
      let text = bytes.withContiguousStorageIfAvailable(String.init(validUTF8Buffer:))
        ?? Array(bytes).withUnsafeBufferPointer(String.init(validUTF8Buffer:))
    else { return nil }
    self = text
  }

  private init?(validUTF8Buffer bytes: UnsafeBufferPointer<UInt8>) {
    var text = String(decoding: bytes, as: UTF8.self)
    // Compared buffer to buffer: through the views (`elementsEqual`), a byte cost 50
    // instructions.
    guard text.withUTF8({ $0.count == bytes.count && $0.holds(bytes, at: 0) }) else { return nil }
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
    // A text's slices appended with `append(contentsOf:)`, which copies their bytes: `+=`
    // appended them character by character (about 3,300 instructions a slice).
    var rest = self[...]
    while let range = rest.firstOccurrence(of: target) {
      out.append(contentsOf: rest[..<range.lowerBound])
      out += replacement
      if out.utf8.count > limit { return nil }
      rest = rest[range.upperBound...]
    }
    out.append(contentsOf: rest)
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

extension String {
  /// The text's bytes without a leading UTF-8 byte order mark, which marks the encoding of a
  /// file written by some editors and is not part of its content.
  package var bytesWithoutByteOrderMark: [UInt8] {
    // All of them copied at once, then the mark dropped (`Array(utf8.dropFirst(3))` copies
    // byte by byte).
    var bytes = Array(utf8)
    bytes.removeFirst(utf8.byteOrderMarkCount)
    return bytes
  }
}

extension String.UTF8View {
  /// The length of the UTF-8 byte order mark the text starts with: 3, or 0 without one.
  package var byteOrderMarkCount: Int {
    var bytes = makeIterator()
    return bytes.next() == 0xEF && bytes.next() == 0xBB && bytes.next() == 0xBF ? 3 : 0
  }
}

extension Substring {
  /// The first range holding `target`, compared as UTF-8 bytes: code point by code point, as
  /// Ruby compares strings (a valid UTF-8 match always starts and ends on a code point).
  /// nil when there is none; an empty `target` is found at the start.
  func firstOccurrence(of target: String) -> Range<String.Index>? {
    occurrence(of: target, last: false)
  }

  /// The last range holding `target`, compared as `firstOccurrence` compares.
  func lastOccurrence(of target: String) -> Range<String.Index>? {
    occurrence(of: target, last: true)
  }

  private func occurrence(of target: String, last: Bool) -> Range<String.Index>? {
    var target = target
    var text = self
    return target.withUTF8 { pattern in
      text.withUTF8 { bytes in
        guard pattern.count <= bytes.count else { return nil }
        let starts = 0...(bytes.count - pattern.count)
        func matches(at start: Int) -> Bool { bytes.holds(pattern, at: start) }
        let found = last ? starts.reversed().first(where: matches) : starts.first(where: matches)
        return found.map { start in
          let lower = utf8.index(startIndex, offsetBy: start)
          return lower..<utf8.index(lower, offsetBy: pattern.count)
        }
      }
    }
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Whether `pattern`'s bytes are the bytes from `start` on (which must leave room for them).
  func holds(_ pattern: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
    var k = 0
    while k < pattern.count && self[start + k] == pattern[k] { k += 1 }
    return k == pattern.count
  }

  /// Whether the bytes in `range` are `word`'s: a keyword or operator compared without making
  /// a `String` of the source.
  func holds(_ word: StaticString, at range: Range<Int>) -> Bool {
    range.count == word.utf8CodeUnitCount
      && word.withUTF8Buffer { holds($0, at: range.lowerBound) }
  }

  /// The text of the bytes in `range`, which hold valid UTF-8 (else each invalid sequence is
  /// U+FFFD).
  func string(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: self[range]), as: UTF8.self)
  }
}

extension Array {
  /// The first and the last `keep` elements, with `rest(n)` standing for the `n` between them;
  /// the whole array when that would not be shorter. For what a runaway nesting repeats (a
  /// chain of 100 partials, a note for each): enough to see the cycle and both of its ends.
  package func abridged(keeping keep: Int, rest: (Int) -> Element) -> [Element] {
    guard count > 2 * keep + 1 else { return self }
    return Array(prefix(keep)) + [rest(count - 2 * keep)] + Array(suffix(keep))
  }
}
