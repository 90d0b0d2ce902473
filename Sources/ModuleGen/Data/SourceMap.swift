import DataFormats
import Diagnostics

/// Finds where a position inside a string value stands in its file.
struct SourceMap {
  let lines: [Substring]

  init(text: String) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// `line` is the line within the value (0 for a one-line value); `column` a character offset
  /// in that line of the value.
  func locate(_ node: DataNode, line: Int, column: Int) -> SourceLocation {
    var location = node.location
    switch node.style {
    case .literal, .folded:
      let sourceLine = node.location.line + 1 + line
      guard sourceLine - 1 < lines.count else { return location }
      var text = String(lines[sourceLine - 1])
      if text.hasSuffix("\r") { text.removeLast() }
      // The file's line holds the block's indentation, then the value's line (which may be
      // indented further).
      var valueIndent = 0
      if case .string(let value) = node.value {
        let valueLines = value.split(separator: "\n", omittingEmptySubsequences: false)
        if line < valueLines.count { valueIndent = valueLines[line].prefix { $0 == " " }.count }
      }
      let blockIndent = text.prefix { $0 == " " }.count - valueIndent
      location = SourceLocation(
        file: location.file, line: sourceLine, column: blockIndent + column + 1, lineText: text)
    case .quoted:
      location = location.movedRight(by: 1 + column)
    case .plain:
      location = location.movedRight(by: column)
    }
    return location
  }
}
