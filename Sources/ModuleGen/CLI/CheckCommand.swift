import Liquid

/// `modulegen check`: whether the generated files on disk match what would be generated.
enum CheckCommand {
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "check",
    summary: "Check that generated modules on disk are up to date with their specs and templates.",
    discussion: """
      Renders the plan and compares it with the disk without writing anything. Exit code 0
      when everything is up to date; 1 listing every file that is missing or differs from what
      would be generated, and every stale file (generated before, no longer planned). Files a
      template marks 'regenerate: once' are yours once they exist: edits to them are not drift.
      Header dates are the modules' creation dates (from .modulegen.lock), so the calendar
      alone never makes a file out of date.
      """,
    arguments: GenCommand.spec.arguments,
    options: CommandSpec.generationOptions + CommandSpec.generambaOptions + [.diff],
    examples: [
      ("modulegen check --spec Specs/modules.yml", "In CI: fail when generated code drifted."),
      ("modulegen check Home viper --diff", "See what changed."),
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let report = try GenerationReport(arguments, console: console, command: "check", dryRun: true)
    var setup = try GenerationSetup.make(arguments, console: console, command: "check")
    defer { console.keepUntilExit(setup) }
    for note in setup.notes { console.report(note) }
    let plan = try setup.generator.plan(setup.modules, options: setup.options, record: setup.record)
    for note in plan.notes { console.report(note) }
    // An interrupted run (or one writing now) means the files on disk are not final.
    let unfinished = PlanApplier(fileSystem: setup.generator.fileSystem).unfinishedRuns(
      in: plan.roots + [setup.record.directory])
    reportUnfinished(unfinished, console: console)
    let drift = plan.files.filter { label($0.action).isProblem }
    let stale = plan.stale.filter { $0.state != .deleted }
    // The Xcode project, when one is configured: every generated file in it and its targets.
    let project = try setup.xcode.map { try XcodeChanges.checking(plan, with: $0) }
    for note in project?.notes ?? [] { console.report(note) }
    let projectDrift = project?.problems(console: console) ?? []
    let upToDate = drift.isEmpty && stale.isEmpty && unfinished.isEmpty && projectDrift.isEmpty
    if arguments.value(.format) == "json" {
      console.writeOut(
        GenerationReport.json(
          plan, console: console, dryRun: true, written: [],
          extra: [("up_to_date", .bool(upToDate))]
            + XcodeChanges.json(project, console: console)))
      return upToDate ? ExitCode.success : ExitCode.failure
    }
    let listed = report.detail == .verbose ? plan.files : drift
    let width =
      (listed.map { label($0.action).text.count } + (stale.isEmpty ? [] : [5])
      + projectDrift.map(\.label.count)).max() ?? 0
    func line(_ text: String, problem: Bool, _ path: String) {
      console.writeOut(
        report.paint(text, problem ? .red : nil)
          + String(repeating: " ", count: width - text.count + 2) + path + "\n")
    }
    for file in listed {
      let path = report.shown(file.path)
      let status = label(file.action)
      line(status.text, problem: status.isProblem, path)
      if arguments.flag(.diff) && status.isProblem {
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
    for file in stale {
      line(
        "stale", problem: true, report.shown(file.path) + (file.state == .edited ? " (edited)" : "")
      )
    }
    for problem in projectDrift { line(problem.label, problem: true, problem.subject) }
    if upToDate {
      if report.detail != .quiet {
        let modules = plan.modules.count == 1 ? "1 module" : "\(plan.modules.count) modules"
        console.writeOut("Up to date: \(plan.files.count) files of \(modules).\n")
        if let note = report.pendingMergeNote(plan, record: setup.record) {
          console.writeOut(note)
        }
      }
      return ExitCode.success
    }
    var problems: [String] = []
    if drift.isEmpty && stale.isEmpty && projectDrift.isEmpty { return ExitCode.failure }
    if !drift.isEmpty {
      problems.append("\(drift.count) of \(plan.files.count) files are missing or out of date")
    }
    if !stale.isEmpty {
      problems.append(
        (stale.count == 1 ? "1 file is" : "\(stale.count) files are")
          + " stale (generated before, no longer planned; 'gen --prune' removes them)")
    }
    if let project, !projectDrift.isEmpty {
      problems.append(
        XcodeChanges.summary(projectDrift, project: project.shownBundle(console)))
    }
    console.writeError(problems.joined(separator: "; ") + ".\n")
    return ExitCode.failure
  }

  /// How `check` calls a file's state, and whether it fails the check.
  static func label(_ action: PlannedFile.Action) -> (text: String, isProblem: Bool) {
    switch action {
    case .create: return ("missing", true)
    case .update, .overwrite, .conflict, .merge, .mergeConflict: return ("changed", true)
    case .unchanged: return ("up to date", false)
    case .keep: return ("yours", false)
    }
  }

  /// An interrupted run (or one writing now) means the files on disk are not final.
  static func reportUnfinished(_ runs: [PlanApplier.UnfinishedRun], console: Console) {
    func list(_ runs: [PlanApplier.UnfinishedRun]) -> String {
      let shown = runs.prefix(3).map {
        "'\(console.displayPath($0.root))'"
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
