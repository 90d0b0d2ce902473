/// A template's text with its name, kept so that errors can point into it.
final class SourceText: Sendable {
  let name: String
  let bytes: [UInt8]

  init(name: String, text: String) {
    self.name = name
    self.bytes = Array(text.utf8)
  }

  /// Only errors need locations, so the line index is built when one is asked for.
  func location(at offset: Int) -> SourceLocation {
    SourceLocation(file: name, source: bytes, offset: offset)
  }

  func string(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  func error(_ message: String, at offset: Int) -> LiquidError {
    LiquidError(.syntax, message, location: location(at: offset))
  }
}
