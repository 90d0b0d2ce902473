/// A place in a source file: 1-based line and column (in characters), with the line's text.
///
/// Readers make one for every value they read, so a location made from a document and an
/// offset holds only those two and finds its line, column and text when they are asked for:
/// a copy of the line in every location made one-line documents quadratic in time and memory.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
  public var file: String
  private var place: Place

  private enum Place: Sendable {
    case resolved(line: Int, column: Int, lineText: String)
    /// A byte offset in a document, and a number of characters to the right of it.
    case deferred(SourceLines, offset: Int, shift: Int)
  }

  public init(file: String, line: Int, column: Int, lineText: String) {
    self.file = file
    self.place = .resolved(line: line, column: column, lineText: lineText)
  }

  /// The location of a UTF-8 byte offset in `source`.
  public init(file: String, source: [UInt8], offset: Int) {
    self.init(file: file, lines: SourceLines(source, indexed: false), offset: offset)
  }

  /// The location of a byte offset in a document, found when it is first read.
  package init(file: String, lines: SourceLines, offset: Int) {
    self.file = file
    self.place = .deferred(lines, offset: offset, shift: 0)
  }

  private var resolved: (line: Int, column: Int, lineText: String) {
    switch place {
    case .resolved(let line, let column, let lineText): return (line, column, lineText)
    case .deferred(let lines, let offset, let shift):
      let (line, column, text) = lines.resolve(offset)
      return (line, column + shift, text)
    }
  }

  public var line: Int {
    get {
      if case .deferred(let lines, let offset, _) = place { return lines.lineNumber(of: offset) }
      return resolved.line
    }
    set {
      let (_, column, lineText) = resolved
      place = .resolved(line: newValue, column: column, lineText: lineText)
    }
  }

  public var column: Int {
    get { resolved.column }
    set {
      let (line, _, lineText) = resolved
      place = .resolved(line: line, column: newValue, lineText: lineText)
    }
  }

  public var lineText: String {
    get { resolved.lineText }
    set {
      let (line, column, _) = resolved
      place = .resolved(line: line, column: column, lineText: newValue)
    }
  }

  /// The location `characters` further right on its line, made without reading the line.
  package func movedRight(by characters: Int) -> SourceLocation {
    var moved = self
    switch place {
    case .resolved(let line, let column, let lineText):
      moved.place = .resolved(line: line, column: column + characters, lineText: lineText)
    case .deferred(let lines, let offset, let shift):
      moved.place = .deferred(lines, offset: offset, shift: shift + characters)
    }
    return moved
  }

  public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    lhs.file == rhs.file && lhs.resolved == rhs.resolved
  }

  public var description: String { "\(file):\(line):\(column)" }
}

/// The start of every line of a text, to turn byte offsets into lines and columns quickly.
public struct LineIndex: Sendable {
  private let starts: [Int]

  public init(_ bytes: [UInt8]) {
    var starts = [0]
    for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(i + 1) }
    self.starts = starts
  }

  /// The 0-based number of the line holding `offset`.
  func lineIndex(of offset: Int) -> Int {
    // The last line start at or before the offset.
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// Where the line holding `offset` starts.
  func lineStart(of offset: Int) -> Int { starts[lineIndex(of: offset)] }

  public func location(file: String, source bytes: [UInt8], offset: Int) -> SourceLocation {
    let (line, column, text) = resolve(offset, in: bytes)
    return SourceLocation(file: file, line: line, column: column, lineText: text)
  }

  func resolve(_ offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int, lineText: String) {
    let offset = min(max(offset, 0), bytes.count)
    let index = lineIndex(of: offset)
    let lineStart = starts[index]
    var lineEnd = index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count
    if lineEnd > lineStart && bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
    let clamped = min(offset, max(lineEnd, lineStart))
    let before = String(decoding: bytes[lineStart..<clamped], as: UTF8.self)
    let text = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
    return (index + 1, before.count + 1, text)
  }
}

/// A document's bytes, shared by every location made in it. `indexed` documents (the data
/// readers', which ask for lines while reading) find a line by binary search; others (templates,
/// whose locations are only read for errors) scan for it.
package final class SourceLines: Sendable {
  package let bytes: [UInt8]
  private let index: LineIndex?

  package init(_ bytes: [UInt8], indexed: Bool = true) {
    self.bytes = bytes
    self.index = indexed ? LineIndex(bytes) : nil
  }

  private var lineIndex: LineIndex { index ?? LineIndex(bytes) }

  /// The 1-based line of a byte offset.
  package func lineNumber(of offset: Int) -> Int {
    let offset = min(max(offset, 0), bytes.count)
    guard let index else { return bytes[..<offset].count { $0 == UInt8(ascii: "\n") } + 1 }
    return index.lineIndex(of: offset) + 1
  }

  /// Where the line holding a byte offset starts.
  package func lineStart(of offset: Int) -> Int {
    let offset = min(max(offset, 0), bytes.count)
    guard let index else {
      return (bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
    }
    return index.lineStart(of: offset)
  }

  func resolve(_ offset: Int) -> (line: Int, column: Int, lineText: String) {
    lineIndex.resolve(offset, in: bytes)
  }
}

/// One message for a person: `path:line:col: error: message`, then the source line and a caret.
/// Every error modulegen prints goes through this type, so they all look the same.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Severity: String, Sendable { case error, warning, note }

  public var severity: Severity
  public var message: String
  public var location: SourceLocation?
  /// Further lines printed after the source excerpt, such as "included from …".
  public var notes: [String]

  public init(
    _ severity: Severity = .error, message: String, location: SourceLocation? = nil,
    notes: [String] = []
  ) {
    self.severity = severity
    self.message = message
    self.location = location
    self.notes = notes
  }

  public var description: String { rendered(color: false) }

  /// The diagnostic as printed; with `color`, ANSI colour for a terminal.
  /// Lines longer than this are shown as a window around the column: a minified document is
  /// one line, and each of its errors would print all of it.
  static let maxExcerptCharacters = 160

  /// The part of `line` to show and the caret's column in it.
  static func excerpt(_ line: String, column: Int) -> (text: String, caret: Int) {
    let characters = Array(line)
    guard characters.count > maxExcerptCharacters else { return (line, column) }
    let half = maxExcerptCharacters / 2
    let start = max(0, min(column - 1 - half, characters.count - maxExcerptCharacters))
    let end = min(characters.count, start + maxExcerptCharacters)
    let lead = start > 0 ? "…" : ""
    let tail = end < characters.count ? "…" : ""
    return (lead + String(characters[start..<end]) + tail, column - start + lead.count)
  }

  public func rendered(color: Bool) -> String {
    let bold = color ? "\u{1B}[1m" : ""
    let red = color ? "\u{1B}[1;31m" : ""
    let green = color ? "\u{1B}[1;32m" : ""
    let reset = color ? "\u{1B}[0m" : ""
    var out = ""
    if let location { out += "\(bold)\(location): \(reset)" }
    out += "\(red)\(severity.rawValue):\(reset) \(bold)\(message)\(reset)"
    if let location, !location.lineText.isEmpty || location.column > 1 {
      let (text, caret) = Self.excerpt(location.lineText, column: location.column)
      out += "\n" + text + "\n"
      // Keep tabs so the caret lines up under the column in any tab width.
      let prefix = text.prefix(caret - 1).map { $0 == "\t" ? "\t" : " " }
      out += prefix.joined() + "\(green)^\(reset)"
    }
    for note in notes { out += "\n" + note }
    return out
  }
}
