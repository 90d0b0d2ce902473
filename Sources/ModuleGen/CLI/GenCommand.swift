import Liquid

/// `modulegen gen`: renders modules into a plan, then writes it all or nothing.
enum GenCommand {
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "gen",
    summary: "Generate a module (or every module of a spec) from a template.",
    discussion: """
      Every file is rendered and checked before anything is written. A file that exists with
      other content is a conflict: without --force nothing at all is written. Unchanged files
      are left alone. Without a config or flags, code goes to ./NAME/ and tests to ./NAMETests/.
      """,
    arguments: [
      .init(
        name: "name", help: "The module's name (a Swift type name, e.g. Home).", optional: true),
      .init(
        name: "template", help: "The template: viper, mvp, mvvm, mvc, or your own.", optional: true),
    ],
    options: GenerationSetup.options + GenerambaCommandLine.options + [
      .init(name: "dry-run", valueName: nil, help: "Print the plan; write nothing."),
      .init(name: "force", valueName: nil, help: "Overwrite files whose content differs."),
    ],
    examples: [
      ("modulegen gen Home viper", "A VIPER module in ./Home and its tests in ./HomeTests."),
      (
        "modulegen gen Profile mvvm --set ui=swiftui --set binding=observation",
        "Choose parameters."
      ),
      ("modulegen gen --spec Specs/modules.yml", "Every module of a spec, as one plan."),
      ("modulegen gen Home viper --dry-run --format json", "What would be written, for scripts."),
      (
        "modulegen gen Profile rviper_controller --module_path Sources/Modules --custom_parameters storyboard:true",
        "A Generamba template, with Generamba's options (a Rambafile is read as the config)."
      ),
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    var setup = try GenerationSetup.make(arguments, console: console, command: "gen")
    for note in setup.notes { console.report(note) }
    var plan = try setup.generator.plan(setup.modules, options: setup.options)
    for note in plan.notes { console.report(note) }
    if plan.testsImportTheApp && setup.options.settings.testableModule.isEmpty {
      console.report(Diagnostic(.warning, message: untestableWarning))
    }
    let dryRun = arguments.flag("dry-run")
    let fileSystem = setup.generator.fileSystem
    var session: WriteSession?
    defer { session?.end() }
    if !dryRun {
      // One writer at a time: lock the output folders (finishing what an interrupted run left
      // there), then read the disk again, since it may have changed while this run waited.
      let applier = try PlanApplier(fileSystem: fileSystem, environment: console.environment)
      session = try applier.begin(roots: plan.roots)
      for note in session?.notes ?? [] { console.report(note) }
      plan = try plan.refreshed(fileSystem: fileSystem)
    }
    let conflicts = plan.conflicts
    let writes = !dryRun && conflicts.isEmpty
    if writes { try session?.apply(plan) }
    session?.end()
    if arguments.value("format") == "json" {
      console.writeOut(
        GenerationSetup.jsonReport(
          plan, console: console, dryRun: dryRun, extra: [("written", .bool(writes))]))
    } else {
      // A blocked run writes nothing, so it lists what it would have done.
      printPlan(plan, console: console, written: writes)
    }
    if !conflicts.isEmpty {
      for file in conflicts {
        console.report(
          Diagnostic(
            message:
              "'\(GenerationSetup.relative(file.path, to: console.currentDirectory))' exists with different content"
          ))
      }
      if setup.generator.generambaTemplates.used || setup.generator.config?.generamba != nil {
        console.report(GenerambaCommandLine.overwriteNote)
      }
      console.writeError(
        "\(conflicts.count == 1 ? "1 conflict" : "\(conflicts.count) conflicts"): nothing was written. Use --force to overwrite, or 'modulegen check --diff' to see the differences.\n"
      )
      return ExitCode.failure
    }
    return ExitCode.success
  }

  /// The plan as a list of files and a summary; `written` says whether it was applied.
  private static func printPlan(_ plan: Plan, console: Console, written: Bool) {
    let verbs: [PlannedFile.Action: String] =
      written
      ? [
        .create: "create", .overwrite: "overwrite", .unchanged: "unchanged",
        .conflict: "conflict",
      ]
      : [
        .create: "would create", .overwrite: "would overwrite", .unchanged: "unchanged",
        .conflict: "conflict",
      ]
    let width = verbs.values.map(\.count).max() ?? 0
    for file in plan.files {
      let verb = verbs[file.action] ?? file.action.rawValue
      console.writeOut(
        "  " + verb + String(repeating: " ", count: width - verb.count + 1)
          + GenerationSetup.relative(file.path, to: console.currentDirectory) + "\n")
    }
    guard plan.conflicts.isEmpty else { return }
    let names = plan.modules.map { "\($0.name) (\($0.template))" }.joined(separator: ", ")
    let words: [PlannedFile.Action: String] =
      written
      ? [.create: "created", .overwrite: "overwritten", .unchanged: "unchanged"]
      : [.create: "to create", .overwrite: "to overwrite", .unchanged: "unchanged"]
    let counts = [PlannedFile.Action.create, .overwrite, .unchanged].compactMap {
      action -> String? in
      let n = plan.count(action)
      return n == 0 ? nil : "\(n) \(words[action] ?? action.rawValue)"
    }
    console.writeOut(
      (written ? "Generated " : "Dry run, nothing written: ") + names + ": "
        + counts.joined(separator: ", ") + ".\n")
  }
}

extension GenCommand {
  /// Tests live in their own target: without the app's module name they cannot see its types.
  static let untestableWarning =
    "the generated tests have no module to '@testable import': set 'module' (or 'project') in .modulegen.yml, or pass --project"
}

/// `modulegen check`: whether the generated files on disk match what would be generated.
enum CheckCommand {
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "check",
    summary: "Check that generated modules on disk are up to date with their specs and templates.",
    discussion: """
      Renders the plan and compares it with the disk without writing anything. Exit code 0
      when everything is up to date; 1 listing every file that would be created or changed.
      """,
    arguments: GenCommand.spec.arguments,
    options: GenerationSetup.options + GenerambaCommandLine.options + [
      .init(name: "diff", valueName: nil, help: "Print a unified diff of every change.")
    ],
    examples: [
      ("modulegen check --spec Specs/modules.yml", "In CI: fail when generated code drifted."),
      ("modulegen check Home viper --diff", "See what changed."),
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    var setup = try GenerationSetup.make(arguments, console: console, command: "check")
    for note in setup.notes { console.report(note) }
    let plan = try setup.generator.plan(setup.modules, options: setup.options)
    for note in plan.notes { console.report(note) }
    let unfinished = PlanApplier(fileSystem: setup.generator.fileSystem).unfinishedRuns(
      in: plan.roots)
    reportUnfinished(unfinished, console: console)
    let drift = plan.files.filter { $0.action != .unchanged }
    if arguments.value("format") == "json" {
      console.writeOut(
        GenerationSetup.jsonReport(
          plan, console: console, dryRun: true, extra: [("up_to_date", .bool(drift.isEmpty))]))
      return drift.isEmpty && unfinished.isEmpty ? ExitCode.success : ExitCode.failure
    }
    for file in drift {
      let path = GenerationSetup.relative(file.path, to: console.currentDirectory)
      console.writeOut((file.action == .create ? "missing  " : "changed  ") + path + "\n")
      if arguments.flag("diff") {
        let old =
          file.action == .create
          ? "" : ((try? setup.generator.fileSystem.readText(atPath: file.path)) ?? "")
        let new = String(decoding: file.bytes, as: UTF8.self)
        console.writeOut(
          UnifiedDiff.make(
            old: old, new: new, oldName: file.action == .create ? "/dev/null" : "a/" + path,
            newName: "b/" + path))
      }
    }
    if drift.isEmpty && unfinished.isEmpty {
      console.writeOut(
        "Up to date: \(plan.files.count) files of \(plan.modules.count == 1 ? "1 module" : "\(plan.modules.count) modules").\n"
      )
      return ExitCode.success
    }
    if !drift.isEmpty {
      console.writeError(
        "\(drift.count) of \(plan.files.count) files are missing or out of date.\n")
    }
    return ExitCode.failure
  }

  /// An interrupted run (or one writing now) means the files on disk are not final.
  static func reportUnfinished(_ runs: [PlanApplier.UnfinishedRun], console: Console) {
    func list(_ runs: [PlanApplier.UnfinishedRun]) -> String {
      let shown = runs.prefix(3).map {
        "'\(GenerationSetup.relative($0.root, to: console.currentDirectory))'"
      }
      let more = runs.count > 3 ? " and \(runs.count - 3) more" : ""
      return shown.joined(separator: ", ") + more
    }
    let interrupted = runs.filter { !$0.isRunning }
    if !interrupted.isEmpty {
      console.report(
        Diagnostic(
          message:
            "an interrupted modulegen run left unfinished changes in \(list(interrupted)); run 'modulegen gen' again to complete or roll them back"
        ))
    }
    let running = runs.filter(\.isRunning)
    if !running.isEmpty {
      let pid = running[0].runningPID.map(String.init) ?? "unknown"
      console.report(
        Diagnostic(
          message:
            "another modulegen run is writing here (pid \(pid)): \(list(running)); check again when it has finished"
        ))
    }
  }
}
