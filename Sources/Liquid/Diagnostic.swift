/// A place in a source file: 1-based line and column (in characters), with the line's text.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var column: Int
  public var lineText: String

  public init(file: String, line: Int, column: Int, lineText: String) {
    self.file = file
    self.line = line
    self.column = column
    self.lineText = lineText
  }

  /// The location of a UTF-8 byte offset in `source`.
  public init(file: String, source: [UInt8], offset: Int) {
    self = LineIndex(source).location(file: file, source: source, offset: offset)
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

  public func location(file: String, source bytes: [UInt8], offset: Int) -> SourceLocation {
    let offset = min(max(offset, 0), bytes.count)
    // The last line start at or before the offset.
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    let lineStart = starts[low]
    var lineEnd = low + 1 < starts.count ? starts[low + 1] - 1 : bytes.count
    if lineEnd > lineStart && bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
    let clamped = min(offset, max(lineEnd, lineStart))
    let before = String(decoding: bytes[lineStart..<clamped], as: UTF8.self)
    let text = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
    return SourceLocation(file: file, line: low + 1, column: before.count + 1, lineText: text)
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
  public func rendered(color: Bool) -> String {
    let bold = color ? "\u{1B}[1m" : ""
    let red = color ? "\u{1B}[1;31m" : ""
    let green = color ? "\u{1B}[1;32m" : ""
    let reset = color ? "\u{1B}[0m" : ""
    var out = ""
    if let location { out += "\(bold)\(location): \(reset)" }
    out += "\(red)\(severity.rawValue):\(reset) \(bold)\(message)\(reset)"
    if let location, !location.lineText.isEmpty || location.column > 1 {
      out += "\n" + location.lineText + "\n"
      // Keep tabs so the caret lines up under the column in any tab width.
      let prefix = location.lineText.prefix(location.column - 1).map { $0 == "\t" ? "\t" : " " }
      out += prefix.joined() + "\(green)^\(reset)"
    }
    for note in notes { out += "\n" + note }
    return out
  }
}
