/// An Xcode 16 synchronized folder (`PBXFileSystemSynchronizedRootGroup`): Xcode builds every
/// file under it into the targets that list it, so files generated there need no project edit.
/// Membership exceptions (`PBXFileSystemSynchronizedBuildFileExceptionSet`) flip a file's
/// membership for one target: listed files are left out of a target that builds the folder,
/// and built into a target that does not.
package struct SynchronizedFolder: Sendable, Equatable {
  /// The folder, relative to the folder holding the `.xcodeproj`.
  package var path: String
  /// The group as Xcode shows its path.
  package var group: String
  /// The targets that build the folder (their `fileSystemSynchronizedGroups` list it).
  package var targets: [String]
  /// Per target, the paths (relative to `path`, files or folders) whose membership is flipped.
  package var exceptions: [String: [String]]

  /// Whether Xcode builds `file` (relative to the folder holding the `.xcodeproj`) into
  /// `target` because of this folder.
  package func builds(_ file: String, into target: String) -> Bool {
    let file = ProjectPath.normalize(file)
    guard ProjectPath.isInside(file, folder: path), file != path else { return false }
    let relative = ProjectPath.relative(file, from: path)
    let flipped = (exceptions[target] ?? []).contains { exception in
      let exception = ProjectPath.normalize(exception)
      return relative == exception || relative.hasPrefix(exception + "/")
    }
    return targets.contains(target) != flipped
  }
}

extension XcodeProject {
  /// Every synchronized folder in the project navigator.
  package var synchronizedFolders: [SynchronizedFolder] {
    var document = self.document
    guard let tree = try? tree(fileNames: [], in: &document) else { return [] }
    return synchronizedFolders(in: tree, document: &document).map(\.folder)
  }

  /// The innermost synchronized folder holding `path` (relative to the folder holding the
  /// `.xcodeproj`), if any.
  package func synchronizedFolder(containing path: String) -> SynchronizedFolder? {
    let path = ProjectPath.normalize(path)
    return
      synchronizedFolders
      .filter { ProjectPath.isInside(path, folder: $0.path) && path != $0.path }
      .max { $0.path.count < $1.path.count }
  }

  /// The synchronized folders of a tree, with the tree index of each group.
  func synchronizedFolders(in tree: ProjectTree, document: inout ProjectDocument)
    -> [(index: Int, folder: SynchronizedFolder)]
  {
    var result: [(index: Int, folder: SynchronizedFolder)] = []
    for (index, group) in tree.groups.enumerated() where group.kind == .synchronizedFolder {
      guard let folder = group.folder else { continue }
      let id = ObjectKey(
        token: document.tokens[document.idToken(ofObject: group.object)], in: document.bytes)
      let owners = targets.filter { target in
        document.items(in: target.object, key: Key.fileSystemSynchronizedGroups).contains {
          ObjectKey(token: document.tokens[$0], in: document.bytes) == id
        }
      }
      var exceptions: [String: [String]] = [:]
      for item in document.items(in: group.object, key: Key.exceptions) {
        guard let set = document.object(named: item),
          document.isa(ofObject: set, is: Isa.synchronizedBuildFileExceptionSet),
          let targetToken = document.value(in: set, key: Key.target),
          let targetObject = document.object(named: targetToken),
          let target = targets.first(where: { $0.object == targetObject })
        else { continue }
        exceptions[target.name, default: []] += document.items(
          in: set, key: Key.membershipExceptions
        ).compactMap { document.text($0) }
      }
      result.append(
        (
          index,
          SynchronizedFolder(
            path: callerPath(folder), group: tree.displayPath(of: index),
            targets: owners.map(\.name), exceptions: exceptions)
        ))
    }
    return result
  }
}
