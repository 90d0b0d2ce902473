/// Finding and creating the groups files go into. Groups mirror folders as Xcode writes folder
/// groups: a `path` relative to the parent group's folder and `sourceTree = "<group>"`.
extension ProjectEditor {
  /// The group for `folder` (relative to the source root) of a file of `set`.
  mutating func groupHandle(for folder: String, set: ProjectFileSet) throws(XcodeProjectError)
    -> GroupHandle
  {
    guard let path = set.group else { return folderGroup(folder, scope: nil, scopeFolder: "") }
    let setFolder = project.sourceRootPath(set.folder)
    let base = try namedGroup(path, folder: setFolder)
    return folderGroup(folder, scope: base, scopeFolder: setFolder)
  }

  /// The group standing for `folder`: an existing one (within `scope`'s subtree, when given),
  /// else a new one under the group of the parent folder, made the same way. Without a scope,
  /// the chain of new groups starts at the deepest folder that has a group, or at the main
  /// group; with one, at the scope, which stands for `scopeFolder`.
  mutating func folderGroup(_ folder: String, scope: GroupHandle?, scopeFolder: String)
    -> GroupHandle
  {
    if let scope, folder == scopeFolder || !ProjectPath.isInside(folder, folder: scopeFolder) {
      return scope
    }
    let key = (scope?.id ?? "") + "|" + folder
    if let created = createdGroups[key] { return created }
    if let existing = existingGroup(for: folder, within: scope) {
      return handle(forTreeGroup: existing)
    }
    let parentFolder = ProjectPath.parent(folder)
    let parent: GroupHandle
    if scope != nil {
      parent = folderGroup(parentFolder, scope: scope, scopeFolder: scopeFolder)
    } else if folder.isEmpty || ProjectPath.components(parentFolder).allSatisfy({ $0 == ".." }) {
      parent = mainGroup
    } else {
      parent = folderGroup(parentFolder, scope: nil, scopeFolder: "")
    }
    if folder.isEmpty { return parent }
    // A group without a folder of its own named like the folder stands for it (as SwiftPM's
    // generated projects have a "Sources" group): new groups go inside it.
    let name = ProjectPath.lastComponent(folder)
    if let index = parent.treeIndex,
      let standIn = tree.groups.indices.first(where: {
        tree.groups[$0].parent == index && tree.groups[$0].kind == .group
          && tree.groups[$0].displayName == name && tree.groups[$0].folder == parent.folder
      })
    {
      let group = handle(forTreeGroup: standIn)
      createdGroups[key] = group
      return group
    }
    let group = newGroup(
      folder: folder, displayName: name, under: parent, identity: "group:" + folder)
    createdGroups[key] = group
    return group
  }

  /// The best existing group for a folder: one that names the folder itself (has a `path`)
  /// before one that only passes through, then the shallowest, then the first.
  private mutating func existingGroup(for folder: String, within scope: GroupHandle?) -> Int? {
    // A plan asks for a few folders: a pass over the groups for each costs less than a
    // dictionary of every group's folder.
    var candidates = tree.groups.indices.filter { position in
      let group = tree.groups[position]
      return group.kind == .group && group.folder == folder
        && document.value(in: group.object, key: Key.children) != nil
    }
    if let scope {
      guard let root = scope.treeIndex else { return nil }
      candidates = candidates.filter { isDescendant($0, of: root) }
    }
    return candidates.min { a, b in
      let (ga, gb) = (tree.groups[a], tree.groups[b])
      if ga.hasPath != gb.hasPath { return ga.hasPath }
      if ga.depth != gb.depth { return ga.depth < gb.depth }
      return a < b
    }
  }

  private func isDescendant(_ index: Int, of ancestor: Int) -> Bool {
    var current: Int? = index
    while let group = current {
      if group == ancestor { return true }
      current = tree.groups[group].parent
    }
    return false
  }

  /// The group at a path of names as Xcode shows it (`App/Modules/Home`); missing groups are
  /// created: the last one standing for `folder`, the ones above it as groups without folders.
  private mutating func namedGroup(_ path: String, folder: String) throws(XcodeProjectError)
    -> GroupHandle
  {
    let names = path.split(separator: "/").map(String.init)
    guard !names.isEmpty else {
      throw XcodeProjectError(.invalidPath(path, problem: "it names no group"), file: project.file)
    }
    var current = mainGroup
    for (position, name) in names.enumerated() {
      if let index = current.treeIndex,
        let child = tree.groups.indices.first(where: {
          tree.groups[$0].parent == index && tree.groups[$0].kind == .group
            && tree.groups[$0].displayName == name
        })
      {
        current = handle(forTreeGroup: child)
        continue
      }
      let key = current.id + "/" + name
      if let created = createdGroups[key] {
        current = created
        continue
      }
      let isLast = position == names.count - 1
      let displayPath = current.displayPath.isEmpty ? name : current.displayPath + "/" + name
      let group = newGroup(
        folder: isLast ? folder : nil, displayName: name, under: current,
        identity: isLast ? "group:" + folder : "named-group:" + displayPath)
      createdGroups[key] = group
      current = group
    }
    return current
  }

  /// A new group under `parent`: a folder group (`path` relative to the parent's folder, and a
  /// `name` only when the path's last component is not the name), or, without a folder, a
  /// group with a `name` only.
  private mutating func newGroup(
    folder: String?, displayName: String, under parent: GroupHandle, identity: String
  ) -> GroupHandle {
    var fields: [String: ObjectWriter.Value] = [
      Key.children: .references([]), Key.sourceTree: .text(SourceTree.group),
    ]
    if let folder {
      if let parentFolder = parent.folder,
        let path = ProjectPath.relativeIfPossible(folder, from: parentFolder)
      {
        fields[Key.path] = .text(path)
        if path != displayName { fields[Key.name] = .text(displayName) }
      } else {
        fields[Key.path] = .text(folder)
        fields[Key.sourceTree] = .text(SourceTree.sourceRoot)
        fields[Key.name] = .text(displayName)
      }
    } else {
      fields[Key.name] = .text(displayName)
    }
    let id = ids.make(identity)
    create(id: id, isa: Isa.group, comment: displayName, fields: fields)
    append(Reference(id: id, comment: displayName), to: Key.children, of: parent.owner)
    let displayPath =
      parent.displayPath.isEmpty ? displayName : parent.displayPath + "/" + displayName
    changes.append(.addGroup(group: displayPath, folder: folder.map(project.callerPath)))
    return GroupHandle(
      owner: .new(id), id: id, folder: folder ?? parent.folder, displayPath: displayPath,
      treeIndex: nil)
  }
}
