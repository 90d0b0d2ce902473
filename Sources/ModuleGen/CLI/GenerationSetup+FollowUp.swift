import Liquid

extension GenerationSetup {
  /// Options that choose what is generated (not how the result is printed or written): what a
  /// follow-up command such as `check --diff` needs to look at the same files. Every generation
  /// and Generamba option but the report options.
  static let selectionOptions: [CommandSpec.Option] =
    (CommandSpec.generationOptions + CommandSpec.generambaOptions).filter { option in
      !CommandSpec.reportOptions.contains { $0.name == option.name }
    }

  /// The command that looks at the same modules as this run: `modulegen check --spec X --diff`.
  static func followUp(_ command: String, _ arguments: ParsedArguments, adding extra: [String])
    -> String
  {
    var words = ["modulegen", command] + arguments.positional
    for option in selectionOptions {
      if option.valueName == nil {
        if arguments.flag(option) { words.append("--" + option.name) }
      } else {
        for value in arguments.all(option) { words += ["--" + option.name, value] }
      }
    }
    return (words + extra).map(shellQuoted).joined(separator: " ")
  }

  /// A word as a POSIX shell reads it back: as it is when nothing in it is special, else in
  /// double quotes when nothing in it is special there (messages quote the whole command in
  /// single quotes: `'modulegen check --output "Mods/{{ module }}"'`), else in single quotes.
  static func shellQuoted(_ word: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
    if !word.isEmpty && word.allSatisfy({ safe.contains($0) }) { return word }
    // `!` too: bash expands history in double quotes.
    if !word.contains(where: { "$`\\\"!".contains($0) }) { return "\"" + word + "\"" }
    return "'" + word.replacingAll("'", with: "'\\''") + "'"
  }
}
