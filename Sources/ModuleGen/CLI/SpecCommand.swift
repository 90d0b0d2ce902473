import Diagnostics

/// `modulegen spec from`: the spec of an existing module, read from its code.
enum SpecCommand {
  static let command = Command(
    spec: CommandSpec(
      name: "spec",
      summary: "Write the spec of a module that already exists (spec from).",
      discussion: """
        SUBCOMMANDS:
          from      Read a module's folder and write the spec that generates it.
        """,
      examples: [("modulegen spec from Home", "")], takesSubcommand: true),
    run: { _, _ in ExitCode.usage },
    subcommands: [from])

  static let from = Command(
    spec: CommandSpec(
      name: "spec from",
      summary: "Read a module's folder and write the spec that generates it.",
      discussion: """
        For a team that already has modules. The module is named after its folder; its
        template is the one whose files the folder has (or --template), with the parameters
        those files show (--set gives one they do not, such as tests). Read as a spec reads
        them: the methods of the protocols the template makes for each role (HomeViewInput for
        viper's view, HomeRouting for mvvm's router...), those it keeps in a class under a
        // MARK: (mvc's controller), default arguments from a protocol's extension, and the
        struct and enum declarations of the entities' file. They are written as blocks of
        Swift (view: |, entities: |). What is not read gets a note on stderr.
        """,
      arguments: [
        .init(
          name: "folder", help: "The module's folder, e.g. Sources/App/Modules/Home.",
          completion: .folder)
      ],
      options: [
        .defaultTemplate.withHelp(
          "The module's template (else the one whose files the folder has)."),
        .set.withHelp("Set a template parameter the files do not show."), .templates,
        .specFile, .force.withHelp("Overwrite the --output file if it exists."),
      ],
      examples: [
        ("modulegen spec from Home", "Print the spec of the module in ./Home."),
        (
          "modulegen spec from Sources/App/Modules/Profile --template mvvm --output Specs/Profile.yml",
          "Write it to a file (an existing one only with --force)."
        ),
      ]),
    run: run)

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let fileSystem = LocalFileSystem()
    let given = arguments.positional[0]
    // Resolved as `templates new --dir` resolves its folder: `../Home`, from a folder beside the
    // module's, was '…/sub/../Home', which the template's output path refused (read as "not a
    // module").
    let folder: String
    do {
      folder = try PathSafety.resolve(
        given, against: console.currentDirectory,
        rules: PathSafety.rules(forPattern: given, allowsTrailingSlash: true))
    } catch {
      throw Diagnostic(
        message: "the folder '\(given)' \(error.phrase(inside: "the current folder"))")
    }
    let displayFolder = given.count > 1 && given.hasSuffix("/") ? String(given.dropLast()) : given
    let name: String
    switch ModuleName.normalize(lastPathComponent(fileSystem.resolvedPath(folder) ?? folder)) {
    case .valid(let valid): name = valid
    case .changed(let changed, _): name = changed
    case .invalid(let message):
      throw Diagnostic(
        message: "the folder '\(displayFolder)' is not named after a module: \(message)")
    }
    var fixed: [(name: String, value: ModuleSpec.ParamValue)] = []
    for pair in arguments.all(.set) {
      guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
        throw UsageError("'--set' takes key=value, not '\(pair)'", command: "spec from")
      }
      let value = String(pair[pair.index(after: equals)...])
      fixed.append(
        (
          String(pair[..<equals]),
          value == "true" || value == "false" ? .bool(value == "true") : .string(value)
        ))
    }
    let (library, config) = try TemplatesCommand.library(
      templates: arguments.all(.templates), console: console)
    let reader = ModuleReader(
      library: library, config: config, fileSystem: fileSystem,
      currentDirectory: console.currentDirectory)
    let result = try reader.read(
      name: name, folder: folder, displayFolder: displayFolder,
      template: arguments.value(.defaultTemplate), fixed: fixed)
    for note in result.notes { console.report(note) }
    if !result.errors.isEmpty { throw DiagnosticList(result.errors) }
    let text = SpecWriter.yaml(result.module)
    let output = arguments.value(.specFile)
    // What we write must read back.
    _ = try SpecDecoder.decode(text, file: output ?? "<stdout>")
    guard let output else {
      console.writeOut(text)
      return ExitCode.success
    }
    let path = console.path(output)
    let plan = try Plan(
      writing: [(path, parentPath(path), text)], force: arguments.flag(.force),
      fileSystem: fileSystem, shown: console.displayPath)
    if TemplatesCommand.reportConflicts(plan, console: console) { return ExitCode.failure }
    try PlanApplier(fileSystem: fileSystem, environment: console.environment).apply(plan)
    console.writeOut("Wrote \(console.displayPath(path))\n")
    return ExitCode.success
  }
}
