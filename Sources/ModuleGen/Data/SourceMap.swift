import DataFormats
import Diagnostics

/// Finds where a position inside a string value stands in its file.
struct SourceMap {
  let lines: [Substring]

  init(text: String) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// `line` is the line within the value (0 for a one-line value); `column` a character offset.
  func locate(_ node: DataNode, line: Int, column: Int) -> SourceLocation {
    var location = node.location
    switch node.style {
    case .literal, .folded:
      let sourceLine = node.location.line + 1 + line
      guard sourceLine - 1 < lines.count else { return location }
      var text = String(lines[sourceLine - 1])
      if text.hasSuffix("\r") { text.removeLast() }
      let indent = text.prefix { $0 == " " }.count
      location = SourceLocation(
        file: location.file, line: sourceLine, column: indent + column + 1, lineText: text)
    case .quoted:
      location = location.movedRight(by: 1 + column)
    case .plain:
      location = location.movedRight(by: column)
    }
    return location
  }
}
