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
    if plan.testsImportTheApp && setup.options.settings.testableModule.isEmpty {
      console.report(Diagnostic(.warning, message: untestableWarning))
    }
    let changes = try write(
      &plan, setup: &setup, prune: prune, dryRun: dryRun, console: console
    ) { setup, record in try setup.plan(record: record) }
    report.printPlan(
      plan, record: setup.record,
      extra: [("pruned", .array(changes.pruned.map { .string(report.shown($0.path)) }))]
        + XcodeChanges.json(changes.xcode, console: console))
    changes.xcode?.print(report, console: console)
    for note in SwiftPackageFolders.notes(
      for: plan.withoutBlockedModules, setup: setup, console: console)
    {
      console.report(note)
    }
    report.reportConflicts(plan)
    if !plan.conflicts.isEmpty
      && (setup.generator.generambaTemplates.used || setup.generator.config?.generamba != nil)
    {
      console.report(GenerambaCommandLine.overwriteNote)
    }
    report.reportStale(plan, prune: prune, pruned: changes.pruned)
    report.finish()
    return plan.blockedModules.isEmpty && changes.refused.isEmpty
      ? ExitCode.success : ExitCode.failure
  }

  /// Writes the plan's modules that have no conflict, the updated record and its base copies,
  /// and removes pruned files, as one transaction. Unless it is a dry run, the output folders
  /// and the record's folder are locked first (finishing what an interrupted run left there);
  /// then the record is read again and the plan made again from it and from the disk (`replan`,
  /// which reuses what was rendered), since both may have changed while this run waited: two
  /// runs at once end as if they had run one after the other.
  static func write(
    _ plan: inout Plan, setup: inout GenerationSetup.Setup, prune: Bool, dryRun: Bool,
    console: Console,
    replan: (inout GenerationSetup.Setup, GenerationRecord) throws -> Plan
  ) throws -> RecordedChanges {
    let fileSystem = setup.generator.fileSystem
    // What a dry run reports; else the folders to lock (the record's is locked whatever the
    // record's changes are, so they are worked out only under the lock).
    var preview = try RecordedChanges.make(
      applying: plan.withoutBlockedModules, to: setup.record, prune: prune, recordFiles: dryRun,
      fileSystem: fileSystem)
    // The project file is checked (paths, groups) before anything is locked or written.
    try preview.addProjectEdit(setup.xcode, plan: plan.withoutBlockedModules)
    if dryRun { return preview }
    let applier = try PlanApplier(fileSystem: fileSystem, environment: console.environment)
    // The record's folder too: another run may change the record meanwhile, and then this
    // run's record changes as well.
    let locked =
      preview.writes.roots + [setup.record.directory] + (setup.xcode.map { [$0.bundle] } ?? [])
    let session = try applier.begin(roots: locked)
    defer { session.end() }
    for note in session.notes { console.report(note) }
    let record = try GenerationSetup.record(
      config: setup.generator.config, console: console, fileSystem: fileSystem)
    plan = try replan(&setup, record)
    setup.record = record
    var changes = try RecordedChanges.make(
      applying: plan.withoutBlockedModules, to: record, prune: prune, fileSystem: fileSystem)
    let lockedKeys = Set(locked.map(PathKey.init))
    if let other = changes.writes.roots.first(where: { !lockedKeys.contains(PathKey($0)) }) {
      throw Diagnostic(
        message:
          "another modulegen run changed what this one writes (now also into '\(console.displayPath(other))') while it waited; nothing was written: run it again"
      )
    }
    // Read again under the lock: another run may have changed the project meanwhile.
    try changes.addProjectEdit(
      setup.xcode?.reloaded(), plan: plan.withoutBlockedModules, reusing: preview.xcode)
    try session.apply(changes.writes)
    session.end()
    removeEmptyFolders(left: changes, fileSystem: fileSystem)
    return changes
  }

  /// The folders that pruning emptied (a module's folders), up to the record's folder.
  static func removeEmptyFolders(left changes: RecordedChanges, fileSystem: any FileSystem) {
    let top = changes.record.directory
    for file in changes.pruned {
      var folder = parentPath(file.path)
      while folder.hasPrefix(top + "/"),
        (try? fileSystem.contentsOfDirectory(atPath: folder))?.isEmpty == true,
        (try? fileSystem.removeItem(atPath: folder)) != nil
      {
        folder = parentPath(folder)
      }
    }
  }
}

extension GenCommand {
  /// Tests live in their own target: without the app's module name they cannot see its types.
  static let untestableWarning =
    "the generated tests have no module to '@testable import': set 'module' (or 'project') in .modulegen.yml, or pass --project"
}
