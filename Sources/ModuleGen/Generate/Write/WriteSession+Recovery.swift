import Diagnostics

/// Replaying a journal: forward to complete a run, backward to undo it. Every step checks
/// what is on disk first, so replaying again after another kill is always safe.
extension WriteSession {
  struct RecoveryOutcome {
    var transaction: String
    var pid: String
    var committed: Bool
    var folders: Int
  }

  /// A lock file left by a run that is gone (a killed run; this session holds the lock now):
  /// finishes that run everywhere it wrote, and whatever else was left in `root`.
  func recoverStaleLock(_ record: LockRecord?, at root: String) throws {
    strayFolders += record?.createdFolders ?? []
    var runs: [String] = []
    if let id = record?.transaction, id != transaction { runs.append(id) }
    // Run folders without a matching lock record (a lock file removed by hand).
    for name in (try? fileSystem.contentsOfDirectory(atPath: root)) ?? [] {
      if let id = WriteJournal.transaction(ofFolderNamed: name), id != transaction,
        !runs.contains(id)
      {
        runs.append(id)
      }
    }
    for id in runs {
      try recoverRun(id, record: record?.transaction == id ? record : nil, at: root)
    }
  }

  /// Completes (if it committed) or rolls back (if not) the killed run `id` in every root it
  /// locked that can be locked now; a root another live run holds is left to that run.
  private func recoverRun(_ id: String, record: LockRecord?, at root: String) throws {
    if let known = recovered[id] {
      // Already finished from another root: only this root's part is left.
      try finishRoot(root, run: id, committed: known.committed, removing: true)
      return
    }
    // Every root of the run: from the home's lock record, else from the journals.
    var roots = record?.roots ?? []
    if roots.isEmpty, let home = record?.home,
      let bytes = try? fileSystem.readFile(
        atPath: joinPath(home, WriteJournal.lockFileName)),
      let homeRecord = LockRecord(bytes: bytes), homeRecord.transaction == id
    {
      roots = homeRecord.roots
    }
    let here = runFolders.readJournal(in: WriteJournal.runFolder(in: root, transaction: id))
    roots += here?.roots ?? []
    roots.append(root)
    var seen: Set<PathKey> = []
    roots = roots.filter { seen.insert(PathKey($0)).inserted }
    // The commit in the primary's run folder decides for every root.
    let primary =
      here?.primary
      ?? roots.lazy.compactMap {
        self.runFolders.readJournal(in: WriteJournal.runFolder(in: $0, transaction: id))?.primary
      }.first
    let committed =
      primary.map {
        fileSystem.fileExists(
          atPath: joinPath(
            WriteJournal.runFolder(in: $0, transaction: id), WriteJournal.commitFileName))
      } ?? false
    var outcome = RecoveryOutcome(
      transaction: id, pid: record?.pid.map(String.init) ?? String(id.prefix { $0 != "-" }),
      committed: committed, folders: 0)
    recovered[id] = outcome
    var pending = false
    let primaryKey = primary.map(PathKey.init)
    for other in roots.filter({ PathKey($0) != primaryKey }) + (primary.map { [$0] } ?? []) {
      // The primary holds the commit: it goes last, and stays while another root may still
      // need to know that the run committed.
      let keep = committed && pending && PathKey(other) == primaryKey
      if holds(other) {
        // A kept primary keeps a lock file naming the killed run, so that a later run looks
        // into it again.
        if keep {
          unfinished.insert(PathKey(other))
          leftFor[PathKey(other)] = id
        }
        do {
          if try finishRoot(other, run: id, committed: committed, removing: !keep) {
            outcome.folders += 1
          }
        } catch {
          unfinished.insert(PathKey(other))
          throw error
        }
        continue
      }
      guard fileSystem.isDirectory(atPath: other) else { continue }
      guard
        case .acquired(let lock)? = try? fileSystem.tryLock(
          atPath: joinPath(other, WriteJournal.lockFileName))
      else {
        pending = true
        continue
      }
      let previous = LockRecord(bytes: lock.previousContent)
      let theirs = previous?.transaction == id
      if theirs { strayFolders += previous?.createdFolders ?? [] }
      var removable = lock.previousContent.isEmpty || theirs
      do {
        if try finishRoot(other, run: id, committed: committed, removing: !keep) {
          outcome.folders += 1
        }
      } catch {
        pending = true
        removable = false
      }
      if keep && !theirs {
        try? lock.record(LockRecord(pid: nil, transaction: id, createdFolders: []).bytes)
      }
      lock.release(removingFile: removable && !keep)
    }
    recovered[id] = outcome
  }

  /// Finishes the run folder of `run` in `root`, if there is one; true if there was.
  @discardableResult
  private func finishRoot(_ root: String, run: String, committed: Bool, removing: Bool) throws
    -> Bool
  {
    let folder = WriteJournal.runFolder(in: root, transaction: run)
    guard fileSystem.isDirectory(atPath: folder) else { return false }
    try finish(folder, root: root, forward: committed, removing: removing)
    return true
  }

  /// Replays one root's journal in the given direction, then removes its run folder. A folder
  /// without a journal is removed; one whose journal this build cannot read is left, since its
  /// backups may be all that is left of a file: an error says so.
  private func finish(_ folder: String, root: String, forward: Bool, removing: Bool) throws {
    guard let journal = runFolders.readJournal(in: folder) else {
      if runFolders.hasUnreadableJournal(folder) {
        throw Diagnostic(message: Self.unreadableJournalMessage(folder, writes: true))
      }
      if removing { try runFolders.remove(folder) }
      return
    }
    do {
      try runFolders.replay(journal, root: root, folder: folder, forward: forward, strict: false)
      if removing { try runFolders.remove(folder) }
    } catch {
      throw Diagnostic(
        message:
          "could not \(forward ? "complete" : "roll back") an interrupted modulegen run in '\(root)': \(describe(error))"
      )
    }
  }

  /// A run folder whose journal this build cannot read; `writes`: said by a run it stopped.
  static func unreadableJournalMessage(_ folder: String, writes: Bool) -> String {
    "an interrupted modulegen run left '\(folder)', whose journal this modulegen cannot read (a "
      + "newer version's, or damaged)\(writes ? "; nothing was written" : ""). Finish it with the "
      + "modulegen that wrote it, or look at the files it names (N is the new content, N.old the "
      + "old) and remove the folder"
  }

  func describe(_ error: any Error) -> String {
    (error as? Diagnostic)?.message ?? "\(error)"
  }
}

extension PathContainment {
  /// The message for a path refused because of where it leads.
  static func describe(_ escape: Escape, path: String, root: String) -> String {
    switch escape {
    case .outside(let real):
      return "'\(path)' leads through a symbolic link to '\(real)', outside '\(root)'"
    case .blocked(let at):
      return "'\(at)' is a file or a dangling link where a folder is needed for '\(path)'"
    }
  }
}
