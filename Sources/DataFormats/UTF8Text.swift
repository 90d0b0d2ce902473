import Diagnostics

/// A file's bytes as text: UTF-8, or an error at the line and column of the first byte that is
/// not (rather than a message that names no place, or one about something else).
package enum UTF8Text {
  package static func decode(_ bytes: [UInt8], file: String) throws(Diagnostic) -> String {
    if let text = String(validUTF8: bytes) { return text }
    let offset = UTF8Validation.firstInvalidOffset(bytes)
    throw Diagnostic(
      message: "'\(file)' is not UTF-8 text: " + UTF8Validation.problem(byte: bytes[offset]),
      location: SourceLocation(
        file: file, lines: SourceLines(bytes, indexed: false), offset: offset))
  }
}
