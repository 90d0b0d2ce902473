/// `modulegen completions bash|zsh|fish`: a shell completion script for commands, options and
/// template names.
enum CompletionsCommand {
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "completions",
    summary: "Print a shell completion script (bash, zsh or fish).",
    arguments: [.init(name: "shell", help: "bash, zsh or fish.", completion: .values(shells))],
    examples: [
      ("source <(modulegen completions bash)", "Completion in the current bash."),
      (
        "modulegen completions zsh > ~/.zsh/completions/_modulegen",
        "Install for zsh (the folder must be in fpath)."
      ),
      (
        "modulegen completions fish > ~/.config/fish/completions/modulegen.fish",
        "Install for fish."
      ),
    ])

  static let shells = ["bash", "zsh", "fish"]

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    switch arguments.positional[0] {
    case "bash": console.writeOut(bash())
    case "zsh": console.writeOut(zsh())
    case "fish": console.writeOut(fish())
    default:
      throw UsageError(
        "unknown shell '\(arguments.positional[0])'; expected bash, zsh or fish",
        command: "completions")
    }
    return ExitCode.success
  }

  static var topLevel: [String] { CommandLineTool.commands.map(\.spec.name) + ["help"] }

  /// The commands whose options and arguments are completed: every command without
  /// subcommands, and every subcommand.
  static var leaves: [Command] {
    CommandLineTool.allCommands.filter { $0.subcommands.isEmpty }
  }

  /// The commands that have subcommands (`templates`).
  static var groups: [Command] {
    CommandLineTool.commands.filter { !$0.subcommands.isEmpty }
  }

  /// The last word of a subcommand's name (`list` for `templates list`).
  static func shortName(_ command: Command) -> String {
    String(command.spec.name.split(separator: " ").last ?? "")
  }

  /// Options of a command, as `--name` words.
  static func options(_ command: Command) -> [String] {
    command.spec.allOptions.map { "--\($0.name)" }
  }

  /// Every option that takes a value, as `--name` words, sorted.
  static var valueOptions: [String] {
    Set(
      CommandLineTool.allCommands.flatMap(\.spec.allOptions).filter { $0.valueName != nil }.map {
        "--" + $0.name
      }
    ).sorted()
  }

  /// The words that print the names of the templates the project can use.
  static let templateNames = "modulegen templates list --format names 2>/dev/null"

  /// Patterns with the same action, grouped in the order the actions first appear.
  static func grouped(_ items: [(pattern: String, action: String)]) -> [(
    patterns: [String], action: String
  )] {
    var groups: [(patterns: [String], action: String)] = []
    for item in items {
      if let i = groups.firstIndex(where: { $0.action == item.action }) {
        groups[i].patterns.append(item.pattern)
      } else {
        groups.append(([item.pattern], item.action))
      }
    }
    return groups
  }

  /// The `"command --option"` patterns of every option that takes a value, with `action`'s
  /// text for its completion.
  static func valueCases(_ action: (CommandSpec.Completion) -> String) -> String {
    var items: [(pattern: String, action: String)] = []
    for command in leaves {
      for option in command.spec.allOptions where option.valueName != nil {
        items.append(("\"\(command.spec.name) --\(option.name)\"", action(option.completion)))
      }
    }
    return grouped(items).map {
      "    \($0.patterns.joined(separator: "|"))) \($0.action) ;;\n"
    }.joined()
  }

  static func bashAction(_ completion: CommandSpec.Completion) -> String {
    switch completion {
    case .none: return "COMPREPLY=(); return"
    case .file: return "COMPREPLY=($(compgen -f -- \"$cur\")); return"
    case .folder: return "COMPREPLY=($(compgen -d -- \"$cur\")); return"
    case .templateName:
      return "COMPREPLY=($(compgen -W \"$(\(templateNames))\" -- \"$cur\")); return"
    case .values(let values):
      return "COMPREPLY=($(compgen -W \"\(values.joined(separator: " "))\" -- \"$cur\")); return"
    }
  }

  static func bash() -> String {
    var optionWords = ""
    for command in leaves {
      optionWords +=
        "    \"\(command.spec.name)\") words=\"\(options(command).joined(separator: " "))\" ;;\n"
    }
    var argumentWords = ""
    for group in groups {
      argumentWords +=
        "      \"\(group.spec.name)\") words=\"\(group.subcommands.map(shortName).joined(separator: " "))\" ;;\n"
    }
    argumentWords += "      help) words=\"\(topLevel.joined(separator: " "))\" ;;\n"
    for command in leaves where !command.spec.arguments.isEmpty {
      var positions = ""
      for (i, argument) in command.spec.arguments.enumerated() where argument.completion != .none {
        positions +=
          "\(argument.repeating ? "*" : String(i))) \(bashAction(argument.completion)) ;; "
      }
      if !command.spec.arguments.contains(where: { $0.repeating && $0.completion != .none }) {
        positions += "*) words=\"\" ;; "
      }
      argumentWords +=
        "      \"\(command.spec.name)\") case $(_modulegen_position $first) in \(positions)esac ;;\n"
    }
    return """
      # bash completion for modulegen
      _modulegen_valued=" \(valueOptions.joined(separator: " ")) "
      # How many arguments (not options or their values) come before the current word.
      _modulegen_position() {
        local i=$1 n=0 w
        while (( i < COMP_CWORD )); do
          w="${COMP_WORDS[i]}"
          if [[ $w == -* ]]; then
            [[ $w != *=* && $_modulegen_valued == *" $w "* ]] && (( i++ ))
          else
            (( n++ ))
          fi
          (( i++ ))
        done
        echo $n
      }
      _modulegen() {
        local cur prev cmd words="" first=2
        cur="${COMP_WORDS[COMP_CWORD]}"
        prev="${COMP_WORDS[COMP_CWORD-1]}"
        if [[ $COMP_CWORD -eq 1 ]]; then
          COMPREPLY=($(compgen -W "\(topLevel.joined(separator: " ")) --help --version" -- "$cur"))
          return
        fi
        cmd="${COMP_WORDS[1]}"
        if [[ $cmd == templates && $COMP_CWORD -gt 2 ]]; then cmd="templates ${COMP_WORDS[2]}"; first=3; fi
        # The value of an option.
        case "$cmd $prev" in
      \(valueCases(bashAction))  esac
        # Options, for every command.
        case "$cmd" in
      \(optionWords)  esac
        # Arguments, by position.
        if [[ $cur != -* ]]; then
          case "$cmd" in
      \(argumentWords)    esac
        fi
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
      }
      complete -F _modulegen modulegen

      """
  }

  static func zshAction(_ completion: CommandSpec.Completion) -> String {
    switch completion {
    case .none: return "return"
    case .file: return "_files; return"
    case .folder: return "_files -/; return"
    case .templateName: return "compadd -- ${(f)\"$(\(templateNames))\"}; return"
    case .values(let values): return "compadd -- \(values.joined(separator: " ")); return"
    }
  }

  static func zsh() -> String {
    var optionWords = ""
    for command in leaves {
      optionWords +=
        "    \"\(command.spec.name)\") compadd -- \(options(command).joined(separator: " ")) ;;\n"
    }
    var argumentWords = ""
    for group in groups {
      argumentWords +=
        "    \"\(group.spec.name)\") compadd -- \(group.subcommands.map(shortName).joined(separator: " ")) ;;\n"
    }
    argumentWords += "    help) compadd -- \(topLevel.joined(separator: " ")) ;;\n"
    for command in leaves {
      // zsh does not count positions here: every argument's completion is offered.
      var actions: [String] = []
      for argument in command.spec.arguments where argument.completion != .none {
        let action = String(zshAction(argument.completion).dropLast("; return".count))
        if !actions.contains(action) { actions.append(action) }
      }
      if actions.isEmpty { continue }
      argumentWords += "    \"\(command.spec.name)\") \(actions.joined(separator: "; ")) ;;\n"
    }
    return """
      #compdef modulegen
      # zsh completion for modulegen
      _modulegen() {
        local cmd
        if (( CURRENT == 2 )); then
          compadd -- \(topLevel.joined(separator: " ")) --help --version
          return
        fi
        cmd=$words[2]
        if [[ $cmd == templates && CURRENT -gt 3 ]]; then cmd="templates $words[3]"; fi
        # The value of an option.
        case "$cmd $words[CURRENT-1]" in
      \(valueCases(zshAction))  esac
        if [[ $PREFIX == -* ]]; then
          case "$cmd" in
      \(optionWords)  esac
          return
        fi
        # Arguments.
        case "$cmd" in
      \(argumentWords)  esac
      }
      _modulegen "$@"

      """
  }

  static func fishArguments(_ completion: CommandSpec.Completion) -> String {
    switch completion {
    case .none: return ""
    case .file: return "-F"
    case .folder: return "-a '(__fish_complete_directories)'"
    case .templateName: return "-a '(\(templateNames))'"
    case .values(let values): return "-a '\(values.joined(separator: " "))'"
    }
  }

  static func fishQuoted(_ text: String) -> String {
    "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
  }

  static func fish() -> String {
    var out = "# fish completion for modulegen\ncomplete -c modulegen -f\n"
    for name in topLevel {
      let summary =
        CommandLineTool.commands.first { $0.spec.name == name }?.spec.summary
        ?? "Show help for a command"
      out +=
        "complete -c modulegen -n '__fish_use_subcommand' -a '\(name)' -d \(fishQuoted(summary))\n"
    }
    for group in groups {
      let names = group.subcommands.map(shortName).joined(separator: " ")
      for sub in group.subcommands {
        out +=
          "complete -c modulegen -n '__fish_seen_subcommand_from \(group.spec.name); and not __fish_seen_subcommand_from \(names)' -a '\(shortName(sub))' -d \(fishQuoted(sub.spec.summary))\n"
      }
    }
    for command in leaves {
      let words = command.spec.name.split(separator: " ")
      let condition = words.map { "__fish_seen_subcommand_from \($0)" }.joined(separator: "; and ")
      for option in command.spec.allOptions {
        var line = "complete -c modulegen -n '\(condition)' -l '\(option.name)'"
        if let short = option.short { line += " -s '\(short)'" }
        if option.valueName != nil {
          line += option.completion == .file ? " -r" : " -x"
          let values = fishArguments(option.completion)
          if !values.isEmpty { line += " " + values }
        }
        out += line + " -d \(fishQuoted(option.help))\n"
      }
      var seen: Set<String> = []
      for argument in command.spec.arguments {
        let values = fishArguments(argument.completion)
        if values.isEmpty || !seen.insert(values).inserted { continue }
        out += "complete -c modulegen -n '\(condition)' \(values)\n"
      }
    }
    return out
  }
}
