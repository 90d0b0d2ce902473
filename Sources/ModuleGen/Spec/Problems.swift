import Liquid

/// Validation problems collected across a whole file, reported together.
struct Problems {
  var diagnostics: [Diagnostic] = []
  var notes: [Diagnostic] = []

  mutating func error(_ message: String, at location: SourceLocation?, path: String = "") {
    let text = path.isEmpty ? message : "\(path): \(message)"
    diagnostics.append(Diagnostic(message: text, location: location))
  }

  mutating func note(_ message: String, at location: SourceLocation?) {
    notes.append(Diagnostic(.note, message: message, location: location))
  }

  /// An unknown key, with the closest known one.
  mutating func unknownKey(
    _ key: String, at location: SourceLocation, known: [String], path: String, in what: String
  ) {
    var message = "unknown key '\(key)' in \(what)"
    message += didYouMean(key, in: known)
    error(message, at: location, path: path)
  }

  /// Throws every problem, with a count, when there is any.
  func throwIfAny(file: String) throws(DiagnosticList) {
    guard !diagnostics.isEmpty else { return }
    throw DiagnosticList(diagnostics, file: file)
  }
}

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

extension DataNode.Value {
  /// "a string", "a list", … for messages.
  var kindName: String {
    switch self {
    case .null: return "nothing"
    case .bool: return "a boolean"
    case .int: return "an integer"
    case .double: return "a number"
    case .string: return "a string"
    case .array: return "a list"
    case .object: return "a mapping"
    }
  }
}
