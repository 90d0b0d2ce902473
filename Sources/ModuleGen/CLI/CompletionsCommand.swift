/// `modulegen completions bash|zsh|fish`: a shell completion script for commands, options and
/// template names.
enum CompletionsCommand {
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "completions",
    summary: "Print a shell completion script (bash, zsh or fish).",
    arguments: [.init(name: "shell", help: "bash, zsh or fish.")],
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

  /// Options of a command, as `--name` words.
  static func options(_ command: Command) -> [String] {
    command.spec.allOptions.map { "--\($0.name)" }
  }

  /// Options whose value is a file or folder: completed with paths.
  static let pathOptions = [
    "spec", "data", "output", "tests-output", "templates", "partials", "dir",
  ]

  /// Every option that takes a value, as `--name` words, sorted.
  static var valueOptions: [String] {
    Set(
      CommandLineTool.allCommands.flatMap(\.spec.options).filter { $0.valueName != nil }.map {
        "--" + $0.name
      }
    ).sorted()
  }

  /// Options that take a free value (no choices, not a path): nothing to offer after them.
  static var freeValueOptions: [String] {
    Set(
      CommandLineTool.allCommands.flatMap(\.spec.options).filter {
        $0.valueName != nil && $0.choices.isEmpty && !pathOptions.contains($0.name)
      }.map { "--" + $0.name }
    ).sorted()
  }

  static func bash() -> String {
    var cases = ""
    for command in CommandLineTool.allCommands {
      var words = options(command).joined(separator: " ")
      if !command.subcommands.isEmpty {
        words = command.subcommands.map { String($0.spec.name.split(separator: " ").last!) }.joined(
          separator: " ")
      }
      cases += "    \"\(command.spec.name)\") words=\"\(words)\" ;;\n"
    }
    var choices = ""
    for command in CommandLineTool.allCommands {
      for option in command.spec.options where !option.choices.isEmpty {
        choices +=
          "    \"\(command.spec.name) --\(option.name)\") COMPREPLY=($(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
      }
    }
    let paths = pathOptions.map { "*\" --\($0)\"" }.joined(separator: "|")
    let free = freeValueOptions.map { "*\" \($0)\"" }.joined(separator: "|")
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
        local cur prev cmd words first=2
        cur="${COMP_WORDS[COMP_CWORD]}"
        prev="${COMP_WORDS[COMP_CWORD-1]}"
        if [[ $COMP_CWORD -eq 1 ]]; then
          COMPREPLY=($(compgen -W "\(topLevel.joined(separator: " ")) --help --version" -- "$cur"))
          return
        fi
        cmd="${COMP_WORDS[1]}"
        if [[ $cmd == templates && $COMP_CWORD -gt 2 ]]; then cmd="templates ${COMP_WORDS[2]}"; first=3; fi
        case "$cmd $prev" in
      \(choices)    \(paths))
            COMPREPLY=($(compgen -f -- "$cur")); return ;;
          \(free))
            COMPREPLY=(); return ;;
        esac
        case "$cmd" in
      \(cases)    *) words="" ;;
        esac
        if [[ $cur != -* ]]; then
          case "$cmd" in
            gen|check|update) [[ $(_modulegen_position $first) -eq 1 ]] && words="$(modulegen templates list --format names 2>/dev/null)" || words="" ;;
            "templates show"|"templates eject") [[ $(_modulegen_position $first) -eq 0 ]] && words="$(modulegen templates list --format names 2>/dev/null)" || words="" ;;
            completions) words="bash zsh fish" ;;
            help) words="\(topLevel.joined(separator: " "))" ;;
            render|validate|"templates lint") COMPREPLY=($(compgen -f -- "$cur")); return ;;
          esac
        fi
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
      }
      complete -F _modulegen modulegen

      """
  }

  static func zsh() -> String {
    var cases = ""
    for command in CommandLineTool.allCommands {
      let words: [String]
      if !command.subcommands.isEmpty {
        words = command.subcommands.map { String($0.spec.name.split(separator: " ").last!) }
      } else {
        words = options(command)
      }
      cases += "    \"\(command.spec.name)\") choices=(\(words.joined(separator: " "))) ;;\n"
    }
    return """
      #compdef modulegen
      # zsh completion for modulegen
      _modulegen() {
        local -a choices
        local cmd
        if (( CURRENT == 2 )); then
          compadd -- \(topLevel.joined(separator: " ")) --help --version
          return
        fi
        cmd=$words[2]
        if [[ $cmd == templates && CURRENT -gt 3 ]]; then cmd="templates $words[3]"; fi
        case "$cmd" in
      \(cases)    *) choices=() ;;
        esac
        case " \(freeValueOptions.joined(separator: " ")) " in
          *" $words[CURRENT-1] "*) return ;;
        esac
        if [[ $PREFIX != -* ]]; then
          case "$cmd" in
            gen|check|update|"templates show"|"templates eject")
              compadd -- ${(f)"$(modulegen templates list --format names 2>/dev/null)"}; _files; return ;;
            completions) compadd -- bash zsh fish; return ;;
            *) _files; return ;;
          esac
        fi
        compadd -- $choices
      }
      _modulegen "$@"

      """
  }

  static func fish() -> String {
    var out = "# fish completion for modulegen\ncomplete -c modulegen -f\n"
    for name in topLevel {
      let summary =
        CommandLineTool.commands.first { $0.spec.name == name }?.spec.summary
        ?? "Show help for a command"
      out +=
        "complete -c modulegen -n '__fish_use_subcommand' -a '\(name)' -d '\(summary.replacingAll("'", with: "\\'"))'\n"
    }
    for command in CommandLineTool.commands {
      let name = command.spec.name
      for sub in command.subcommands {
        let subName = String(sub.spec.name.split(separator: " ").last!)
        out +=
          "complete -c modulegen -n '__fish_seen_subcommand_from \(name)' -a '\(subName)' -d '\(sub.spec.summary.replacingAll("'", with: "\\'"))'\n"
      }
      for option in (command.subcommands.isEmpty ? [command] : command.subcommands).flatMap(
        \.spec.allOptions)
      {
        var line =
          "complete -c modulegen -n '__fish_seen_subcommand_from \(name)' -l '\(option.name)'"
        if let short = option.short { line += " -s '\(short)'" }
        if !option.choices.isEmpty {
          line += " -x -a '\(option.choices.joined(separator: " "))'"
        } else if option.valueName != nil {
          line += " -r"
        }
        line += " -d '\(option.help.replacingAll("'", with: "\\'"))'"
        out += line + "\n"
      }
    }
    out +=
      "complete -c modulegen -n '__fish_seen_subcommand_from gen check update show eject' -a '(modulegen templates list --format names 2>/dev/null)'\n"
    out += "complete -c modulegen -n '__fish_seen_subcommand_from completions' -a 'bash zsh fish'\n"
    return out
  }
}
