import DataFormats
import Diagnostics
import Liquid

/// Where the characters of one string value stand in its file, so that an error found inside
/// the value (a `when` condition, the config's `header` template) points at its real line and
/// column, with the file's own line under it.
struct ScalarMap: Sendable, Equatable {
  /// Where the value starts (its quote, or its block indicator).
  var origin: SourceLocation
  private var style: DataNode.Style
  /// The value, and the file it is in: looked at only when a place inside the value is asked
  /// for (an error), since most values never have one; nil for a value not in a file, or not
  /// a string.
  private var text: String?
  private var source: String

  init(node: DataNode, source: String) {
    origin = node.location
    style = node.style
    if case .string(let text) = node.value { self.text = text }
    self.source = source
  }

  /// A value that is not written out in a file (made by modulegen from other values): every
  /// place inside it is reported at `location`.
  init(at location: SourceLocation) {
    origin = location
    style = .plain
    text = nil
    source = ""
  }

  /// The file location of `line`:`column` (both from 1) inside the value; the value's start
  /// when the value's characters cannot be matched to the file's.
  func location(line: Int, column: Int) -> SourceLocation {
    guard let text else { return origin }
    switch style {
    case .plain, .quoted:
      let quoted = style == .quoted
      guard line == 1, Self.isVerbatim(text, at: origin, quoted: quoted) else { return origin }
      var location = origin
      location.column += (quoted ? 1 : 0) + max(0, column - 1)
      return location
    case .literal, .folded:
      let blockLines = Self.blockLines(of: text, at: origin, in: source)
      guard line >= 1, line <= blockLines.count else { return origin }
      let (number, text) = blockLines[line - 1]
      let indent = text.prefix { $0 == " " }.count
      return SourceLocation(
        file: origin.file, line: number, column: indent + column, lineText: text)
    }
  }

  /// Whether a one-line plain or quoted value's characters are the file's one for one (no
  /// escapes), so that columns can be counted.
  private static func isVerbatim(_ text: String, at origin: SourceLocation, quoted: Bool) -> Bool {
    // Compared as bytes: "\n" never splits a "\r\n", which is one Character.
    let skip = origin.column - 1 + (quoted ? 1 : 0)
    let rest = origin.lineText.dropFirst(skip)
    return !text.utf8.contains(UInt8(ascii: "\n")) && rest.utf8.starts(with: text.utf8)
  }

  /// A block value's lines in the file (after its indicator's), with their line numbers.
  private static func blockLines(of text: String, at origin: SourceLocation, in source: String)
    -> [(number: Int, text: String)]
  {
    let newline = UInt8(ascii: "\n")
    let count = text.utf8.count { $0 == newline } + 1
    var number = 0
    var blockLines: [(number: Int, text: String)] = []
    // The lines up to the value's last; the rest of the file stays in one piece.
    let lines = source.utf8.split(
      separator: newline, maxSplits: origin.line + count, omittingEmptySubsequences: false)
    for line in lines {
      number += 1
      guard number > origin.line else { continue }
      guard number <= origin.line + count else { break }
      var lineText = String(Substring(line))
      if lineText.hasSuffix("\r") { lineText.removeLast() }
      blockLines.append((number, lineText))
    }
    return blockLines
  }
}

extension ScalarMap {
  /// The diagnostic of `error` from a template made of this value (after `prefixLength`
  /// characters of wrapping), at its place in the file; an error in an included partial keeps
  /// its own place.
  func diagnostic(
    for error: LiquidError, named name: String, prefixLength: Int = 0,
    message: (String) -> String
  ) -> Diagnostic {
    guard let location = error.location, location.file == name else { return error.diagnostic }
    let column = location.column - (location.line == 1 ? prefixLength : 0)
    return Diagnostic(
      message: message(error.message), location: self.location(line: location.line, column: column))
  }
}
