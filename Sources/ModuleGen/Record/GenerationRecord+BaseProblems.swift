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
  static let damagedBaseMessage =
    "not a base copy as generated (a merge conflict marker, an edit): the copies around it are read, and 'update' writes the file again without it"

  /// What the base files of the modules `plan` checks lack (`check`): the copies of the
  /// recorded `regenerate: once` files that are missing, and the lines where a base file is
  /// damaged. Reads each recorded module's base file once; one that is there but cannot be
  /// read (a folder in its place) is an error, as it is for `update`, which must write it.
  func baseProblems(in plan: Plan, fileSystem: any FileSystem) throws -> (
    missing: [MissingBaseCopy], damaged: [BaseDamage]
  ) {
    var missing: [MissingBaseCopy] = []
    var damaged: [BaseDamage] = []
    for (name, files) in plan.filesByModule.sorted(by: { $0.key < $1.key })
    where modules[name] != nil {
      let baseFile = baseFilePath(module: name)
      let stored = storedFile(atPath: baseFile, fileSystem: fileSystem)
      if case .failure(let error)? = stored { throw error }
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
