import Diagnostics

/// How `gen` and `update` write a plan: the transaction around the write session, from the
/// preview that says what to lock to the record read again and the plan made again under the
/// lock.
enum GenerationTransaction {
  /// Writes the plan's modules that have no conflict, the updated record and its base copies,
  /// and removes pruned files, as one transaction. Unless it is a dry run, the output folders
  /// and the record's folder are locked first (finishing what an interrupted run left there);
  /// then the record is read again and the plan made again from it and from the disk (`replan`,
  /// which reuses what was rendered), since both may have changed while this run waited: two
  /// runs at once end as if they had run one after the other.
  static func write(
    _ plan: inout Plan, setup: inout GenerationSetup.Setup, prune: Bool, dryRun: Bool,
    rewritesBaseFiles: Bool = false, console: Console,
    replan: (inout GenerationSetup.Setup, GenerationRecord) throws -> Plan
  ) throws -> RecordedChanges {
    let fileSystem = setup.generator.fileSystem
    // What is written: the plan without its blocked modules (worked out once for each plan).
    let writable = plan.withoutBlockedModules
    // What a dry run reports; else the folders to lock (the record's is locked whatever the
    // record's changes are, so they are worked out only under the lock).
    var preview = try RecordedChanges.make(
      applying: writable, to: setup.record, prune: prune, recordFiles: dryRun,
      rewritesBaseFiles: rewritesBaseFiles, fileSystem: fileSystem, shown: console.displayPath)
    // The project file is checked (paths, groups) before anything is locked or written.
    try preview.addProjectEdit(setup.xcode, plan: writable)
    if dryRun { return preview }
    let applier = try PlanApplier(fileSystem: fileSystem, environment: console.environment)
    // The record's folder too: another run may change the record meanwhile, and then this
    // run's record changes as well.
    var locked =
      preview.writes.roots + [setup.record.directory] + (setup.xcode.map { [$0.bundle] } ?? [])
    // What this run writes may grow while it waits (another run resolved a conflict that had
    // kept a module out): it lets go of every lock and takes them again with the new folders,
    // never waiting for one while holding others.
    var attempt = 0
    while true {
      attempt += 1
      let session = try applier.begin(roots: locked)
      defer { session.end() }
      for note in session.notes { console.report(note) }
      let (record, recordText) = try GenerationSetup.record(
        config: setup.generator.config, console: console, fileSystem: fileSystem,
        previous: (setup.record, setup.recordText))
      plan = try replan(&setup, record)
      setup.record = record
      setup.recordText = recordText
      let written = plan.withoutBlockedModules
      var changes = try RecordedChanges.make(
        applying: written, to: record, prune: prune, rewritesBaseFiles: rewritesBaseFiles,
        fileSystem: fileSystem, shown: console.displayPath)
      let lockedKeys = Set(locked.map(PathKey.init))
      let more = changes.writes.roots.filter { !lockedKeys.contains(PathKey($0)) }
      if let other = more.first {
        guard attempt < maxLockAttempts else {
          throw Diagnostic(
            message:
              "other modulegen runs kept changing what this one writes (now also into '\(console.displayPath(other))') while it waited; nothing was written: run it again"
          )
        }
        locked += more
        continue
      }
      // Read again under the lock: another run may have changed the project meanwhile.
      try changes.addProjectEdit(
        setup.xcode?.reloaded(), plan: written, reusing: preview.xcode)
      try session.apply(changes.writes)
      session.end()
      removeEmptyFolders(left: changes, fileSystem: fileSystem)
      return changes
    }
  }

  /// How many times a run takes its locks again for folders it found it writes into only
  /// under them.
  static let maxLockAttempts = 5

  /// The folders that pruning emptied (a module's folders), up to the record's folder. A folder
  /// that holds only the Finder's view settings (`.DS_Store`, made in every folder a Mac user
  /// opens in the Finder) is empty too.
  static func removeEmptyFolders(left changes: RecordedChanges, fileSystem: any FileSystem) {
    let top = changes.record.directory
    func removeIfEmpty(_ folder: String) -> Bool {
      guard let contents = try? fileSystem.contentsOfDirectory(atPath: folder) else { return false }
      if contents == [finderSettings] {
        try? fileSystem.removeItem(atPath: joinPath(folder, finderSettings), isFolder: false)
      } else if !contents.isEmpty {
        return false
      }
      return (try? fileSystem.removeItem(atPath: folder)) != nil
    }
    for file in changes.pruned {
      var folder = parentPath(file.path)
      while folder.hasPrefix(top + "/"), removeIfEmpty(folder) {
        folder = parentPath(folder)
      }
    }
  }

  /// The file the Finder keeps its view settings of a folder in.
  static let finderSettings = ".DS_Store"
}
