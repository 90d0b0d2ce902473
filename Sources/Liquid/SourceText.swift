import Diagnostics

/// A template's text with its name, kept so that errors can point into it.
final class SourceText: Sendable {
  let name: String
  let bytes: [UInt8]
  /// The same bytes, shared with the locations of errors.
  let lines: SourceLines

  init(name: String, text: String) {
    self.name = name
    bytes = text.bytesWithoutByteOrderMark
    // Only errors read locations, so lines are found when one is read, not indexed up front.
    lines = SourceLines(bytes, indexed: false)
  }

  func location(at offset: Int) -> SourceLocation {
    SourceLocation(file: name, lines: lines, offset: offset)
  }

  func string(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// Whether the bytes in `range` are `word`'s: a keyword or tag name compared without making
  /// a `String` of the source.
  func bytes(_ range: Range<Int>, are word: StaticString) -> Bool {
    guard range.count == word.utf8CodeUnitCount else { return false }
    let wordBytes = word.utf8Start
    var i = 0
    while i < range.count {
      if bytes[range.lowerBound + i] != wordBytes[i] { return false }
      i += 1
    }
    return true
  }

  func error(_ message: String, at offset: Int) -> LiquidError {
    LiquidError(.syntax, message, location: location(at: offset))
  }
}
