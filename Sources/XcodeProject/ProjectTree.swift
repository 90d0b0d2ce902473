/// The project navigator's tree, from the main group down, with the folder each group stands
/// for: a group's `path` is relative to its parent's folder (`<group>`), to the source root
/// (`SOURCE_ROOT`) or absolute (`<absolute>`); a group without a path stands for its parent's
/// folder. Paths are relative to the source root (`""`), normalized.
struct ProjectTree {
  enum Kind: Equatable {
    case group
    case variantGroup
    case synchronizedFolder
    /// Version groups (Core Data models) and anything else with children we do not enter.
    case other
  }

  struct Group {
    var object: Int
    /// Its item in the parent's `children`; nil for the main group.
    var item: Int?
    var parent: Int?
    /// The folder it stands for; nil outside the source tree (`BUILT_PRODUCTS_DIR`, `SDKROOT`).
    var folder: String?
    /// Whether it names a folder of its own (has a `path`), as Xcode's folder groups do.
    var hasPath: Bool
    var depth: Int
    var kind: Kind
    /// What Xcode shows: its name, else the last component of its path, else nothing (the main
    /// group).
    var displayName: String
  }

  struct File {
    var object: Int
    var item: Int
    var parent: Int
    var path: String
  }

  private(set) var groups: [Group] = []
  /// The file references whose names were asked for, with the path each stands for.
  private(set) var files: [File] = []
  /// The items of groups' children that name no object of the project (`item`, a token), and
  /// the group (its index) that lists each: passed over.
  private(set) var missing: [(item: Int, group: Int)] = []

  /// Walks the tree from the main group, reading the objects it meets in `document`.
  /// `fileNames` limits which file references are resolved (by the last component of their
  /// path); nil resolves all.
  init(
    document: inout ProjectDocument, mainGroup: Int, absoluteSourceRoot: String?,
    fileNames: Set<String>?
  ) {
    let filter = fileNames.map(NameFilter.init)
    let candidates = document.children(named: filter)
    groups.append(
      Group(
        object: mainGroup, item: nil, parent: nil, folder: "", hasPath: false, depth: 0,
        kind: .group, displayName: ""))
    // The bytes held once for the walk: the items of every group (most of them file
    // references the filter rules out) are looked up in place, with nothing retained.
    let bytes = document.bytes
    bytes.withUnsafeBufferPointer { buffer in
      walk(
        document: &document, raw: UnsafeRawBufferPointer(buffer), candidates: candidates,
        filter: filter, absoluteSourceRoot: absoluteSourceRoot)
    }
  }

  /// Adds the groups and files below the main group (the first group), depth first in the
  /// order Xcode shows them; `raw` is the document's bytes.
  private mutating func walk(
    document: inout ProjectDocument, raw: UnsafeRawBufferPointer, candidates: ObjectIndex,
    filter: NameFilter?, absoluteSourceRoot: String?
  ) {
    var visited: Set<Int> = [groups[0].object]
    var pending = [0]
    while let index = pending.popLast() {
      let group = groups[index]
      guard group.kind == .group || group.kind == .variantGroup else { continue }
      var childGroups: [Int] = []
      guard let children = document.value(in: group.object, key: Key.children),
        document.tokens[children].kind == .array
      else { continue }
      // The items that may be groups or files looked for, all found before any is read
      // (reading changes the document).
      let (found, missing) = document.tokens.items(
        of: children, foundIn: candidates, all: document.index, raw: raw)
      self.missing += missing.map { ($0, index) }
      for (item, object) in found {
        guard let child = document.read(document.objects[object].value) else { continue }
        let kind: Kind
        switch document.classify(child) {
        case .ignored:
          continue
        case .container(let container):
          // A group listed twice (or in a cycle) is entered once.
          guard visited.insert(child).inserted else { continue }
          kind = container
        case .file:
          guard let pathToken = document.value(in: child, key: Key.path) else { continue }
          if let filter, !filter.matchesLastComponent(of: pathToken, in: document) { continue }
          let resolved = Self.resolve(
            path: document.text(pathToken),
            sourceTree: document.string(in: child, key: Key.sourceTree),
            parentFolder: group.folder, absoluteSourceRoot: absoluteSourceRoot)
          if let resolved {
            files.append(File(object: child, item: item, parent: index, path: resolved))
          }
          continue
        }
        let path = document.string(in: child, key: Key.path)
        let name = document.string(in: child, key: Key.name)
        groups.append(
          Group(
            object: child, item: item, parent: index,
            folder: Self.resolve(
              path: path, sourceTree: document.string(in: child, key: Key.sourceTree),
              parentFolder: group.folder, absoluteSourceRoot: absoluteSourceRoot),
            hasPath: !(path ?? "").isEmpty, depth: group.depth + 1, kind: kind,
            displayName: name ?? path.map(ProjectPath.lastComponent) ?? ""))
        childGroups.append(groups.count - 1)
      }
      // Visit children in order: the stack takes them last first.
      pending.append(contentsOf: childGroups.reversed())
    }
  }

  /// The folder or file a `path` with a `sourceTree` stands for.
  static func resolve(
    path: String?, sourceTree: String?, parentFolder: String?, absoluteSourceRoot: String?
  ) -> String? {
    let path = path ?? ""
    switch sourceTree ?? SourceTree.group {
    case SourceTree.group:
      guard let parentFolder else { return nil }
      return ProjectPath.join(parentFolder, path)
    case SourceTree.sourceRoot:
      return ProjectPath.normalize(path)
    case SourceTree.absolute:
      guard let absoluteSourceRoot, path.hasPrefix("/") else { return nil }
      return ProjectPath.relative(
        ProjectPath.normalize(path), from: ProjectPath.normalize(absoluteSourceRoot))
    default:
      return nil
    }
  }

  /// The group path Xcode shows for a group: display names from the main group, `/`-joined.
  func displayPath(of index: Int) -> String {
    var names: [String] = []
    var current: Int? = index
    while let group = current, let parent = groups[group].parent {
      names.append(groups[group].displayName)
      current = parent
    }
    return names.reversed().joined(separator: "/")
  }
}

/// What a child of a group is to the tree.
enum TreeChild {
  case file
  case container(ProjectTree.Kind)
  case ignored
}

extension ProjectDocument {
  /// The objects a group's child can be that the tree needs: those read into tokens (groups,
  /// and anything else with children), those passed over that are neither build files nor file
  /// references, and the file references that may have one of the names (all with no filter).
  /// Few enough, in a large project, to look children up in the cache: most children are file
  /// references the tree passes over.
  func children(named filter: NameFilter?) -> ObjectIndex {
    var numbers: [ObjectNumber] = []
    for (number, object) in objects.enumerated() {
      switch object.kind {
      case .tokenized, .other: numbers.append(ObjectNumber(number))
      case .buildFile: continue
      case .fileReference:
        if filter?.mayHaveName(pathHash: object.pathHash) ?? true {
          numbers.append(ObjectNumber(number))
        }
      }
    }
    if index.hasDuplicates {
      // An ID twice: only the object a reader finds (the last) counts.
      numbers.removeAll { number in
        let key = ObjectKey(token: tokens[Int(objects[number].key)], in: bytes)
        return index.number(for: key, bytes: bytes) != number
      }
    }
    return ObjectIndex(
      numbers: numbers, of: objects, tokens: tokens.base, bytes: bytes)
  }

  /// What the object (read) is to the tree: a file reference, a group to enter or list, or
  /// something to pass over.
  func classify(_ object: Int) -> TreeChild {
    guard let isa = value(in: object, key: Key.isa) else { return .ignored }
    let token = tokens[isa]
    if PlistText.equals(token, in: bytes, Isa.fileReference) { return .file }
    if PlistText.equals(token, in: bytes, Isa.group) { return .container(.group) }
    if PlistText.equals(token, in: bytes, Isa.variantGroup) { return .container(.variantGroup) }
    if PlistText.equals(token, in: bytes, Isa.synchronizedRootGroup) {
      return .container(.synchronizedFolder)
    }
    return value(in: object, key: Key.children) == nil ? .ignored : .container(.other)
  }
}
