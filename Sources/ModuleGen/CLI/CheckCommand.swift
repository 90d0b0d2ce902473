import Diagnostics
import Liquid

/// `modulegen check`: whether the generated files on disk match what would be generated.
enum CheckCommand {
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "check",
    summary: "Check that generated modules on disk are up to date with their specs and templates.",
    discussion: """
      Renders the plan and compares it with the disk without writing anything. Exit code 0
      when everything is up to date; 1 (drift) listing every file that is missing or differs
      from what would be generated, and every stale file (generated before, no longer
      planned); 2 when it could not check (an error, an unfinished run). Files a
      template marks 'regenerate: once' are yours once they exist: edits to them are not drift.
      Header dates are the modules' creation dates (from .modulegen.lock), so the calendar
      alone never makes a file out of date. Also fails on conflict markers 'update' left in
      your files, and where .modulegen.lock disagrees with the files (a recorded file gone, a
      file a template writes that the record does not know, a base file of a module it does not
      record, a base copy missing or a base file damaged: 'update' restores what it can) or has
      merge conflict markers itself, and for a module not wired into the app: a registration
      missing after its marker, a target missing from its Swift package.
      With no module and no --spec, checks every module of .modulegen.lock.
      """,
    arguments: GenCommand.spec.arguments,
    options: CommandSpec.generationOptions + CommandSpec.generambaOptions + [.diff],
    examples: [
      ("modulegen check", "In CI: fail when any recorded module drifted."),
      ("modulegen check --spec Specs/modules.yml", "The modules of one spec."),
      ("modulegen check Home viper --diff", "See what changed."),
      ("modulegen check --format github", "In GitHub Actions: each drifted file annotated."),
    ])

  /// Another run that writes while `check` reads (its record committed meanwhile, or it is
  /// still writing) would make a verdict on a mix of two states: `check` reads again, its
  /// output held back until an attempt saw no run write, for as long as a run waits for
  /// another's lock (`MODULEGEN_LOCK_TIMEOUT`); then it says that what it read may be a mix
  /// (exit 2).
  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let timeout = try PlanApplier(fileSystem: LocalFileSystem(), environment: console.environment)
      .lockTimeout
    let deadline = monotonicSeconds() + timeout
    while true {
      let held = HeldOutput(console)
      let outcome = Result { try attempt(arguments, console: held.console) }
      if case .success(let result) = outcome, !result.settled, monotonicSeconds() < deadline {
        sleepSeconds(0.05)
        continue
      }
      held.release(to: console)
      let result = try outcome.get()
      // Said once: a run found writing when the files were read is named already.
      if !result.settled && result.code != ExitCode.error {
        console.report(Diagnostic(message: unsettledMessage))
        return ExitCode.error
      }
      return result.code
    }
  }

  static let unsettledMessage =
    "another modulegen run wrote here while check read the files, which may be some of each run's; check again when it has finished"

  /// One reading of the plan and the disk: the exit code, and whether no run wrote meanwhile.
  static func attempt(_ arguments: ParsedArguments, console: Console) throws -> (
    code: Int32, settled: Bool
  ) {
    let report = try GenerationReport(arguments, console: console, command: "check", dryRun: true)
    let console = report.console  // --quiet: without notes
    var setup = try GenerationSetup.make(arguments, console: console, command: "check")
    defer { console.keepUntilExit(setup) }
    for note in setup.notes { console.report(note) }
    var plan = try setup.generator.plan(setup.modules, options: setup.options, record: setup.record)
    for note in plan.notes { console.report(note) }
    // Every list of the report in path order (a module's files are planned in its template's).
    let inPathOrder = PathSafety.inPathOrder
    plan.files.sort { inPathOrder($0.path, $1.path) }
    plan.stale.sort { inPathOrder($0.path, $1.path) }
    // An interrupted run (or one writing now) means the files on disk are not final.
    let unfinished = PlanApplier(fileSystem: setup.generator.fileSystem).unfinishedRuns(
      in: plan.roots + [setup.record.directory])
    reportUnfinished(unfinished, console: console)
    // A file where modules are registered, a package's manifest: said by what each misses.
    let joined = Set(
      plan.registrationEdits.map(\.path) + plan.packageTargets.map(\.file.path))
    let drift = plan.files.filter {
      label($0.action).isProblem && !($0.module.isEmpty && joined.contains($0.path))
    }
    let wiring = missingWiring(plan, report: report).sorted {
      inPathOrder($0.subject, $1.subject)
    }
    let stale = plan.stale.filter(\.isStillThere)
    // What `gen --prune` leaves to the developer: a file edited since, or one outside the folders
    // it writes into (`RecordedChanges.outside`).
    let outside = Set(
      RecordedChanges.outside(
        stale.filter { $0.state == .unchanged }, plan: plan, record: setup.record
      ).map(\.path))
    func leftToYou(_ file: StaleFile) -> String? {
      file.state == .edited
        ? "edited" : outside.contains(file.path) ? RecordedChanges.outsideMessage : nil
    }
    // Where the record and the disk disagree: a recorded file gone, a file a template writes
    // that the record does not know.
    let gone = plan.stale.filter { $0.state == .deleted }
    // A file recorded for a module the run no longer generates, which another module has.
    let elsewhere = plan.stale.filter { $0.state == .elsewhere }
    let found = setup.generator.unrecordedFiles(
      in: plan, modules: setup.modules, options: setup.options, record: setup.record)
    // `planned`: 'gen' records it; else written under other parameters, which no run does.
    let unrecorded = (found.planned.map { ($0, true) } + found.otherParameters.map { ($0, false) })
      .sorted { inPathOrder($0.0, $1.0) }.map { (path: $0.0, planned: $0.1) }
    let markers = conflictMarkers(in: plan)
    // The record's own, left by a git merge of two branches' records.
    let recordMarkers = setup.record.conflictMarkerLine.map { [(setup.record.path, $0)] } ?? []
    let orphanBases = setup.record.unrecordedBaseFiles(
      planned: Set(plan.modules.map(\.name)), fileSystem: setup.generator.fileSystem)
    // The base of update's merges: a copy missing, a base file damaged (by a merge).
    var bases = try setup.record.baseProblems(
      in: plan, fileSystem: setup.generator.fileSystem, shown: report.shown)
    bases.missing.sort { inPathOrder($0.path, $1.path) }
    bases.damaged.sort { $0.path == $1.path ? $0.line < $1.line : inPathOrder($0.path, $1.path) }
    // The Xcode project, when one is configured: every generated file in it and its targets.
    let project = try setup.xcode.map { try XcodeChanges.checking(plan, with: $0) }
    for note in project?.notes ?? [] { console.report(note) }
    let projectDrift = (project?.problems(console: console) ?? []).sorted {
      inPathOrder($0.subject, $1.subject)
    }
    // Everything is read: a run writing now, or the record another run wrote meanwhile.
    let writer = PlanApplier(fileSystem: setup.generator.fileSystem).unfinishedRuns(
      in: plan.roots + [setup.record.directory]
    ).contains(where: \.isRunning)
    let recordNow =
      setup.generator.fileSystem.fileExists(atPath: setup.record.path)
      ? try? setup.generator.fileSystem.readText(atPath: setup.record.path) : nil
    let settled = !writer && recordNow == setup.recordText
    let recordProblems =
      gone.map { ("gone", report.shown($0.path) + " (recorded; 'gen' drops it from the record)") }
      + elsewhere.map {
        ("elsewhere", report.shown($0.path) + " (\(Findings.elsewhereMessage($0.module)))")
      }
      + unrecorded.map {
        (
          "unrecorded",
          report.shown($0.path)
            + ($0.planned
              ? " (generated by its template, not in the record)"
              : " (\(GenerationRecord.otherParametersMessage))")
        )
      }
      + orphanBases.map {
        ("unrecorded", report.shown($0) + " (\(GenerationRecord.unrecordedBaseMessage))")
      }
      + markers.map {
        ("conflict", report.shown($0.path) + ":\($0.line) (unresolved conflict markers)")
      }
      + recordMarkers.map {
        ("conflict", report.shown($0.0) + ":\($0.1) (\(GenerationRecord.conflictMarkersMessage))")
      }
      + bases.missing.map {
        ("no base", report.shown($0.path) + " (\(Findings.message(of: $0, shown: report.shown)))")
      }
      + bases.damaged.map {
        ("damaged", report.shown($0.path) + ":\($0.line) (\(GenerationRecord.damagedBaseMessage))")
      }
    let upToDate =
      drift.isEmpty && stale.isEmpty && unfinished.isEmpty && projectDrift.isEmpty
      && recordProblems.isEmpty && wiring.isEmpty
    let format = OutputFormat.chosen(arguments)
    if format != .text {
      let findings = Findings(
        drift: drift, stale: stale.map { ($0, leftToYou($0)) }, gone: gone,
        elsewhere: elsewhere, unrecorded: unrecorded,
        unrecordedBases: orphanBases, markers: markers, recordMarkers: recordMarkers,
        missingBaseCopies: bases.missing, damagedBases: bases.damaged,
        project: projectDrift + wiring.map { ($0.label, $0.subject) }, arguments: arguments)
      for finding in findings.diagnostics(console: console) { console.report(finding) }
    }
    if format == .json {
      // A place in a file: a conflict marker's, a damaged stretch's.
      func place(_ path: String, _ line: Int) -> LiquidValue {
        .object(LiquidObject([("path", .string(report.shown(path))), ("line", .int(line))]))
      }
      console.writeResult(
        GenerationReport.json(
          plan, console: console, dryRun: true, written: [],
          extra: [
            ("up_to_date", .bool(upToDate)),
            ("gone", .array(gone.map { .string(report.shown($0.path)) })),
            (
              "elsewhere",
              .array(
                elsewhere.map {
                  .object(
                    LiquidObject([
                      ("path", .string(report.shown($0.path))), ("module", .string($0.module)),
                    ]))
                })
            ),
            (
              "unrecorded",
              .array((unrecorded.map(\.path) + orphanBases).map { .string(report.shown($0)) })
            ),
            (
              "conflict_markers",
              .array((markers + recordMarkers).map { place($0.path, $0.line) })
            ),
            (
              "missing_base_copies",
              .array(
                bases.missing.map {
                  .object(
                    LiquidObject([
                      ("path", .string(report.shown($0.path))),
                      ("base", .string(report.shown($0.baseFile))),
                      ("restorable", .bool($0.restorable)),
                    ]))
                })
            ),
            (
              "damaged_base_files",
              .array(bases.damaged.map { place($0.path, $0.line) })
            ),
          ] + XcodeChanges.json(project, console: console)))
      return (exitCode(upToDate: upToDate, unfinished: unfinished), settled)
    }
    let listed = report.detail == .verbose ? plan.files : drift
    let width =
      (listed.map { label($0.action).text.count } + (stale.isEmpty ? [] : [5])
      + projectDrift.map(\.label.count) + recordProblems.map(\.0.count)
      + wiring.map(\.label.count)).max() ?? 0
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
        "stale", problem: true, report.shown(file.path) + (leftToYou(file).map { " (\($0))" } ?? "")
      )
    }
    for (label, subject) in recordProblems { line(label, problem: true, subject) }
    for item in wiring { line(item.label, problem: true, item.subject) }
    for problem in projectDrift { line(problem.label, problem: true, problem.subject) }
    if upToDate {
      if report.detail != .quiet {
        let modules = plan.modules.count == 1 ? "1 module" : "\(plan.modules.count) modules"
        let files = plan.files.count == 1 ? "1 file" : "\(plan.files.count) files"
        console.writeOut("Up to date: \(files) of \(modules).\n")
        if let note = report.pendingMergeNote(plan, record: setup.record) {
          console.writeOut(note)
        }
      }
      return (ExitCode.success, settled)
    }
    var problems: [String] = []
    if drift.isEmpty && stale.isEmpty && projectDrift.isEmpty && recordProblems.isEmpty
      && wiring.isEmpty
    {
      return (exitCode(upToDate: upToDate, unfinished: unfinished), settled)
    }
    // A command the summary names: short ('gen --prune') where check covered every recorded
    // module, else with check's own modules and values, as the annotations name it.
    func named(_ command: String, _ extra: String...) -> String {
      let full = GenerationSetup.followUp(command, arguments, adding: extra)
      let plain = ([command] + extra).joined(separator: " ")
      return "'" + (full == "modulegen " + plain ? plain : full) + "'"
    }
    let (gen, prune, update) = (named("gen"), named("gen", "--prune"), named("update"))
    if !drift.isEmpty {
      // A file edited since it was generated stops its module's `gen` (a conflict).
      let edited = drift.filter { $0.action == .conflict }.count
      let how = arguments.flag(.diff) ? "" : named("check", "--diff") + " shows how"
      problems.append(
        "\(drift.count) of \(plan.files.count) files are missing or out of date ("
          + (edited == 0
            ? "\(gen) writes them" + (how.isEmpty ? ")" : "; \(how))")
            : (how.isEmpty ? "" : "\(how); ")
              + (edited == 1
                ? "1 was edited since it was generated, which stops its module's \(gen): "
                  + "\(named("gen", "--force")) regenerates it"
                : "\(edited) were edited since they were generated, which stops their modules' "
                  + "\(gen): \(named("gen", "--force")) regenerates them")
              + ", and the edits are lost)"))
    }
    if !stale.isEmpty {
      // 'gen --prune' refuses a file edited since it was generated, or outside its folders.
      let left = stale.filter { leftToYou($0) != nil }.count
      let them = stale.count == 1 ? "it" : "them"
      problems.append(
        (stale.count == 1 ? "1 file is" : "\(stale.count) files are")
          + " stale (generated before, no longer planned; "
          + (left == 0
            ? "\(prune) removes \(them))"
            : left == stale.count
              ? (outside.isEmpty ? "edited since" : "\(prune) leaves \(them)")
                + ": remove \(them) yourself)"
              : "\(prune) removes those not edited since; remove the others yourself)"))
    }
    let disagreements = gone.count + elsewhere.count + unrecorded.count + orphanBases.count
    if disagreements > 0 {
      problems.append(
        "\(GenerationRecord.fileName) disagrees with the files (\(disagreements) listed; \(gen) records what it generates, \(prune) removes what it no longer does"
          + (unrecorded.allSatisfy(\.planned)
            ? ")" : "; a file written under other parameters is yours to remove)"))
    }
    if !wiring.isEmpty {
      let modules = Set(wiring.map(\.module)).count
      problems.append(
        (modules == 1 ? "1 module is" : "\(modules) modules are")
          + " not wired into the app (\(gen) adds what is missing)")
    }
    if !markers.isEmpty {
      problems.append(
        (markers.count == 1 ? "1 file has" : "\(markers.count) files have")
          + " unresolved conflict markers from 'update'")
    }
    if !bases.missing.isEmpty {
      let count = bases.missing.count
      problems.append(
        (count == 1 ? "1 base copy is" : "\(count) base copies are") + " missing from "
          + GenerationRecord.baseFolder
          + (bases.missing.allSatisfy(\.restorable)
            ? " (\(update) restores \(count == 1 ? "it" : "them"))"
            : " (\(update) restores those it still can; restore the others from version control)")
      )
    }
    if !bases.damaged.isEmpty {
      let count = Set(bases.damaged.map(\.path)).count
      problems.append(
        (count == 1 ? "1 base file is" : "\(count) base files are")
          + " damaged (\(update) writes \(count == 1 ? "it" : "them") again from the copies it can read)"
      )
    }
    if !recordMarkers.isEmpty {
      problems.append(
        "\(GenerationRecord.fileName) has merge conflict markers (\(gen) writes it without them)")
    }
    if let project, !projectDrift.isEmpty {
      problems.append(
        XcodeChanges.summary(projectDrift, project: project.shownBundle))
    }
    console.writeError(problems.joined(separator: "; ") + ".\n")
    return (exitCode(upToDate: upToDate, unfinished: unfinished), settled)
  }

  /// 0 up to date, 1 drift, 2 when an unfinished run means the files could not be checked.
  static func exitCode(upToDate: Bool, unfinished: [PlanApplier.UnfinishedRun]) -> Int32 {
    if !unfinished.isEmpty { return ExitCode.error }
    return upToDate ? ExitCode.success : ExitCode.failure
  }

  /// The developer's files (kept by the plan) with a conflict marker left by `update`: the
  /// first marker line (1-based) of each, as the plan found it in what it read.
  static func conflictMarkers(in plan: Plan) -> [(path: String, line: Int)] {
    plan.files.compactMap { file in file.conflictMarkerLine.map { (file.path, $0) } }
  }

  /// What the planned modules miss in the app's files: a registration after its marker, a
  /// target or dependency in their package's manifest; one line per module and file.
  static func missingWiring(_ plan: Plan, report: GenerationReport) -> [(
    module: String, label: String, subject: String
  )] {
    var lines: [(module: String, label: String, subject: String)] = []
    for edit in plan.registrationEdits {
      var markers: [(module: String, markers: [String])] = []
      for (registration, change) in edit.changes where change == .add {
        if let i = markers.firstIndex(where: { $0.module == registration.module }) {
          markers[i].markers.append(registration.marker)
        } else {
          markers.append((registration.module, [registration.marker]))
        }
      }
      for (module, list) in markers {
        lines.append(
          (
            module, "unregistered",
            "\(report.shown(edit.path)): \(module) after "
              + list.map { "'\($0)'" }.joined(separator: ", ")
          ))
      }
    }
    for package in plan.packageTargets {
      var modules: [String] = []
      for change in package.changes where !modules.contains(change.module) {
        modules.append(change.module)
      }
      for module in modules {
        let missing = package.changes.filter { $0.module == module }.map(\.description)
        lines.append(
          (
            module, "not in package",
            "\(report.shown(package.file.path)): \(missing.joined(separator: ", "))"
          ))
      }
    }
    return lines
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
    // A journal only the version that wrote it can read: `gen` would stop on it too.
    for folder in runs.flatMap(\.unreadable) {
      console.report(
        Diagnostic(
          message: WriteSession.unreadableJournalMessage(
            console.displayPath(folder), writes: false)))
    }
    let interrupted = runs.filter { !$0.isRunning && $0.unreadable.isEmpty }
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
