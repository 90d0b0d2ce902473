import Liquid

/// What a command accepts, for parsing and for its `--help`.
package struct CommandSpec: Sendable {
  /// One option a command accepts. Shared options are declared once, in the catalogue
  /// (`CommandSpec+Options.swift`), and every command reuses the declaration; a command reads
  /// an option through the same declaration (`arguments.flag(.force)`), never by a string.
  package struct Option: Sendable {
    package var name: String
    package var short: Character?
    /// Nil for a flag; the placeholder shown in help for an option that takes a value.
    package var valueName: String?
    package var help: String
    package var repeatable = false
    /// What the option's value is, for completions (and, with `.values`, for validation).
    package var completion: Completion = .none
    /// Also takes the `key:value` words that follow its value, as Generamba's
    /// `--custom_parameters a:1 b:2` does.
    package var takesPairs = false
    /// Takes the next word whatever it is, as swift-argument-parser's `.unconditional` parsing:
    /// a compiler flag (`--swiftc-flag -resource-dir`). Else a next word that looks like an
    /// option (`--spec --format json`) is not taken as the value, and the value is missing.
    package var takesOptionLikeValue = false
    /// An empty value means something (`--company ""`: headers without one); else an empty
    /// value is a usage error, as a missing one is.
    package var allowsEmptyValue = false

    init(
      name: String, short: Character? = nil, valueName: String?, help: String,
      repeatable: Bool = false, completion: Completion = .none, takesPairs: Bool = false,
      takesOptionLikeValue: Bool = false, allowsEmptyValue: Bool = false
    ) {
      self.name = name
      self.short = short
      self.valueName = valueName
      self.help = help
      self.repeatable = repeatable
      self.completion = completion
      self.takesPairs = takesPairs
      self.takesOptionLikeValue = takesOptionLikeValue
      self.allowsEmptyValue = allowsEmptyValue
    }

    /// Allowed values, for help and validation.
    package var choices: [String] {
      if case .values(let values) = completion { return values }
      return []
    }

    /// The same option with the help a command gives it.
    func withHelp(_ text: String, valueName: String? = nil) -> Option {
      var option = self
      option.help = text
      if let valueName { option.valueName = valueName }
      return option
    }
  }

  /// How a shell completes an option's value or an argument.
  package enum Completion: Sendable, Equatable {
    /// Nothing to offer: a flag, or free text.
    case none
    case file
    case folder
    /// The name of a template the project can use (`modulegen templates list --format names`).
    case templateName
    /// One of these words.
    case values([String])

    /// Whether the value is a path on disk.
    var isPath: Bool { self == .file || self == .folder }
  }

  package struct Argument: Sendable {
    package var name: String
    package var help: String
    package var optional = false
    package var repeating = false
    package var completion: Completion = .none
    /// Accepted, but left out of the usage line, the help and the completions: an earlier
    /// spelling kept working for the scripts that use it (`templates eject NAME DIR`, now
    /// `--dir DIR`).
    package var hidden = false
  }

  /// The arguments the usage line and the help show.
  var shownArguments: [Argument] { arguments.filter { !$0.hidden } }

  package var name: String
  package var summary: String
  package var discussion: String = ""
  package var arguments: [Argument] = []
  package var options: [Option] = []
  package var examples: [(command: String, meaning: String)] = []
  /// A command that only groups subcommands (`templates`, `spec`): its usage says one follows.
  package var takesSubcommand = false

  static let help = Option(name: "help", short: "h", valueName: nil, help: "Show this help.")

  /// The command's options, then those every command has: `--color` where the command
  /// writes a report (it takes `--format text|json|github`), and `--help`.
  var allOptions: [Option] { options + (writesReport ? [.color] : []) + [CommandSpec.help] }

  var usage: String {
    var parts = ["modulegen", name]
    if takesSubcommand { parts.append("<subcommand>") }
    for argument in shownArguments {
      var text = "<\(argument.name)>"
      if argument.repeating { text += "..." }
      parts.append(argument.optional ? "[\(text)]" : text)
    }
    if !options.isEmpty { parts.append("[options]") }
    return parts.joined(separator: " ")
  }

  /// The EXAMPLES section of a help text ("" without examples): each command, its meaning below.
  static func examplesSection(_ examples: [(command: String, meaning: String)]) -> String {
    guard !examples.isEmpty else { return "" }
    var out = "\nEXAMPLES:\n"
    for example in examples {
      out += "  \(example.command)\n"
      if !example.meaning.isEmpty { out += "      \(example.meaning)\n" }
    }
    return out
  }

  /// The text `modulegen help NAME` and `NAME --help` print.
  package var helpText: String {
    var out = "OVERVIEW: \(summary)\n"
    if !discussion.isEmpty { out += "\n" + discussion + "\n" }
    out += "\nUSAGE: \(usage)\n"
    if !shownArguments.isEmpty {
      out += "\nARGUMENTS:\n"
      for argument in shownArguments { out += helpRow("<\(argument.name)>", argument.help) }
    }
    for (title, options) in optionSections {
      out += "\n\(title):\n"
      for option in options {
        var label = option.short.map { "-\($0), " } ?? ""
        label += "--\(option.name)"
        if let valueName = option.valueName {
          label += " <\(valueName)>" + (option.takesPairs ? "..." : "")
        }
        var help = option.help
        if !option.choices.isEmpty { help += " (\(option.choices.joined(separator: ", ")))" }
        if option.repeatable { help += " Repeatable." }
        out += helpRow(label, help)
      }
    }
    out += Self.examplesSection(examples)
    out += "\nEXIT STATUS:\n"
    for (code, meaning) in ExitCode.meanings { out += helpRow("\(code)", meaning) }
    return out
  }

  /// The options under their headings in `--help`: Generamba's spellings apart from the
  /// command's own.
  var optionSections: [(title: String, options: [Option])] {
    let generamba = Set(CommandSpec.generambaOptions.map(\.name))
    let own = allOptions.filter { !generamba.contains($0.name) }
    let theirs = allOptions.filter { generamba.contains($0.name) }
    return [("OPTIONS", own)] + (theirs.isEmpty ? [] : [("GENERAMBA OPTIONS", theirs)])
  }

  /// Whether the command takes `--format text|json|github` and so writes a report.
  var writesReport: Bool {
    options.contains { $0.name == Option.format.name && $0.choices == Option.format.choices }
  }
}

/// One line of a help text: a label (an option, an argument, a key) and what it means, in the
/// column where every help text starts its meanings.
func helpRow(_ label: String, _ help: String) -> String {
  let padded =
    label.count < 26
    ? label + String(repeating: " ", count: 26 - label.count)
    : label + "\n" + String(repeating: " ", count: 28)
  return "  " + padded + help + "\n"
}

/// A mistake in how a command was called: printed with the command's usage, exit code 64.
package struct UsageError: Error, Sendable, Equatable {
  package var message: String
  package var command: String?

  package init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }

  /// An option that takes a value given none: the last word, or followed by an option (a word
  /// starting with `-`, but `-` alone, standard input). A value that starts with `-` is given
  /// after `=`.
  static func missingValueMessage(_ option: String, valueName: String) -> String {
    "'\(option)' needs a value: \(option) <\(valueName)> (a value that starts with '-': \(option)=<\(valueName)>)"
  }

  /// An option that takes a value given an empty one (`--spec=`, `--spec ""`).
  static func emptyValueMessage(_ option: String, valueName: String) -> String {
    "'\(option)' needs a value, not an empty one: \(option) <\(valueName)>"
  }

  /// A path that starts with `~` (`--spec=~/a.yml`, `'~/a.yml'`), which the shell expands only
  /// at the start of a word and unquoted: modulegen does not expand it, and would read or
  /// write a folder named `~` in the current one. Nil for any other value. `given`: the
  /// option or argument (`--spec`, `<file>`).
  static func unexpandedHome(_ given: String, _ value: String) -> String? {
    guard value.hasPrefix("~") else { return nil }
    let example = given.hasPrefix("-") ? "\(given) ~/..., not \(given)=~/..." : "~/..."
    return
      "\(given) '\(value)' \(PathSafety.Problem.home.phrase(inside: "")): give '~' unquoted at the start of a word, which the shell expands (\(example)), or write $HOME"
  }

  /// A word starting with `-` that the command (or the tool) does not declare.
  static func unknownOptionMessage(_ word: String) -> String { "unknown option '\(word)'" }

  /// A command (`rendr`, `templates lsit`) the tool does not have.
  static func unknownCommandMessage(_ name: String) -> String { "unknown command '\(name)'" }
}

extension CommandSpec {
  /// Parses `arguments` (the words after the command name).
  package func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    let allOptions = allOptions  // built once: the property joins three arrays at each use
    var parsed = ParsedArguments()
    parsed.declared = Set(allOptions.map(\.name))
    var i = 0
    var onlyPositionals = false
    while i < arguments.count {
      let word = arguments[i]
      i += 1
      if onlyPositionals || word == "-" || !word.hasPrefix("-") {
        parsed.positional.append(word)
        continue
      }
      if word == "--" {
        onlyPositionals = true
        continue
      }
      var name: String
      var inlineValue: String?
      if word.hasPrefix("--") {
        name = String(word.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
      } else {
        guard word.count == 2, let option = allOptions.first(where: { $0.short == word.last })
        else {
          throw unknownOption(word)
        }
        name = option.name
      }
      guard let option = allOptions.first(where: { $0.name == name }) else {
        throw unknownOption(word)
      }
      if option.valueName == nil {
        if inlineValue != nil {
          throw UsageError("'--\(name)' does not take a value", command: self.name)
        }
        parsed.flags.insert(name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard i < arguments.count,
          option.takesOptionLikeValue || arguments[i] == "-" || !arguments[i].hasPrefix("-")
        else {
          throw UsageError(
            UsageError.missingValueMessage("--\(name)", valueName: option.valueName ?? "value"),
            command: self.name)
        }
        value = arguments[i]
        i += 1
      }
      if option.completion.isPath, let message = UsageError.unexpandedHome("--\(name)", value) {
        throw UsageError(message, command: self.name)
      }
      if value.isEmpty && !option.allowsEmptyValue {
        throw UsageError(
          UsageError.emptyValueMessage("--\(name)", valueName: option.valueName ?? "value"),
          command: self.name)
      }
      var values = [value]
      if option.takesPairs && inlineValue == nil {
        while i < arguments.count, !arguments[i].hasPrefix("-"), arguments[i].contains(":") {
          values.append(arguments[i])
          i += 1
        }
      }
      if !option.choices.isEmpty && !option.choices.contains(value) {
        var message =
          "'\(value)' is not a valid value for '--\(name)'; expected one of: \(option.choices.joined(separator: ", "))"
        message += didYouMean(value, in: option.choices)
        throw UsageError(message, command: self.name)
      }
      if !option.repeatable && parsed.values[name] != nil {
        throw UsageError("'--\(name)' was given more than once", command: self.name)
      }
      parsed.values[name, default: []] += values
    }
    if parsed.flag(CommandSpec.help) { return parsed }
    for (i, value) in parsed.positional.enumerated() {
      let argument =
        i < self.arguments.count
        ? self.arguments[i] : self.arguments.last.flatMap { $0.repeating ? $0 : nil }
      if let argument, argument.completion.isPath,
        let message = UsageError.unexpandedHome("<\(argument.name)>", value)
      {
        throw UsageError(message, command: name)
      }
    }
    let required = requiredCount
    if parsed.positional.count < required {
      let missing = self.arguments.filter { !$0.optional }[parsed.positional.count]
      throw UsageError("missing argument <\(missing.name)>", command: name)
    }
    if !self.arguments.contains(where: \.repeating)
      && parsed.positional.count > self.arguments.count
    {
      throw UsageError(
        "unexpected argument '\(parsed.positional[self.arguments.count])'", command: name)
    }
    return parsed
  }

  private var requiredCount: Int { arguments.filter { !$0.optional }.count }

  private func unknownOption(_ word: String) -> UsageError {
    var message = UsageError.unknownOptionMessage(word)
    let names = allOptions.map { "--\($0.name)" }
    let bare = word.split(separator: "=").first.map(String.init) ?? word
    message += didYouMean(bare, in: names)
    return UsageError(message, command: name)
  }
}
