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
    let here = readJournal(in: WriteJournal.runFolder(in: root, transaction: id))
    roots += here?.roots ?? []
    roots.append(root)
    var seen: Set<PathKey> = []
    roots = roots.filter { seen.insert(PathKey($0)).inserted }
    // The commit in the primary's run folder decides for every root.
    let primary =
      here?.primary
      ?? roots.lazy.compactMap {
        self.readJournal(in: WriteJournal.runFolder(in: $0, transaction: id))?.primary
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

  /// Replays one root's journal in the given direction, then removes its run folder.
  private func finish(_ folder: String, root: String, forward: Bool, removing: Bool) throws {
    guard let journal = readJournal(in: folder) else {
      if removing { try removeRunFolder(folder) }
      return
    }
    do {
      try replay(journal, root: root, folder: folder, forward: forward, strict: false)
      if removing { try removeRunFolder(folder) }
    } catch {
      throw Diagnostic(
        message:
          "could not \(forward ? "complete" : "roll back") an interrupted modulegen run in '\(root)': \(describe(error))"
      )
    }
  }

  /// Moves files as `journal` says. Forward: staged files into place (existing files were
  /// backed up when staged). Backward: every file that was replaced gets its backup back and
  /// every file that was created goes. `strict` (a run in progress) refuses to create a file
  /// that appeared meanwhile; recovery leaves such a file alone.
  /// `containment`: one that resolved the root's folders under this session's lock (apply's),
  /// else a new one.
  func replay(
    _ journal: WriteJournal, root: String, folder: String, forward: Bool, strict: Bool,
    containment: PathContainment? = nil
  ) throws {
    let containment = containment ?? PathContainment(fileSystem: fileSystem)
    func target(_ operation: WriteJournal.Operation) throws -> String {
      let path = joinPath(root, operation.path)
      if let escape = containment.escape(ofFile: path, inside: root) {
        throw Diagnostic(message: PathContainment.describe(escape, path: path, root: root))
      }
      return path
    }
    func staged(_ operation: WriteJournal.Operation) -> String {
      joinPath(folder, String(operation.number))
    }
    func backup(_ operation: WriteJournal.Operation) -> String { staged(operation) + ".old" }

    if forward {
      for relative in journal.folders {
        let path = joinPath(root, relative)
        if !fileSystem.isDirectory(atPath: path) {
          if let escape = containment.escape(ofFile: path, inside: root) {
            throw Diagnostic(message: PathContainment.describe(escape, path: path, root: root))
          }
          try fileSystem.createDirectory(atPath: path)
        }
      }
      for operation in journal.operations {
        switch operation.kind {
        case .create:
          // This run's own staged files (strict) were written a moment ago; a killed run's
          // may have been moved already.
          guard strict || fileSystem.fileExists(atPath: staged(operation)) else { continue }
          let path = joinPath(root, operation.path)
          guard fileSystem.itemExists(atPath: path) else {
            if let escape = containment.escape(ofNewFile: path, inside: root) {
              throw Diagnostic(message: PathContainment.describe(escape, path: path, root: root))
            }
            try fileSystem.moveItem(atPath: staged(operation), toPath: path)
            continue
          }
          _ = try target(operation)
          if strict {
            throw Diagnostic(message: "'\(path)' appeared while modulegen was writing")
          }
          try fileSystem.removeItem(atPath: staged(operation))
        case .replace:
          guard fileSystem.fileExists(atPath: staged(operation)) else { continue }
          try fileSystem.moveItem(atPath: staged(operation), toPath: try target(operation))
        case .remove:
          let path = try target(operation)
          if fileSystem.fileExists(atPath: backup(operation)) && fileSystem.itemExists(atPath: path)
          {
            try fileSystem.removeItem(atPath: path)
          }
        }
      }
    } else {
      for operation in journal.operations.reversed() {
        let moved = !fileSystem.fileExists(atPath: staged(operation))
        switch operation.kind {
        case .create:
          let path = try target(operation)
          if moved && fileSystem.itemExists(atPath: path) {
            try fileSystem.removeItem(atPath: path)
          }
        case .replace:
          if moved && fileSystem.fileExists(atPath: backup(operation)) {
            try fileSystem.moveItem(atPath: backup(operation), toPath: try target(operation))
          }
        case .remove:
          let path = try target(operation)
          if fileSystem.fileExists(atPath: backup(operation))
            && !fileSystem.itemExists(atPath: path)
          {
            try fileSystem.moveItem(atPath: backup(operation), toPath: path)
          }
        }
      }
      // Folders this run created, if nothing else went into them.
      for relative in journal.folders.reversed() {
        try? fileSystem.removeItem(atPath: joinPath(root, relative))
      }
    }
  }

  func readJournal(in folder: String) -> WriteJournal? {
    guard let bytes = try? fileSystem.readFile(atPath: joinPath(folder, WriteJournal.fileName)),
      let text = String(validUTF8: bytes)
    else { return nil }
    return WriteJournal(text: text)
  }

  /// Removes a run folder: staged files and backups first, then the journal, then the commit
  /// (a kill in between leaves a folder that replays to the same result).
  func removeRunFolder(_ folder: String) throws {
    guard fileSystem.isDirectory(atPath: folder) else { return }
    let last = [WriteJournal.fileName, WriteJournal.commitFileName]
    let names = try fileSystem.contentsOfDirectory(atPath: folder)
    for name in names where !last.contains(name) {
      try fileSystem.removeItem(atPath: joinPath(folder, name))
    }
    for name in last where names.contains(name) {
      try fileSystem.removeItem(atPath: joinPath(folder, name))
    }
    try fileSystem.removeItem(atPath: folder)
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
