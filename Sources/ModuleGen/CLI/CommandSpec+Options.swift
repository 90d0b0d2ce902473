/// The option catalogue: every option a command accepts is declared here once, with how it
/// completes, and commands list the declarations they take. A command reads an option through
/// its declaration (`arguments.value(.spec)`), so a read cannot name an option that does not
/// exist, and `ParsedArguments` asserts that the command declares it.
///
/// To add an option: declare it below, add it to the commands' `options` (or to a group such
/// as `generation`), read it with `arguments.value(.name)` / `flag(.name)` / `all(.name)`.
/// Help, parsing, validation of `.values`, the manual page and the bash / zsh / fish
/// completions derive from the declaration.
extension CommandSpec.Option {
  // MARK: Shared by several commands

  static let force = Self(name: "force", valueName: nil, help: "Overwrite files that differ.")
  static let dryRun = Self(
    name: "dry-run", valueName: nil, help: "Print what would be written; write nothing.")
  static let format = Self(
    name: "format", valueName: "format",
    help: "How to print the result (json: a versioned report; github: Actions annotations).",
    completion: .values(OutputFormat.allCases.map(\.rawValue)))
  static let color = Self(
    name: "color", valueName: "when",
    help: "When to colour (auto: on a terminal, as NO_COLOR and FORCE_COLOR say).",
    completion: .values(ColorChoice.allCases.map(\.rawValue)))
  static let templates = Self(
    name: "templates", valueName: "dir", help: "Look for templates here first.", repeatable: true,
    completion: .folder)
  // Empty: headers without one.
  static let author = Self(
    name: "author", valueName: "name", help: ProjectConfig.authorDoc, allowsEmptyValue: true)
  static let company = Self(
    name: "company", valueName: "name", help: ProjectConfig.companyDoc, allowsEmptyValue: true)
  static let project = Self(
    name: "project", valueName: "name", help: ProjectConfig.projectDoc)
  static let output = Self(
    name: "output", valueName: "dir",
    help: "Where code goes (a pattern: {{ module }} is the module's name).", completion: .folder)
  static let testsOutput = Self(
    name: "tests-output", valueName: "dir", help: "Where tests go (a pattern, like --output).",
    completion: .folder)
  static let swiftPackage = Self(
    name: "package", valueName: "dir",
    help:
      "A local Swift package the module becomes a target of (else 'package' in .modulegen.yml).",
    completion: .folder)

  // MARK: gen, check, update

  static let spec = Self(
    name: "spec", valueName: "file",
    help: "A module spec (YAML or JSON) with one module or several.", repeatable: true,
    completion: .file)
  static let set = Self(
    name: "set", valueName: "key=value", help: "Set a template parameter.", repeatable: true)
  static let noTests = Self(
    name: "no-tests", valueName: nil,
    help: "Generate no test files (recorded: later runs generate none for the module).")
  static let withTests = Self(
    name: "with-tests", valueName: nil,
    help: "Generate the test files of a module recorded without them (--no-tests).")
  static let date = Self(
    name: "date", valueName: "YYYY-MM-DD",
    help: "The date in file headers (else SOURCE_DATE_EPOCH, else today).")
  static let convertName = Self(
    name: "convert-name", valueName: nil, help: "Turn a name like 'home screen' into 'HomeScreen'.")
  static let quiet = Self(name: "quiet", short: "q", valueName: nil, help: "Print only problems.")
  static let verbose = Self(
    name: "verbose", short: "v", valueName: nil, help: "List every file with its status.")
  static let prune = Self(
    name: "prune", valueName: nil,
    help: "Remove stale files (generated before, no longer planned) unless edited since.")
  static let diff = Self(
    name: "diff", valueName: nil, help: "Print a unified diff of every change.")

  // MARK: Generamba's spellings (gen, check, update)

  static let description = Self(
    name: "description", short: "d", valueName: "text",
    help: "The module's description (Generamba's module_info.description).")
  static let modulePath = Self(
    name: "module_path", valueName: "path",
    help: "Generamba: the module goes to PATH/NAME (like --output).", completion: .folder)
  static let testPath = Self(
    name: "test_path", valueName: "path",
    help: "Generamba: the tests go to PATH/NAME (like --tests-output).", completion: .folder)
  static let projectFilePath = Self(
    name: "project_file_path", valueName: "path",
    help: "Generamba: the module goes to PATH/NAME (--module_path wins).", completion: .folder)
  static let testFilePath = Self(
    name: "test_file_path", valueName: "path",
    help: "Generamba: the tests go to PATH/NAME (--test_path wins).", completion: .folder)
  static let projectGroupPath = Self(
    name: "project_group_path", valueName: "path",
    help: "Generamba: the module's Xcode group is PATH/NAME.")
  static let testGroupPath = Self(
    name: "test_group_path", valueName: "path",
    help: "Generamba: the tests' Xcode group is PATH/NAME.")
  static let customParameters = Self(
    name: "custom_parameters", valueName: "key:value", help: "Generamba's custom parameters.",
    repeatable: true, takesPairs: true)
  static let projectTargets = Self(
    name: "project_targets", valueName: "a,b", help: "Generamba: the targets of the module.")
  static let testTargets = Self(
    name: "test_targets", valueName: "a,b", help: "Generamba: the targets of the tests.")

  // MARK: Other commands

  static let listFormat = Self(
    name: "format", valueName: "format", help: "How to print the list.",
    completion: .values(["text", "json", "names"]))
  static let templateFolder = Self(
    name: "dir", valueName: "dir",
    help: "Where to create it (default: the project's first template folder, else Templates).",
    completion: .folder)
  static let installName = Self(
    name: "name", valueName: "name",
    help: "The template's name (else the name of the .rambaspec at the source's root).")
  static let ref = Self(
    name: "ref", valueName: "ref", help: "With a git URL: a branch, a tag or a commit.")
  static let data = Self(
    name: "data", valueName: "file",
    help: "A JSON or YAML file whose object is the template's variables.", completion: .file)
  static let moduleVariables = Self(
    name: "module", valueName: "name",
    help:
      "Render with the variables and snippets a recorded module's files render with (its template, parameters and spec, as in .modulegen.lock)."
  )
  static let partials = Self(
    name: "partials", valueName: "dir",
    help: "A folder of NAME.liquid partials for include and render.", repeatable: true,
    completion: .folder)
  static let strictVariables = Self(
    name: "strict-variables", valueName: nil,
    help: "Make an undefined variable or property an error.")
  static let defaultTemplate = Self(
    name: "template", valueName: "name", help: "The default template.",
    completion: .templateName)
  static let prefix = Self(name: "prefix", valueName: "prefix", help: "A prefix for type names.")
  static let specFile = Self(
    name: "output", short: "o", valueName: "file",
    help: "Write the spec to this file (else stdout).",
    completion: .file)
}

extension CommandSpec.Option {
  // MARK: templates lint --typecheck

  static let typecheck = Self(
    name: "typecheck", valueName: nil,
    help: "Also type-check every parameter combination against Apple's iOS SDK.")
  static let sdk = Self(
    name: "sdk", valueName: "path",
    help: "The iOS SDK (default: xcrun's iOS Simulator SDK).", completion: .folder)
  static let compilerTarget = Self(
    name: "target", valueName: "triple",
    help:
      "The target triple (default: arm64-apple-ios17.0-simulator, or -ios17.0 for iPhoneOS.sdk).")
  static let swiftcFlag = Self(
    name: "swiftc-flag", valueName: "flag",
    help: "Pass a flag to swiftc (on Linux, those scripts/prepare-ios-sdk.sh prints).",
    repeatable: true, takesOptionLikeValue: true)
  static let variantsPackage = Self(
    name: "package", valueName: "dir",
    help: "Write the variants' package here and keep it (for xcodebuild); else a temporary folder.",
    completion: .folder)
}

extension CommandSpec.Option {
  // MARK: Xcode projects

  static let xcodeproj = Self(
    name: "xcodeproj", valueName: "path",
    help: "Add the generated files to this Xcode project (else 'xcodeproj' in .modulegen.yml).",
    completion: .folder)
  static let target = Self(
    name: "target", valueName: "name",
    help: "A target that builds the generated code (repeat it, or a comma list).",
    repeatable: true)
  static let testTarget = Self(
    name: "test-target", valueName: "name",
    help: "A target that builds the generated tests (repeat it, or a comma list).",
    repeatable: true)
}

extension CommandSpec {
  /// What choosing and rendering modules takes: `gen`, `check` and `update`.
  static let generationOptions: [Option] =
    [
      .spec, .set, .output, .testsOutput, .swiftPackage, .noTests, .withTests, .templates, .author,
      .company,
      .project, .date, .convertName,
    ] + reportOptions + [.xcodeproj, .target, .testTarget]

  /// The generation options that only say how the result is printed: every other generation
  /// and Generamba option chooses what is generated, and a follow-up command repeats it.
  static let reportOptions: [Option] = [.format, .quiet, .verbose]

  /// Generamba's options in Generamba's spellings, for `gen`, `check` and `update`.
  static let generambaOptions: [Option] = [
    .description, .modulePath, .testPath, .projectFilePath, .testFilePath, .projectGroupPath,
    .testGroupPath, .customParameters, .projectTargets, .testTargets,
  ]
}
