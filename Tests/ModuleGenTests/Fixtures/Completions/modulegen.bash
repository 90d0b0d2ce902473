# bash completion for modulegen
_modulegen_valued=" --author --color --company --custom_parameters --data --date --description --dir --format --module --module_path --name --output --package --partials --prefix --project --project_file_path --project_group_path --project_targets --ref --sdk --set --spec --swiftc-flag --target --template --templates --test-target --test_file_path --test_group_path --test_path --test_targets --tests-output --xcodeproj "
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
    COMPREPLY=($(compgen -W "gen check update validate templates init spec migrate forget completions render help --help --version" -- "$cur"))
    return
  fi
  cmd="${COMP_WORDS[1]}"
  if [[ $cmd == templates && $COMP_CWORD -gt 2 ]]; then cmd="templates ${COMP_WORDS[2]}"; first=3; fi
  # The value of an option.
  case "$cmd $prev" in
    "gen --spec"|"check --spec"|"update --spec"|"templates lint --spec"|"spec from --output"|"render --data") COMPREPLY=($(compgen -f -- "$cur")); return ;;
    "gen --set"|"gen --author"|"gen --company"|"gen --project"|"gen --date"|"gen --target"|"gen --test-target"|"gen --description"|"gen --project_group_path"|"gen --test_group_path"|"gen --custom_parameters"|"gen --project_targets"|"gen --test_targets"|"check --set"|"check --author"|"check --company"|"check --project"|"check --date"|"check --target"|"check --test-target"|"check --description"|"check --project_group_path"|"check --test_group_path"|"check --custom_parameters"|"check --project_targets"|"check --test_targets"|"update --set"|"update --author"|"update --company"|"update --project"|"update --date"|"update --target"|"update --test-target"|"update --description"|"update --project_group_path"|"update --test_group_path"|"update --custom_parameters"|"update --project_targets"|"update --test_targets"|"templates lint --target"|"templates lint --swiftc-flag"|"templates install --name"|"templates install --ref"|"init --author"|"init --company"|"init --project"|"init --prefix"|"spec from --set"|"render --module") COMPREPLY=(); return ;;
    "gen --output"|"gen --tests-output"|"gen --package"|"gen --templates"|"gen --xcodeproj"|"gen --module_path"|"gen --test_path"|"gen --project_file_path"|"gen --test_file_path"|"check --output"|"check --tests-output"|"check --package"|"check --templates"|"check --xcodeproj"|"check --module_path"|"check --test_path"|"check --project_file_path"|"check --test_file_path"|"update --output"|"update --tests-output"|"update --package"|"update --templates"|"update --xcodeproj"|"update --module_path"|"update --test_path"|"update --project_file_path"|"update --test_file_path"|"validate --templates"|"templates list --templates"|"templates show --templates"|"templates eject --dir"|"templates new --dir"|"templates lint --templates"|"templates lint --sdk"|"templates lint --package"|"init --output"|"init --tests-output"|"spec from --templates"|"render --partials") COMPREPLY=($(compgen -d -- "$cur")); return ;;
    "gen --format"|"check --format"|"update --format"|"validate --format"|"forget --format") COMPREPLY=($(compgen -W "text json github" -- "$cur")); return ;;
    "gen --color"|"check --color"|"update --color"|"validate --color"|"forget --color") COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    "templates list --format") COMPREPLY=($(compgen -W "text json names" -- "$cur")); return ;;
    "init --template"|"spec from --template") COMPREPLY=($(compgen -W "$(modulegen templates list --format names 2>/dev/null)" -- "$cur")); return ;;
  esac
  # Options, for every command.
  case "$cmd" in
    "gen") words="--spec --set --output --tests-output --package --no-tests --with-tests --templates --author --company --project --date --convert-name --format --quiet --verbose --xcodeproj --target --test-target --description --module_path --test_path --project_file_path --test_file_path --project_group_path --test_group_path --custom_parameters --project_targets --test_targets --dry-run --force --prune --color --help" ;;
    "check") words="--spec --set --output --tests-output --package --no-tests --with-tests --templates --author --company --project --date --convert-name --format --quiet --verbose --xcodeproj --target --test-target --description --module_path --test_path --project_file_path --test_file_path --project_group_path --test_group_path --custom_parameters --project_targets --test_targets --diff --color --help" ;;
    "update") words="--spec --set --output --tests-output --package --no-tests --with-tests --templates --author --company --project --date --convert-name --format --quiet --verbose --xcodeproj --target --test-target --description --module_path --test_path --project_file_path --test_file_path --project_group_path --test_group_path --custom_parameters --project_targets --test_targets --dry-run --prune --color --help" ;;
    "validate") words="--format --templates --color --help" ;;
    "templates list") words="--templates --format --help" ;;
    "templates show") words="--templates --help" ;;
    "templates eject") words="--dir --force --help" ;;
    "templates new") words="--dir --force --help" ;;
    "templates lint") words="--templates --typecheck --sdk --target --swiftc-flag --spec --package --force --help" ;;
    "templates install") words="--name --ref --force --help" ;;
    "init") words="--author --company --project --template --output --tests-output --prefix --force --help" ;;
    "spec from") words="--template --set --templates --output --force --help" ;;
    "migrate") words="--dry-run --force --help" ;;
    "forget") words="--dry-run --quiet --format --color --help" ;;
    "completions") words="--help" ;;
    "render") words="--data --module --partials --strict-variables --help" ;;
  esac
  # Arguments, by position.
  if [[ $cur != -* ]]; then
    case "$cmd" in
      "templates") words="list show eject new lint install" ;;
      "spec") words="from" ;;
      help) words="gen check update validate templates init spec migrate forget completions render help" ;;
      "gen") case $(_modulegen_position $first) in 1) COMPREPLY=($(compgen -W "$(modulegen templates list --format names 2>/dev/null)" -- "$cur")); return ;; *) words="" ;; esac ;;
      "check") case $(_modulegen_position $first) in 1) COMPREPLY=($(compgen -W "$(modulegen templates list --format names 2>/dev/null)" -- "$cur")); return ;; *) words="" ;; esac ;;
      "update") case $(_modulegen_position $first) in 1) COMPREPLY=($(compgen -W "$(modulegen templates list --format names 2>/dev/null)" -- "$cur")); return ;; *) words="" ;; esac ;;
      "validate") case $(_modulegen_position $first) in *) COMPREPLY=($(compgen -f -- "$cur")); return ;; esac ;;
      "templates show") case $(_modulegen_position $first) in 0) COMPREPLY=($(compgen -W "$(modulegen templates list --format names 2>/dev/null)" -- "$cur")); return ;; *) words="" ;; esac ;;
      "templates eject") case $(_modulegen_position $first) in 0) COMPREPLY=($(compgen -W "$(modulegen templates list --format names 2>/dev/null)" -- "$cur")); return ;; *) words="" ;; esac ;;
      "templates new") case $(_modulegen_position $first) in *) words="" ;; esac ;;
      "templates lint") case $(_modulegen_position $first) in *) COMPREPLY=($(compgen -W "$(modulegen templates list --format names 2>/dev/null)" -- "$cur")); return ;; esac ;;
      "templates install") case $(_modulegen_position $first) in 0) COMPREPLY=($(compgen -d -- "$cur")); return ;; *) words="" ;; esac ;;
      "spec from") case $(_modulegen_position $first) in 0) COMPREPLY=($(compgen -d -- "$cur")); return ;; *) words="" ;; esac ;;
      "forget") case $(_modulegen_position $first) in *) words="" ;; esac ;;
      "completions") case $(_modulegen_position $first) in 0) COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur")); return ;; *) words="" ;; esac ;;
      "render") case $(_modulegen_position $first) in 0) COMPREPLY=($(compgen -f -- "$cur")); return ;; *) words="" ;; esac ;;
    esac
  fi
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _modulegen modulegen
