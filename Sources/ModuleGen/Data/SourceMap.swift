import DataFormats
import Diagnostics

/// Finds where a position inside a string value stands in its file.
struct SourceMap {
  /// The whole file: its lines are found only when a location is asked for (an error, or a
  /// spec's block of methods, which asks for each method's line).
  let text: String
  /// Where the file's lines start, and those of each value asked about (by where the value
  /// starts: a JSON file's values may all be on one line): found on the first question, so
  /// that asking for every line of a long block stays linear.
  private let lineStarts = LineStarts()

  private final class LineStarts {
    var file: [String.Index]?
    var values: [ValueStart: [String.Index]] = [:]
    var quoted: [ValueStart: QuotedColumns?] = [:]
  }

  private struct ValueStart: Hashable {
    let line: Int
    let column: Int
  }

  /// Where each line of string value `value`, of `node`, starts.
  private func lineStarts(of value: String, in node: DataNode) -> [String.Index] {
    let key = ValueStart(line: node.location.line, column: node.location.column)
    if let starts = lineStarts.values[key] { return starts }
    let starts = Self.lineStarts(of: value)
    lineStarts.values[key] = starts
    return starts
  }

  /// Where each line of `text` starts.
  private static func lineStarts(of text: String) -> [String.Index] {
    var starts = [text.utf8.startIndex]
    var index = text.utf8.startIndex
    while let newline = text.utf8[index...].firstIndex(of: UInt8(ascii: "\n")) {
      index = text.utf8.index(after: newline)
      starts.append(index)
    }
    return starts
  }

  /// Line `number` (from 0) of `text`, whose lines start at `starts`, without its line break.
  private static func line(_ number: Int, of text: String, starts: [String.Index]) -> Substring? {
    guard number >= 0, number < starts.count else { return nil }
    let end =
      number + 1 < starts.count ? text.utf8.index(before: starts[number + 1]) : text.endIndex
    return text[starts[number]..<end]
  }

  /// The file's line `number` (from 1), without its line break (`\n` or `\r\n`); nil past
  /// the end.
  private func line(_ number: Int) -> String? {
    if lineStarts.file == nil { lineStarts.file = Self.lineStarts(of: text) }
    guard var line = Self.line(number - 1, of: text, starts: lineStarts.file ?? []).map(String.init)
    else { return nil }
    if line.hasSuffix("\r") { line.removeLast() }
    return line
  }

  /// `line` is the line within the value (0 for a one-line value); `column` a character offset
  /// in that line of the value.
  func locate(_ node: DataNode, line: Int, column: Int) -> SourceLocation {
    var location = node.location
    switch node.style {
    case .folded where line == 0:
      // The value's first line, which '>' folded from the block's lines up to its first blank
      // one, each line break a space, as in a plain value.
      let sourceLine = node.location.line + 1
      guard let text = self.line(sourceLine) else { return location }
      let indent = text.prefix { $0 == " " }.count
      location = plainLocation(
        SourceLocation(
          file: location.file, line: sourceLine, column: indent + 1, lineText: text),
        column: column)
    case .literal, .folded:
      let sourceLine = node.location.line + 1 + line
      guard let text = self.line(sourceLine) else { return location }
      // The file's line holds the block's indentation, then the value's line (which may be
      // indented further).
      var valueIndent = 0
      if case .string(let value) = node.value {
        let starts = lineStarts(of: value, in: node)
        if let valueLine = Self.line(line, of: value, starts: starts) {
          valueIndent = valueLine.prefix { $0 == " " }.count
        }
      }
      let blockIndent = text.prefix { $0 == " " }.count - valueIndent
      location = SourceLocation(
        file: location.file, line: sourceLine, column: blockIndent + column + 1, lineText: text)
    case .quoted:
      // The value's start (every method of a spec asks for it): its line is not looked at.
      if line == 0 && column == 0 { return location.movedRight(by: 1) }
      // A line of the value is one its `\n` escapes began; each escape is the one character it
      // stands for.
      if let map = quotedColumns(of: node), line < map.lineStarts.count,
        map.lineStarts[line] + column < map.columns.count
      {
        return SourceLocation(
          file: location.file, line: location.line,
          column: map.columns[map.lineStarts[line] + column], lineText: map.lineText)
      }
      // A value YAML folded from several lines of the file: the place is the character that
      // many into the value, a blank line (a line of the value) counted as one.
      var offset = column
      if line > 0, case .string(let value) = node.value {
        let starts = lineStarts(of: value, in: node)
        if line < starts.count {
          offset += value.distance(from: value.startIndex, to: starts[line])
        }
      }
      location = plainLocation(location.movedRight(by: 1), column: offset)
    case .plain:
      location = plainLocation(node.location, column: column)
    }
    return location
  }

  /// Where the characters of a quoted value (YAML's or JSON's) stand on the line of the file
  /// its opening quote is on, each escape (`\"`, `\u00E9`, a surrogate pair, `''`) read as the
  /// one character it stands for: the column of each (and of the closing quote), and where each
  /// of the value's lines (after a `\n` escape) starts, as a character offset.
  struct QuotedColumns {
    var lineText: String
    var columns: [Int] = []
    var lineStarts = [0]
  }

  /// `QuotedColumns` of `node`'s value, found once per value.
  private func quotedColumns(of node: DataNode) -> QuotedColumns? {
    let key = ValueStart(line: node.location.line, column: node.location.column)
    if let known = lineStarts.quoted[key] { return known }
    let found = Self.quotedColumns(quoteAt: node.location.column, in: node.location.lineText)
    lineStarts.quoted[key] = found
    return found
  }

  static func quotedColumns(quoteAt quote: Int, in line: String) -> QuotedColumns? {
    let characters = Array(line.dropFirst(quote - 1))
    guard let mark = characters.first, mark == "\"" || mark == "'" else { return nil }
    // The length of the escape at `i` (after its backslash): `\xXX`, `\uXXXX` (two of them for
    // a surrogate pair), `\UXXXXXXXX`, or a backslash and one character.
    func escapeLength(at i: Int) -> Int {
      switch characters[i + 1] {
      case "x": return 4
      case "U": return 10
      case "u":
        let high = String(characters.dropFirst(i + 2).prefix(4))
        let isHigh = UInt32(high, radix: 16).map { (0xD800..<0xDC00).contains($0) } ?? false
        let next = characters.dropFirst(i + 6).prefix(2)
        return isHigh && next.elementsEqual(["\\", "u"]) ? 12 : 6
      default: return 2
      }
    }
    var map = QuotedColumns(lineText: line)
    var i = 1
    while i < characters.count {
      map.columns.append(quote + i)
      let character = characters[i]
      if character == mark {
        // `''` is one quote in a single-quoted value; any other closing quote ends it.
        guard mark == "'", i + 1 < characters.count, characters[i + 1] == "'" else { break }
        i += 2
      } else if mark == "\"" && character == "\\" && i + 1 < characters.count {
        if characters[i + 1] == "n" { map.lineStarts.append(map.columns.count) }
        i += escapeLength(at: i)
      } else {
        i += 1
      }
    }
    return map
  }

  /// A place in a plain value, which YAML may have folded from several lines: each line break
  /// with the spaces around it is one character of the value (a space, or a line break for a
  /// blank line). Past the value's first line, the place is on the line the character came from.
  private func plainLocation(_ start: SourceLocation, column: Int) -> SourceLocation {
    // The value's start (every method of a spec asks for it): its line is not looked at.
    guard column > 0 else { return start }
    var location = start
    var left = column
    while true {
      // The value's characters on this line: up to its last one that is not a space.
      let content = location.lineText.dropFirst(location.column - 1)
      let length = content.count - content.reversed().prefix(while: \.isWhitespace).count
      guard left > length, let text = line(location.line + 1) else {
        return location.movedRight(by: left)
      }
      left -= length + 1
      let indent = text.prefix { $0 == " " || $0 == "\t" }.count
      location = SourceLocation(
        file: location.file, line: location.line + 1, column: indent + 1, lineText: text)
    }
  }
}
