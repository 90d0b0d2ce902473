import Diagnostics

extension Generator {
  /// A module's file that is a symbolic link to a file of another module (one the run plans,
  /// or one the record keeps), as where modules share a folder, is refused before anything is
  /// written: writing it through the link overwrote the other module's file (a developer's
  /// `once` file even, counted 'kept (yours)'). A module's links among its own files are
  /// refused as its paths are planned (`OutputFolders.refuseLinksBetween`). Asks the disk only
  /// when there are links.
  func refuseLinksToOtherModules(_ files: [PlannedFile], record: GenerationRecord?) throws {
    guard files.contains(where: { $0.linkTarget != nil }) else { return }
    var owners: [PathKey: (module: String, path: String)] = [:]
    if let record {
      for (name, module) in record.modules {
        for recorded in Array(module.files.keys) + Array(module.testFiles.keys) {
          // A link is not where a file is (the link of this run among them).
          let path = record.absolutePath(recorded)
          if !fileSystem.isSymbolicLink(path), let real = fileSystem.resolvedPath(path) {
            owners[PathKey(real)] = (name, path)
          }
        }
      }
    }
    for file in files where file.linkTarget == nil {
      if let real = fileSystem.resolvedPath(file.path) {
        owners[PathKey(real)] = (file.module, file.path)
      }
    }
    for file in files {
      guard let target = file.linkTarget, let owner = owners[PathKey(target)],
        owner.module != file.module
      else { continue }
      throw Diagnostic(
        message: outputFolders.refusing(
          "'\(file.path)' is a symbolic link to '\(owner.path)', a file of module '\(owner.module)'"
        ))
    }
  }
}
