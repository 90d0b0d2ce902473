import Diagnostics

extension Generator {
  /// The edits of the files where modules are registered: each file once, with every module's
  /// snippets (in plan order) and the pruned snippets to remove. A missing file or marker is an
  /// error here, before anything is written.
  func registrationEdits(
    _ registrations: [PlannedRegistration], removing removals: [PlannedRegistration],
    options: GenerationOptions
  ) throws -> [RegistrationEdit] {
    let top = recordDirectory(options)
    let insertions = Dictionary(grouping: registrations, by: \.path)
    let removed = Dictionary(grouping: removals, by: \.path)
    var seen: Set<String> = []
    let paths = (registrations + removals).map(\.path).filter { seen.insert($0).inserted }
    var edits: [RegistrationEdit] = []
    var problems: [Diagnostic] = []
    for path in paths {
      let shown = PathSafety.shown(path, from: options.currentDirectory)
      let inside = PathSafety.relative(path, to: top) != path
      _ = try collectingProblems(into: &problems) {
        if let edit = try RegistrationEdit.make(
          path: path, root: inside ? top : parentPath(path),
          insertions: insertions[path] ?? [], removals: removed[path] ?? [],
          fileSystem: fileSystem, shown: shown, refusing: outputFolders.refusing)
        {
          edits.append(edit)
        }
      }
    }
    if !problems.isEmpty { throw DiagnosticList(problems) }
    return edits
  }

  /// The registrations the record has that the planned modules no longer make, and those of
  /// the modules a full run of their spec no longer declares (`removed`).
  func staleRegistrations(
    _ record: GenerationRecord, planned: [PlannedModule], removed: [String]
  ) -> [PlannedRegistration] {
    var stale: [PlannedRegistration] = []
    func add(_ registrations: [GenerationRecord.Registration], of module: String) {
      for registration in registrations {
        stale.append(
          PlannedRegistration(
            module: module, path: record.absolutePath(registration.file),
            marker: registration.marker, text: registration.text))
      }
    }
    for module in planned {
      let current = Set(module.registrations.map { $0.recorded(in: record) })
      add(
        (record.modules[module.name]?.registrations ?? []).filter { !current.contains($0) },
        of: module.name)
    }
    for name in removed {
      add(record.modules[name]?.registrations ?? [], of: name)
    }
    return stale
  }
}
