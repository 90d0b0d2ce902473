import BackgroundWork

/// Where paths inside a folder really lead: follows the symbolic links of what exists, so that
/// nothing is read or written through a link that leaves the folder. Remembers every folder it
/// resolved, so that checking thousands of files in a few folders stays cheap; make a new one
/// whenever the disk may have changed. The modules of a batch check their paths on every core
/// with one of them: what it remembers is read and written under a lock.
final class PathContainment: Sendable {
  /// A path with every symbolic link of its existing part resolved.
  enum Resolution: Equatable {
    /// The real path (its missing tail appended as named).
    case real(String)
    /// Something that is not a folder (a file, a dangling link) is where a folder is needed.
    case blocked(at: String)
  }

  /// Why a path is refused.
  enum Escape: Equatable {
    /// It leads through a symbolic link to this real path, outside the folder.
    case outside(String)
    /// A file or a dangling link is where a folder must be.
    case blocked(at: String)
  }

  let fileSystem: any FileSystem
  private let folders = Locked<[PathKey: Resolution]>([:])

  init(fileSystem: any FileSystem) { self.fileSystem = fileSystem }

  /// The real location of the folder at `path`, existing or to be created.
  func folder(_ path: String) -> Resolution {
    let key = PathKey(path)
    if let known = folders.withLock({ $0[key] }) { return known }
    let result: Resolution
    let parent = parentPath(path)
    let name = lastPathComponent(path)
    // One question of what is there, not one for a folder and another for anything else.
    let kind = fileSystem.itemKind(atPath: path)
    if parent != path && parent != "." && !["", ".", ".."].contains(name), kind == .folder,
      case .real(let realParent) = folder(parent)
    {
      // Not a link: where its parent really is, under its own name (no need to resolve every
      // folder above it again).
      result = .real(joinPath(realParent, name))
    } else if kind != .missing {
      // A link (to a folder, else it blocks the way) or a file.
      result =
        fileSystem.isDirectory(atPath: path)
        ? .real(fileSystem.resolvedPath(path) ?? path) : .blocked(at: path)
    } else {
      // Nothing there (one question, not three, for each folder a new module creates).
      if parent == path || parent == "." {
        result = .real(path)
      } else {
        switch folder(parent) {
        case .real(let real): result = .real(joinPath(real, name))
        case .blocked(let at): result = .blocked(at: at)
        }
      }
    }
    // Two threads may resolve the same folder at once: they find the same.
    folders.withLock { $0[key] = result }
    return result
  }

  /// nil when the file at `path` (to read or to write) really is inside `root`.
  func escape(ofFile path: String, inside root: String) -> Escape? {
    check(path, inside: root, exists: fileSystem.itemExists(atPath: path)).escape
  }

  /// `escape(ofFile:inside:)`, and for a file inside that is a symbolic link, the real path it
  /// leads to (nil for anything else: the same questions of the disk as `escape` asks).
  func escapeOrLink(ofFile path: String, inside root: String) -> (
    escape: Escape?, linkTarget: String?
  ) {
    check(path, inside: root, exists: fileSystem.itemExists(atPath: path))
  }

  /// `escape(ofFile:inside:)` for a path the caller has just found free: with nothing there,
  /// there is no link to follow, and only its folders are checked.
  func escape(ofNewFile path: String, inside root: String) -> Escape? {
    check(path, inside: root, exists: false).escape
  }

  private func check(_ path: String, inside root: String, exists: Bool) -> (
    escape: Escape?, linkTarget: String?
  ) {
    guard case .real(let realRoot) = folder(root) else {
      if case .blocked(let at) = folder(root) { return (.blocked(at: at), nil) }
      return (nil, nil)
    }
    let real: String
    switch folder(parentPath(path)) {
    case .blocked(let at): return (.blocked(at: at), nil)
    case .real(let parent): real = joinPath(parent, lastPathComponent(path))
    }
    if !PathSafety.isInside(real, realRoot) { return (.outside(real), nil) }
    // The file itself may be a link.
    if exists {
      guard let target = fileSystem.resolvedPath(path) else { return (.blocked(at: path), nil) }
      if fileSystem.isDirectory(atPath: path) { return (nil, nil) }
      if !PathSafety.isInside(target, realRoot) { return (.outside(target), nil) }
      if PathKey(target) != PathKey(real) { return (nil, target) }
    }
    return (nil, nil)
  }
}

/// A path as its bytes: two spellings of the same text in different Unicode normal forms are
/// different names to most file systems, while Swift's `String` compares them as equal.
struct PathKey: Hashable, Comparable, Sendable {
  let bytes: [UInt8]
  init(_ path: String) { bytes = Array(path.utf8) }
  static func < (a: PathKey, b: PathKey) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }
  // The bytes as one block: an array hashes its elements one at a time.
  func hash(into hasher: inout Hasher) {
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }
}
