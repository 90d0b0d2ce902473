/// An error that reads as a diagnostic: the template engine's and the Xcode project library's
/// errors, printed by a caller that knows neither.
public protocol DiagnosticConvertible: Error {
  var diagnostic: Diagnostic { get }
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
