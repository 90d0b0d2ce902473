import HexDigits

/// The one place where a path that came from a manifest, a spec, a parameter or the command line
/// is checked before anything is read or written through it.
///
/// Everything here works on UTF-8 bytes, never on Swift `Character`s: a combining mark after a
/// slash (`../\u{301}x`) makes `/\u{301}` one character, which hides the `..` component from a
/// character-based split, while the file system still sees `..`, `/` and `\u{301}x`.
enum PathSafety {
  /// The order paths are listed in (reports, base files): by their bytes, the same on every
  /// machine and in every locale.
  static func inPathOrder(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  /// What a path may contain besides plain relative components.
  struct Rules: Sendable {
    /// A leading `/` (only where a person wrote the path: a pattern's own text).
    var allowsAbsolute = false
    /// How many leading `..` components are allowed (those a pattern's own text starts with).
    var leadingParents = 0
    /// A trailing `/` (a folder); a file's path must end with a name.
    var allowsTrailingSlash = false

    static let file = Rules()
  }

  /// Why a path is refused, phrased to follow "which".
  enum Problem: Error, Equatable, Sendable {
    case empty
    case absolute
    case home
    case nul
    case control(UInt32)
    case parent
    case emptyComponent
    case noFileName
    case componentTooLong
    case tooLong

    /// The reason, naming the folder the path must stay in ("the output folder").
    func phrase(inside folder: String) -> String {
      switch self {
      case .empty: return "is empty"
      case .absolute: return "is absolute"
      case .home: return "starts with '~', which modulegen does not expand"
      case .nul: return "contains a NUL byte"
      case .control(let scalar):
        return "contains the control character U+\(scalar.scalarHexDigits)"
      case .parent: return "goes up with '..' out of \(folder)"
      case .emptyComponent: return "has an empty component ('//')"
      case .noFileName: return "names no file"
      case .componentTooLong: return "has a name longer than \(maximumNameBytes) bytes"
      case .tooLong: return "makes a path longer than \(maximumPathBytes) bytes"
      }
    }
  }

  /// Most file systems refuse longer names (NAME_MAX).
  static let maximumNameBytes = 255

  /// The components of `path` with `.` removed, after checking every byte: no NUL or control
  /// character, no empty component, no `..` beyond what `rules` allows, absolute only if allowed.
  /// Leading `..` components are kept (the caller resolves them against its base folder).
  static func components(of path: String, rules: Rules = .file) throws(Problem) -> [String] {
    if isPlainName(path) { return [path] }
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty else { throw .empty }
    if let scalar = firstControlScalar(bytes) {
      throw scalar == 0 ? .nul : .control(scalar)
    }
    let absolute = bytes[0] == slash
    if absolute && !rules.allowsAbsolute { throw .absolute }
    if bytes[0] == UInt8(ascii: "~") { throw .home }
    var end = bytes.count
    if bytes[end - 1] == slash {
      guard rules.allowsTrailingSlash else { throw .noFileName }
      end -= 1
    }
    // The parts between the slashes (after a leading one, before a trailing one), walked by
    // index: an array of the parts, made first, cost more than all the checks.
    var result: [String] = []
    var parents = 0
    var start = absolute ? 1 : 0
    while start <= end {
      let partEnd = bytes[start..<end].firstIndex(of: slash) ?? end
      let part = bytes[start..<partEnd]
      start = partEnd + 1
      if part.isEmpty { throw .emptyComponent }
      if part.count > maximumNameBytes { throw .componentTooLong }
      if part.elementsEqual(dot) { continue }
      if part.elementsEqual(dotDot) {
        // Only a run of `..` at the very start, within what the rules allow.
        guard result.count == parents, !absolute, parents < rules.leadingParents else {
          throw .parent
        }
        parents += 1
      }
      result.append(String(decoding: part, as: UTF8.self))
    }
    if result.count == parents && !rules.allowsTrailingSlash { throw .noFileName }
    return result
  }

  /// Whether `path` is one name of letters, digits, `_` and `-` (most snippets' and files'
  /// names), which every rule allows as it is: checked without splitting it or making a string
  /// of each part.
  private static func isPlainName(_ path: String) -> Bool {
    let bytes = path.utf8
    guard !bytes.isEmpty && bytes.count <= maximumNameBytes else { return false }
    return bytes.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
        true
      default: false
      }
    }
  }

  /// `path` checked with `rules` and joined onto `base`, leading `..` resolved by name.
  static func resolve(_ path: String, against base: String, rules: Rules = .file) throws(Problem)
    -> String
  {
    let parts = try components(of: path, rules: rules)
    let start = path.utf8.first == slash ? "/" : base
    var folder = Array(start.utf8).split(separator: slash).map {
      String(decoding: $0, as: UTF8.self)
    }
    for part in parts {
      if part == ".." {
        _ = folder.popLast()
      } else {
        folder.append(part)
      }
    }
    let joined = folder.joined(separator: "/")
    let resolved = start.utf8.first == slash ? "/" + joined : (joined.isEmpty ? "." : joined)
    if resolved.utf8.count > maximumPathBytes { throw .tooLong }
    return resolved
  }

  /// The longest path modulegen writes: macOS's PATH_MAX (Linux allows 4096).
  static let maximumPathBytes = 1024

  /// The rules for a path pattern: it may be absolute or climb with `..` only in its own text,
  /// before the first `{{` or `{%`; a value rendered into it can never add either.
  static func rules(forPattern pattern: String, allowsTrailingSlash: Bool) -> Rules {
    let bytes = Array(pattern.utf8)
    var literalEnd = bytes.count
    for i in bytes.indices.dropLast()
    where bytes[i] == UInt8(ascii: "{")
      && (bytes[i + 1] == UInt8(ascii: "{") || bytes[i + 1] == UInt8(ascii: "%"))
    {
      literalEnd = i
      break
    }
    let literal = bytes[..<literalEnd]
    var parents = 0
    // Count the leading `..` components of the literal text: those that end with a `/`, and
    // its last one too when nothing is rendered after it (`../..`) or it is the whole of it.
    let components = literal.split(separator: slash, omittingEmptySubsequences: false)
    let complete =
      literalEnd == bytes.count || literal.elementsEqual(dotDot)
      ? components[...] : components.dropLast()
    for part in complete {
      if part.elementsEqual(dotDot) {
        parents += 1
      } else if !part.elementsEqual(dot) {
        break
      }
    }
    return Rules(
      allowsAbsolute: bytes.first == slash, leadingParents: parents,
      allowsTrailingSlash: allowsTrailingSlash)
  }

  /// Whether `path` is `folder` or inside it, comparing bytes (canonically equivalent Unicode
  /// spellings are different names to the file system).
  static func isInside(_ path: String, _ folder: String) -> Bool {
    let p = Array(path.utf8)
    var f = Array(folder.utf8)
    while f.count > 1 && f.last == slash { f.removeLast() }
    guard p.starts(with: f) else { return false }
    return p.count == f.count || f == [slash] || p[f.count] == slash
  }

  /// `path` relative to `folder`, climbing out of it with `..` when it is outside (both
  /// absolute; `.` for the folder itself). Components are compared as bytes.
  static func relative(_ path: String, climbingFrom folder: String) -> String {
    let inside = relative(path, to: folder)
    guard inside == path, path.utf8.first == slash else { return inside }
    let from = Array(folder.utf8).split(separator: slash)
    let to = Array(path.utf8).split(separator: slash)
    var common = 0
    while common < from.count && common < to.count && from[common].elementsEqual(to[common]) {
      common += 1
    }
    let parts =
      Array(repeating: "..", count: from.count - common)
      + to[common...].map { String(decoding: $0, as: UTF8.self) }
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }

  /// A path as messages show it, from the working directory `folder`: relative to it, climbing
  /// out of it with `..` where it is outside (`../Shared/Home/HomeBuilder.swift`, a module's
  /// `output: ../Shared/{{ module }}`, or a run from a subfolder) in the same top folder; else
  /// absolute (a template folder in `/opt` seen from `/Users`).
  static func shown(_ path: String, from folder: String) -> String {
    func top(_ path: String) -> Substring.UTF8View? {
      guard path.utf8.first == slash else { return nil }
      let top = path.utf8.dropFirst().prefix { $0 != slash }
      return top.isEmpty ? nil : top
    }
    guard let pathTop = top(path), let folderTop = top(folder), pathTop.elementsEqual(folderTop)
    else { return relative(path, to: folder) }
    return relative(path, climbingFrom: folder)
  }

  /// `path` relative to `folder` when it is inside it, else `path`.
  static func relative(_ path: String, to folder: String) -> String {
    var base = Array(folder.utf8)
    while base.last == slash { base.removeLast() }
    let bytes = Array(path.utf8)
    guard bytes.count > base.count + 1, bytes.starts(with: base), bytes[base.count] == slash
    else { return path }
    return String(decoding: bytes[(base.count + 1)...], as: UTF8.self)
  }

  /// The first C0 or C1 control character or DEL, as a scalar value.
  private static func firstControlScalar(_ bytes: [UInt8]) -> UInt32? {
    for i in bytes.indices {
      if bytes[i] < 0x20 || bytes[i] == 0x7F { return UInt32(bytes[i]) }
      // U+0080 to U+009F are 0xC2 and the scalar's value in UTF-8.
      if bytes[i] == 0xC2 && i + 1 < bytes.count && (0x80...0x9F).contains(bytes[i + 1]) {
        return UInt32(bytes[i + 1])
      }
    }
    return nil
  }

  static let slash = UInt8(ascii: "/")
  private static let dot: [UInt8] = [UInt8(ascii: ".")]
  private static let dotDot: [UInt8] = [UInt8(ascii: "."), UInt8(ascii: ".")]
}

// MARK: - Path helpers, on bytes

/// Joins path components with single slashes; an absolute component replaces the base.
package func joinPath(_ base: String, _ component: String) -> String {
  if component.isEmpty { return base }
  if component.utf8.first == PathSafety.slash || base.isEmpty { return component }
  let slash = base.utf8.last == PathSafety.slash ? 0 : 1
  // One copy of each part into a string of the right size (`+` grows the string per part).
  return String(unsafeUninitializedCapacity: base.utf8.count + slash + component.utf8.count) {
    buffer in
    var end = buffer.initialize(fromContentsOf: base.utf8)
    if slash == 1 {
      buffer[end] = PathSafety.slash
      end += 1
    }
    return buffer[end...].initialize(fromContentsOf: component.utf8)
  }
}

/// The parent folder of a path ("/" for a top-level entry, "." for a bare name).
package func parentPath(_ path: String) -> String {
  let bytes = path.utf8
  guard let slash = bytes.lastIndex(of: PathSafety.slash) else { return "." }
  if slash == bytes.startIndex { return "/" }
  return String(decoding: bytes[..<slash], as: UTF8.self)
}

/// The last component of a path.
func lastPathComponent(_ path: String) -> String {
  let bytes = path.utf8
  guard let slash = bytes.lastIndex(of: PathSafety.slash) else { return path }
  return String(decoding: bytes[bytes.index(after: slash)...], as: UTF8.self)
}

/// Removes `.` components and empty components; `..` is kept (and refused by callers).
package func normalizePath(_ path: String) -> String {
  let bytes = Array(path.utf8)
  let absolute = bytes.first == PathSafety.slash
  let parts = bytes.split(separator: PathSafety.slash).filter { $0 != [UInt8(ascii: ".")] }
  return (absolute ? "/" : "")
    + parts.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
}
