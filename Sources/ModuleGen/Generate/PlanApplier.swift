import Liquid

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a plan all or nothing: every file is staged in a temporary folder on the same file
/// system, then renamed into place; if anything fails midway, what was already moved is moved
/// back and the error is reported. Unchanged files are not touched.
public struct PlanApplier {
  public var fileSystem: any FileSystem

  public init(fileSystem: any FileSystem) { self.fileSystem = fileSystem }

  public func apply(_ plan: Plan) throws {
    precondition(plan.conflicts.isEmpty, "a plan with conflicts is never applied")
    let changes = plan.changes
    guard !changes.isEmpty else { return }

    // Stage every file next to its root, so that renames stay on one file system.
    var stagingFolders: [String: String] = [:]
    var staged: [String] = []
    func cleanUp() {
      for folder in stagingFolders.values { try? removeTree(folder) }
    }
    do {
      for (index, file) in changes.enumerated() {
        let anchor = existingAncestor(of: file.root)
        let staging: String
        if let folder = stagingFolders[anchor] {
          staging = folder
        } else {
          staging = joinPath(anchor, ".modulegen-staging-\(getpid())-\(stagingFolders.count)")
          try fileSystem.createDirectory(atPath: staging)
          stagingFolders[anchor] = staging
        }
        let path = joinPath(staging, String(index))
        try fileSystem.writeFile(atPath: path, bytes: file.bytes)
        staged.append(path)
      }
    } catch {
      cleanUp()
      throw Diagnostic(
        message: "could not stage the generated files: \(describe(error)); nothing was written")
    }

    // Move into place, remembering how to undo each step.
    var createdFolders: [String] = []
    var placed: [String] = []
    var backups: [(backup: String, original: String)] = []
    do {
      for (index, file) in changes.enumerated() {
        for folder in missingFolders(for: parentPath(file.path)) {
          try fileSystem.createDirectory(atPath: folder)
          createdFolders.append(folder)
        }
        if file.action != .create && fileSystem.fileExists(atPath: file.path) {
          let backup = staged[index] + ".backup"
          try fileSystem.moveItem(atPath: file.path, toPath: backup)
          backups.append((backup, file.path))
        } else if fileSystem.fileExists(atPath: file.path) {
          throw Diagnostic(message: "'\(file.path)' appeared while modulegen was writing")
        }
        try fileSystem.moveItem(atPath: staged[index], toPath: file.path)
        placed.append(file.path)
      }
    } catch {
      for path in placed.reversed() { try? fileSystem.removeItem(atPath: path) }
      for (backup, original) in backups.reversed() {
        try? fileSystem.moveItem(atPath: backup, toPath: original)
      }
      for folder in createdFolders.reversed() { try? fileSystem.removeItem(atPath: folder) }
      cleanUp()
      throw Diagnostic(
        message: "\(describe(error)); every change was rolled back, nothing was written")
    }
    cleanUp()
  }

  private func describe(_ error: any Error) -> String {
    (error as? Diagnostic)?.message ?? "\(error)"
  }

  private func existingAncestor(of path: String) -> String {
    var folder = path
    while !fileSystem.isDirectory(atPath: folder) && folder != "/" && folder != "." {
      folder = parentPath(folder)
    }
    return folder
  }

  /// The folders to create, outermost first, for `folder` to exist.
  private func missingFolders(for folder: String) -> [String] {
    var missing: [String] = []
    var current = folder
    while !fileSystem.fileExists(atPath: current) && current != "/" && current != "." {
      missing.insert(current, at: 0)
      current = parentPath(current)
    }
    return missing
  }

  private func removeTree(_ path: String) throws {
    if fileSystem.isDirectory(atPath: path) {
      for name in try fileSystem.contentsOfDirectory(atPath: path) {
        try removeTree(joinPath(path, name))
      }
    }
    try fileSystem.removeItem(atPath: path)
  }
}
