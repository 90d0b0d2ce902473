/// Adding files: groups for their folders, a reference per file, a build file per target.
extension ProjectEditor {
  /// One file to add, as the project will reference it.
  struct Item {
    /// Relative to the source root.
    var path: String
    /// As the caller named it (relative to the folder holding the `.xcodeproj`).
    var callerPath: String
    /// The folder whose group holds the reference (for a localized file, the folder holding
    /// its `.lproj`).
    var groupFolder: String
    var name: String
    /// For a file in `LANGUAGE.lproj/`: the language; it joins a variant group.
    var language: String?
    var type: FileType
    var role: FileType.Role
    var targets: [String]
    var setIndex: Int

    /// The order of items in their groups: by name as Xcode shows them, ignoring case, folder
    /// by folder (a localized file by its variant group's name), as Xcode sorts by name.
    static func isOrderedBefore(_ a: Item, _ b: Item) -> Bool {
      let (x, y) = (a.sortKey, b.sortKey)
      return x != y ? x.lexicographicallyPrecedes(y) : a.path < b.path
    }

    private var sortKey: [String] {
      ProjectPath.components(ProjectPath.join(groupFolder, name)).map { $0.lowercased() }
    }
  }

  /// The files of `sets` as items, checked, one per path (a path in two sets joins the targets
  /// of both), in the order of the sets and then of their paths.
  static func items(for sets: [ProjectFileSet], in project: XcodeProject) throws(XcodeProjectError)
    -> [Item]
  {
    var items: [Item] = []
    var indexByPath: [String: Int] = [:]
    for (setIndex, set) in sets.enumerated() {
      if let problem = ProjectPath.problem(with: set.folder), !set.folder.isEmpty {
        throw XcodeProjectError(.invalidPath(set.folder, problem: problem), file: project.file)
      }
      try project.checkTargets(set.targets)
      let folder = project.sourceRootPath(set.folder)
      var setItems: [Item] = []
      for file in set.files {
        let callerFile = set.folder.isEmpty ? file : set.folder + "/" + file
        if let problem = ProjectPath.problem(with: file) {
          throw XcodeProjectError(.invalidPath(callerFile, problem: problem), file: project.file)
        }
        var parts = ProjectPath.components(ProjectPath.normalize(file))
        guard !parts.isEmpty, !parts.contains("..") else {
          throw XcodeProjectError(
            .invalidPath(callerFile, problem: "it must lie inside \(set.folder)"),
            file: project.file)
        }
        // A file inside an asset catalog or bundle: the reference is to the catalog.
        parts = FileType.referencedComponents(parts)
        let local = parts.joined(separator: "/")
        let path = ProjectPath.join(folder, local)
        let name = parts[parts.count - 1]
        let type = FileType.of(name)
        var language: String?
        var groupFolder = ProjectPath.parent(path)
        if parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj"),
          parts[parts.count - 2].count > 6
        {
          language = String(parts[parts.count - 2].dropLast(6))
          groupFolder = ProjectPath.parent(groupFolder)
        }
        let isResource = set.resources.contains(file) || set.resources.contains(local)
        setItems.append(
          Item(
            path: path, callerPath: project.callerPath(path), groupFolder: groupFolder,
            name: name, language: language, type: type,
            role: isResource ? .resource : type.role, targets: set.targets, setIndex: setIndex))
      }
      for item in setItems.sorted(by: Item.isOrderedBefore) {
        if let existing = indexByPath[item.path] {
          for target in item.targets where !items[existing].targets.contains(target) {
            items[existing].targets.append(target)
          }
          if item.role == .resource { items[existing].role = .resource }
        } else {
          indexByPath[item.path] = items.count
          items.append(item)
        }
      }
    }
    return items
  }

  /// Plans adding `items`: groups, references and build files that are missing, and notes for
  /// files that synchronized folders build (or should not).
  mutating func add(_ items: [Item], sets: [ProjectFileSet]) throws(XcodeProjectError) {
    let synchronized = project.synchronizedFolders(in: tree, document: &document).map(\.folder)
    for item in items {
      let set = sets[item.setIndex]
      if let folder = synchronized.filter({
        ProjectPath.isInside(item.callerPath, folder: $0.path)
      }).max(by: { $0.path.count < $1.path.count }) {
        noteSynchronized(item, folder: folder, set: set)
        continue
      }
      let group = try groupHandle(for: item.groupFolder, set: set)
      let file =
        item.language == nil ? fileReference(item, in: group) : localizedFile(item, in: group)
      let phase: String
      switch item.role {
      case .source: phase = Isa.sourcesBuildPhase
      case .resource: phase = Isa.resourcesBuildPhase
      case .header, .none: continue
      }
      if item.targets.isEmpty {
        let note = ProjectNote.builtByNoTarget(folder: set.folder, tests: set.isTests)
        if !notes.contains(note) { notes.append(note) }
      }
      for name in item.targets {
        guard let target = project.target(named: name) else { continue }
        try addMembership(file, path: item.callerPath, to: target, phaseIsa: phase)
      }
    }
  }

  private mutating func noteSynchronized(
    _ item: Item, folder: SynchronizedFolder, set: ProjectFileSet
  ) {
    func note(_ note: ProjectNote) {
      if !notes.contains(note) { notes.append(note) }
    }
    for target in item.targets {
      note(
        folder.builds(item.callerPath, into: target)
          ? .coveredBySynchronizedFolder(folder: set.folder, group: folder.group, target: target)
          : .synchronizedFolderNotInTarget(folder: set.folder, group: folder.group, target: target)
      )
    }
    if set.isTests {
      for owner in folder.targets where project.target(named: owner)?.isTest == false {
        note(.testsInSynchronizedFolder(folder: set.folder, group: folder.group, target: owner))
      }
    }
  }

  // MARK: - References

  private mutating func existingFile(_ path: String) -> Int? {
    if filesByPath == nil {
      var index: [String: [Int]] = [:]
      for (position, file) in tree.files.enumerated() {
        index[file.path, default: []].append(position)
      }
      filesByPath = index
    }
    return filesByPath?[path]?.first.map { tree.files[$0].object }
  }

  private mutating func fileReference(_ item: Item, in group: GroupHandle) -> FileHandle {
    if let object = existingFile(item.path) {
      return FileHandle(
        owner: .existing(object), id: id(ofObject: object),
        comment: comment(forObject: object) ?? item.name, isNew: false)
    }
    if let created = createdFiles[item.path] { return created }
    let file = newFileReference(
      item, identity: "file:" + item.path, name: item.name, in: group, listOwner: group.owner)
    createdFiles[item.path] = file
    changes.append(.addFile(path: item.callerPath, group: group.displayPath))
    return file
  }

  /// A file in `LANGUAGE.lproj/`: Xcode keeps one variant group per file name, holding a
  /// reference per language named after it. The variant group is what joins targets.
  private mutating func localizedFile(_ item: Item, in group: GroupHandle) -> FileHandle {
    let key = "variant:" + ProjectPath.join(item.groupFolder, item.name)
    let variant: FileHandle
    if let created = createdFiles[key] {
      variant = created
    } else if let index = tree.groups.indices.first(where: {
      tree.groups[$0].kind == .variantGroup && tree.groups[$0].parent == group.treeIndex
        && group.treeIndex != nil && tree.groups[$0].displayName == item.name
    }) {
      let object = tree.groups[index].object
      variant = FileHandle(
        owner: .existing(object), id: id(ofObject: object), comment: item.name, isNew: false)
      createdFiles[key] = variant
    } else {
      let id = ids.make(key)
      create(
        id: id, isa: Isa.variantGroup, comment: item.name,
        fields: [
          Key.children: .references([]), Key.name: .text(item.name),
          Key.sourceTree: .text(SourceTree.group),
        ])
      append(Reference(id: id, comment: item.name), to: Key.children, of: group.owner)
      variant = FileHandle(owner: .new(id), id: id, comment: item.name, isNew: true)
      createdFiles[key] = variant
    }
    if existingFile(item.path) == nil && createdFiles[item.path] == nil {
      createdFiles[item.path] = newFileReference(
        item, identity: "file:" + item.path, name: item.language ?? item.name, in: group,
        listOwner: variant.owner)
      changes.append(.addFile(path: item.callerPath, group: group.displayPath + "/" + item.name))
    }
    return variant
  }

  /// A new `PBXFileReference` with its path relative to `group`'s folder, appended to the
  /// children of `listOwner`.
  private mutating func newFileReference(
    _ item: Item, identity: String, name: String, in group: GroupHandle, listOwner: Owner
  ) -> FileHandle {
    var fields: [String: ObjectWriter.Value] = [Key.lastKnownFileType: .text(item.type.identifier)]
    if let folder = group.folder, let path = ProjectPath.relativeIfPossible(item.path, from: folder)
    {
      fields[Key.path] = .text(path)
      fields[Key.sourceTree] = .text(SourceTree.group)
      if path != name { fields[Key.name] = .text(name) }
    } else {
      fields[Key.path] = .text(item.path)
      fields[Key.sourceTree] = .text(SourceTree.sourceRoot)
      fields[Key.name] = .text(name)
    }
    let id = ids.make(identity)
    create(id: id, isa: Isa.fileReference, comment: name, fields: fields)
    append(Reference(id: id, comment: name), to: Key.children, of: listOwner)
    return FileHandle(owner: .new(id), id: id, comment: name, isNew: true)
  }

  // MARK: - Targets

  private mutating func addMembership(
    _ file: FileHandle, path: String, to target: XcodeTarget, phaseIsa: String
  ) throws(XcodeProjectError) {
    let phase = try phase(phaseIsa, of: target)
    guard memberships.insert(file.id + "|" + phase.id).inserted else { return }
    if !file.isNew, case .existing(let phaseObject) = phase.owner,
      members(of: phaseObject, named: "the \(phase.name) phase of target '\(target.name)'")
        .contains(ObjectKey(file.id))
    {
      return
    }
    let comment = file.comment + " in " + phase.name
    let id = ids.make("build:" + file.id + ":" + phase.id)
    create(
      id: id, isa: Isa.buildFile, comment: comment,
      fields: [Key.fileRef: .reference(Reference(id: file.id, comment: file.comment))])
    append(Reference(id: id, comment: comment), to: Key.files, of: phase.owner)
    changes.append(.addToTarget(path: path, target: target.name, phase: phase.name))
  }

  /// The file references a phase (`name`, as messages name it) builds. A build file the phase
  /// lists and the project lacks, or one whose file the project lacks, is noted and passed
  /// over.
  private mutating func members(of phaseObject: Int, named name: String) -> Set<ObjectKey> {
    if let cached = phaseMembers[phaseObject] { return cached }
    var members: Set<ObjectKey> = []
    for item in document.items(in: phaseObject, key: Key.files) {
      guard let buildFile = document.object(named: item) else {
        if document.tokens[item].isText { noteMissingObject(item, from: name) }
        continue
      }
      guard let fileRef = document.value(in: buildFile, key: Key.fileRef),
        document.tokens[fileRef].isText
      else { continue }
      let key = ObjectKey(token: document.tokens[fileRef], in: document.bytes)
      guard document.contains(key) else {
        noteMissingObject(
          fileRef, from: "build file \(document.text(item) ?? "?") (in \(name))")
        continue
      }
      members.insert(key)
    }
    phaseMembers[phaseObject] = members
    return members
  }

  /// The target's first phase of this kind, or a new one: a Sources phase goes before the
  /// Frameworks and Resources phases, as Xcode orders them; a Resources phase goes last. A
  /// phase the target lists and the project lacks is an error at the item: the target's phases
  /// cannot be known, and a second Sources phase beside a lost one is not a repair.
  private mutating func phase(_ isa: String, of target: XcodeTarget) throws(XcodeProjectError)
    -> PhaseHandle
  {
    let key = target.id + "|" + isa
    if let known = phases[key] { return known }
    let items = document.items(in: target.object, key: Key.buildPhases)
    let name = Self.defaultPhaseNames[isa] ?? isa
    for item in items where document.object(named: item) == nil {
      throw XcodeProjectError(
        .missingObject(
          id: document.text(item) ?? "?", from: "the 'buildPhases' of target '\(target.name)'"),
        file: project.file, location: document.location(ofToken: item))
    }
    for item in items {
      guard let object = document.object(named: item), document.isa(ofObject: object, is: isa)
      else { continue }
      let handle = PhaseHandle(
        owner: .existing(object), id: id(ofObject: object),
        name: comment(forObject: object) ?? name, isNew: false)
      phases[key] = handle
      return handle
    }
    let id = ids.make("phase:" + target.id + ":" + isa)
    create(
      id: id, isa: isa, comment: name,
      fields: [
        Key.buildActionMask: .text("2147483647"), Key.files: .references([]),
        Key.runOnlyForDeploymentPostprocessing: .text("0"),
      ])
    let reference = Reference(id: id, comment: name)
    var later: Int?
    for item in items where isa == Isa.sourcesBuildPhase {
      guard let object = document.object(named: item) else { continue }
      if document.isa(ofObject: object, is: Isa.frameworksBuildPhase)
        || document.isa(ofObject: object, is: Isa.resourcesBuildPhase)
      {
        later = item
        break
      }
    }
    if let later {
      insert(reference, before: later)
    } else {
      append(reference, to: Key.buildPhases, of: .existing(target.object))
    }
    changes.append(.addBuildPhase(target: target.name, phase: name))
    let handle = PhaseHandle(owner: .new(id), id: id, name: name, isNew: true)
    phases[key] = handle
    return handle
  }
}
