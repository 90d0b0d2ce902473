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
    options: GenerationSetup.options + [
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
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    var setup = try GenerationSetup.make(arguments, console: console, command: "gen")
    for note in setup.notes { console.report(note) }
    let plan = try setup.generator.plan(setup.modules, options: setup.options)
    if plan.files.contains(where: { $0.role == .test })
      && setup.options.settings.testableModule.isEmpty
    {
      console.report(Diagnostic(.warning, message: untestableWarning))
    }
    let dryRun = arguments.flag("dry-run")
    let json = arguments.value("format") == "json"
    let conflicts = plan.conflicts
    if !dryRun && conflicts.isEmpty {
      try PlanApplier(fileSystem: setup.generator.fileSystem).apply(plan)
    }
    if json {
      console.writeOut(
        GenerationSetup.jsonReport(
          plan, console: console, dryRun: dryRun,
          extra: [("written", .bool(!dryRun && conflicts.isEmpty))]))
    } else {
      let verbs: [PlannedFile.Action: String] =
        dryRun
        ? [
          .create: "would create", .overwrite: "would overwrite", .unchanged: "unchanged",
          .conflict: "conflict",
        ]
        : [
          .create: "create", .overwrite: "overwrite", .unchanged: "unchanged",
          .conflict: "conflict",
        ]
      let width = verbs.values.map(\.count).max()!
      for file in plan.files {
        let verb = verbs[file.action]!
        console.writeOut(
          "  " + verb + String(repeating: " ", count: width - verb.count + 1)
            + GenerationSetup.relative(file.path, to: console.currentDirectory) + "\n")
      }
      if conflicts.isEmpty {
        let names = plan.modules.map { "\($0.name) (\($0.template))" }.joined(separator: ", ")
        let words: [PlannedFile.Action: String] =
          dryRun
          ? [.create: "to create", .overwrite: "to overwrite", .unchanged: "unchanged"]
          : [.create: "created", .overwrite: "overwritten", .unchanged: "unchanged"]
        let counts = [PlannedFile.Action.create, .overwrite, .unchanged].compactMap {
          action -> String? in
          let n = plan.count(action)
          return n == 0 ? nil : "\(n) \(words[action]!)"
        }
        console.writeOut(
          (dryRun ? "Dry run, nothing written: " : "Generated ") + names + ": "
            + counts.joined(separator: ", ") + ".\n")
      }
    }
    if !conflicts.isEmpty {
      for file in conflicts {
        console.report(
          Diagnostic(
            message:
              "'\(GenerationSetup.relative(file.path, to: console.currentDirectory))' exists with different content"
          ))
      }
      console.writeError(
        "\(conflicts.count == 1 ? "1 conflict" : "\(conflicts.count) conflicts"): nothing was written. Use --force to overwrite, or 'modulegen check --diff' to see the differences.\n"
      )
      return ExitCode.failure
    }
    return ExitCode.success
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
    options: GenerationSetup.options + [
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
    let drift = plan.files.filter { $0.action != .unchanged }
    if arguments.value("format") == "json" {
      console.writeOut(
        GenerationSetup.jsonReport(
          plan, console: console, dryRun: true, extra: [("up_to_date", .bool(drift.isEmpty))]))
      return drift.isEmpty ? ExitCode.success : ExitCode.failure
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
    if drift.isEmpty {
      console.writeOut(
        "Up to date: \(plan.files.count) files of \(plan.modules.count == 1 ? "1 module" : "\(plan.modules.count) modules").\n"
      )
      return ExitCode.success
    }
    console.writeError("\(drift.count) of \(plan.files.count) files are missing or out of date.\n")
    return ExitCode.failure
  }
}
