import Liquid

extension GenerationSetup {
  /// Options that choose what is generated (not how the result is printed or written): what a
  /// follow-up command such as `check --diff` needs to look at the same files.
  static let selectionOptions: [CommandSpec.Option] = [
    .spec, .set, .output, .testsOutput, .swiftPackage, .noTests, .templates, .author, .company,
    .project, .date, .convertName, .xcodeproj, .target, .testTarget,
  ]

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

  /// A word as a POSIX shell reads it back.
  static func shellQuoted(_ word: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
    if !word.isEmpty && word.allSatisfy({ safe.contains($0) }) { return word }
    return "'" + word.replacingAll("'", with: "'\\''") + "'"
  }
}
