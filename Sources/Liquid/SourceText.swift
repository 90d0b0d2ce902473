import Diagnostics

/// A template's text with its name, kept so that errors can point into it.
///
/// The text is kept as the `String` it was given, not copied: a built-in template's is a literal
/// in the binary, a file's the string it was read into. Offsets count UTF-8 bytes from the start
/// of the template, after a byte order mark if the text starts with one.
final class SourceText: Sendable {
  let name: String
  let text: String
  /// Where the template starts in `text`'s UTF-8: 3 after a byte order mark, 0 without.
  private let start: Int
  /// The template's length in bytes.
  let count: Int

  init(name: String, text: String) {
    var text = text
    // A string bridged from Objective-C may not be UTF-8 in one piece: `withBytes` reads in place.
    text.makeContiguousUTF8()
    self.name = name
    self.text = text
    start = text.utf8.byteOrderMarkCount
    count = text.utf8.count - start
  }

  /// Calls `body` with the template's bytes, read in place.
  func withBytes<Result, Failure: Error>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let start = start
    // The stdlib's call rethrows any error, and is generic: what `body` gives passes through it
    // as nothing, so that no type is made for it at run time (a `Swift.Result` cost 0.1 M
    // instructions the first time, checking that its error is an `Error`).
    var result: Result?
    var failure: Failure?
    _ = text.utf8.withContiguousStorageIfAvailable { all in
      do throws(Failure) {
        result = try body(UnsafeBufferPointer(rebasing: all[start...]))
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    if let result { return result }
    // Not reached: `init` made the text contiguous.
    return try Array(text.utf8.dropFirst(start)).withUnsafeBufferPointer(body)
  }

  /// Where `offset` is, found now: only errors ask.
  func location(at offset: Int) -> SourceLocation {
    withBytes { SourceLocation(file: name, bytes: $0, offset: offset) }
  }

  func string(_ range: Range<Int>) -> String {
    withBytes { $0.string(range) }
  }

  /// The text of the bytes of `range`, sharing `text`'s storage.
  func slice(_ range: Range<Int>) -> Substring {
    let utf8 = text.utf8
    let lower = utf8.index(utf8.startIndex, offsetBy: start + range.lowerBound)
    return text[lower..<utf8.index(lower, offsetBy: range.count)]
  }

  func error(_ message: String, at offset: Int) -> LiquidError {
    LiquidError(.syntax, message, location: location(at: offset))
  }
}
