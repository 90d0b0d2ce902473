import Diagnostics
import Liquid

/// A subcommand of `modulegen`.
struct Command: Sendable {
  var spec: CommandSpec
  /// Runs with parsed arguments; returns the exit code. Errors are reported by the caller.
  var run: @Sendable (ParsedArguments, Console) throws -> Int32
  /// For a command such as `templates`, its subcommands (`templates list`, …).
  var subcommands: [Command] = []
}

/// The `modulegen` command line: dispatches to commands and maps errors to exit codes.
package enum CommandLineTool {
  package static let version = "0.1.0"

  static let commands: [Command] = [
    GenCommand.command, CheckCommand.command, UpdateCommand.command, ValidateCommand.command,
    TemplatesCommand.command, InitCommand.command, SpecCommand.command, MigrateCommand.command,
    ForgetCommand.command, CompletionsCommand.command,
    RenderCommand.command,
  ]

  /// The examples of `modulegen --help`: the path from a new project to CI.
  static let examples: [(command: String, meaning: String)] = [
    ("modulegen init", "Describes the project once, in .modulegen.yml."),
    ("modulegen gen Home viper", "Generates the module Home, with mocks and tests."),
    ("modulegen gen --spec Specs/modules.yml", "Generates every module the spec declares."),
    ("modulegen check", "In CI: exits 1 when a recorded module's files have drifted."),
    ("modulegen update", "Regenerates every recorded module, keeping your edits."),
  ]

  static var overview: String {
    var out = """
      OVERVIEW: modulegen generates iOS modules (VIPER, MVP, MVVM, MVC) with mocks and tests from
      Liquid templates and module specs.

      USAGE: modulegen <command> [options]

      COMMANDS:

      """
    for command in commands {
      let name = command.spec.name
      out +=
        "  " + name + String(repeating: " ", count: max(1, 14 - name.count)) + command.spec.summary
        + "\n"
    }
    out += "\nREFERENCE:\n"
    for topic in HelpTopic.all {
      out +=
        "  " + topic.name + String(repeating: " ", count: max(1, 14 - topic.name.count))
        + topic.summary + "\n"
    }
    out += """

      OPTIONS:
        --version     Print the version.
        -h, --help    Show this help.

      See 'modulegen help <command>' (or 'modulegen <command> --help') for a command's
      options and examples, and 'modulegen help <reference>' for the keys of a file.

      """
    // A name that is both (`spec`): `help` gives the reference.
    for topic in HelpTopic.all where commands.contains(where: { $0.spec.name == topic.name }) {
      out +=
        "'help \(topic.name)' is the reference; '\(topic.name) --help' is the command's help.\n"
    }
    out += CommandSpec.examplesSection(examples)
    return out
  }

  /// Runs `modulegen` with `arguments` (without the program name) and returns the exit code.
  /// Output that could not be written is an error: the command then exits 2, saying so on
  /// stderr if stderr still works.
  package static func run(_ arguments: [String], console: Console) -> Int32 {
    let code = dispatch(arguments, console: console)
    guard let failure = console.outputFailure() else { return code }
    console.writeError("error: cannot write to \(failure)\n")
    return code == ExitCode.success ? ExitCode.error : code
  }

  private static func dispatch(_ arguments: [String], console: Console) -> Int32 {
    guard let first = arguments.first else {
      console.writeOut(overview)
      return ExitCode.success
    }
    switch first {
    case "--version", "version":
      console.writeOut(versionLine + "\n")
      return ExitCode.success
    case "--help", "-h":
      console.writeOut(overview)
      return ExitCode.success
    case ManualPage.option:
      console.writeOut(ManualPage.text)
      return ExitCode.success
    case "help":
      guard arguments.count > 1 else {
        console.writeOut(overview)
        return ExitCode.success
      }
      if arguments.count == 2, let topic = HelpTopic.all.first(where: { $0.name == arguments[1] }) {
        console.writeOut(topic.text())
        // A command of the same name (`spec`) has its help one step away.
        if let command = commands.first(where: { $0.spec.name == topic.name }) {
          console.writeOut(
            "\nSEE ALSO:\n  modulegen \(topic.name) --help    The '\(topic.name)' command: "
              + command.spec.summary + "\n")
        }
        return ExitCode.success
      }
      return dispatch(Array(arguments.dropFirst()) + ["--help"], console: console)
    default:
      break
    }
    guard var command = commands.first(where: { $0.spec.name == first }) else {
      var message =
        first.hasPrefix("-")
        ? UsageError.unknownOptionMessage(first) : UsageError.unknownCommandMessage(first)
      message += didYouMean(first, in: commands.map(\.spec.name))
      return usageFailure(UsageError(message), console: console)
    }
    var rest = Array(arguments.dropFirst())
    if !command.subcommands.isEmpty {
      guard let name = rest.first, !name.hasPrefix("-") else {
        if rest.first == "--help" || rest.first == "-h" {
          console.writeOut(command.spec.helpText)
          return ExitCode.success
        }
        let names = command.subcommands.map { String($0.spec.name.dropFirst(first.count + 1)) }
        let message =
          rest.isEmpty
          ? "'\(first)' needs a subcommand: \(names.joined(separator: ", "))"
          : UsageError.unknownOptionMessage(rest[0])
        return usageFailure(UsageError(message, command: command.spec.name), console: console)
      }
      guard let sub = command.subcommands.first(where: { $0.spec.name == "\(first) \(name)" })
      else {
        var message = UsageError.unknownCommandMessage("\(first) \(name)")
        let names = command.subcommands.map { String($0.spec.name.dropFirst(first.count + 1)) }
        message += didYouMean(name, in: names, prefix: first + " ")
        return usageFailure(UsageError(message, command: command.spec.name), console: console)
      }
      command = sub
      rest.removeFirst()
    }
    let parsed: ParsedArguments
    do {
      parsed = try command.spec.parse(rest)
    } catch {
      // A report asked for is written for a command line that does not parse too.
      let format = command.spec.writesReport ? OutputFormat.asked(in: rest) : .text
      return reporting(command, format: format, console: console) { _ in throw error }
    }
    if parsed.flag(CommandSpec.help) {
      console.writeOut(command.spec.helpText)
      return ExitCode.success
    }
    return run(command, parsed, console: console)
  }

  /// Runs a parsed command with its `--color` and its `--format`.
  private static func run(_ command: Command, _ parsed: ParsedArguments, console: Console)
    -> Int32
  {
    var console = console
    if parsed.declared.contains(CommandSpec.Option.color.name) {
      console.colorChoice = parsed.value(.color).flatMap(ColorChoice.init(rawValue:)) ?? .auto
    }
    let format = command.spec.writesReport ? OutputFormat.chosen(parsed) : .text
    return reporting(command, format: format, console: console) { try command.run(parsed, $0) }
  }

  /// Runs `body` with, in `--format json` or `github`, the command's report: every diagnostic,
  /// the error that stopped it included, goes into it, and the JSON report is written whatever
  /// the outcome.
  private static func reporting(
    _ command: Command, format: OutputFormat, console: Console,
    _ body: (Console) throws -> Int32
  ) -> Int32 {
    var console = console
    if format != .text { console.collector = ReportCollector(format: format) }
    let code: Int32
    do {
      code = try body(console)
    } catch {
      code = report(error, console: console)
    }
    if let collector = console.collector, format == .json {
      console.writeOut(collector.json(command: command.spec.name, code: code))
    }
    return code
  }

  /// Every command and subcommand, for usage lines and completions.
  static var allCommands: [Command] { commands.flatMap { [$0] + $0.subcommands } }

  /// Prints an error as a diagnostic and returns the exit code it means.
  static func report(_ error: any Error, console: Console) -> Int32 {
    switch error {
    case let error as UsageError:
      return usageFailure(error, console: console)
    case let error as Diagnostic:
      console.report(error)
    case let error as any DiagnosticConvertible:
      console.report(error.diagnostic)
    case let error as DiagnosticList:
      for diagnostic in error.diagnostics { console.report(diagnostic) }
      if error.diagnostics.count > 1 { console.writeError(error.summary + "\n") }
    default:
      console.report(Diagnostic(message: "\(error)"))
    }
    return ExitCode.error
  }

  /// The command that prints a command's help: `modulegen help NAME`, or `modulegen NAME
  /// --help` where a reference has the name (`help spec` prints the keys of a spec).
  static func helpCommand(for name: String) -> String {
    HelpTopic.all.contains { $0.name == name }
      ? "modulegen \(name) --help" : "modulegen help \(name)"
  }

  private static func usageFailure(_ error: UsageError, console: Console) -> Int32 {
    console.report(Diagnostic(message: error.message))
    if let name = error.command, let command = allCommands.first(where: { $0.spec.name == name }) {
      console.writeError("usage: \(command.spec.usage)\nSee '\(helpCommand(for: name))'.\n")
    } else {
      console.writeError("See 'modulegen --help'.\n")
    }
    return ExitCode.usage
  }
}
