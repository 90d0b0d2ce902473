import Diagnostics
import Liquid

/// How `gen`, `check`, `update`, `validate` and `forget` print their result (`--format`).
package enum OutputFormat: String, CaseIterable, Sendable {
  /// Lines for a person; problems on stderr as `path:line:col: error: message`.
  case text
  /// One JSON report on stdout (`ReportCollector.schema`), problems included.
  case json
  /// GitHub Actions workflow commands (`::error file=…,line=…,col=…::message`) on stdout, one
  /// per problem, so a job's problems are annotations at their lines.
  case github

  /// The format `--format` chose (text when the command takes none).
  static func chosen(_ arguments: ParsedArguments) -> OutputFormat {
    guard arguments.isDeclared(.format) else { return .text }
    return arguments.value(.format).flatMap(OutputFormat.init(rawValue:)) ?? .text
  }

  /// The format the words of a command line that does not parse ask for: the first
  /// `--format F` or `--format=F` before `--` whose F is a format, else text.
  static func asked(in words: [String]) -> OutputFormat {
    let option = "--" + CommandSpec.Option.format.name
    for (index, word) in words.enumerated() {
      if word == "--" { break }
      let value =
        word == option
        ? words.dropFirst(index + 1).first
        : word.hasPrefix(option + "=") ? String(word.dropFirst(option.count + 1)) : nil
      if let format = value.flatMap(OutputFormat.init(rawValue:)) { return format }
    }
    return .text
  }
}

/// GitHub Actions workflow commands, as SwiftLint's `github-actions-logging` reporter writes
/// them: `::error file=F,line=L,col=C::message`.
enum GitHubAnnotation {
  /// The workflow command of a diagnostic; its notes follow the message on their own lines.
  static func line(_ diagnostic: Diagnostic) -> String {
    let command: String
    switch diagnostic.severity {
    case .error: command = "error"
    case .warning: command = "warning"
    case .note: command = "notice"
    }
    var properties: [String] = []
    if let location = diagnostic.location {
      properties.append("file=" + escapeProperty(location.file))
      if location.line > 0 { properties.append("line=\(location.line)") }
      if location.column > 0 { properties.append("col=\(location.column)") }
    }
    let message = ([diagnostic.message] + diagnostic.notes).joined(separator: "\n")
    let head = properties.isEmpty ? command : command + " " + properties.joined(separator: ",")
    return "::" + head + "::" + escapeData(message) + "\n"
  }

  /// A message: `%`, CR and LF escaped, as the runner unescapes them.
  static func escapeData(_ text: String) -> String {
    escape(text, property: false)
  }

  /// A property's value: also `:` and `,`, which end a property.
  static func escapeProperty(_ text: String) -> String {
    escape(text, property: true)
  }

  private static func escape(_ text: String, property: Bool) -> String {
    var out = ""
    for character in text.unicodeScalars {
      switch character {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      case ":" where property: out += "%3A"
      case "," where property: out += "%2C"
      default: out.unicodeScalars.append(character)
      }
    }
    return out
  }
}
