import Foundation
import Liquid
import Testing

@testable import ModuleGen

/// The option catalogue: names unique per command, reads only of declared options, and the
/// completion scripts derived from the declarations (snapshots in Fixtures/Completions;
/// `MODULEGEN_RECORD=1` re-records them and fails, so that a recording is never silently
/// accepted).
@Suite struct CommandOptionsTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Completions")

  @Test func optionNamesAndShortNamesAreUniquePerCommand() {
    for command in CommandLineTool.allCommands {
      let options = command.spec.allOptions
      let names = options.map(\.name)
      #expect(Set(names).count == names.count, "\(command.spec.name): \(names)")
      let shorts = options.compactMap(\.short)
      #expect(Set(shorts).count == shorts.count, "\(command.spec.name): \(shorts)")
      let arguments = command.spec.arguments.map(\.name)
      #expect(Set(arguments).count == arguments.count, "\(command.spec.name): \(arguments)")
    }
  }

  @Test func sharedOptionsAreDeclaredOnce() {
    // `--force` keeps one name and kind everywhere; a command may only reword its help.
    for command in CommandLineTool.allCommands {
      for option in command.spec.options {
        let same = CommandLineTool.allCommands.flatMap(\.spec.options).filter {
          $0.name == option.name
        }
        #expect(
          same.allSatisfy { ($0.valueName == nil) == (option.valueName == nil) },
          "--\(option.name) is a flag in one command and takes a value in another")
      }
    }
    #expect(GenCommand.spec.options.filter { $0.name == "force" }.count == 1)
    #expect(!CheckCommand.spec.options.contains { $0.name == "force" })
  }

  @Test func readsGoThroughDeclarations() throws {
    let spec = CommandSpec(name: "try", summary: "", options: [.force, .format])
    let parsed = try spec.parse(["--force", "--format", "json"])
    #expect(parsed.isDeclared(.force))
    #expect(parsed.flag(.force))
    #expect(parsed.value(.format) == "json")
    // A command that writes a report (--format) takes --color too.
    #expect(parsed.declared == ["force", "format", "color", "help"])
  }

  /// An option's value that looks like an option is not taken as the value: the value is
  /// missing (a usage error, exit 64), as swift-argument-parser has it; `-` (standard input),
  /// a value after `=` and an option that passes flags on take it.
  @Test func aValueThatLooksLikeAnOptionIsMissing() throws {
    let message = UsageError.missingValueMessage("--spec", valueName: "file")
    #expect(
      message
        == "'--spec' needs a value: --spec <file> (a value that starts with '-': --spec=<file>)")
    for words in [["--spec", "--format", "json"], ["--spec", "-q"], ["--spec"]] {
      #expect(throws: UsageError(message, command: "check")) {
        try CheckCommand.spec.parse(words)
      }
    }
    let output = UsageError.missingValueMessage("--output", valueName: "file")
    #expect(throws: UsageError(output, command: "spec from")) {
      try SpecCommand.from.spec.parse(["Home", "-o", "--force"])
    }
    #expect(
      try CheckCommand.spec.parse(["--spec", "-", "--format", "json"]).values["spec"] == ["-"])
    #expect(
      try CheckCommand.spec.parse(["--spec=--odd-name.yml"]).values["spec"] == ["--odd-name.yml"])
    let lint = try TemplatesCommand.lint.spec.parse(
      ["--swiftc-flag", "-resource-dir", "--swiftc-flag", "/r"])
    #expect(lint.values["swiftc-flag"] == ["-resource-dir", "/r"])
    // Every command: an option that takes a value, followed by another option.
    for command in CommandLineTool.allCommands {
      for option in command.spec.allOptions
      where option.valueName != nil && !option.takesOptionLikeValue {
        #expect(throws: UsageError.self, "\(command.spec.name) --\(option.name)") {
          try command.spec.parse(["--\(option.name)", "--help"])
        }
      }
    }
    let dir = try makeTemporaryDirectory()
    let result = runTool(["check", "--spec", "--format", "json"], in: dir)
    #expect(result.code == 64)
    #expect(result.err.hasPrefix("error: " + message + "\n"), "\(result.err)")
  }

  /// An empty value (`--spec=`, `--spec ""`) is a usage error naming the option, as a missing
  /// one is, for every valued option of every command: `check --spec=` said "'' is a folder".
  /// `--author` and `--company` take one: headers without them.
  @Test func anEmptyValueIsAUsageError() throws {
    let message = UsageError.emptyValueMessage("--spec", valueName: "file")
    #expect(message == "'--spec' needs a value, not an empty one: --spec <file>")
    for words in [["--spec="], ["--spec", ""], ["--spec", "a.yml", "--spec="]] {
      #expect(throws: UsageError(message, command: "check")) {
        try CheckCommand.spec.parse(words)
      }
    }
    let allowed = Set(["author", "company"])
    for command in CommandLineTool.allCommands {
      for option in command.spec.allOptions where option.valueName != nil {
        #expect(option.allowsEmptyValue == allowed.contains(option.name), "--\(option.name)")
        let forms =
          [["--\(option.name)="], ["--\(option.name)", ""]]
          + (option.short.map { [["-\($0)", ""]] } ?? [])
        for words in forms {
          if option.allowsEmptyValue {
            #expect(try command.spec.parse(words).value(option) == "")
            continue
          }
          #expect(
            throws: UsageError(
              UsageError.emptyValueMessage(
                "--\(option.name)", valueName: option.valueName ?? ""),
              command: command.spec.name),
            "\(command.spec.name) \(words)"
          ) {
            try command.spec.parse(words)
          }
        }
      }
    }
    let dir = try makeTemporaryDirectory()
    for (words, option) in [
      (["check", "--spec="], "'--spec'"), (["gen", "Home", "viper", "--output", ""], "'--output'"),
    ] {
      let result = runTool(words, in: dir)
      #expect(result.code == 64, "\(words)")
      #expect(
        result.err.hasPrefix("error: \(option) needs a value, not an empty one: "), "\(result.err)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
  }

  /// A path the shell left with its `~` (after `=`, or quoted) is a usage error that says how
  /// to give it, for every path option and argument of every command: `spec from -o '~/a.yml'`
  /// wrote a folder named `~` in the current one, `init --output '~'` wrote a config `gen`
  /// refuses, and `--spec=~/a.yml` was "no such file".
  @Test func aPathStartingWithATildeIsAUsageError() throws {
    #expect(
      UsageError.unexpandedHome("--spec", "~/a.yml")
        == "--spec '~/a.yml' starts with '~', which modulegen does not expand: give '~' unquoted at the start of a word, which the shell expands (--spec ~/..., not --spec=~/...), or write $HOME"
    )
    #expect(UsageError.unexpandedHome("--spec", "a~/b.yml") == nil)
    var checked = 0
    for command in CommandLineTool.allCommands {
      for option in command.spec.allOptions where option.completion.isPath {
        let words = [String](repeating: "x", count: command.spec.arguments.count { !$0.optional })
        #expect(
          throws: UsageError(
            UsageError.unexpandedHome("--\(option.name)", "~/p")!, command: command.spec.name),
          "\(command.spec.name) --\(option.name)"
        ) { try command.spec.parse(words + ["--\(option.name)=~/p"]) }
        checked += 1
      }
    }
    #expect(checked > 20)
    let dir = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: dir + "/Home", withIntermediateDirectories: true)
    for words in [
      ["spec", "from", "Home", "--output", "~/Home.yml"], ["init", "--tests-output", "~"],
      ["validate", "~/a.yml"], ["gen", "--spec=~/a.yml"],
    ] {
      let result = runTool(words, in: dir)
      #expect(result.code == 64, "\(words)")
      #expect(result.err.contains("which modulegen does not expand: give '~' unquoted"))
      #expect(result.err.contains("\nusage: modulegen "), "\(result.err)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["Home"])
  }

  @Test func checkRefusesForceItDoesNotTake() throws {
    let dir = try makeTemporaryDirectory()
    let result = runTool(["check", "Home", "viper", "--force"], in: dir)
    #expect(result.code == 64)
    #expect(result.err.contains(UsageError.unknownOptionMessage("--force")))
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func completionScriptsMatchTheirSnapshots(shell: String) throws {
    let script =
      shell == "bash"
      ? CompletionsCommand.bash()
      : shell == "zsh" ? CompletionsCommand.zsh() : CompletionsCommand.fish()
    let path = Self.fixtures.appendingPathComponent("modulegen.\(shell)").path
    if ProcessInfo.processInfo.environment["MODULEGEN_RECORD"] != nil {
      try script.write(toFile: path, atomically: true, encoding: .utf8)
      Issue.record("recorded \(path); run again without MODULEGEN_RECORD")
      return
    }
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == script,
      "run MODULEGEN_RECORD=1 swift test --filter CommandOptionsTests")
  }

  @Test func completionsFollowTheDeclarations() {
    let bash = CompletionsCommand.bash()
    // An option declared to complete with folders, files, fixed values or template names.
    #expect(bash.contains("\"gen --spec\"|"))
    #expect(
      bash.contains("\"templates list --format\") COMPREPLY=($(compgen -W \"text json names\""))
    #expect(
      bash.contains(
        "\"init --template\"|\"spec from --template\") COMPREPLY=($(compgen -W \"$(modulegen templates list"
      ))
    #expect(CompletionsCommand.fish().contains("-l 'spec' -r -F"))
    #expect(CompletionsCommand.zsh().contains("\"templates eject\") compadd -- ${(f)"))
  }
}

/// One wording for every suggestion.
@Suite struct DidYouMeanTests {
  @Test func oneWording() {
    #expect(didYouMean("viepr", in: ["viper", "mvp"]) == "; did you mean 'viper'?")
    #expect(didYouMean("zzzzz", in: ["viper", "mvp"]) == "")
    #expect(
      didYouMean("lst", in: ["list"], prefix: "templates ") == "; did you mean 'templates list'?")
  }

  /// A name written as Apple spells it, or in capitals, finds its value in lower case, when no
  /// candidate is close in the same case.
  @Test func aNameInAnotherCaseIsFound() throws {
    #expect(didYouMean("SwiftUI", in: ["uikit", "swiftui"]) == "; did you mean 'swiftui'?")
    #expect(didYouMean("VIPER", in: ["mvc", "viper"]) == "; did you mean 'viper'?")
    #expect(didYouMean("Veiw", in: ["view", "Veil"]) == "; did you mean 'Veil'?")
    let dir = try makeTemporaryDirectory()
    let result = runTool(["gen", "Home", "viper", "--set", "tests=XCTest"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err
        == "error: 'XCTest' is not a value of 'tests' (--set); template 'viper' allows: xctest, swift-testing; did you mean 'xctest'?\n"
    )
  }

  @Test func anInvalidChoiceSuggestsInTheSameWording() throws {
    let dir = try makeTemporaryDirectory()
    let result = runTool(["gen", "Home", "viper", "--format", "jsn"], in: dir)
    #expect(result.code == 64)
    #expect(
      result.err.contains(
        "'jsn' is not a valid value for '--format'; expected one of: text, json, github; did you mean 'json'?"
      ))
  }
}

/// The architectures the CLI names come from the built-in templates.
@Suite struct ArchitectureListTests {
  @Test func genNamesTheBuiltinTemplates() {
    let help = GenCommand.spec.arguments[1].help
    #expect(help == "The template: \(BuiltinTemplates.names.joined(separator: ", ")), or your own.")
    #expect(BuiltinTemplates.names == ["mvc", "mvp", "mvvm", "viper"])
  }
}
