import Diagnostics

extension GenerationRecord {
  /// A recorded `regenerate: once` file whose base copy is missing from its module's base file:
  /// `update` cannot merge into it. `restorable`: the file, or what the templates generate
  /// now, still has its recorded hash, and `update` restores the copy from it
  /// (`restoredBaseCopy`).
  struct MissingBaseCopy: Equatable {
    /// The file's absolute path.
    var path: String
    /// The module's base file (absolute).
    var baseFile: String
    var restorable: Bool
  }

  /// A line of a module's base file where a damaged stretch starts (`BaseCopies.damagedLines`).
  struct BaseDamage: Equatable {
    /// The base file (absolute).
    var path: String
    var line: Int
  }

  static func restorableBaseCopyMessage(_ baseFile: String) -> String {
    "its base copy is missing from \(baseFile); 'update' restores it (the file or the template still has it)"
  }
  static func lostBaseCopyMessage(_ baseFile: String) -> String {
    "its base copy is missing from \(baseFile), and neither the file (edited since) nor the template (changed since) has it any more: restore \(baseFile) from version control, else 'update' cannot merge into the file"
  }
  /// A file on disk that a module's template writes under other parameters than the module's,
  /// and that the record does not have (`Generator.unrecordedFiles`): no run records or removes
  /// it.
  static let otherParametersMessage =
    "written by its template under other parameters than the module's, not in \(fileName); no run records or removes it: remove it, or generate the module with those parameters"
  static let damagedBaseMessage =
    "not a base copy as generated (a merge conflict marker, an edit, a copy cut short): the copies around it are read, and 'update' writes the file again without it"

  /// What the base files of the modules `plan` checks lack (`check`): the copies of the
  /// recorded `regenerate: once` files that are missing, and the lines where a base file is
  /// damaged. Reads each recorded module's base file once; one that is there but cannot be
  /// read (a folder in its place), or a base folder that is not one, is an error
  /// (`unusableBase`), as it is for `update`, which must write it. `shown`: a path as messages
  /// show it.
  func baseProblems(in plan: Plan, fileSystem: any FileSystem, shown: (String) -> String) throws
    -> (missing: [MissingBaseCopy], damaged: [BaseDamage])
  {
    var missing: [MissingBaseCopy] = []
    var damaged: [BaseDamage] = []
    var folderChecked = false
    for (name, files) in plan.filesByModule.sorted(by: { $0.key < $1.key })
    where modules[name] != nil {
      let baseFile = baseFilePath(module: name)
      let stored = storedFile(atPath: baseFile, fileSystem: fileSystem)
      try checkBase(
        stored, module: name, folderChecked: &folderChecked, fileSystem: fileSystem, shown: shown)
      let copies = BaseCopies(stored: stored, rendered: files)
      damaged += copies.damagedLines.map { BaseDamage(path: baseFile, line: $0) }
      for file in files where file.regenerate == .once && file.action != .create {
        guard let hash = hash(ofFile: file.path, module: name),
          baseCopy(ofHash: hash, in: copies, fileSystem: fileSystem) == nil
        else { continue }
        missing.append(
          MissingBaseCopy(
            path: file.path, baseFile: baseFile,
            restorable: Self.restoredBaseCopy(of: file, hash: hash, fileSystem: fileSystem) != nil
          ))
      }
    }
    return (missing, damaged)
  }
}

extension GenerationRecord {
  /// Stops a run at a module's base file it cannot use (`unusableBase`), for the base files it
  /// meets one after the other: each that is there, and the base folder only at the first
  /// module without one (`folderChecked`, false before the first), not once per new module.
  func checkBase(
    _ stored: Result<[UInt8], any Error>?, module: String, folderChecked: inout Bool,
    fileSystem: any FileSystem, shown: (String) -> String
  ) throws {
    guard stored != nil || !folderChecked else { return }
    folderChecked = folderChecked || stored == nil
    if let error = unusableBase(stored, module: module, fileSystem: fileSystem, shown: shown) {
      throw error
    }
  }

  /// Why a run cannot use a module's base file, `stored` as `storedFile` found it: it is there
  /// but cannot be read (a folder, a symbolic link that leads to no file, no permission), or it
  /// is not there and the base folder is not a folder (a file committed in its place), so that
  /// it can be neither read nor written. An error at it that says what to do, for `check`,
  /// `update` and a `gen` that writes it alike; nil when it can be used.
  func unusableBase(
    _ stored: Result<[UInt8], any Error>?, module: String, fileSystem: any FileSystem,
    shown: (String) -> String
  ) -> Diagnostic? {
    let then = "; then 'modulegen update' restores the base copies it still can"
    let path: String
    let message: String
    switch stored {
    case .success?:
      return nil
    case .failure?:
      path = baseFilePath(module: module)
      let place = "where the base copies of module '\(module)' belong (a file)"
      if fileSystem.isDirectory(atPath: path) {
        message =
          "a folder \(place); move it away, or restore the file from version control" + then
      } else if !fileSystem.fileExists(atPath: path) {
        message =
          "a symbolic link that leads to no file \(place); remove it, or restore what it leads to"
          + then
      } else {
        message =
          "the base copies of module '\(module)' cannot be read; make the file readable, or restore it from version control"
      }
    case nil:
      path = joinPath(directory, Self.baseFolder)
      guard fileSystem.itemExists(atPath: path), !fileSystem.isDirectory(atPath: path) else {
        return nil
      }
      message =
        "a file (or a symbolic link that leads to no folder) where the folder of base copies belongs (\(shown(baseFilePath(module: module))), one file per module); move it away, or restore the folder from version control"
        + then
    }
    return Diagnostic(
      message: message,
      location: SourceLocation(file: shown(path), line: 1, column: 1, lineText: ""))
  }
}
