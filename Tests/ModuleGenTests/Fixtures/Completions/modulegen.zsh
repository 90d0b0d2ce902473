#compdef modulegen
# zsh completion for modulegen
_modulegen() {
  local cmd
  if (( CURRENT == 2 )); then
    compadd -- gen check update validate templates init spec migrate forget completions render help --help --version
    return
  fi
  cmd=$words[2]
  if [[ $cmd == templates && CURRENT -gt 3 ]]; then cmd="templates $words[3]"; fi
  # The value of an option.
  case "$cmd $words[CURRENT-1]" in
    "gen --spec"|"check --spec"|"update --spec"|"templates lint --spec"|"spec from --output"|"render --data") _files; return ;;
    "gen --set"|"gen --author"|"gen --company"|"gen --project"|"gen --date"|"gen --target"|"gen --test-target"|"gen --description"|"gen --project_group_path"|"gen --test_group_path"|"gen --custom_parameters"|"gen --project_targets"|"gen --test_targets"|"check --set"|"check --author"|"check --company"|"check --project"|"check --date"|"check --target"|"check --test-target"|"check --description"|"check --project_group_path"|"check --test_group_path"|"check --custom_parameters"|"check --project_targets"|"check --test_targets"|"update --set"|"update --author"|"update --company"|"update --project"|"update --date"|"update --target"|"update --test-target"|"update --description"|"update --project_group_path"|"update --test_group_path"|"update --custom_parameters"|"update --project_targets"|"update --test_targets"|"templates lint --target"|"templates lint --swiftc-flag"|"templates install --name"|"templates install --ref"|"init --author"|"init --company"|"init --project"|"init --prefix"|"spec from --set"|"render --module") return ;;
    "gen --output"|"gen --tests-output"|"gen --package"|"gen --templates"|"gen --xcodeproj"|"gen --module_path"|"gen --test_path"|"gen --project_file_path"|"gen --test_file_path"|"check --output"|"check --tests-output"|"check --package"|"check --templates"|"check --xcodeproj"|"check --module_path"|"check --test_path"|"check --project_file_path"|"check --test_file_path"|"update --output"|"update --tests-output"|"update --package"|"update --templates"|"update --xcodeproj"|"update --module_path"|"update --test_path"|"update --project_file_path"|"update --test_file_path"|"validate --templates"|"templates list --templates"|"templates show --templates"|"templates eject --dir"|"templates new --dir"|"templates lint --templates"|"templates lint --sdk"|"templates lint --package"|"init --output"|"init --tests-output"|"spec from --templates"|"render --partials") _files -/; return ;;
    "gen --format"|"check --format"|"update --format"|"validate --format"|"forget --format") compadd -- text json github; return ;;
    "gen --color"|"check --color"|"update --color"|"validate --color"|"forget --color") compadd -- auto always never; return ;;
    "templates list --format") compadd -- text json names; return ;;
    "init --template"|"spec from --template") compadd -- ${(f)"$(modulegen templates list --format names 2>/dev/null)"}; return ;;
  esac
  if [[ $PREFIX == -* ]]; then
    case "$cmd" in
    "gen") compadd -- --spec --set --output --tests-output --package --no-tests --with-tests --templates --author --company --project --date --convert-name --format --quiet --verbose --xcodeproj --target --test-target --description --module_path --test_path --project_file_path --test_file_path --project_group_path --test_group_path --custom_parameters --project_targets --test_targets --dry-run --force --prune --color --help ;;
    "check") compadd -- --spec --set --output --tests-output --package --no-tests --with-tests --templates --author --company --project --date --convert-name --format --quiet --verbose --xcodeproj --target --test-target --description --module_path --test_path --project_file_path --test_file_path --project_group_path --test_group_path --custom_parameters --project_targets --test_targets --diff --color --help ;;
    "update") compadd -- --spec --set --output --tests-output --package --no-tests --with-tests --templates --author --company --project --date --convert-name --format --quiet --verbose --xcodeproj --target --test-target --description --module_path --test_path --project_file_path --test_file_path --project_group_path --test_group_path --custom_parameters --project_targets --test_targets --dry-run --prune --color --help ;;
    "validate") compadd -- --format --templates --color --help ;;
    "templates list") compadd -- --templates --format --help ;;
    "templates show") compadd -- --templates --help ;;
    "templates eject") compadd -- --dir --force --help ;;
    "templates new") compadd -- --dir --force --help ;;
    "templates lint") compadd -- --templates --typecheck --sdk --target --swiftc-flag --spec --package --force --help ;;
    "templates install") compadd -- --name --ref --force --help ;;
    "init") compadd -- --author --company --project --template --output --tests-output --prefix --force --help ;;
    "spec from") compadd -- --template --set --templates --output --force --help ;;
    "migrate") compadd -- --dry-run --force --help ;;
    "forget") compadd -- --dry-run --quiet --format --color --help ;;
    "completions") compadd -- --help ;;
    "render") compadd -- --data --module --partials --strict-variables --help ;;
  esac
    return
  fi
  # Arguments.
  case "$cmd" in
    "templates") compadd -- list show eject new lint install ;;
    "spec") compadd -- from ;;
    help) compadd -- gen check update validate templates init spec migrate forget completions render help ;;
    "gen") compadd -- ${(f)"$(modulegen templates list --format names 2>/dev/null)"} ;;
    "check") compadd -- ${(f)"$(modulegen templates list --format names 2>/dev/null)"} ;;
    "update") compadd -- ${(f)"$(modulegen templates list --format names 2>/dev/null)"} ;;
    "validate") _files ;;
    "templates show") compadd -- ${(f)"$(modulegen templates list --format names 2>/dev/null)"} ;;
    "templates eject") compadd -- ${(f)"$(modulegen templates list --format names 2>/dev/null)"} ;;
    "templates lint") compadd -- ${(f)"$(modulegen templates list --format names 2>/dev/null)"} ;;
    "templates install") _files -/ ;;
    "spec from") _files -/ ;;
    "completions") compadd -- bash zsh fish ;;
    "render") _files ;;
  esac
}
_modulegen "$@"
