import DataFormats
import Diagnostics
import Liquid

/// Where the characters of one string value stand in its file, so that an error found inside
/// the value (a `when` condition, the config's `header` template) points at its real line and
/// column, with the file's own line under it.
struct ScalarMap: Sendable, Equatable {
  /// Where the value starts (its quote, or its block indicator).
  var origin: SourceLocation
  var style: DataNode.Style
  /// For a one-line plain or quoted value: whether the file holds its characters one for one
  /// (no escapes), so that columns can be counted.
  var verbatim: Bool
  /// For a block value: the file's lines after the indicator, with their line numbers.
  var blockLines: [(number: Int, text: String)]

  static func == (a: ScalarMap, b: ScalarMap) -> Bool {
    a.origin == b.origin && a.style == b.style && a.verbatim == b.verbatim
      && a.blockLines.elementsEqual(b.blockLines) { $0.number == $1.number && $0.text == $1.text }
  }

  init(node: DataNode, source: String) {
    origin = node.location
    style = node.style
    blockLines = []
    verbatim = false
    guard case .string(let text) = node.value else { return }
    // Compared and split as bytes: as Characters, every grapheme of the file is read (a third
    // of decoding a template.yml), and "\n" never splits a "\r\n", which is one Character.
    let newline = UInt8(ascii: "\n")
    switch node.style {
    case .plain, .quoted:
      let skip = origin.column - 1 + (node.style == .quoted ? 1 : 0)
      let rest = origin.lineText.dropFirst(skip)
      verbatim = !text.utf8.contains(newline) && rest.utf8.starts(with: text.utf8)
    case .literal, .folded:
      let count = text.utf8.count { $0 == newline } + 1
      var number = 0
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
    }
  }

  /// A value that is not written out in a file (made by modulegen from other values): every
  /// place inside it is reported at `location`.
  init(at location: SourceLocation) {
    origin = location
    style = .plain
    verbatim = false
    blockLines = []
  }

  /// The file location of `line`:`column` (both from 1) inside the value; the value's start
  /// when the value's characters cannot be matched to the file's.
  func location(line: Int, column: Int) -> SourceLocation {
    switch style {
    case .plain, .quoted:
      guard verbatim, line == 1 else { return origin }
      var location = origin
      location.column += (style == .quoted ? 1 : 0) + max(0, column - 1)
      return location
    case .literal, .folded:
      guard line >= 1, line <= blockLines.count else { return origin }
      let (number, text) = blockLines[line - 1]
      let indent = text.prefix { $0 == " " }.count
      return SourceLocation(
        file: origin.file, line: number, column: indent + column, lineText: text)
    }
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
