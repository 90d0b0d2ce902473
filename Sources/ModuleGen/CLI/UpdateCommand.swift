import Diagnostics
import Liquid

/// `modulegen update`: brings spec and template changes into the files developers own
/// (`regenerate: once`) by a three-way merge, keeping their edits; does everything `gen` does
/// for the other files.
enum UpdateCommand {
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "update",
    summary: "Merge spec and template changes into the files you own, keeping your edits.",
    discussion: """
      For each file a template marks 'regenerate: once' that differs from what would be
      generated now, merges three versions, as git does: what was generated before (kept in
      .modulegen/base, named in .modulegen.lock), your file, and what is generated now. A clean
      merge is written. Where you and the templates changed the same lines, the file gets
      standard conflict markers (<<<<<<< yours, ||||||| generated before, =======,
      >>>>>>> generated now) and the exit code is 1. A file that still has such markers is not
      merged again: its module is skipped until they are resolved. Everything else is done as
      'gen' does it.
      """,
    arguments: GenCommand.spec.arguments,
    options: CommandSpec.generationOptions + CommandSpec.generambaOptions + [
      .dryRun.withHelp("Show the merges as diffs; write nothing."), .prune,
    ],
    examples: [
      ("modulegen update --spec Specs/modules.yml", "After a spec or template change."),
      ("modulegen update --prune", "Every recorded module; also remove stale files."),
      ("modulegen update Home viper --dry-run", "See what the merges would change."),
    ])

  static let labels = ThreeWayMerge.Labels(
    ours: "yours", base: "generated before", theirs: "generated now")

  /// Why a file with conflict markers is not merged again.
  static func unresolvedMessage(line: Int) -> String {
    "still has the conflict markers of an earlier merge (line \(line)): resolve them, then run update again"
  }

  /// A file that could not be merged, and why.
  struct Unmerged {
    var file: PlannedFile
    var reason: String
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let dryRun = arguments.flag(.dryRun)
    let prune = arguments.flag(.prune)
    let report = try GenerationReport(
      arguments, console: console, command: "update", dryRun: dryRun)
    let console = report.console  // --quiet: without notes
    var setup = try GenerationSetup.make(
      arguments, console: console, command: "update")
    defer { console.keepUntilExit(setup) }
    setup.options.prune = prune
    for note in setup.notes { console.report(note) }
    var plan = try setup.plan()
    for note in plan.notes { console.report(note) }
    var unmerged = mergeAll(
      &plan, record: setup.record, fileSystem: setup.generator.fileSystem, shown: report.shown)
    // The base of the merges that the run writes again: copies missing from a module's base
    // file that it restores, damaged stretches it leaves out (a dry run says so too).
    let repairs = try BaseRepairs(
      plan.withoutBlockedModules, record: setup.record, fileSystem: setup.generator.fileSystem,
      shown: report.shown)
    let changes = try GenerationTransaction.write(
      &plan, setup: &setup, prune: prune, dryRun: dryRun, rewritesBaseFiles: true,
      console: console
    ) { setup, record in
      var plan = try setup.plan(record: record)
      unmerged = mergeAll(
        &plan, record: record, fileSystem: setup.generator.fileSystem, shown: report.shown)
      return plan
    }
    let blocked = plan.blockedModules
    let merged = plan.files.filter {
      ($0.action == .merge || $0.action == .mergeConflict) && !blocked.contains($0.module)
    }
    if dryRun && !report.json {
      for file in merged {
        let path = report.shown(file.path)
        let old = (try? setup.generator.fileSystem.readText(atPath: file.path)) ?? ""
        console.writeOut(
          UnifiedDiff.make(
            old: old, new: String(decoding: file.bytes, as: UTF8.self), oldName: "a/" + path,
            newName: "b/" + path))
      }
    }
    report.printWritten(plan, changes: changes, setup: setup, extra: repairs.json(report))
    repairs.print(report)
    let conflicted = merged.filter { $0.action == .mergeConflict }
    for file in conflicted {
      console.report(
        Diagnostic(
          message:
            "'\(report.shown(file.path))': your edits and the new generation change the same lines; \(dryRun ? "the merge would leave" : "resolve the") conflict markers"
        ))
    }
    for item in unmerged where !blocked.contains(item.file.module) {
      console.report(
        Diagnostic(
          .warning,
          message: "'\(report.shown(item.file.path))' was kept as it is: \(item.reason)"))
    }
    report.reportUnresolvedMarkers(plan)
    let prunedAll = report.reportStale(plan, prune: prune, changes: changes)
    report.finish()
    return blocked.isEmpty && conflicted.isEmpty && unmerged.isEmpty && prunedAll
      ? ExitCode.success : ExitCode.failure
  }

  /// Merges into every file the plan keeps; returns those that could not be merged. `shown`: a
  /// path as messages show it.
  static func mergeAll(
    _ plan: inout Plan, record: GenerationRecord, fileSystem: any FileSystem,
    shown: (String) -> String
  ) -> [Unmerged] {
    var unmerged: [Unmerged] = []
    // Each module's base file, read once for all its files.
    var bases: [String: BaseCopies] = [:]
    for i in plan.files.indices where plan.files[i].action == .keep {
      let module = plan.files[i].module
      let copies = bases[module] ?? record.baseCopies(module: module, fileSystem: fileSystem)
      bases[module] = copies
      do {
        plan.files[i] = try merge(
          plan.files[i], record: record, copies: copies, fileSystem: fileSystem, shown: shown)
      } catch let error as Diagnostic {
        unmerged.append(Unmerged(file: plan.files[i], reason: error.message))
      } catch {
        unmerged.append(Unmerged(file: plan.files[i], reason: "\(error)"))
      }
    }
    return unmerged
  }

  /// Whether every line of a text ends with CRLF (and one at least does).
  static func hasOnlyCRLFLineEnds(_ bytes: [UInt8]) -> Bool {
    var sawOne = false
    for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      guard i > 0, bytes[i - 1] == UInt8(ascii: "\r") else { return false }
      sawOne = true
    }
    return sawOne
  }

  /// The file with the developer's edits and the new generation merged, from the base copy the
  /// record names, found among `copies`, its module's base file's.
  static func merge(
    _ file: PlannedFile, record: GenerationRecord, copies: BaseCopies, fileSystem: any FileSystem,
    shown: (String) -> String
  ) throws -> PlannedFile {
    guard let hash = record.hash(ofFile: file.path, module: file.module) else {
      throw Diagnostic(
        message:
          "\(GenerationRecord.fileName) has no record of what was generated into it, so there is nothing to merge from; what is generated now becomes the base of the next update"
      )
    }
    // A missing copy is restored from what still has its hash (the run writes it back).
    guard
      let baseBytes = record.baseCopy(ofHash: hash, in: copies, fileSystem: fileSystem)
        ?? GenerationRecord.restoredBaseCopy(of: file, hash: hash, fileSystem: fileSystem)
    else {
      throw Diagnostic(
        message:
          "its base copy in \(shown(record.baseFilePath(module: file.module))) is missing or damaged (commit \(GenerationRecord.baseFolder) with \(GenerationRecord.fileName))"
      )
    }
    let ours = try fileSystem.readFile(atPath: file.path)
    // Not merged again while an earlier merge's markers are in the file and there is something
    // to merge (the markers would nest): the module is skipped, so that its record stays the
    // base of the merge once they are resolved.
    if baseBytes != file.bytes,
      let line = ThreeWayMerge.firstConflictMarkerLine(in: ours)
    {
      var unresolved = file
      unresolved.action = .conflict
      unresolved.conflictReason = Self.unresolvedMessage(line: line)
      return unresolved
    }
    guard let oursText = String(validUTF8: ours),
      let baseText = String(validUTF8: baseBytes)
    else { throw Diagnostic(message: "it is not UTF-8 text") }
    let theirs = String(decoding: file.bytes, as: UTF8.self)
    // A file the developer keeps with CRLF line ends (the generation has LF) is merged line by
    // line as the others, and keeps its line ends.
    let crlf =
      Self.hasOnlyCRLFLineEnds(ours) && !baseBytes.contains(UInt8(ascii: "\r"))
      && !file.bytes.contains(UInt8(ascii: "\r"))
    var result = ThreeWayMerge.merge(
      base: baseText, ours: crlf ? oursText.replacingAll("\r\n", with: "\n") : oursText,
      theirs: theirs,
      labels: labels)
    if crlf { result.text = result.text.replacingAll("\n", with: "\r\n") }
    var merged = file
    merged.generatedBytes = file.bytes
    if result.text == oursText {
      // Nothing to change in the file; the new generation becomes the base.
      merged.action = .keep
    } else {
      merged.action = result.conflicts == 0 ? .merge : .mergeConflict
      merged.bytes = Array(result.text.utf8)
      // Written over the developer's file: it must still be what was merged when written.
      merged.expectedHash = GenerationRecord.hash(ours)
    }
    return merged
  }
}
