import Diagnostics
import Liquid

/// How `gen`, `check` and `update` print a plan: a line per module with counts (a line per file
/// with `--verbose`), nothing but problems (errors and warnings, no note) with `--quiet`,
/// statuses in colour on a terminal; or JSON for scripts. The command prints through the
/// report's `console`, which drops the notes with `--quiet`.
struct GenerationReport {
  enum Detail { case quiet, normal, verbose }

  var console: Console
  var arguments: ParsedArguments
  var detail: Detail
  var dryRun: Bool
  /// `--format json`: the plan in the JSON report on stdout (`ReportCollector`).
  var json: Bool
  /// `update`: it merged what it could, and says why it left a file (the note that suggests
  /// `update` is for the other commands).
  var merges: Bool

  init(_ arguments: ParsedArguments, console: Console, command: String, dryRun: Bool) throws {
    if arguments.flag(.quiet) && arguments.flag(.verbose) {
      throw UsageError("--quiet and --verbose exclude each other", command: command)
    }
    self.console = console
    self.arguments = arguments
    self.detail =
      arguments.flag(.quiet) ? .quiet : arguments.flag(.verbose) ? .verbose : .normal
    // Only problems: errors and warnings.
    self.console.printsNotes = detail != .quiet
    self.dryRun = dryRun
    self.json = arguments.value(.format) == "json"
    self.merges = command == UpdateCommand.spec.name
  }

  /// Whether a summary line goes to stdout (not with --quiet, not in JSON).
  var printsSummaries: Bool { detail != .quiet && !json }

  /// What happened to a file, or would have happened (a dry run, a skipped module).
  func word(_ action: PlannedFile.Action, written: Bool = true) -> String {
    let dryRun = dryRun || !written
    switch action {
    case .create: return dryRun ? "would create" : "created"
    case .update: return dryRun ? "would update" : "updated"
    case .overwrite: return dryRun ? "would overwrite" : "overwritten"
    case .merge: return dryRun ? "would merge" : "merged"
    case .mergeConflict: return dryRun ? "would merge with conflicts" : "merged with conflicts"
    case .unchanged: return "unchanged"
    case .keep: return "kept (yours)"
    case .conflict: return "conflict"
    }
  }

  /// The words of a module's counts: "2 created", "2 to create".
  func countWord(_ action: PlannedFile.Action, _ count: Int) -> String {
    switch action {
    case .create: return dryRun ? "\(count) to create" : "\(count) created"
    case .update: return dryRun ? "\(count) to update" : "\(count) updated"
    case .overwrite: return dryRun ? "\(count) to overwrite" : "\(count) overwritten"
    case .merge: return dryRun ? "\(count) to merge" : "\(count) merged"
    case .mergeConflict:
      return dryRun ? "\(count) to merge with conflicts" : "\(count) merged with conflicts"
    case .unchanged: return "\(count) unchanged"
    case .keep: return "\(count) kept (yours)"
    case .conflict: return count == 1 ? "1 conflict" : "\(count) conflicts"
    }
  }

  enum Color: String {
    case green = "32"
    case yellow = "33"
    case red = "31"
    case cyan = "36"
  }

  static func color(_ action: PlannedFile.Action) -> Color? {
    switch action {
    case .create: return .green
    case .update, .overwrite, .merge: return .yellow
    case .conflict, .mergeConflict: return .red
    case .keep: return .cyan
    case .unchanged: return nil
    }
  }

  /// `text` in `color` when stdout is a terminal that takes colour.
  func paint(_ text: String, _ color: Color?) -> String {
    guard let color, console.useColorOnOutput else { return text }
    return "\u{1B}[\(color.rawValue)m" + text + "\u{1B}[0m"
  }

  func shown(_ path: String) -> String {
    console.displayPath(path)
  }

  /// One line per file (verbose only), then one line per module (not quiet), written at once
  /// (a batch's thousand lines are one write, not a thousand).
  func printModules(_ plan: Plan) {
    let blocked = plan.blockedModules
    var text = ""
    defer { if !text.isEmpty { console.writeOut(text) } }
    if detail == .verbose {
      // A skipped module's files were not written: they say what would have happened.
      let words = plan.files.map { word($0.action, written: !blocked.contains($0.module)) }
      let width = words.map(\.count).max() ?? 0
      for (file, label) in zip(plan.files, words) {
        text +=
          "  " + paint(label, Self.color(file.action))
          + String(repeating: " ", count: width - label.count + 1) + shown(file.path) + "\n"
      }
    }
    guard detail != .quiet else { return }
    // How many files of each module have each action, in the order of `allCases`. (Counts in
    // an array: the first dictionary keyed by an action in a process costs more than all the
    // counting, the runtime making its type and looking up the action's `Hashable`.)
    let allActions = PlannedFile.Action.allCases
    let none = [Int](repeating: 0, count: allActions.count)
    var counts: [String: [Int]] = [:]
    for file in plan.files {
      counts[file.module, default: none][allActions.firstIndex(of: file.action) ?? 0] += 1
    }
    for module in plan.modules {
      let actions = zip(allActions, counts[module.name] ?? none)
      var line = "\(module.name) (\(module.template)): "
      if blocked.contains(module.name) {
        let conflicts = actions.first { $0.0 == .conflict }?.1 ?? 0
        line +=
          paint("skipped", .red) + " (" + countWord(.conflict, conflicts) + "); nothing written"
      } else {
        let words = actions.compactMap { action, count -> String? in
          count == 0 ? nil : paint(countWord(action, count), Self.color(action))
        }
        line += words.isEmpty ? "no files" : words.joined(separator: ", ")
      }
      text += line + ".\n"
    }
    for package in plan.packageTargets where !package.changes.isEmpty {
      text +=
        shown(package.file.path) + ": " + (dryRun ? "would add " : "added ")
        + package.changes.map(\.description).joined(separator: ", ") + ".\n"
    }
    // A skipped module is not registered either.
    for edit in plan.registrationEdits {
      if let line = registrationLine(edit.excluding(blocked)) { text += line + "\n" }
    }
  }

  /// What a run does in a file where modules are registered: "App/AppRoute.swift: registered
  /// Home; unregistered Settings."; nil when it changes nothing there.
  func registrationLine(_ edit: RegistrationEdit) -> String? {
    var added: [String] = []
    var removed: [String] = []
    for (registration, change) in edit.changes {
      switch change {
      case .add where !added.contains(registration.module): added.append(registration.module)
      case .remove where !removed.contains(registration.module):
        removed.append(registration.module)
      default: break
      }
    }
    var parts: [String] = []
    if !added.isEmpty {
      parts.append(
        (dryRun ? "would register " : "registered ") + added.joined(separator: ", "))
    }
    if !removed.isEmpty {
      parts.append(
        (dryRun ? "would unregister " : "unregistered ") + removed.joined(separator: ", "))
    }
    guard !parts.isEmpty else { return nil }
    return shown(edit.path) + ": " + parts.joined(separator: "; ") + "."
  }

  /// Files the developer owns that the templates now generate differently (or that the record
  /// does not know): what `update` would merge.
  static func pendingMerges(_ plan: Plan, record: GenerationRecord) -> [PlannedFile] {
    plan.files.filter { file in
      file.action == .keep
        && record.hash(ofFile: file.path, module: file.module) != GenerationRecord.hash(file.bytes)
    }
  }

  /// A note that `update` would bring changes into the developer's files.
  func pendingMergeNote(_ plan: Plan, record: GenerationRecord) -> String? {
    let count = Self.pendingMerges(plan, record: record).count
    guard count > 0, printsSummaries, !merges else { return nil }
    let files = count == 1 ? "1 of your files differs" : "\(count) of your files differ"
    return
      "\(files) from what the templates produce now; '\(GenerationSetup.followUp("update", arguments, adding: []))' merges the changes in, keeping your edits.\n"
  }

  /// The plan of a run that writes (`gen`, `update`): JSON, or a line per module and the
  /// note about merges `update` would make.
  func printPlan(_ plan: Plan, record: GenerationRecord, extra: [(String, LiquidValue)] = []) {
    let blocked = plan.blockedModules
    if json {
      let written = dryRun ? [] : Set(plan.modules.map(\.name)).subtracting(blocked)
      console.writeResult(
        Self.json(
          plan, console: console, dryRun: dryRun, written: written,
          extra: [("written", .bool(!dryRun && blocked.isEmpty))] + extra))
      return
    }
    printModules(plan)
    if let note = pendingMergeNote(plan, record: record) { console.writeOut(note) }
  }

  /// What a run that writes (`gen`, `update`) did: its plan and what it pruned, the Xcode
  /// project's changes, the package targets that build its folders, and its conflicts.
  func printWritten(
    _ plan: Plan, changes: RecordedChanges, setup: GenerationSetup.Setup,
    extra: [(String, LiquidValue)] = []
  ) {
    // A pruned file is removed, no longer stale: listed under "pruned" only, as the text
    // says "Removed N stale files" and warns of none of them.
    var reported = plan
    let pruned = Set(changes.pruned.map { PathKey($0.path) })
    reported.stale.removeAll { pruned.contains(PathKey($0.path)) }
    printPlan(
      reported, record: setup.record,
      extra: [("pruned", .array(changes.pruned.map { .string(shown($0.path)) }))] + extra
        + XcodeChanges.json(changes.xcode, console: console))
    changes.xcode?.print(self, console: console)
    for note in SwiftPackageFolders.notes(
      for: plan.withoutBlockedModules, setup: setup, console: console)
    {
      console.report(note)
    }
    reportConflicts(plan)
  }

  /// Each conflict once, on stderr, and what was skipped because of them.
  func reportConflicts(_ plan: Plan) {
    console.reportConflicts(plan)
    let blocked = plan.blockedModules
    // `--force`: every edit it replaces is named.
    for file in plan.files where file.action == .overwrite && !blocked.contains(file.module) {
      console.report(
        Diagnostic(
          .warning,
          message:
            "\(dryRun ? "would overwrite" : "overwrote") '\(shown(file.path))' (--force): it differed from what was generated, and those changes \(dryRun ? "would be" : "are") lost"
        ))
    }
    guard !blocked.isEmpty else { return }
    let names = plan.modules.filter { blocked.contains($0.name) }.map {
      "\($0.name) (\($0.template))"
    }
    let count = plan.conflicts.count == 1 ? "1 conflict" : "\(plan.conflicts.count) conflicts"
    var text = "\(count): \(dryRun ? "would skip" : "skipped") \(names.joined(separator: ", "))"
    text +=
      plan.modules.count > blocked.count
      ? "; the other modules \(dryRun ? "would be" : "were") written."
      : "; nothing \(dryRun ? "would be" : "was") written."
    let check = GenerationSetup.followUp("check", arguments, adding: ["--diff"])
    if !merges {
      text +=
        " Use --force to write what the templates produce (edits in those files are lost), or '\(check)' to see the differences."
    } else {
      let update = GenerationSetup.followUp("update", arguments, adding: [])
      if plan.conflicts.allSatisfy({ $0.conflictReason != nil }) {
        // Only files whose earlier merge is not resolved yet: nothing to force.
        text += " Resolve the conflict markers, then run '\(update)' again."
      } else {
        // `update` has no --force: `gen --force` writes those files, then `update` merges.
        let gen = GenerationSetup.followUp("gen", arguments, adding: ["--force"])
        text +=
          " '\(gen)' writes what the templates produce (edits in those files are lost), then '\(update)' merges into your files; '\(check)' shows the differences."
      }
    }
    console.writeError(text + "\n")
  }

  /// The stale files still there: each as a warning (or, refused by `--prune`, an error, as is
  /// each registration it refuses to remove), then what `--prune` removed. Returns whether
  /// `--prune` removed every stale file and registration it was asked to.
  @discardableResult
  func reportStale(_ plan: Plan, prune: Bool, changes: RecordedChanges) -> Bool {
    for registration in plan.refusedRegistrations {
      console.report(
        Diagnostic(
          message:
            "the registration of \(registration.module) in '\(shown(registration.path))' is outside the folder of \(GenerationRecord.fileName) and every file the run registers in; not removed (remove its line '\(registration.text)' yourself if it is no longer needed)"
        ))
    }
    let prunedAll = changes.refused.isEmpty && plan.refusedRegistrations.isEmpty
    for file in plan.stale {
      if changes.outside.contains(file) {
        console.report(
          Diagnostic(
            message:
              "'\(shown(file.path))' is no longer generated for \(file.module) but is \(RecordedChanges.outsideMessage); \(Self.notRemoved)"
          ))
      } else if let warning = staleWarning(file, prune: prune) {
        console.report(warning)
      }
    }
    let pruned = changes.pruned
    guard !pruned.isEmpty && printsSummaries else { return prunedAll }
    if detail == .verbose {
      for file in pruned {
        console.writeOut(
          "  " + paint(dryRun ? "would remove" : "removed", .yellow) + " " + shown(file.path)
            + "\n")
      }
    }
    let count = pruned.count == 1 ? "1 stale file" : "\(pruned.count) stale files"
    console.writeOut((dryRun ? "Would remove " : "Removed ") + count + ".\n")
    return prunedAll
  }

  /// A warning at each developer's file the run leaves with an earlier `update`'s conflict
  /// markers (`gen`, and `update` where it has nothing to merge into it): the run succeeds, and
  /// `check` fails until they are resolved.
  func reportUnresolvedMarkers(_ plan: Plan) {
    for file in plan.files where file.action == .keep {
      guard let line = file.conflictMarkerLine else { continue }
      console.report(
        Diagnostic(
          .warning,
          message:
            ThreeWayMerge.unresolvedMarkersMessage
            + "; resolve them ('modulegen check' fails until then)",
          location: SourceLocation(file: shown(file.path), line: line, column: 1, lineText: "")))
    }
  }

  /// The last line of a dry run.
  func finish() {
    if dryRun && printsSummaries { console.writeOut(Console.dryRunLine) }
  }

  /// What `--prune` says of a stale file it leaves.
  static let notRemoved = "not removed (delete it yourself if it is no longer needed)"

  /// A stale file as a warning (gen, update) with what to do about it.
  func staleWarning(_ file: StaleFile, prune: Bool) -> Diagnostic? {
    let path = shown(file.path)
    switch file.state {
    case .deleted, .elsewhere: return nil
    case .unchanged:
      return prune
        ? nil
        : Diagnostic(
          .warning,
          message:
            "'\(path)' was generated for \(file.module), which no longer has it; 'gen --prune' removes it"
        )
    case .edited:
      return Diagnostic(
        prune ? .error : .warning,
        message: prune
          ? "'\(path)' is no longer generated for \(file.module) but was edited since; \(Self.notRemoved)"
          : "'\(path)' was generated for \(file.module), which no longer has it; it was edited since, so remove it yourself"
      )
    }
  }
}
