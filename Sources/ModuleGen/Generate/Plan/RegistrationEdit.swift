import Diagnostics

/// What a run changes in one file of the app where modules are registered: the snippets it
/// inserts after their markers and those it removes (pruned), as one planned file of the run's
/// transaction.
package struct RegistrationEdit: Sendable {
  /// The absolute path.
  package var path: String
  /// The folder the write stays inside (and that the run locks).
  package var root: String
  /// The file as the plan read it.
  var original: [UInt8]
  /// In plan order.
  package var insertions: [PlannedRegistration]
  package var removals: [PlannedRegistration]

  /// The edit of the file at `path`, nil when there is nothing to do (no file, only snippets to
  /// remove). Every marker is checked here, so that a missing one stops the run before anything
  /// is written. `shown` is how messages show the path; `refusing` adds to a message what the
  /// refusal did to the run (`OutputFolders.refusing`).
  static func make(
    path: String, root: String, insertions: [PlannedRegistration],
    removals: [PlannedRegistration], fileSystem: any FileSystem, shown: String,
    refusing: (String) -> String
  ) throws -> RegistrationEdit? {
    guard let bytes = try PlannedFile.existingBytes(atPath: path, fileSystem: fileSystem) else {
      guard let first = insertions.first else { return nil }
      var markers: [String] = []
      for insertion in insertions where !markers.contains(insertion.marker) {
        markers.append(insertion.marker)
      }
      throw Diagnostic(
        message: refusing(
          PlannedRegistration.fileMissingMessage(
            module: first.module, markers: markers, shown: shown)),
        location: first.fileLocation)
    }
    let block = MarkedBlock(String(decoding: bytes, as: UTF8.self))
    var problems: [Diagnostic] = []
    var seen: Set<String> = []
    for insertion in insertions
    where block.markerIndex(insertion.marker) == nil && seen.insert(insertion.marker).inserted {
      problems.append(
        Diagnostic(
          message: refusing(
            PlannedRegistration.markerMissingMessage(
              module: insertion.module, marker: insertion.marker, shown: shown)),
          location: insertion.markerLocation))
    }
    if !problems.isEmpty { throw DiagnosticList(problems) }
    return RegistrationEdit(
      path: path, root: root, original: bytes, insertions: insertions, removals: removals)
  }

  private init(
    path: String, root: String, original: [UInt8], insertions: [PlannedRegistration],
    removals: [PlannedRegistration]
  ) {
    self.path = path
    self.root = root
    self.original = original
    self.insertions = insertions
    self.removals = removals
  }

  /// The file with the edit: removals first, then each insertion the file does not have yet.
  var bytes: [UInt8] {
    guard !insertions.isEmpty || !removals.isEmpty else { return original }
    var block = MarkedBlock(String(decoding: original, as: UTF8.self))
    for removal in removals { block.remove(removal.lines) }
    for insertion in insertions {
      guard let marker = block.markerIndex(insertion.marker) else { continue }
      block.insert(insertion.lines, after: marker, sorted: insertion.sorted)
    }
    return Array(block.text.utf8)
  }

  /// What the edit does with each snippet, against the file as read.
  package enum Change: String, Sendable, CaseIterable {
    /// Inserted: the file does not have it yet.
    case add
    /// The file has it already.
    case present
    /// Removed (pruned).
    case remove
  }

  /// Each snippet with what the edit does with it; pruned snippets the file no longer has are
  /// left out.
  package var changes: [(registration: PlannedRegistration, change: Change)] {
    let block = MarkedBlock(String(decoding: original, as: UTF8.self))
    return insertions.map { ($0, block.find($0.lines) == nil ? .add : .present) }
      + removals.filter { block.find($0.lines) != nil }.map { ($0, .remove) }
  }

  /// The edit as a file of the plan: unchanged, or written over the file as it was read.
  var file: PlannedFile {
    let bytes = self.bytes
    var file = PlannedFile(
      module: "", role: .code, root: root, path: path, bytes: bytes,
      action: bytes == original ? .unchanged : .update)
    if file.action == .update { file.expectedHash = GenerationRecord.hash(original) }
    return file
  }

  /// The edit without what `modules` insert or remove (modules a conflict blocks).
  func excluding(_ modules: Set<String>) -> RegistrationEdit {
    var edit = self
    edit.insertions.removeAll { modules.contains($0.module) }
    edit.removals.removeAll { modules.contains($0.module) }
    return edit
  }
}
