import Diagnostics

/// The changes of one root (an output folder) in a transaction.
struct RootChanges: Sendable {
  var root: String
  var files: [PlannedFile] = []
  /// Absolute paths of files to remove.
  var removals: [String] = []
}

/// What a run does in the run folders of its roots (`.modulegen-run-ID`, see `WriteJournal`):
/// stages a root's files with its journal, replays a journal, removes a run folder. It holds
/// nothing but the file system, so the roots of one transaction are staged, moved into place
/// and cleaned up on every core at once; each root's steps stay in their order.
struct RunFolders: Sendable {
  let fileSystem: any FileSystem

  /// Why a path of `changes` may not be written now that the folders are locked (it leads out
  /// of its root), or nil.
  func escape(in changes: RootChanges, containment: PathContainment) -> Diagnostic? {
    for path in changes.files.map(\.path) + changes.removals {
      if let escape = containment.escape(ofFile: path, inside: changes.root) {
        return Diagnostic(
          message:
            "\(PathContainment.describe(escape, path: path, root: changes.root)); nothing was written"
        )
      }
    }
    return nil
  }

  /// Writes the files of `changes` into `folder` (a new run folder in their root), backs up
  /// the files they replace or remove, and then the journal: the journal's `roots` are every
  /// root of the run for the primary (the first), else the primary alone (listing every root
  /// in every journal would be quadratic).
  func stage(
    _ changes: RootChanges, in folder: String, transaction: String, roots: [String]
  ) throws -> WriteJournal {
    try fileSystem.createDirectory(atPath: folder)
    var journal = WriteJournal(transaction: transaction, roots: roots, folders: [], operations: [])
    var knownFolders: Set<PathKey> = []
    // By index, not `enumerated()`: its pairs are a type the runtime makes on first use.
    for number in changes.files.indices {
      let file = changes.files[number]
      // A file replaced is replaced where it really is: a developer's symbolic link stays one.
      let path =
        file.action == .create ? file.path : writeTarget(of: file.path, root: changes.root)
      let relative = try relativePath(path, in: changes.root)
      for missing in missingFolders(for: relative, in: changes.root)
      where knownFolders.insert(PathKey(missing)).inserted {
        journal.folders.append(missing)
      }
      let stagedFile = Self.stagedFile(number, in: folder)
      if let pieces = file.pieces {
        try fileSystem.writeFile(atPath: stagedFile, pieces: pieces)
      } else {
        try fileSystem.writeFile(atPath: stagedFile, bytes: file.bytes)
      }
      if file.action != .create && fileSystem.fileExists(atPath: path) {
        // Written over what the plan read: someone who saved it since would lose that. Looked
        // at before the backup's link, which changes the file's status-change time.
        if let expected = file.expectedSignature, FileSignature(currentOf: path) != expected {
          throw Self.changedMeanwhile(file.path)
        }
        // The new content takes the place of the old with its mode (a script stays
        // executable, a group-writable project file group-writable).
        try fileSystem.copyPermissions(from: path, to: stagedFile)
        let was = try backUp(
          path, to: Self.backup(number, in: folder), hashing: file.expectedHash != nil)
        if let expected = file.expectedHash, was != .hash(expected) {
          throw Self.changedMeanwhile(file.path)
        }
        journal.operations.append(.init(kind: .replace, number: number, path: relative, was: was))
      } else {
        journal.operations.append(.init(kind: .create, number: number, path: relative))
      }
    }
    // Removals: the backup keeps the old content until the run is done.
    for offset in changes.removals.indices {
      let path = changes.removals[offset]
      let number = changes.files.count + offset
      let was = try backUp(path, to: Self.backup(number, in: folder), hashing: false)
      journal.operations.append(
        .init(
          kind: .remove, number: number, path: try relativePath(path, in: changes.root),
          was: was))
    }
    try writeJournal(journal, in: folder)
    return journal
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
      Self.stagedFile(operation.number, in: folder)
    }
    func backup(_ operation: WriteJournal.Operation) -> String {
      Self.backup(operation.number, in: folder)
    }

    if forward {
      for relative in journal.folders {
        let path = joinPath(root, relative)
        func escape() -> Diagnostic? {
          containment.escape(ofFile: path, inside: root).map {
            Diagnostic(message: PathContainment.describe($0, path: path, root: root))
          }
        }
        // This run's own folders were missing when it staged, under its lock, and their parents
        // were checked then (`containment` remembers them): created at once, looked at only if
        // that fails. A killed run's may be there now, or lead elsewhere: looked at first.
        if strict {
          do {
            try fileSystem.createDirectory(atPath: path)
          } catch {
            if fileSystem.isDirectory(atPath: path) { continue }
            throw escape() ?? error
          }
        } else if !fileSystem.isDirectory(atPath: path) {
          if let escape = escape() { throw escape }
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
          let path = try target(operation)
          // A killed run's file changed since: finishing the run would lose that; the file is
          // kept, and the next run sees it edited.
          if !strict && changedSince(operation, path: path, backup: backup(operation)) {
            try fileSystem.removeItem(atPath: staged(operation))
            continue
          }
          try fileSystem.moveItem(atPath: staged(operation), toPath: path)
        case .remove:
          let path = try target(operation)
          // The backup of a symbolic link may be a link itself (Linux links the link), which
          // leads nowhere from the run folder: whether it is there, not where it leads.
          if fileSystem.itemExists(atPath: backup(operation)) && fileSystem.itemExists(atPath: path)
            && (strict || !changedSince(operation, path: path, backup: backup(operation)))
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
          if fileSystem.itemExists(atPath: backup(operation))
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

  /// Whether the file at `path` no longer holds what the run found there: what its journal
  /// keeps (the file's signature or the hash of its content), or (a journal of a run before
  /// either was kept) what its backup holds, a hard link that follows an edit in place, so that
  /// only a file saved anew is seen. False when the file is not there or cannot be read.
  private func changedSince(
    _ operation: WriteJournal.Operation, path: String, backup: String
  ) -> Bool {
    if case .signature(let signature) = operation.was {
      return FileSignature(currentOf: path).map { $0 != signature } ?? false
    }
    guard let now = try? fileSystem.readFile(atPath: path) else { return false }
    if case .hash(let hash) = operation.was { return GenerationRecord.hash(now) != hash }
    guard let then = try? fileSystem.readFile(atPath: backup) else { return false }
    return now != then
  }

  /// Whether the run folder has a journal this build cannot read (another version's, or
  /// damaged). A folder without one is a run killed before its first change: the journal is
  /// renamed into place whole.
  func hasUnreadableJournal(_ folder: String) -> Bool {
    fileSystem.itemExists(atPath: joinPath(folder, WriteJournal.fileName))
      && readJournal(in: folder) == nil
  }

  func readJournal(in folder: String) -> WriteJournal? {
    guard let bytes = try? fileSystem.readFile(atPath: joinPath(folder, WriteJournal.fileName)),
      let text = String(validUTF8: bytes)
    else { return nil }
    return WriteJournal(text: text)
  }

  /// Removes a run folder: staged files and backups first, then the journal, then the commit
  /// (a kill in between leaves a folder that replays to the same result).
  func remove(_ folder: String) throws {
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

  /// Removes the run folder of a journal this run has just replayed forward, in the order
  /// `remove` does, without listing it: what is left there is known (the backups of the files
  /// it replaced or removed, the journal, and in the primary's folder the commit), and what
  /// each is (this run made them): removed without looking first. Anything else found there is
  /// left to `remove`.
  func removeReplayed(_ folder: String, journal: WriteJournal, primary: Bool) throws {
    for operation in journal.operations where operation.kind != .create {
      try fileSystem.removeItem(atPath: Self.backup(operation.number, in: folder), isFolder: false)
    }
    try fileSystem.removeItem(atPath: joinPath(folder, WriteJournal.fileName), isFolder: false)
    if primary {
      try fileSystem.removeItem(
        atPath: joinPath(folder, WriteJournal.commitFileName), isFolder: false)
    }
    do {
      try fileSystem.removeItem(atPath: folder, isFolder: true)
    } catch {
      try remove(folder)
    }
  }

  /// A file the plan read changed before the run wrote it.
  static func changedMeanwhile(_ path: String) -> Diagnostic {
    Diagnostic(message: "'\(path)' changed while modulegen was writing it; run modulegen again")
  }

  /// Where a run folder keeps the file its journal's operation `number` moves into place.
  private static func stagedFile(_ number: Int, in folder: String) -> String {
    joinPath(folder, String(number))
  }

  /// Where a run folder keeps what operation `number` replaces or removes, until the run is done.
  private static func backup(_ number: Int, in folder: String) -> String {
    stagedFile(number, in: folder) + ".old"
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

  /// Where replacing the file at `path` writes: the file itself, or for a symbolic link the
  /// file it leads to, named from `root` (the link's target is inside `root`: `escape` refused
  /// the run otherwise). Replacing the link itself would silently turn it into a copy.
  private func writeTarget(of path: String, root: String) -> String {
    guard fileSystem.isSymbolicLink(path), let real = fileSystem.resolvedPath(path),
      let realRoot = fileSystem.resolvedPath(root), PathSafety.isInside(real, realRoot)
    else { return path }
    return joinPath(root, PathSafety.relative(real, to: realRoot))
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

  /// A second name for the old content (a hard link), or a copy where links are not possible;
  /// returns what the journal keeps of it: the file's signature, else (`hashing`: the plan
  /// compares it with what it read; a copy; a file changed within the clock's tick) the
  /// content's hash. The signature spares reading and hashing the file: a large project file
  /// took most of a run's time.
  private func backUp(
    _ path: String, to backup: String, hashing: Bool
  ) throws -> WriteJournal.Original {
    do {
      try fileSystem.linkItem(atPath: path, toPath: backup)
    } catch {
      let bytes = try fileSystem.readFile(atPath: path)
      try fileSystem.writeFile(atPath: backup, bytes: bytes)
      return .hash(GenerationRecord.hash(bytes))
    }
    if !hashing, let signature = FileSignature(ofFile: path, linked: true) {
      return .signature(signature)
    }
    return .hash(GenerationRecord.hash(try fileSystem.readFile(atPath: path)))
  }

  /// Writes the journal under a temporary name, then renames it: it is complete or absent.
  private func writeJournal(_ journal: WriteJournal, in folder: String) throws {
    let temporary = joinPath(folder, WriteJournal.fileName + ".tmp")
    try fileSystem.writeFile(atPath: temporary, bytes: Array(journal.text.utf8))
    try fileSystem.moveItem(atPath: temporary, toPath: joinPath(folder, WriteJournal.fileName))
  }
}
