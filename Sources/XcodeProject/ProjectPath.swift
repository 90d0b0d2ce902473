/// Paths inside a project: `/`-separated, relative to the project's source root, normalized
/// (no `.`, no empty components, `..` only at the start). The source root itself is `""`.
enum ProjectPath {
  /// `path` with `.` and empty components dropped and `..` applied; a leading `/` is kept.
  static func normalize(_ path: String) -> String {
    if isNormal(path) { return path }
    let isAbsolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
      } else if part == ".." && isAbsolute {
        continue
      } else {
        parts.append(part)
      }
    }
    return (isAbsolute ? "/" : "") + parts.joined(separator: "/")
  }

  /// Whether `path` is already normalized: no empty or `.` component, `..` only at the start of
  /// a relative path, no trailing `/` (most paths in a project are, and checking is much
  /// cheaper than splitting).
  private static func isNormal(_ path: String) -> Bool {
    var path = path
    return path.withUTF8 { bytes in
      guard !bytes.isEmpty else { return true }
      let isAbsolute = bytes[0] == .slash
      if isAbsolute && bytes.count == 1 { return true }
      var start = isAbsolute ? 1 : 0
      var pastParents = false
      while true {
        var end = start
        var dots = 0
        while end < bytes.count && bytes[end] != .slash {
          if bytes[end] == UInt8(ascii: ".") { dots += 1 }
          end += 1
        }
        let length = end - start
        if length == 0 || (length == 1 && dots == 1) { return false }
        if length == 2 && dots == 2 {
          // `..` only before every other component of a relative path.
          if isAbsolute || pastParents { return false }
        } else {
          pastParents = true
        }
        if end == bytes.count { return true }
        start = end + 1
      }
    }
  }

  /// `child` inside `folder`, normalized; `child` alone when it is absolute.
  static func join(_ folder: String, _ child: String) -> String {
    if child.hasPrefix("/") || folder.isEmpty { return normalize(child) }
    if child.isEmpty { return folder }
    // Most often one plain name into a normalized folder: nothing to normalize.
    if isName(child) && (folder == "/" || isNormal(folder)) {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(folder.utf8.count + 1 + child.utf8.count)
      if folder != "/" { bytes += folder.utf8 }
      bytes.append(.slash)
      bytes += child.utf8
      return String(decoding: bytes, as: UTF8.self)
    }
    return normalize(folder + "/" + child)
  }

  /// Whether `text` is one component other than `.` and `..`.
  private static func isName(_ text: String) -> Bool {
    var length = 0
    var dots = 0
    for byte in text.utf8 {
      if byte == .slash { return false }
      length += 1
      if byte == UInt8(ascii: ".") { dots += 1 }
    }
    return length > 0 && !(dots == length && length <= 2)
  }

  /// The folder holding `path` (`""` for a top-level name).
  static func parent(_ path: String) -> String {
    // Bytes, not characters: `/` is one byte, and walking characters costs far more.
    guard let slash = path.utf8.lastIndex(of: .slash) else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  static func lastComponent(_ path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: .slash) else { return path }
    return String(path[path.utf8.index(after: slash)...])
  }

  static func components(_ path: String) -> [String] {
    path.split(separator: "/").map(String.init)
  }

  /// Whether `path` is `folder` or inside it (both normalized).
  static func isInside(_ path: String, folder: String) -> Bool {
    if folder.isEmpty { return !path.hasPrefix("/") && !path.hasPrefix("..") }
    return path == folder || path.hasPrefix(folder + "/")
  }

  /// `path` relative to `folder` (both normalized), with `..` where it leaves `folder`. The
  /// `..` both start with are shared like any other component: `../Shared/Modules` from
  /// `../Shared` is `Modules`.
  static func relative(_ path: String, from folder: String) -> String {
    let from = components(folder)
    let to = components(path)
    var common = 0
    while common < from.count && common < to.count && from[common] == to[common] {
      common += 1
    }
    let up = Array(repeating: "..", count: from.count - common)
    return (up + to[common...]).joined(separator: "/")
  }

  /// `relative`, or nil when no relative path leads there: from a folder above the source root
  /// (`../Shared`) back into it (`iOS/Home`), which needs the names of the folders climbed out
  /// of. A reference there is written relative to the source root instead.
  static func relativeIfPossible(_ path: String, from folder: String) -> String? {
    let result = relative(path, from: folder)
    return normalize(join(folder, result)) == path ? result : nil
  }

  /// The problem with a path a caller gave, if any: it must be relative, name a file inside
  /// the project's folder tree, and hold no control characters.
  static func problem(with path: String) -> String? {
    if path.isEmpty { return "it is empty" }
    if path.hasPrefix("/") { return "it must be relative to the folder holding the .xcodeproj" }
    if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return "it contains a control character"
    }
    return nil
  }
}
