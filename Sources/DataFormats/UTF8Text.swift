import Diagnostics

/// A file's bytes as text: UTF-8, or an error at the line and column of the first byte that is
/// not (rather than a message that names no place, or one about something else).
package enum UTF8Text {
  package static func decode(_ bytes: [UInt8], file: String) throws(Diagnostic) -> String {
    if let text = String(validUTF8: bytes) { return text }
    let offset = firstInvalidOffset(bytes)
    let byte = String(bytes[offset], radix: 16, uppercase: true)
    throw Diagnostic(
      message: "'\(file)' is not UTF-8 text: byte 0x\(byte) here does not belong to a character",
      location: SourceLocation(
        file: file, lines: SourceLines(bytes, indexed: false), offset: offset))
  }

  /// The offset of the first byte that does not begin or continue a valid UTF-8 sequence.
  package static func firstInvalidOffset(_ bytes: [UInt8]) -> Int {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): offset += encoded.count
      case .error: return offset
      case .emptyInput: return bytes.count
      }
    }
  }
}
