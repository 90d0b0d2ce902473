import Diagnostics

extension WriteSession {
  /// Writes every change of `plan` as one transaction; the plan's roots must be locked by this
  /// session. Stages each root's files in its run folder with a journal, commits, moves them
  /// into place; a failure before the commit removes the staging, a failure after it rolls
  /// every moved file back. Either way nothing changed, or the error says what to do.
  func apply(_ plan: Plan) throws {
    if let conflict = plan.conflicts.first {
      throw Diagnostic(
        message: "'\(conflict.path)' exists with different content; nothing was written")
    }
    var groups: [PathKey: (root: String, files: [PlannedFile], removals: [String])] = [:]
    for file in plan.changes {
      groups[PathKey(file.root), default: (file.root, [], [])].files.append(file)
    }
    for removal in plan.removals {
      groups[PathKey(removal.root), default: (removal.root, [], [])].removals.append(removal.path)
    }
    let ordered = groups.sorted { $0.key < $1.key }.map(\.value)
    guard !ordered.isEmpty else { return }
    for group in ordered where !holds(group.root) {
      throw Diagnostic(message: "'\(group.root)' is not locked for writing")
    }
    // The folders are locked now: check once more that nothing leads out of them.
    let containment = PathContainment(fileSystem: fileSystem)
    for group in ordered {
      for path in group.files.map(\.path) + group.removals {
        if let escape = containment.escape(ofFile: path, inside: group.root) {
          throw Diagnostic(
            message:
              "\(PathContainment.describe(escape, path: path, root: group.root)); nothing was written"
          )
        }
      }
    }

    let roots = ordered.map(\.root)
    var staged: [(root: String, folder: String, journal: WriteJournal)] = []
    func removeStaging() {
      for entry in staged { discard(entry.folder, root: entry.root) }
    }
    do {
      for group in ordered {
        let folder = WriteJournal.runFolder(in: group.root, transaction: transaction)
        try fileSystem.createDirectory(atPath: folder)
        // The primary's journal lists every root; the others name the primary, whose commit
        // decides for them (listing every root in every journal would be quadratic).
        var journal = WriteJournal(
          transaction: transaction, roots: staged.isEmpty ? roots : [roots[0]], folders: [],
          operations: [])
        staged.append((group.root, folder, journal))
        var knownFolders: Set<PathKey> = []
        for (number, file) in group.files.enumerated() {
          let relative = try relativePath(file.path, in: group.root)
          for missing in missingFolders(for: relative, in: group.root)
          where knownFolders.insert(PathKey(missing)).inserted {
            journal.folders.append(missing)
          }
          let stagedFile = joinPath(folder, String(number))
          if let pieces = file.pieces {
            try fileSystem.writeFile(atPath: stagedFile, pieces: pieces)
          } else {
            try fileSystem.writeFile(atPath: stagedFile, bytes: file.bytes)
          }
          var kind = WriteJournal.Kind.create
          if file.action != .create && fileSystem.fileExists(atPath: file.path) {
            try backUp(file.path, to: stagedFile + ".old")
            kind = .replace
          }
          journal.operations.append(.init(kind: kind, number: number, path: relative))
        }
        // Removals: the backup keeps the old content until the run is done.
        for (offset, path) in group.removals.enumerated() {
          let number = group.files.count + offset
          try backUp(path, to: joinPath(folder, String(number)) + ".old")
          journal.operations.append(
            .init(kind: .remove, number: number, path: try relativePath(path, in: group.root)))
        }
        try writeJournal(journal, in: folder)
        staged[staged.count - 1].journal = journal
      }
    } catch {
      removeStaging()
      throw Diagnostic(
        message: "could not stage the generated files: \(describe(error)); nothing was written")
    }

    let commit = joinPath(staged[0].folder, WriteJournal.commitFileName)
    do {
      try fileSystem.writeFile(atPath: commit, bytes: [])
    } catch {
      removeStaging()
      throw Diagnostic(
        message: "could not start writing: \(describe(error)); nothing was written")
    }

    do {
      for entry in staged {
        try replay(
          entry.journal, root: entry.root, folder: entry.folder, forward: true, strict: true,
          containment: containment)
      }
    } catch {
      // Without the commit, the next run would roll back too if this one is killed now.
      var undone = (try? fileSystem.removeItem(atPath: commit)) != nil
      if !undone {
        for entry in staged { unfinished.insert(PathKey(entry.root)) }
      } else {
        for entry in staged.reversed() {
          do {
            try replay(
              entry.journal, root: entry.root, folder: entry.folder, forward: false, strict: false)
            try removeRunFolder(entry.folder)
          } catch {
            undone = false
            unfinished.insert(PathKey(entry.root))
          }
        }
      }
      throw Diagnostic(
        message: undone
          ? "\(describe(error)); every change was rolled back, nothing was written"
          : "\(describe(error)); not every change could be rolled back: run modulegen again to finish it"
      )
    }

    for entry in staged { written.insert(PathKey(entry.root)) }
    // The commit goes last: while any root still has its journal, it must read "committed".
    for entry in staged.dropFirst() { discard(entry.folder, root: entry.root) }
    if unfinished.isEmpty {
      discard(staged[0].folder, root: staged[0].root)
    } else {
      unfinished.insert(PathKey(staged[0].root))
    }
  }

  /// `path` relative to `root`, compared as bytes.
  private func relativePath(_ path: String, in root: String) throws -> String {
    let rootBytes = Array(root.utf8)
    let pathBytes = Array(path.utf8)
    guard pathBytes.count > rootBytes.count + 1, pathBytes.starts(with: rootBytes),
      pathBytes[rootBytes.count] == PathSafety.slash
    else { throw Diagnostic(message: "'\(path)' is not inside '\(root)'") }
    return String(decoding: pathBytes[(rootBytes.count + 1)...], as: UTF8.self)
  }

  /// The folders (relative to `root`, outermost first) that must be created for `relative`.
  private func missingFolders(for relative: String, in root: String) -> [String] {
    var missing: [String] = []
    var folder = parentPath(relative)
    while folder != "." && !fileSystem.isDirectory(atPath: joinPath(root, folder)) {
      missing.insert(folder, at: 0)
      folder = parentPath(folder)
    }
    return missing
  }

  /// A second name for the old content (a hard link), or a copy where links are not possible.
  private func backUp(_ path: String, to backup: String) throws {
    do {
      try fileSystem.linkItem(atPath: path, toPath: backup)
    } catch {
      try fileSystem.writeFile(atPath: backup, bytes: try fileSystem.readFile(atPath: path))
    }
  }

  /// Writes the journal under a temporary name, then renames it: it is complete or absent.
  private func writeJournal(_ journal: WriteJournal, in folder: String) throws {
    let temporary = joinPath(folder, WriteJournal.fileName + ".tmp")
    try fileSystem.writeFile(atPath: temporary, bytes: Array(journal.text.utf8))
    try fileSystem.moveItem(atPath: temporary, toPath: joinPath(folder, WriteJournal.fileName))
  }
}
