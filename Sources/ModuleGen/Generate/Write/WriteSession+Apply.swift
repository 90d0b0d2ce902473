import Diagnostics

extension WriteSession {
  /// Writes every change of `plan` as one transaction; the plan's roots must be locked by this
  /// session. Stages each root's files in its run folder with a journal, commits, moves them
  /// into place; a failure before the commit removes the staging, a failure after it rolls
  /// every moved file back. Either way nothing changed, or the error says what to do.
  ///
  /// Each step works on every root at once, on every core (the roots' files are apart); the
  /// next step starts when every root is done with this one.
  func apply(_ plan: Plan) throws {
    if let conflict = plan.conflicts.first {
      throw Diagnostic(
        message: "'\(conflict.path)' exists with different content; nothing was written")
    }
    var groups: [PathKey: RootChanges] = [:]
    for file in plan.files where file.action.writes {
      groups[PathKey(file.root), default: RootChanges(root: file.root)].files.append(file)
    }
    for removal in plan.removals {
      groups[PathKey(removal.root), default: RootChanges(root: removal.root)].removals.append(
        removal.path)
    }
    let ordered = groups.sorted { $0.key < $1.key }.map(\.value)
    guard !ordered.isEmpty else { return }
    for changes in ordered where !holds(changes.root) {
      throw Diagnostic(message: "'\(changes.root)' is not locked for writing")
    }
    let folders = runFolders
    // The folders are locked now: check once more that nothing leads out of them.
    let containment = PathContainment(fileSystem: fileSystem)
    let escapes = ordered.concurrentMap(perThread: 8) {
      folders.escape(in: $0, containment: containment)
    }
    if let escape = escapes.lazy.compactMap({ $0 }).first { throw escape }

    let roots = ordered.map(\.root)
    let transaction = transaction
    let runFolders = roots.map { WriteJournal.runFolder(in: $0, transaction: transaction) }
    func removeStaging() {
      for (root, folder) in zip(roots, runFolders) { discard(folder, root: root) }
    }
    let staging = Array(ordered.indices).concurrentMap(perThread: 8) { index in
      Result {
        try folders.stage(
          ordered[index], in: runFolders[index], transaction: transaction,
          roots: index == 0 ? roots : [roots[0]])
      }
    }
    let journals: [WriteJournal]
    do {
      journals = try staging.map { try $0.get() }
    } catch {
      removeStaging()
      throw Diagnostic(
        message: "could not stage the generated files: \(describe(error)); nothing was written")
    }

    let commit = joinPath(runFolders[0], WriteJournal.commitFileName)
    do {
      try fileSystem.writeFile(atPath: commit, bytes: [])
    } catch {
      removeStaging()
      throw Diagnostic(
        message: "could not start writing: \(describe(error)); nothing was written")
    }

    let moved = Array(journals.indices).concurrentMap(perThread: 8) { index in
      Result {
        try folders.replay(
          journals[index], root: roots[index], folder: runFolders[index], forward: true,
          strict: true,
          containment: containment)
      }
    }
    if let failure = moved.lazy.compactMap(\.failure).first {
      // Without the commit, the next run would roll back too if this one is killed now.
      var undone = (try? fileSystem.removeItem(atPath: commit)) != nil
      if !undone {
        for root in roots { unfinished.insert(PathKey(root)) }
      } else {
        for index in roots.indices.reversed() {
          do {
            try folders.replay(
              journals[index], root: roots[index], folder: runFolders[index], forward: false,
              strict: false)
            try folders.remove(runFolders[index])
          } catch {
            undone = false
            unfinished.insert(PathKey(roots[index]))
          }
        }
      }
      throw Diagnostic(
        message: undone
          ? "\(describe(failure)); every change was rolled back, nothing was written"
          : "\(describe(failure)); not every change could be rolled back: run modulegen again to finish it"
      )
    }

    for root in roots { written.insert(PathKey(root)) }
    // The commit goes last: while any root still has its journal, it must read "committed".
    let removed = Array(journals.indices.dropFirst()).concurrentMap(perThread: 8) { index in
      (try? folders.removeReplayed(runFolders[index], journal: journals[index], primary: false))
        != nil
    }
    for (root, done) in zip(roots.dropFirst(), removed) where !done {
      unfinished.insert(PathKey(root))
    }
    let primaryRemoved =
      unfinished.isEmpty
      && (try? folders.removeReplayed(runFolders[0], journal: journals[0], primary: true)) != nil
    if !primaryRemoved { unfinished.insert(PathKey(roots[0])) }
  }
}

extension Result {
  /// The error, if it is one.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
