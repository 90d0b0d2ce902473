import Liquid

/// What a command accepts, for parsing and for its `--help`.
public struct CommandSpec: Sendable {
  public struct Option: Sendable {
    public var name: String
    public var short: Character?
    /// Nil for a flag; the placeholder shown in help for an option that takes a value.
    public var valueName: String?
    public var help: String
    public var repeatable = false
    /// Allowed values, for help and completions.
    public var choices: [String] = []
    /// Also takes the `key:value` words that follow its value, as Generamba's
    /// `--custom_parameters a:1 b:2` does.
    public var takesPairs = false
  }

  public struct Argument: Sendable {
    public var name: String
    public var help: String
    public var optional = false
    public var repeating = false
  }

  public var name: String
  public var summary: String
  public var discussion: String = ""
  public var arguments: [Argument] = []
  public var options: [Option] = []
  public var examples: [(command: String, meaning: String)] = []

  static let help = Option(name: "help", short: "h", valueName: nil, help: "Show this help.")

  var allOptions: [Option] { options + [CommandSpec.help] }

  var usage: String {
    var parts = ["modulegen", name]
    for argument in arguments {
      var text = "<\(argument.name)>"
      if argument.repeating { text += "..." }
      parts.append(argument.optional ? "[\(text)]" : text)
    }
    if !options.isEmpty { parts.append("[options]") }
    return parts.joined(separator: " ")
  }

  /// The text `modulegen help NAME` and `NAME --help` print.
  public var helpText: String {
    var out = "OVERVIEW: \(summary)\n"
    if !discussion.isEmpty { out += "\n" + discussion + "\n" }
    out += "\nUSAGE: \(usage)\n"
    if !arguments.isEmpty {
      out += "\nARGUMENTS:\n"
      for argument in arguments { out += row("<\(argument.name)>", argument.help) }
    }
    out += "\nOPTIONS:\n"
    for option in allOptions {
      var label = option.short.map { "-\($0), " } ?? ""
      label += "--\(option.name)"
      if let valueName = option.valueName {
        label += " <\(valueName)>" + (option.takesPairs ? "..." : "")
      }
      var help = option.help
      if !option.choices.isEmpty { help += " (\(option.choices.joined(separator: ", ")))" }
      if option.repeatable { help += " Repeatable." }
      out += row(label, help)
    }
    if !examples.isEmpty {
      out += "\nEXAMPLES:\n"
      for example in examples {
        out += "  \(example.command)\n"
        if !example.meaning.isEmpty { out += "      \(example.meaning)\n" }
      }
    }
    return out
  }

  private func row(_ label: String, _ help: String) -> String {
    let padded =
      label.count < 26
      ? label + String(repeating: " ", count: 26 - label.count)
      : label + "\n" + String(repeating: " ", count: 28)
    return "  " + padded + help + "\n"
  }
}

/// Arguments as parsed against a spec: positionals in order, options by name.
public struct ParsedArguments: Sendable {
  public var positional: [String] = []
  public var values: [String: [String]] = [:]
  public var flags: Set<String> = []

  public func value(_ name: String) -> String? { values[name]?.last }
  public func all(_ name: String) -> [String] { values[name] ?? [] }
  public func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// A mistake in how a command was called: printed with the command's usage, exit code 64.
public struct UsageError: Error, Sendable, Equatable {
  public var message: String
  public var command: String?

  public init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }
}

extension CommandSpec {
  /// Parses `arguments` (the words after the command name).
  public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
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
        guard i < arguments.count else {
          throw UsageError(
            "'--\(name)' needs a value: --\(name) <\(option.valueName!)>", command: self.name)
        }
        value = arguments[i]
        i += 1
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
        if let suggestion = closestMatch(to: value, in: option.choices) {
          message += " (did you mean '\(suggestion)'?)"
        }
        throw UsageError(message, command: self.name)
      }
      if !option.repeatable && parsed.values[name] != nil {
        throw UsageError("'--\(name)' was given more than once", command: self.name)
      }
      parsed.values[name, default: []] += values
    }
    if parsed.flag("help") { return parsed }
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
    var message = "unknown option '\(word)'"
    let names = allOptions.map { "--\($0.name)" }
    let bare = word.split(separator: "=").first.map(String.init) ?? word
    if let suggestion = closestMatch(to: bare, in: names) {
      message += "; did you mean '\(suggestion)'?"
    }
    return UsageError(message, command: name)
  }
}
