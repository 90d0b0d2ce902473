import Liquid

/// Replaying a journal: forward to complete a run, backward to undo it. Every step checks
/// what is on disk first, so replaying again after another kill is always safe.
extension WriteSession {
  struct RecoveryOutcome {
    var transaction: String
    var pid: String
    var committed: Bool
    var folders: Int
  }

  /// Finishes every run that a killed process left in `root`, which this session holds.
  func recoverInterruptedRuns(in root: String) throws -> [RecoveryOutcome] {
    var outcomes: [RecoveryOutcome] = []
    for name in (try? fileSystem.contentsOfDirectory(atPath: root)) ?? [] {
      guard let id = WriteJournal.transaction(ofFolderNamed: name), id != transaction else {
        continue
      }
      outcomes.append(try recoverTransaction(id, foundIn: root))
    }
    return outcomes
  }

  /// Completes (if it committed) or rolls back (if not) the run `id` in every root it wrote
  /// into that can be locked now; a root that another live run holds is left to that run.
  private func recoverTransaction(_ id: String, foundIn root: String) throws -> RecoveryOutcome {
    let pid = String(id.prefix { $0 != "-" })
    let folder = WriteJournal.runFolder(in: root, transaction: id)
    guard let journal = readJournal(in: folder) else {
      // Killed while staging: nothing visible had changed yet.
      do {
        try removeRunFolder(folder)
      } catch {
        unfinished.insert(PathKey(root))
        throw error
      }
      return RecoveryOutcome(transaction: id, pid: pid, committed: false, folders: 1)
    }
    let primary = journal.primary
    let committed = fileSystem.fileExists(
      atPath: joinPath(
        WriteJournal.runFolder(in: primary, transaction: id), WriteJournal.commitFileName))
    var others = journal.roots.filter { PathKey($0) != PathKey(primary) }
    if !journal.roots.contains(where: { PathKey($0) == PathKey(root) }) { others.append(root) }
    var pending = false
    var finished = 0
    for other in others + [primary] {
      let otherFolder = WriteJournal.runFolder(in: other, transaction: id)
      guard fileSystem.isDirectory(atPath: otherFolder) else { continue }
      // The primary holds the commit: it goes last, and only when no other root still
      // needs to know that the run committed.
      let keep = committed && pending && PathKey(other) == PathKey(primary)
      if holds(other) {
        do {
          try finish(otherFolder, root: other, forward: committed, removing: !keep)
        } catch {
          unfinished.insert(PathKey(other))
          throw error
        }
        finished += 1
        continue
      }
      guard
        case .acquired(let lock)? = try? fileSystem.tryLock(
          atPath: joinPath(other, WriteJournal.lockFileName))
      else {
        pending = true
        continue
      }
      var done = false
      defer {
        lock.release(removingFile: done)
        strayFolders += LockRecord(bytes: lock.previousContent)?.createdFolders ?? []
      }
      do {
        try finish(otherFolder, root: other, forward: committed, removing: !keep)
        finished += 1
        done = !keep
      } catch {
        pending = true
        if PathKey(other) == PathKey(root) { throw error }
      }
    }
    return RecoveryOutcome(transaction: id, pid: pid, committed: committed, folders: finished)
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
  func replay(
    _ journal: WriteJournal, root: String, folder: String, forward: Bool, strict: Bool
  ) throws {
    let containment = PathContainment(fileSystem: fileSystem)
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
          guard fileSystem.fileExists(atPath: staged(operation)) else { continue }
          let path = try target(operation)
          if fileSystem.itemExists(atPath: path) {
            if strict {
              throw Diagnostic(message: "'\(path)' appeared while modulegen was writing")
            }
            try fileSystem.removeItem(atPath: staged(operation))
          } else {
            try fileSystem.moveItem(atPath: staged(operation), toPath: path)
          }
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
      let text = String(validating: bytes, as: UTF8.self)
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
