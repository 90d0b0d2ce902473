import Diagnostics

/// The base copies of one module: its `regenerate: once` files as they were generated, the
/// base of `update`'s three-way merges. One text file per module in `.modulegen/base`
/// (`Home.base`), each copy under a line with its path, hash and length, so that a pull request
/// shows one file per new module and a diff shows the lines that changed.
struct BaseCopies: Equatable {
  struct Copy: Equatable {
    /// The recorded path (relative to the record's folder).
    var path: String
    var hash: String
    var bytes: [UInt8]
  }

  /// Sorted by path.
  var copies: [Copy]
  /// The lines (1-based) of a base file where a damaged stretch starts: a line that is neither
  /// the header nor a copy's (a merge conflict marker, an edit), or a copy's whose bytes do not
  /// have its hash.
  var damagedLines: [Int] = []

  /// A module's base file to write, the hashes of its copies (none: it has none, and is not
  /// written), and what it holds now (nil when there is none). A struct rather than a tuple:
  /// the runtime makes a tuple's type on its first use, at a cost.
  struct FileWrite: Sendable {
    var module: String
    var path: String
    var bytes: [UInt8]
    var hashes: [String]
    var stored: Result<[UInt8], any Error>?
  }

  init(_ copies: [Copy]) {
    self.copies = copies.sorted { PathSafety.inPathOrder($0.path, $1.path) }
  }

  static let fileExtension = "base"
  static let header = Array(
    "# modulegen: the files of this module that developers own, as generated: the base of 'modulegen update'. Do not edit.\n"
      .utf8)
  /// Starts the line before each copy: `=== PATH HASH LENGTH`.
  static let marker = Array("=== ".utf8)

  var encoded: [UInt8] {
    var out = Self.header
    // Appended in place, with room for all of it: the copies are most of a module's bytes.
    out.reserveCapacity(Self.header.count + copies.reduce(0) { $0 + $1.bytes.count + 150 })
    for copy in copies {
      out += Self.marker
      out += "\(copy.path) \(copy.hash) \(copy.bytes.count)\n".utf8
      out += copy.bytes
      out.append(UInt8(ascii: "\n"))
    }
    return out
  }

  /// The copies of a base file; a damaged copy (its bytes do not have its hash) is left out.
  /// Where the file does not have the expected shape (git's conflict markers, after a merge of
  /// two branches that both changed the module, at the top as anywhere), reading goes on at the
  /// next copy's line: each copy is checked by its hash, so every intact one is read, and the
  /// first line of each damaged stretch is kept (`damagedLines`). `rendered`: files rendered
  /// now (see `init(stored:rendered:)`).
  init(decoding bytes: [UInt8], rendered: [PlannedFile] = []) {
    var copies: [Copy] = []
    // Where each damaged stretch starts; turned into lines only when there is one.
    var damaged: [Int] = []
    var inDamage = false
    var index = 0
    while index < bytes.count {
      let lineEnd = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      if let copy = lineEnd < bytes.count
        ? Self.copy(at: index, lineEnd: lineEnd, in: bytes, rendered: rendered) : nil
      {
        copies.append(copy)
        index = lineEnd + 1 + copy.bytes.count + 1
        inDamage = false
        continue
      }
      // The header: at the top, or after a conflict marker that put it further down.
      if !bytes[index...].starts(with: Self.header) {
        if !inDamage { damaged.append(index) }
        inDamage = true
      }
      index = lineEnd + 1
    }
    self.init(copies)
    // The offsets rise: each line counted on from the one before, in one pass over the bytes.
    var line = 1
    var counted = 0
    damagedLines = damaged.map { offset in
      line += bytes[counted..<offset].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
      counted = offset
      return line
    }
  }

  /// The copy whose line is at `index` (ending at `lineEnd`), if the line is a copy's and the
  /// bytes after it have its hash: bytes equal to those of a `rendered` file with that hash
  /// have it, others are hashed.
  private static func copy(at index: Int, lineEnd: Int, in bytes: [UInt8], rendered: [PlannedFile])
    -> Copy?
  {
    guard bytes[index..<lineEnd].starts(with: marker) else { return nil }
    // The path may hold spaces; the hash and the length do not.
    let line = bytes[(index + marker.count)..<lineEnd]
    guard let lastSpace = line.lastIndex(of: UInt8(ascii: " ")),
      let hashSpace = line[..<lastSpace].lastIndex(of: UInt8(ascii: " ")),
      let length = Int(String(decoding: line[(lastSpace + 1)...], as: UTF8.self)), length >= 0,
      lineEnd + 1 + length < bytes.count
    else { return nil }
    let hash = String(decoding: line[(hashSpace + 1)..<lastSpace], as: UTF8.self)
    let content = Array(bytes[(lineEnd + 1)..<(lineEnd + 1 + length)])
    let asRendered = rendered.contains {
      $0.renderedHash == hash && ($0.generatedBytes ?? $0.bytes) == content
    }
    guard asRendered || GenerationRecord.hash(content) == hash else { return nil }
    return Copy(
      path: String(decoding: line[..<hashSpace], as: UTF8.self), hash: hash, bytes: content)
  }

  /// The copies of a base file as `GenerationRecord.storedFile` found it (none when it is
  /// missing or cannot be read). `rendered`: the module's files as rendered now, whose
  /// `renderedHash` is the hash of what the templates produced: a copy holding the same bytes
  /// under that hash is intact without hashing it again (the usual case: the templates have not
  /// changed since).
  init(stored: Result<[UInt8], any Error>?, rendered: [PlannedFile] = []) {
    guard case .success(let bytes)? = stored else {
      self.init([])
      return
    }
    self.init(decoding: bytes, rendered: rendered)
  }

  /// The copy with this hash, if any.
  func bytes(ofHash hash: String) -> [UInt8]? {
    copies.first { $0.hash == hash }?.bytes
  }
}

extension GenerationRecord {
  /// The base file of a module.
  func baseFilePath(module: String) -> String {
    joinPath(joinPath(directory, Self.baseFolder), module + "." + BaseCopies.fileExtension)
  }

  static let unrecordedBaseMessage =
    "base copies of a module \(fileName) does not record; restore its entry, or remove the file"

  /// The base files of modules neither this record nor `planned` has (absolute paths, sorted):
  /// left by a record that lost its module, as a merge resolved with one side's record does.
  /// Runs keep them; `check` reports them.
  func unrecordedBaseFiles(planned: Set<String>, fileSystem: any FileSystem) -> [String] {
    let folder = joinPath(directory, Self.baseFolder)
    let suffix = "." + BaseCopies.fileExtension
    return ((try? fileSystem.contentsOfDirectory(atPath: folder)) ?? []).filter {
      let module = String($0.dropLast(suffix.count))
      return $0.hasSuffix(suffix) && modules[module] == nil && !planned.contains(module)
    }.sorted().map { joinPath(folder, $0) }
  }

  /// Where modulegen up to 2026-12 kept a base copy: one file named by its hash. Such copies
  /// are still read, and move into their module's base file on its next run.
  func legacyBasePath(forHash hash: String) -> String {
    let prefix = Self.hashPrefix
    let hex = hash.hasPrefix(prefix) ? String(hash.dropFirst(prefix.count)) : hash
    return joinPath(joinPath(directory, Self.baseFolder), hex)
  }

  /// The copies in a module's base file (none when it has none).
  func baseCopies(module: String, fileSystem: any FileSystem) -> BaseCopies {
    BaseCopies(stored: storedFile(atPath: baseFilePath(module: module), fileSystem: fileSystem))
  }

  /// What a file of the record holds now: nil when there is none, a failure when it is there
  /// but cannot be read (a folder, a symbolic link that leads to no file: `check` stops at it
  /// as `update`, which must write it, does).
  func storedFile(atPath path: String, fileSystem: any FileSystem) -> Result<
    [UInt8], any Error
  >? {
    // The path itself (one question, as many as before): a dangling link is there.
    guard fileSystem.itemExists(atPath: path) else { return nil }
    return Result {
      do {
        return try fileSystem.readFile(atPath: path)
      } catch  where !fileSystem.fileExists(atPath: path) {
        throw Diagnostic(message: Self.danglingLinkMessage(path))
      }
    }
  }

  static func danglingLinkMessage(_ path: String) -> String {
    "'\(path)' is a symbolic link that leads to no file; remove it, or restore what it leads to"
  }

  /// The base copy of what was generated with `hash` for a module: from `copies`, its base
  /// file's (`baseCopies(module:fileSystem:)`, read once for all the module's files), else from
  /// a copy in the earlier layout. Nil when missing or damaged.
  func baseCopy(ofHash hash: String, in copies: BaseCopies, fileSystem: any FileSystem)
    -> [UInt8]?
  {
    if let bytes = copies.bytes(ofHash: hash) { return bytes }
    let legacy = legacyBasePath(forHash: hash)
    guard fileSystem.fileExists(atPath: legacy),
      let bytes = try? fileSystem.readFile(atPath: legacy),
      Self.hash(bytes) == hash
    else { return nil }
    return bytes
  }
}
