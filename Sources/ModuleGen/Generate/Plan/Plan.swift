import Diagnostics

/// Every file a run would write or remove, with what would happen to it. Built completely
/// before anything touches the disk; `--dry-run`, `check` and the JSON report read it.
package struct Plan: Sendable {
  package var files: [PlannedFile]
  /// Modules, in order, with what they were generated from.
  package var modules: [PlannedModule]
  /// Files a previous run generated for these modules that the plan no longer has.
  package var stale: [StaleFile] = []
  package var notes: [Diagnostic]
  /// Whether files with other content are overwritten (`--force`) or are conflicts.
  package var force = false
  /// Whether generated tests `@testable import` the app's module (modulegen's templates do;
  /// Generamba's name their own) without a name for it (no project, recorded or given).
  package var testsLackTheApp = false
  /// Files to remove in the same transaction (pruned stale files, base copies of the record
  /// that nothing refers to any more).
  package var removals: [PlannedRemoval] = []
  /// The files where modules are registered, with what the run inserts and removes; each is
  /// also one of `files`.
  package var registrationEdits: [RegistrationEdit] = []
  /// Registrations the record has that the modules no longer make (a module removed from its
  /// spec, an entry its template no longer has), and those of them the run removes (`--prune`).
  package var staleRegistrations: [PlannedRegistration] = []
  package var prunedRegistrations: [PlannedRegistration] = []
  /// Those `--prune` leaves: in a file outside the record's folder that no module of the run
  /// registers in (the record, which anyone can edit, never has a file elsewhere edited).
  package var refusedRegistrations: [PlannedRegistration] = []
  /// The local Swift packages the modules join, with what their manifests gain; each manifest
  /// is also one of `files`. Planned for the modules without a conflict only.
  package var packageTargets: [PackageTargets] = []

  package init(
    files: [PlannedFile], modules: [PlannedModule], stale: [StaleFile] = [],
    notes: [Diagnostic], force: Bool = false
  ) {
    self.files = files
    self.modules = modules
    self.stale = stale
    self.notes = notes
    self.force = force
  }

  /// A plan that writes files as they are given (`templates new`, `eject`, `migrate`), each
  /// decided against the disk as every planned file is. `shown`: a path as messages show it.
  init(
    writing files: [(path: String, root: String, text: String)], force: Bool,
    fileSystem: any FileSystem, shown: (String) -> String
  ) throws {
    // The generation record and its base copies are modulegen's to write, whatever `--force`.
    if let kept = files.first(where: { Self.isRecordData($0.path) }) {
      throw Diagnostic(
        message:
          "'\(shown(kept.path))' is modulegen's generation record (\(GenerationRecord.fileName)) or among its base copies (\(GenerationRecord.baseFolder)/): only modulegen writes there; choose another file; nothing was written"
      )
    }
    let planned = try files.map { file in
      var planned = PlannedFile(
        module: "", role: .code, root: file.root, path: file.path, bytes: Array(file.text.utf8),
        action: .create)
      planned.action = try planned.currentAction(force: force, fileSystem: fileSystem)
      return planned
    }
    self.init(files: planned, modules: [], notes: [], force: force)
  }

  /// Whether `path` is a generation record (`.modulegen.lock`) or in its base copies' folder
  /// (`.modulegen/base/`). Other folders named `.modulegen` are not the record's: the user's
  /// templates are in `~/.modulegen/templates`.
  static func isRecordData(_ path: String) -> Bool {
    // The record reads this for each file of each module it holds, nearly none of which
    // mentions `.modulegen` (which both names start with): one pass over the bytes says so.
    guard mentionsModuleGen(path) else { return false }
    let path = normalizePath(path)
    return lastPathComponent(path) == GenerationRecord.fileName
      || ("/" + path).contains("/" + GenerationRecord.baseFolder + "/")
  }

  /// Whether `.modulegen` is in `path`.
  private static func mentionsModuleGen(_ path: String) -> Bool {
    let marker = moduleGenMarker
    var matched = 0
    for byte in path.utf8 {
      if byte == marker[matched] {
        matched += 1
        if matched == marker.count { return true }
      } else {
        matched = byte == marker[0] ? 1 : 0
      }
    }
    return false
  }

  /// `.modulegen`: what its base copies' folder and the record's file name start with.
  private static let moduleGenMarker = Array(
    GenerationRecord.baseFolder.utf8.prefix { $0 != PathSafety.slash })

  package var conflicts: [PlannedFile] { files.filter { $0.action == .conflict } }
  /// Files that would be written.
  package var changes: [PlannedFile] { files.filter(\.action.writes) }

  package func count(_ action: PlannedFile.Action) -> Int {
    files.filter { $0.action == action }.count
  }

  /// The files of each module, in plan order.
  package var filesByModule: [String: [PlannedFile]] {
    Dictionary(grouping: files, by: \.module)
  }

  /// The names of modules that have a conflict: a run writes nothing of them.
  package var blockedModules: Set<String> {
    Set(files.lazy.filter { $0.action == .conflict }.map(\.module))
  }

  /// The plan without the modules that have a conflict, ready to apply: nothing of theirs is
  /// written, their record entries included.
  package var withoutBlockedModules: Plan {
    let blocked = blockedModules
    guard !blocked.isEmpty else { return self }
    var plan = self
    plan.files = files.filter { !blocked.contains($0.module) }
    plan.modules = modules.filter { !blocked.contains($0.name) }
    plan.stale = stale.filter { !blocked.contains($0.module) }
    plan.staleRegistrations = staleRegistrations.filter { !blocked.contains($0.module) }
    plan.prunedRegistrations = prunedRegistrations.filter { !blocked.contains($0.module) }
    plan.refusedRegistrations = refusedRegistrations.filter { !blocked.contains($0.module) }
    if !registrationEdits.isEmpty {
      // A file where modules are registered is written without the blocked modules' snippets.
      let paths = Set(registrationEdits.map(\.path))
      plan.files.removeAll { $0.module.isEmpty && paths.contains($0.path) }
      plan.registrationEdits = registrationEdits.map { $0.excluding(blocked) }
      plan.files += plan.registrationEdits.map(\.file)
    }
    return plan
  }

  /// Every output folder, once, in byte order: what a run locks.
  package var roots: [String] {
    var seen: Set<PathKey> = []
    var previous = ""
    var roots: [String] = []
    for root in files.lazy.map(\.root) + removals.map(\.root) {
      // A module's files follow each other: most share the root of the file before.
      if root.utf8.elementsEqual(previous.utf8) { continue }
      previous = root
      if seen.insert(PathKey(root)).inserted { roots.append(root) }
    }
    return roots.sorted { PathKey($0) < PathKey($1) }
  }

  /// The plan with every action read again from the disk (once the output folders are
  /// locked, files may differ from when the plan was made); a removal whose file changed
  /// becomes a conflict.
  package func refreshed(fileSystem: any FileSystem) throws -> Plan {
    var plan = self
    for i in plan.files.indices {
      plan.files[i].action = try plan.files[i].currentAction(force: force, fileSystem: fileSystem)
    }
    for removal in removals where !removal.isCurrent(fileSystem: fileSystem) {
      plan.files.append(
        PlannedFile(
          module: "", role: .code, root: removal.root, path: removal.path, bytes: [],
          action: .conflict))
    }
    return plan
  }
}

/// A file a run removes, if it is still what the plan saw.
package struct PlannedRemoval: Sendable, Equatable {
  /// The folder the removal stays inside (and that the run locks).
  package var root: String
  /// The absolute path.
  package var path: String
  /// The hash of its content when the plan was made.
  package var hash: String

  func isCurrent(fileSystem: any FileSystem) -> Bool {
    guard fileSystem.fileExists(atPath: path), !fileSystem.isDirectory(atPath: path),
      let bytes = try? fileSystem.readFile(atPath: path)
    else { return false }
    return GenerationRecord.hash(bytes) == hash
  }
}
