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

  /// Walks the tree from the main group. `fileNames` limits which file references are resolved
  /// (by the last component of their path); nil resolves all.
  init(
    document: ProjectDocument, mainGroup: Int, absoluteSourceRoot: String?,
    fileNames: Set<String>?
  ) {
    var visited: Set<Int> = [mainGroup]
    let filter = fileNames.map(NameFilter.init)
    groups.append(
      Group(
        object: mainGroup, item: nil, parent: nil, folder: "", hasPath: false, depth: 0,
        kind: .group, displayName: ""))
    var pending = [0]
    while let index = pending.popLast() {
      let group = groups[index]
      guard group.kind == .group || group.kind == .variantGroup else { continue }
      var childGroups: [Int] = []
      for item in document.items(in: group.object, key: Key.children) {
        guard let child = document.object(named: item) else { continue }
        let kind: Kind
        switch Self.classify(child, in: document) {
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

  private enum Child {
    case file
    case container(Kind)
    case ignored
  }

  private static func classify(_ object: Int, in document: ProjectDocument) -> Child {
    guard let isa = document.value(in: object, key: Key.isa) else { return .ignored }
    let token = document.tokens[isa]
    let bytes = document.bytes
    if PlistText.equals(token, in: bytes, Isa.fileReference) { return .file }
    if PlistText.equals(token, in: bytes, Isa.group) { return .container(.group) }
    if PlistText.equals(token, in: bytes, Isa.variantGroup) { return .container(.variantGroup) }
    if PlistText.equals(token, in: bytes, Isa.synchronizedRootGroup) {
      return .container(.synchronizedFolder)
    }
    return document.value(in: object, key: Key.children) == nil ? .ignored : .container(.other)
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

/// The file names a walk resolves, matched against the bytes of the last component of a path
/// without making a string of every path in the project.
struct NameFilter {
  /// Names by their length in bytes.
  private var byLength: [[[UInt8]]] = []

  init(_ names: Set<String>) {
    for name in names {
      let bytes = Array(name.utf8)
      while byLength.count <= bytes.count { byLength.append([]) }
      byLength[bytes.count].append(bytes)
    }
  }

  func matchesLastComponent(of token: Int, in document: ProjectDocument) -> Bool {
    let value = document.tokens[token]
    guard value.kind != .escaped else {
      let name = ProjectPath.lastComponent(document.text(token) ?? "")
      let bytes = Array(name.utf8)
      return bytes.count < byLength.count && byLength[bytes.count].contains(bytes)
    }
    let bytes = document.bytes
    let end = Int(value.end)
    var start = end
    while start > Int(value.start) && bytes[start - 1] != .slash { start -= 1 }
    let length = end - start
    guard length < byLength.count else { return false }
    return byLength[length].contains { name in
      var index = start
      for byte in name {
        if bytes[index] != byte { return false }
        index += 1
      }
      return true
    }
  }
}
