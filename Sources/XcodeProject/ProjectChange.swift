import Diagnostics

/// One change a plan makes to the project, as `--dry-run` and `--format json` list it. Paths are
/// relative to the folder holding the `.xcodeproj`; groups are paths as Xcode shows them.
package enum ProjectChange: Sendable, Equatable, CustomStringConvertible {
  case addGroup(group: String, folder: String?)
  case addFile(path: String, group: String)
  case addToTarget(path: String, target: String, phase: String)
  case addBuildPhase(target: String, phase: String)
  case removeFile(path: String)
  case removeFromTarget(path: String, target: String, phase: String)
  case removeGroup(group: String)
  case removeBuildPhase(target: String, phase: String)

  package var description: String {
    switch self {
    case .addGroup(let group, let folder):
      return "add group \(group)" + (folder.map { " (folder \($0.isEmpty ? "." : $0))" } ?? "")
    case .addFile(let path, let group):
      return "add file \(path) to group \(group.isEmpty ? "(main group)" : group)"
    case .addToTarget(let path, let target, let phase):
      return "add \(path) to target \(target) (\(phase))"
    case .addBuildPhase(let target, let phase):
      return "add build phase \(phase) to target \(target)"
    case .removeFile(let path):
      return "remove file \(path)"
    case .removeFromTarget(let path, let target, let phase):
      return "remove \(path) from target \(target) (\(phase))"
    case .removeGroup(let group):
      return "remove empty group \(group)"
    case .removeBuildPhase(let target, let phase):
      return "remove empty build phase \(phase) from target \(target)"
    }
  }
}

/// Something a caller should tell the user about a plan that is not a change: files a
/// synchronized folder already builds, files that would land where they should not, or a
/// reference to an object the project lacks.
package enum ProjectNote: Sendable, Equatable, CustomStringConvertible {
  /// The files under `folder` are built into `target` by Xcode's synchronized folder `group`:
  /// the project needs no edit for them.
  case coveredBySynchronizedFolder(folder: String, group: String, target: String)
  /// Files under `folder` lie in the synchronized folder `group`, which is not built into
  /// `target` (or excludes them): Xcode will not build them into it, and no edit can add them.
  case synchronizedFolderNotInTarget(folder: String, group: String, target: String)
  /// Test files under `folder` lie in the synchronized folder `group` of the non-test target
  /// `target`: Xcode will compile them into it.
  case testsInSynchronizedFolder(folder: String, group: String, target: String)
  /// Files under `folder` that a target would build (sources, resources) are added for no
  /// target: the caller named none, and nothing builds them.
  case builtByNoTarget(folder: String, tests: Bool)
  /// `from` (a group's children, a build phase's files, a build file) refers, at `location`,
  /// to object `id`, which the project's `objects` lack: a merge or a tool lost it. Xcode
  /// opens such a project and passes over the reference (a build file without its file is
  /// "(null)" in its phase, and builds nothing), as the plan does; the PyPI `pbxproj` package
  /// warns about it.
  case missingObject(id: String, from: String, location: SourceLocation)

  /// Whether the user should act on it.
  package var isWarning: Bool {
    switch self {
    case .coveredBySynchronizedFolder, .builtByNoTarget: return false
    case .synchronizedFolderNotInTarget, .testsInSynchronizedFolder, .missingObject: return true
    }
  }

  /// Where in the project file it is, when it is about a place there.
  package var location: SourceLocation? {
    if case .missingObject(_, _, let location) = self { return location }
    return nil
  }

  package var description: String {
    switch self {
    case .coveredBySynchronizedFolder(let folder, let group, let target):
      return
        "\(folder) is in synchronized folder \(group) of target \(target): no project change needed"
    case .synchronizedFolderNotInTarget(let folder, let group, let target):
      return
        "\(folder) is in synchronized folder \(group), which target \(target) does not build; add the folder to the target in Xcode"
    case .testsInSynchronizedFolder(let folder, let group, let target):
      return
        "test files in \(folder) are in synchronized folder \(group) of target \(target), so Xcode will compile them into \(target); move the tests out of that folder"
    case .builtByNoTarget(let folder, let tests):
      return "the \(tests ? "test " : "")files in \(folder) are in the project but in no target"
    case .missingObject(let id, let from, _):
      return XcodeProjectError.missingObjectMessage(id: id, from: from)
        + "; it is passed over (delete the reference from the project file)"
    }
  }
}
