import Diagnostics

/// `modulegen migrate`: from a Generamba project to a modulegen one, writing the same bytes.
enum MigrateCommand {
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "migrate",
    summary: "Write .modulegen.yml from the Rambafile, and a template.yml beside each .rambaspec.",
    discussion: """
      The nearest Rambafile becomes a .modulegen.yml beside it (Generamba's own settings under
      'generamba:'), and each Generamba template in the project's Templates folder gets a
      template.yml that renders its files with Generamba's variables: 'gen' then writes the
      same files, byte for byte. Nothing is deleted: the Rambafile and the .rambaspec files
      stay for Generamba. A .rambaspec with Liquid beyond '{% if %}' lines around entries
      stays a Generamba template. Existing files are not overwritten without --force.
      """,
    options: [.dryRun, .force],
    examples: [
      ("modulegen migrate --dry-run", "See what would be written."),
      ("modulegen migrate", "Write .modulegen.yml and the template.yml files."),
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let fileSystem = LocalFileSystem()
    guard
      let rambafile = ProjectConfig.find(
        from: console.currentDirectory, fileSystem: fileSystem, names: [Rambafile.fileName])
    else {
      throw Diagnostic(message: "no Rambafile here or in a folder above; nothing to migrate")
    }
    let directory = parentPath(rambafile)
    let shown = console.displayPath(rambafile)
    let config = try Rambafile.decode(
      try fileSystem.readText(atPath: rambafile, displayPath: shown), file: shown,
      directory: directory, home: console.environment["HOME"], fileSystem: fileSystem
    ).config
    if fileSystem.fileExists(atPath: joinPath(directory, ".modulegen.yaml")) {
      throw Diagnostic(
        message:
          "'\(console.displayPath(joinPath(directory, ".modulegen.yaml")))' exists: modulegen reads it, not the Rambafile; remove it to migrate"
      )
    }
    var notes: [Diagnostic] = []
    var outputs: [(path: String, root: String, text: String)] = [
      (joinPath(directory, ".modulegen.yml"), directory, try GenerambaMigration.configText(config))
    ]
    let templates = joinPath(directory, TemplateLibrary.projectFolderName)
    let folder = TemplateLibrary.Folder(path: templates, kind: .project)
    let library = TemplateLibrary(
      folders: [folder], fileSystem: fileSystem, displayBase: console.currentDirectory)
    var problems: [Diagnostic] = []
    for name in (try? fileSystem.contentsOfDirectory(atPath: templates)) ?? [] {
      guard let source = library.generambaSource(in: folder, named: name) else { continue }
      guard
        let (text, templateNotes) = try collectingProblems(
          into: &problems,
          {
            try GenerambaMigration.manifestText(
              source, named: name, flat: config.generamba?.createLogicalGroups ?? false)
          })
      else { continue }
      notes += templateNotes
      if let text, let path = source.directory {
        outputs.append((joinPath(path, "template.yml"), path, text))
      }
    }
    if !problems.isEmpty { throw DiagnosticList(problems) }
    for declaration in config.generamba?.templates ?? [] where declaration.local != nil {
      notes.append(
        Diagnostic(
          .note,
          message:
            "template '\(declaration.name)' is read from '\(declaration.local ?? "")', outside the project: it stays a Generamba template (migrate writes only in the project)",
          location: declaration.location))
    }
    for note in notes { console.report(note) }
    return try write(outputs, console: console, arguments: arguments, fileSystem: fileSystem)
  }

  private static func write(
    _ outputs: [(path: String, root: String, text: String)], console: Console,
    arguments: ParsedArguments, fileSystem: LocalFileSystem
  ) throws -> Int32 {
    let plan = try Plan(
      writing: outputs, force: arguments.flag(.force), fileSystem: fileSystem,
      shown: console.displayPath)
    let dryRun = arguments.flag(.dryRun)
    for file in plan.files {
      let path = console.displayPath(file.path)
      let verb =
        file.action == .conflict || file.action == .unchanged || !dryRun
        ? file.action.rawValue : "would " + file.action.rawValue
      console.writeOut("  \(verb) \(path)\n")
    }
    if TemplatesCommand.reportConflicts(plan, console: console) { return ExitCode.failure }
    if dryRun {
      console.writeOut(Console.dryRunLine)
      return ExitCode.success
    }
    try PlanApplier(fileSystem: fileSystem, environment: console.environment).apply(plan)
    console.writeOut(
      "Migrated: gen reads .modulegen.yml now; the Rambafile and the .rambaspec files stay for Generamba.\n"
    )
    return ExitCode.success
  }
}
