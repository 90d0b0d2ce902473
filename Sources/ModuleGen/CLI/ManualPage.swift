/// `modulegen --generate-manual`: the man page `modulegen.1`, in roff, made from the help text
/// that `modulegen --help` and every `modulegen COMMAND --help` print, so that the two cannot
/// drift. `make install` and the Homebrew formula install its output.
enum ManualPage {
  /// The hidden top-level option that prints the page.
  static let option = "--generate-manual"

  /// What only the man page says: sections that have no `--help` of their own.
  static let exitStatus: [HelpDocument.Row] = ExitCode.meanings.map {
    .init(label: "\($0.code)", help: $0.meaning)
  }
  static let environment: [HelpDocument.Row] = [
    .init(
      label: "SOURCE_DATE_EPOCH",
      help: "The date in file headers, in seconds since 1970, when --date is not given."),
    .init(
      label: "NO_COLOR",
      help: "When set and not empty, output is not coloured (unless --color always)."),
    .init(
      label: "FORCE_COLOR",
      help:
        "When set and not empty, output is coloured off a terminal too (unless NO_COLOR or --color never)."
    ),
    .init(label: "HOME", help: "Where the user's templates are: ~/.modulegen/templates."),
  ]
  static let files: [HelpDocument.Row] = [
    .init(
      label: ".modulegen.yml",
      help:
        "The project config: author, company, project, default template, output folders, parameters. The nearest one in the current folder or above is used."
    ),
    .init(
      label: "Templates/", help: "The project's own templates, unless the config names others."),
    .init(label: "~/.modulegen/templates/", help: "The user's templates."),
  ]

  /// The whole page.
  static var text: String {
    let overview = HelpDocument(parsing: CommandLineTool.overview)
    let summary = paragraphs(overview.section("OVERVIEW")).joined(separator: " ")
    var name = summary.hasPrefix("modulegen ") ? String(summary.dropFirst(10)) : summary
    if name.hasSuffix(".") { name.removeLast() }
    var out = """
      .TH MODULEGEN 1 "" "modulegen \(CommandLineTool.version)" "User Commands"
      .SH NAME
      modulegen \\- \(escape(name))
      .SH SYNOPSIS
      \(escape(paragraphs(overview.section("USAGE")).joined(separator: " ")))
      .SH DESCRIPTION
      \(escape(summary))

      """
    // What follows the options in the overview ("See 'modulegen help <command>' …").
    for paragraph in paragraphs(overview.section("OPTIONS")) {
      out += ".PP\n\(escape(paragraph))\n"
    }
    out += ".SH COMMANDS\n"
    for case .rows(let rows) in overview.section("COMMANDS") { out += render(rows) }
    for command in CommandLineTool.allCommands {
      out += section(for: command.spec)
    }
    out += ".SH OPTIONS\n"
    for case .rows(let rows) in overview.section("OPTIONS") { out += render(rows) }
    out += ".SH EXAMPLES\n"
    for case .examples(let examples) in overview.section("EXAMPLES") { out += render(examples) }
    out += ".SH EXIT STATUS\n" + render(exitStatus)
    out += ".SH ENVIRONMENT\n" + render(environment)
    out += ".SH FILES\n" + render(files)
    return out
  }

  /// A command's `--help`, as a subsection.
  static func section(for spec: CommandSpec) -> String {
    var out = ".SS \"modulegen \(spec.name)\"\n"
    // A paragraph starts a new one, unless it is the first or the text of a heading's line.
    var startsParagraph = false
    for block in HelpDocument(parsing: spec.helpText).blocks {
      defer { startsParagraph = true }
      switch block {
      case .heading("OVERVIEW"):
        startsParagraph = false
        continue
      case .heading(let name):
        out += ".PP\n.B \(name.prefix(1) + name.dropFirst().lowercased()):\n"
        startsParagraph = false
        continue
      case .paragraph(let text):
        out += (startsParagraph ? ".PP\n" : "") + escape(text) + "\n"
      case .rows(let rows):
        out += render(rows)
      case .examples(let examples):
        out += ".PP\n" + render(examples)
      }
    }
    return out
  }

  private static func paragraphs(_ blocks: [HelpDocument.Block]) -> [String] {
    blocks.compactMap { if case .paragraph(let text) = $0 { text } else { nil } }
  }

  /// Examples as written, each meaning indented below its command.
  private static func render(_ examples: [HelpDocument.Example]) -> String {
    var out = ".RS 4\n.nf\n"
    for example in examples {
      out += escape(example.command) + "\n"
      if !example.meaning.isEmpty { out += escape("    " + example.meaning) + "\n" }
    }
    return out + ".fi\n.RE\n"
  }

  private static func render(_ rows: [HelpDocument.Row]) -> String {
    rows.map { ".TP\n\\fB\(escape($0.label))\\fR\n\(escape($0.help))\n" }.joined()
  }

  /// Text as roff reads it literally: backslashes and dashes escaped, and a line that starts
  /// with a control character (`.` or `'`) protected.
  static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      default: out.append(character)
      }
    }
    if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
    return out
  }
}
