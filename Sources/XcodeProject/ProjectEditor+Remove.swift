/// Removing files: their references, the build files that build them and those build files'
/// entries in build phases; then what that leaves empty and this tool made (groups and build
/// phases whose IDs are the ones it would make), and variant groups left without languages.
extension ProjectEditor {
  /// Plans removing every reference to `paths` (relative to the source root). Runs after
  /// `add`, so that a group or phase the same plan adds to is kept.
  mutating func remove(_ paths: [String]) {
    let wanted = Set(paths)
    let files = tree.files.filter { wanted.contains($0.path) }
    guard !files.isEmpty else { return }
    var removed: [ObjectKey: String] = [:]
    var removedChildren: [Int: Int] = [:]
    for file in files {
      deletedObjects.insert(file.object)
      deletedItems.insert(file.item)
      removed[key(ofObject: file.object)] = project.callerPath(file.path)
      removedChildren[file.parent, default: 0] += 1
      changes.append(.removeFile(path: project.callerPath(file.path)))
    }
    // Groups left empty, innermost first.
    var pending = removedChildren.keys.sorted { tree.groups[$0].depth > tree.groups[$1].depth }
    while let index = pending.first {
      pending.removeFirst()
      let group = tree.groups[index]
      let children = document.items(in: group.object, key: Key.children).count
      // A group that this plan also adds to stays.
      guard let parent = group.parent, removedChildren[index] == children, canRemove(group),
        appends[ListSlot(object: group.object, key: Key.children)] == nil
      else { continue }
      deletedObjects.insert(group.object)
      if let item = group.item { deletedItems.insert(item) }
      if group.kind == .variantGroup {
        removed[key(ofObject: group.object)] = project.callerPath(
          ProjectPath.join(group.folder ?? "", group.displayName))
      } else {
        changes.append(.removeGroup(group: tree.displayPath(of: index)))
      }
      removedChildren[parent, default: 0] += 1
      if !pending.contains(parent) {
        pending.append(parent)
        pending.sort { tree.groups[$0].depth > tree.groups[$1].depth }
      }
    }
    removeBuildFiles(of: removed)
  }

  private func key(ofObject object: Int) -> ObjectKey {
    ObjectKey(token: document.tokens[document.idToken(ofObject: object)], in: document.bytes)
  }

  /// A variant group left empty goes whoever made it; another group only when this tool made it.
  private func canRemove(_ group: ProjectTree.Group) -> Bool {
    switch group.kind {
    case .variantGroup:
      return true
    case .group:
      let id = id(ofObject: group.object)
      if let folder = group.folder, group.hasPath, ids.couldHaveMade(id, for: "group:" + folder) {
        return true
      }
      return ids.couldHaveMade(id, for: "named-group:" + displayPath(of: group))
    case .synchronizedFolder, .other:
      return false
    }
  }

  private func displayPath(of group: ProjectTree.Group) -> String {
    guard let parent = group.parent else { return "" }
    let above = tree.displayPath(of: parent)
    return above.isEmpty ? group.displayName : above + "/" + group.displayName
  }

  /// Deletes the build files of the removed references (by ID → caller path), their entries in
  /// the targets' phases, and phases this tool made that are left empty.
  private mutating func removeBuildFiles(of removed: [ObjectKey: String]) {
    var buildFiles: [ObjectKey: (object: Int, path: String)] = [:]
    // A deferred object is read only when its bytes can name a removed reference.
    let filter = NameFilter(removed.keys.map(\.string))
    for record in document.objects {
      var object = document.current(record.value)
      if document.tokens[object].isDeferred {
        guard record.kind == .buildFile,
          filter.mayMatch(document.tokens[object], in: document.bytes),
          let read = document.read(object)
        else { continue }
        object = read
      }
      guard document.isa(ofObject: object, is: Isa.buildFile),
        let fileRef = document.value(in: object, key: Key.fileRef),
        let path = removed[ObjectKey(token: document.tokens[fileRef], in: document.bytes)]
      else { continue }
      buildFiles[ObjectKey(token: document.tokens[Int(record.key)], in: document.bytes)] = (
        object, path
      )
    }
    guard !buildFiles.isEmpty else { return }
    for target in project.targets {
      for phaseItem in document.items(in: target.object, key: Key.buildPhases) {
        guard let phase = document.object(named: phaseItem) else { continue }
        let items = document.items(in: phase, key: Key.files)
        var removedHere = 0
        for item in items {
          guard
            let buildFile = buildFiles[ObjectKey(token: document.tokens[item], in: document.bytes)]
          else { continue }
          deletedItems.insert(item)
          deletedObjects.insert(buildFile.object)
          removedHere += 1
          let name = comment(forObject: phase) ?? "Build Phase"
          let change = ProjectChange.removeFromTarget(
            path: buildFile.path, target: target.name, phase: name)
          // A build file listed twice in a phase is one membership.
          if !changes.contains(change) { changes.append(change) }
        }
        let isa = document.isa(ofObject: phase) ?? ""
        if removedHere > 0 && removedHere == items.count
          && appends[ListSlot(object: phase, key: Key.files)] == nil
          && ids.couldHaveMade(id(ofObject: phase), for: "phase:" + target.id + ":" + isa)
        {
          deletedObjects.insert(phase)
          deletedItems.insert(phaseItem)
          changes.append(
            .removeBuildPhase(target: target.name, phase: comment(forObject: phase) ?? isa))
        }
      }
    }
    for buildFile in buildFiles.values { deletedObjects.insert(buildFile.object) }
  }
}
