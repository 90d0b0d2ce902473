import Diagnostics

/// Everything a run changes on disk, as one transaction: the files of the modules it writes, the
/// updated generation record and the base copies it refers to, and what it removes (pruned stale
/// files, base copies nothing refers to any more).
struct RecordedChanges {
  /// The files to write (the plan's, the record's and the base copies) and to remove.
  var writes: Plan
  var record: GenerationRecord
  /// Stale files `--prune` removes, and those it refuses to remove because they were edited.
  var pruned: [StaleFile]
  var refused: [StaleFile]
  /// The refused files that are outside the record's folder and every folder the run writes.
  var outside: [StaleFile] = []
  /// The Xcode project's edit, when the run adds its files to one (`addProjectEdit`).
  var xcode: XcodeChanges? = nil

  /// `plan` holds only what is written (no blocked module). Without `recordFiles`, the record's
  /// file and the base copies are left out of `writes`, and `record` is the record as it was (a
  /// preview that only needs to know which folders the run writes into, the record's among
  /// them). `rewritesBaseFiles` (`update`, whose merges need them): the base files of the
  /// plan's modules are written as the record says even when the record does not change, so
  /// that a missing or damaged copy is restored from a file still as generated. A base file it
  /// cannot write (`GenerationRecord.checkBase`) is an error at it; `shown`: a path as
  /// messages show it.
  static func make(
    applying plan: Plan, to record: GenerationRecord, prune: Bool, recordFiles: Bool = true,
    rewritesBaseFiles: Bool = false, fileSystem: any FileSystem, shown: (String) -> String
  ) throws -> RecordedChanges {
    // A stale file is removed only if it is still as it was generated, and not `outside`.
    let candidates = prune ? plan.stale.filter { $0.state == .unchanged } : []
    let outside = Self.outside(candidates, plan: plan, record: record)
    let pruned = candidates.filter { file in
      !outside.contains(file) && removal(of: file, in: record).isCurrent(fileSystem: fileSystem)
    }
    let refused =
      prune
      ? plan.stale.filter { $0.state == .edited }
        + candidates.filter { file in !pruned.contains(file) } : []
    let updated = recordFiles ? record.updated(by: plan, pruned: Set(pruned.map(\.path))) : record
    var writes = plan
    /// `stored`: what the file holds now (`GenerationRecord.storedFile`).
    func add(_ path: String, _ bytes: [UInt8], stored: Result<[UInt8], any Error>?) throws {
      var action = PlannedFile.Action.create
      if let stored { action = try stored.get() == bytes ? .unchanged : .overwrite }
      writes.files.append(
        PlannedFile(
          module: "", role: .code, root: record.directory, path: path, bytes: bytes,
          action: action))
    }
    var removals = pruned.map { removal(of: $0, in: record) }
    // A run that changes nothing of the record leaves its file (and the base copies) as they are,
    // whatever way it is written (`update`, which writes base copies, too); one with merge
    // conflict markers is written without them.
    let recordChanges =
      updated != record || record.conflictMarkerLine != nil
      || (!updated.modules.isEmpty && !fileSystem.fileExists(atPath: record.path))
    if recordFiles && (recordChanges || rewritesBaseFiles) {
      if recordChanges {
        try add(
          record.path, Array(updated.encoded.utf8),
          stored: record.storedFile(atPath: record.path, fileSystem: fileSystem))
      }
      let base = updated.baseFiles(for: plan, previous: record, fileSystem: fileSystem)
      var folderChecked = false
      for file in base.writes {
        try record.checkBase(
          file.stored, module: file.module, folderChecked: &folderChecked,
          fileSystem: fileSystem, shown: shown)
        try add(file.path, file.bytes, stored: file.stored)
      }
      for path in base.obsolete {
        guard let bytes = try? fileSystem.readFile(atPath: path) else { continue }
        removals.append(
          PlannedRemoval(root: record.directory, path: path, hash: GenerationRecord.hash(bytes)))
      }
    }
    writes.removals = removals
    return RecordedChanges(
      writes: writes, record: updated, pruned: pruned, refused: refused, outside: outside)
  }

  /// Of `stale`, those outside the record's folder and every folder `plan` writes into, which
  /// `--prune` leaves (saying `outsideMessage`): the record, which anyone can edit, never has a
  /// file elsewhere removed (one in a module's `../Shared/Home` is removed).
  static func outside(_ stale: [StaleFile], plan: Plan, record: GenerationRecord) -> [StaleFile] {
    let candidates = stale.filter { !record.isInside($0.path) }
    let roots = candidates.isEmpty ? [] : plan.roots
    return candidates.filter { file in !roots.contains { PathSafety.isInside(file.path, $0) } }
  }

  /// Where `outside` files are, as messages say it.
  static let outsideMessage =
    "outside the folder of \(GenerationRecord.fileName) and every folder the run writes into"

  /// Removing a stale file: inside the record's folder when it is there, else inside its own.
  static func removal(of file: StaleFile, in record: GenerationRecord) -> PlannedRemoval {
    return PlannedRemoval(
      root: record.isInside(file.path) ? record.directory : parentPath(file.path), path: file.path,
      hash: file.generatedHash)
  }
}
