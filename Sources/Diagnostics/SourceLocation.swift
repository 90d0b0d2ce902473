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

  /// The location of a UTF-8 byte offset in `bytes`, found now: for a caller that holds the
  /// bytes only meanwhile.
  package init(file: String, bytes: UnsafeBufferPointer<UInt8>, offset: Int) {
    let offset = min(max(offset, 0), bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    var lineEnd = offset
    while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
    let (column, lineText) = LineIndex.place(
      of: offset, lineStart: lineStart, lineEnd: lineEnd, in: bytes)
    self.init(file: file, line: line, column: column, lineText: lineText)
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
