import Foundation
import Testing

@testable import ModuleGen

/// The follow-up command `gen` prints (`modulegen check … --diff`, `modulegen update …`): it
/// repeats every option that chooses what is generated, Generamba's spellings included, and
/// drops those that only say how the result is printed or written.
@Suite struct FollowUpCommandTests {
  func followUp(_ words: [String], adding extra: [String] = ["--diff"]) throws -> String {
    let arguments = try GenCommand.spec.parse(words)
    return GenerationSetup.followUp("check", arguments, adding: extra)
  }

  @Test func generambaOptionsSurvive() throws {
    let command = try followUp([
      "Home", "viper", "--module_path", "Sources/Modules", "--custom_parameters", "a:1", "b:2",
      "-d", "The home screen", "--format", "json", "--quiet", "--force", "--date", "2026-01-02",
    ])
    #expect(
      command
        == "modulegen check Home viper --date 2026-01-02 --description \"The home screen\" --module_path Sources/Modules --custom_parameters a:1 --custom_parameters b:2 --diff"
    )
  }

  /// Each word reads back as it was in a POSIX shell, and the words that need quotes get double
  /// quotes where they can: messages quote the whole command in single quotes, which a single-
  /// quoted word inside would end ('modulegen check --output 'Mods/{{ module }}'').
  @Test func wordsReadBackInAShell() throws {
    let words = [
      "Mods/{{ module }}", "it's", "", "a b", "$HOME", "`date`", "back\\slash", "say \"hi\"",
      "wow!", "it's $5", "tab\there", "Café/Модуль",
    ]
    let quoted = words.map(GenerationSetup.shellQuoted)
    #expect(quoted[0] == "\"Mods/{{ module }}\"")
    #expect(quoted[1] == "\"it's\"")
    #expect(quoted[4] == "'$HOME'")
    let printf = Process()
    printf.executableURL = URL(fileURLWithPath: "/bin/sh")
    printf.arguments = ["-c", "printf '%s\\0' " + quoted.joined(separator: " ")]
    let pipe = Pipe()
    printf.standardOutput = pipe
    try printf.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    printf.waitUntilExit()
    #expect(
      output.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
        String(decoding: $0, as: UTF8.self)
      } == words)
  }

  /// Each option of `gen` alone: the follow-up parses back with `check` to the same value, or
  /// leaves the option out when it only prints or writes.
  @Test(arguments: GenCommand.spec.options.map(\.name))
  func everyChoosingOptionParsesBack(_ name: String) throws {
    let dropped = ["format", "quiet", "verbose", "dry-run", "force", "prune"]
    let option = try #require(GenCommand.spec.options.first { $0.name == name })
    let given: [String]
    if option.valueName == nil {
      given = ["--" + name]
    } else if let choice = option.choices.last {
      given = ["--" + name, choice]
    } else if option.takesPairs {
      given = ["--" + name, "a:1", "b:2"]
    } else {
      given = ["--" + name, "value-of-" + name]
    }
    let command = try followUp(given, adding: [])
    let words = command.split(separator: " ").map(String.init)
    #expect(words.prefix(2) == ["modulegen", "check"])
    let parsed = try CheckCommand.spec.parse(Array(words.dropFirst(2)))
    if dropped.contains(name) {
      #expect(command == "modulegen check")
    } else if option.valueName == nil {
      #expect(parsed.flag(option))
    } else {
      #expect(parsed.all(option) == Array(given.dropFirst()))
    }
  }
}
