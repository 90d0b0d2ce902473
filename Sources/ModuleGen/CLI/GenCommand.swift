import Diagnostics

/// `modulegen gen`: renders modules into a plan, then writes it all or nothing.
enum GenCommand {
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "gen",
    summary: "Generate a module (or every module of a spec) from a template.",
    discussion: """
      Every file is rendered and checked before anything is written. Files a template marks
      'regenerate: once' (presenters, views, tests...) are created when missing and are yours
      afterwards: gen leaves them alone ('modulegen update' merges changes into them). Other
      files are regenerated; one you edited is a conflict, and its module is skipped (nothing of
      it written) while the other modules are written. Files left from a previous generation
      that the plan no longer has are reported; --prune removes them. What was generated is
      recorded in .modulegen.lock (commit it); a recorded module keeps its parameters and
      folders unless they are set again, and with no module and no --spec, gen regenerates
      every recorded module. Without a config or flags, code goes to ./NAME/ and tests to
      ./NAMETests/.
      """,
    arguments: [
      .init(
        name: "name", help: "The module's name (a Swift type name, e.g. Home).", optional: true),
      .init(
        name: "template",
        help: "The template: \(BuiltinTemplates.names.joined(separator: ", ")), or your own.",
        optional: true,
        completion: .templateName),
    ],
    options: CommandSpec.generationOptions + CommandSpec.generambaOptions + [
      .dryRun.withHelp("Print the plan; write nothing."),
      .force.withHelp(
        "Regenerate edited files too (each is named; files you own, regenerate: once, are kept)."
      ),
      .prune,
    ],
    examples: [
      ("modulegen gen Home viper", "A VIPER module in ./Home and its tests in ./HomeTests."),
      (
        "modulegen gen Profile mvvm --set ui=swiftui --set binding=observation",
        "Choose parameters."
      ),
      ("modulegen gen --spec Specs/modules.yml", "Every module of a spec, as one plan."),
      ("modulegen gen Home viper --dry-run --format json", "What would be written, for scripts."),
      ("modulegen gen --spec Specs/modules.yml --prune", "Also remove files no longer generated."),
      ("modulegen gen --prune", "Every recorded module, from its spec or recorded template."),
      (
        "modulegen gen Profile rviper_controller --module_path Sources/Modules --custom_parameters storyboard:true",
        "A Generamba template, with Generamba's options (a Rambafile is read as the config)."
      ),
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let dryRun = arguments.flag(.dryRun)
    let prune = arguments.flag(.prune)
    let report = try GenerationReport(arguments, console: console, command: "gen", dryRun: dryRun)
    let console = report.console  // --quiet: without notes
    // A large Xcode project is read on another thread while the module is rendered.
    var setup = try GenerationSetup.make(
      arguments, console: console, command: "gen", readingProjectMeanwhile: true)
    defer { console.keepUntilExit(setup) }
    setup.options.force = arguments.flag(.force)
    setup.options.prune = prune
    let rendered = Result { try setup.plan() }
    // The project's errors first, as when it was read before rendering.
    try setup.finishReadingProject()
    for note in setup.notes { console.report(note) }
    var plan = try rendered.get()
    for note in plan.notes { console.report(note) }
    if plan.testsLackTheApp {
      console.report(Diagnostic(.warning, message: untestableWarning))
    }
    let changes = try GenerationTransaction.write(
      &plan, setup: &setup, prune: prune, dryRun: dryRun, console: console
    ) { setup, record in try setup.plan(record: record) }
    report.printWritten(plan, changes: changes, setup: setup)
    if !plan.conflicts.isEmpty
      && (setup.generator.generambaTemplates.used || setup.generator.config?.generamba != nil)
    {
      console.report(GenerambaCommandLine.overwriteNote)
    }
    report.reportUnresolvedMarkers(plan)
    let prunedAll = report.reportStale(plan, prune: prune, changes: changes)
    report.finish()
    return plan.blockedModules.isEmpty && prunedAll
      ? ExitCode.success : ExitCode.failure
  }
}

extension GenCommand {
  /// Tests live in their own target: without the app's module name they cannot see its types.
  static let untestableWarning =
    "the generated tests have no module to '@testable import': set 'module' (or 'project') in .modulegen.yml, or pass --project"
}
