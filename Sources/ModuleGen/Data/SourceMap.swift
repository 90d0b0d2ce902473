import DataFormats
import Diagnostics

/// Finds where a position inside a string value stands in its file.
struct SourceMap {
  /// The whole file: its lines are found only when a location is asked for (an error).
  let text: String

  /// The file's line `number` (from 1), without its line break; nil past the end.
  private func line(_ number: Int) -> String? {
    var start = text.utf8.startIndex
    for _ in 1..<number {
      guard let newline = text.utf8[start...].firstIndex(of: UInt8(ascii: "\n")) else {
        return nil
      }
      start = text.utf8.index(after: newline)
    }
    let end = text.utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.utf8.endIndex
    return String(text[start..<end])
  }

  /// `line` is the line within the value (0 for a one-line value); `column` a character offset
  /// in that line of the value.
  func locate(_ node: DataNode, line: Int, column: Int) -> SourceLocation {
    var location = node.location
    switch node.style {
    case .literal, .folded:
      let sourceLine = node.location.line + 1 + line
      guard var text = self.line(sourceLine) else { return location }
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
