import DataFormats
import Diagnostics
import Liquid

/// What a decoder does with a key it does not know.
enum UnknownKeys {
  /// An error: modulegen's own files.
  case error
  /// A note that the key is ignored, as Generamba ignores it: Generamba's own files.
  case ignoredAsGenerambaDoes
}

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

  /// An unknown key, with the closest known one: an error, or with `.ignoredAsGenerambaDoes`
  /// a warning (a note when no known key is close).
  mutating func unknownKey(
    _ key: String, at location: SourceLocation, known: [String], path: String, in what: String,
    rule: UnknownKeys = .error
  ) {
    switch rule {
    case .error:
      error(
        "unknown key '\(key)' in \(what)" + didYouMean(key, in: known), at: location, path: path)
    case .ignoredAsGenerambaDoes:
      // A key close to a known one is most likely that one misspelt, whose value is then lost
      // (a `code_files:` misspelt: no code file is generated): a warning, not a note.
      let suggestion = didYouMean(key, in: known)
      notes.append(
        Diagnostic(
          suggestion.isEmpty ? .note : .warning,
          message: "unknown key '\(key)' in \(what), ignored as Generamba ignores it" + suggestion,
          location: location))
    }
  }

  /// Throws every problem, with a count, when there is any; `inFileOrder`: sorted by where
  /// they are (those at the same place, or at none, as they were found).
  func throwIfAny(file: String, inFileOrder: Bool = false) throws(DiagnosticList) {
    guard !diagnostics.isEmpty else { return }
    guard inFileOrder else { throw DiagnosticList(diagnostics, file: file) }
    let sorted = diagnostics.enumerated().sorted { a, b in
      let (x, y) = (a.element.location, b.element.location)
      return (x?.line ?? 0, x?.column ?? 0, a.offset) < (y?.line ?? 0, y?.column ?? 0, b.offset)
    }
    throw DiagnosticList(sorted.map(\.element), file: file)
  }
}

extension Problems {
  /// A key whose value must be a string; says how to quote a plain word YAML read as something
  /// else (a spec, a config).
  static func notAStringMessage(_ key: String, found value: DataNode.Value) -> String {
    "'\(key)' must be a string, found \(value.kindName)\(value.quoteHint)"
  }

  /// A key whose value must be a non-empty string, with what was found (the Xcode keys, a
  /// .rambaspec's file entries).
  static func notANonEmptyStringMessage(_ key: String, found value: DataNode.Value) -> String {
    "\(notANonEmptyStringMessage(key)), found \(value.kindName)"
  }

  /// A key whose value must be a non-empty string (a manifest, a generation record).
  static func notANonEmptyStringMessage(_ key: String) -> String {
    "'\(key)' must be a non-empty string"
  }
}
