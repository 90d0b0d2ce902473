import Diagnostics

/// `modulegen init`: writes `.modulegen.yml`.
enum InitCommand {
  /// What a new user does after `init`: generate a first module with the template it set.
  static let nextStep = "Next: modulegen gen Home\n"
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "init",
    summary: "Write a .modulegen.yml for this project.",
    discussion: """
      Settings come from the flags. On a terminal, init asks for what the flags leave out,
      offering defaults (the author from 'git config user.name', the project from the folder's
      name, the viper template, ./NAME and ./NAMETests); when stdin is not a terminal it never
      asks and writes those defaults. An existing config is not overwritten without --force,
      nor is a Rambafile replaced: 'modulegen migrate' writes .modulegen.yml from it.
      What 'gen' would refuse in it (a template that is not found, an output pattern that does
      not render) is a warning at its line, as 'modulegen validate .modulegen.yml' says it.
      """,
    options: [
      .author, .company, .project.withHelp("The project (also the module tests import)."),
      .defaultTemplate,
      .output.withHelp(
        "Where code goes, e.g. 'Sources/App/Modules/{{ module }}'.", valueName: "pattern"),
      .testsOutput.withHelp(
        "Where tests go, e.g. 'Tests/AppTests/Modules/{{ module }}'.", valueName: "pattern"),
      .prefix,
      .force.withHelp("Overwrite an existing .modulegen.yml, or write one beside a Rambafile."),
    ],
    examples: [
      ("modulegen init", "Asks for the settings on a terminal."),
      (
        "modulegen init --author 'Jane' --project App --template viper --output 'Sources/App/{{ module }}'",
        "No questions, for scripts."
      ),
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let fileSystem = LocalFileSystem()
    let path = joinPath(console.currentDirectory, ".modulegen.yml")
    if fileSystem.fileExists(atPath: path) && !arguments.flag(.force) {
      throw Diagnostic(message: ".modulegen.yml already exists; use --force to replace it")
    }
    // A Rambafile is the config while no .modulegen.yml is beside it: init's defaults would
    // replace its author, prefix, paths and targets, and every module it generated would drift.
    if fileSystem.fileExists(atPath: joinPath(console.currentDirectory, Rambafile.fileName))
      && !arguments.flag(.force)
    {
      throw Diagnostic(
        message:
          "the Rambafile here is the project's config, and a .modulegen.yml would replace it: 'modulegen migrate' writes .modulegen.yml from the Rambafile (--force writes init's defaults instead)"
      )
    }
    let folderName = String(console.currentDirectory.split(separator: "/").last ?? "App")
    // A single .xcodeproj (its targets) or a Swift package: better suggestions, Xcode keys.
    let detected = InitDetection.detect(in: console.currentDirectory, fileSystem: fileSystem)
    for note in detected.notes { console.report(Diagnostic(.note, message: note)) }
    var values: [(key: String, value: String)] = []
    let questions: [(key: String, flag: CommandSpec.Option, prompt: String, suggestion: String?)] =
      [
        ("author", .author, "Author", Git.userName(environment: console.environment)),
        ("company", .company, "Company", nil),
        ("project", .project, "Project name", folderName),
        (
          "template", .defaultTemplate,
          "Default template (\(BuiltinTemplates.names.joined(separator: ", ")))",
          "viper"
        ),
        ("output", .output, "Where code goes", Generator.defaultOutput),
        ("tests_output", .testsOutput, "Where tests go", Generator.defaultTestsOutput),
        ("prefix", .prefix, "Type name prefix", nil),
      ]
    for question in questions {
      if let value = try arguments.oneLineValue(question.flag, command: "init") {
        values.append((question.key, value))
      } else if console.inputIsTerminal {
        if let answer = console.ask(
          question.prompt, suggestion: detected.suggestions[question.key] ?? question.suggestion),
          !answer.isEmpty
        {
          values.append((question.key, answer))
        }
      } else if let suggestion = detected.suggestions[question.key] ?? question.suggestion {
        // Without a terminal, the defaults a terminal would offer.
        values.append((question.key, suggestion))
      }
    }
    var text = "# modulegen project settings: 'modulegen help config' lists every key.\n"
    if let module = detected.suggestions["module"] { values.append(("module", module)) }
    for (key, value) in values { text += "\(key): \(YAMLText.quoted(value))\n" }
    for line in detected.lines { text += line + "\n" }
    // What we write must read back; what `gen` would refuse in it is said once it is written,
    // at its line, as `validate` says it (a template may be created after the config).
    let config = try ProjectConfig.decode(
      text, file: ".modulegen.yml", directory: console.currentDirectory)
    let problems = ValidateCommand.ProjectChecks(console: console, fileSystem: fileSystem)
      .check(config: config)
    let plan = Plan(
      files: [
        PlannedFile(
          module: "", role: .code, root: console.currentDirectory, path: path,
          bytes: Array(text.utf8),
          action: fileSystem.fileExists(atPath: path) ? .overwrite : .create)
      ], modules: [], notes: [], force: true)
    try PlanApplier(fileSystem: fileSystem, environment: console.environment).apply(plan)
    console.writeOut("Wrote .modulegen.yml\n" + nextStep)
    for problem in problems {
      var warning = problem
      warning.severity = .warning
      console.report(warning)
    }
    return ExitCode.success
  }
}
