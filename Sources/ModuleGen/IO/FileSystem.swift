import DataFormats
import Diagnostics
import SystemLibrary

/// The file operations modulegen needs, behind a protocol so that tests can inject faults and
/// so that only the applier of a plan ever writes.
package protocol FileSystem: Sendable {
  func readFile(atPath path: String) throws -> [UInt8]
  /// Whether the path leads to something, following symbolic links.
  func fileExists(atPath path: String) -> Bool
  /// Whether anything is at the path itself, a dangling symbolic link included.
  func itemExists(atPath path: String) -> Bool
  func isDirectory(atPath path: String) -> Bool
  /// Whether the path itself is a folder: not a symbolic link, even to one.
  func isFolderItself(atPath path: String) -> Bool
  /// What is at the path itself, in one question: `isFolderItself` and `itemExists` together.
  func itemKind(atPath path: String) -> ItemKind
  func contentsOfDirectory(atPath path: String) throws -> [String]
  /// Creates a new file; fails if anything (even a dangling symbolic link) is at the path.
  func writeFile(atPath path: String, bytes: [UInt8]) throws
  /// Creates a new file from consecutive pieces (`pieces` calls its argument with each), as
  /// `writeFile(atPath:bytes:)` does, without the whole content in memory at once.
  func writeFile(atPath path: String, pieces: FilePieces) throws
  /// Gives the file at `destination` the permissions (read, write, execute) of the file at
  /// `source`: a file modulegen replaces keeps its mode.
  func copyPermissions(from source: String, to destination: String) throws
  func createDirectory(atPath path: String) throws
  /// Renames within one file system, atomically replacing a file at the destination.
  func moveItem(atPath source: String, toPath destination: String) throws
  /// Gives a file a second name (a hard link); fails if the destination exists. A symbolic
  /// link gets a second name itself: it is not followed.
  func linkItem(atPath source: String, toPath destination: String) throws
  /// Removes a file, a symbolic link or an empty folder (never a folder's contents).
  func removeItem(atPath path: String) throws
  /// Removes what the caller knows to be a file (or, `isFolder`, an empty folder) without
  /// looking at it first; fails on the other kind.
  func removeItem(atPath path: String, isFolder: Bool) throws
  /// Tries to take the exclusive lock of the file at `path`, creating the file if needed; never
  /// waits. A lock ends with `release` or with the process.
  func tryLock(atPath path: String) throws -> FileLockAttempt
  /// The path with every symbolic link resolved; nil if it does not exist.
  func resolvedPath(_ path: String) -> String?
}

/// What is at a path itself, a symbolic link not followed.
package enum ItemKind: Sendable, Equatable {
  case missing
  /// A folder, not a symbolic link to one.
  case folder
  /// A file, a symbolic link (dangling or not), or anything else that is not a folder.
  case other
}

/// Content given in consecutive pieces: calls its argument with each piece, in order.
package typealias FilePieces =
  @Sendable (
    _ piece: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws -> Void

/// The real file system.
package struct LocalFileSystem: FileSystem {
  package init() {}

  package func readFile(atPath path: String) throws -> [UInt8] {
    func failure() -> Diagnostic {
      Diagnostic(
        message: fileExists(atPath: path)
          ? Self.cannotReadMessage(path) : Self.noSuchFileMessage(path))
    }
    // Opened without waiting: a named pipe where a file is expected (at an output path) would
    // wait for a writer forever. One that has a writer (`--spec <(make-spec)`) is then read to
    // its end as any file; one without reads as empty.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw failure() }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR else {
      throw failure()
    }
    if (status.st_mode & S_IFMT) == S_IFIFO {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    }
    // Room for the whole file and one byte more, so that the read that finds its end needs
    // no more room; a file that grows meanwhile, or reports no size, is read to its end all
    // the same.
    var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
    var count = 0
    while true {
      if count == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
      let got = bytes.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if got == 0 { break }
      if got < 0 {
        if errno == EINTR { continue }
        throw failure()
      }
      count += got
    }
    bytes.removeLast(bytes.count - count)
    return bytes
  }

  package func fileExists(atPath path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0
  }

  package func itemExists(atPath path: String) -> Bool {
    itemKind(atPath: path) != .missing
  }

  package func isDirectory(atPath path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }

  package func isFolderItself(atPath path: String) -> Bool {
    itemKind(atPath: path) == .folder
  }

  package func itemKind(atPath path: String) -> ItemKind {
    var status = stat()
    guard lstat(path, &status) == 0 else { return .missing }
    return (status.st_mode & S_IFMT) == S_IFDIR ? .folder : .other
  }

  package func contentsOfDirectory(atPath path: String) throws -> [String] {
    guard let folder = opendir(path) else {
      throw Diagnostic(message: "cannot list the folder '\(path)'\(reason())")
    }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// A plain create-and-write: callers stage files and rename them, so no temporary copy is
  /// needed here. Never follows a symbolic link, never replaces anything.
  package func writeFile(atPath path: String, bytes: [UInt8]) throws {
    try writeFile(atPath: path) { piece in try bytes.withUnsafeBufferPointer(piece) }
  }

  package func writeFile(atPath path: String, pieces: FilePieces) throws {
    // Read and write for all that the umask allows, as editors, git and Xcode create files.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      throw Diagnostic(message: Self.cannotWriteMessage(path, reason()))
    }
    defer { close(descriptor) }
    try pieces { piece in
      var offset = 0
      while offset < piece.count {
        let written = write(descriptor, piece.baseAddress! + offset, piece.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw Diagnostic(message: Self.cannotWriteMessage(path, reason()))
        }
        offset += written
      }
    }
  }

  package func copyPermissions(from source: String, to destination: String) throws {
    var status = stat()
    guard stat(source, &status) == 0, chmod(destination, status.st_mode & 0o777) == 0 else {
      throw Diagnostic(
        message: "cannot give '\(destination)' the permissions of '\(source)'\(reason())")
    }
  }

  package func createDirectory(atPath path: String) throws {
    guard mkdir(path, 0o755) == 0 else {
      throw Diagnostic(message: "cannot create the folder '\(path)'\(reason())")
    }
  }

  package func moveItem(atPath source: String, toPath destination: String) throws {
    guard rename(source, destination) == 0 else {
      throw Diagnostic(message: "cannot move '\(source)' to '\(destination)'\(reason())")
    }
  }

  package func linkItem(atPath source: String, toPath destination: String) throws {
    // linkat without AT_SYMLINK_FOLLOW: `link` follows a symbolic link on macOS, not on Linux.
    guard linkat(AT_FDCWD, source, AT_FDCWD, destination, 0) == 0 else {
      throw Diagnostic(message: "cannot link '\(source)' to '\(destination)'\(reason())")
    }
  }

  package func removeItem(atPath path: String) throws {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      throw Diagnostic(message: Self.cannotRemoveMessage(path, reason()))
    }
    try removeItem(atPath: path, isFolder: (status.st_mode & S_IFMT) == S_IFDIR)
  }

  package func removeItem(atPath path: String, isFolder: Bool) throws {
    guard (isFolder ? rmdir(path) : unlink(path)) == 0 else {
      throw Diagnostic(message: Self.cannotRemoveMessage(path, reason()))
    }
  }

  package func tryLock(atPath path: String) throws -> FileLockAttempt {
    try LocalFileLock.attempt(path)
  }

  package func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private func reason() -> String { errnoReason() }
}

/// ": no such file or directory" for the current `errno`, for messages.
func errnoReason(_ code: Int32 = errno) -> String {
  guard code != 0, let text = strerror(code) else { return "" }
  return ": " + String(cString: text).lowercased()
}

extension FileSystem {
  /// For file systems that need not save the question: `isFolderItself`, then `itemExists`.
  package func itemKind(atPath path: String) -> ItemKind {
    isFolderItself(atPath: path) ? .folder : itemExists(atPath: path) ? .other : .missing
  }

  /// For file systems that need not save the question: `removeItem(atPath:)`.
  package func removeItem(atPath path: String, isFolder: Bool) throws {
    try removeItem(atPath: path)
  }

  /// The pieces joined, written as one array (for file systems that write nothing large).
  package func writeFile(atPath path: String, pieces: FilePieces) throws {
    var bytes: [UInt8] = []
    try pieces { bytes.append(contentsOf: $0) }
    try writeFile(atPath: path, bytes: bytes)
  }

  /// A file's text; a clear diagnostic when it is missing, a folder, or not UTF-8.
  package func readText(atPath path: String, displayPath: String? = nil) throws(Diagnostic)
    -> String
  {
    try UTF8Text.decode(
      readBytes(atPath: path, displayPath: displayPath), file: displayPath ?? path)
  }

  /// The bytes of the file at `path`, or why they cannot be had: it is a folder, it is not
  /// there, or it cannot be read (named as `displayPath`).
  package func readBytes(atPath path: String, displayPath: String? = nil) throws(Diagnostic)
    -> [UInt8]
  {
    let shown = displayPath ?? path
    if isDirectory(atPath: path) { throw Diagnostic(message: "'\(shown)' is a folder, not a file") }
    guard fileExists(atPath: path) else {
      throw Diagnostic(message: LocalFileSystem.noSuchFileMessage(shown))
    }
    do {
      return try readFile(atPath: path)
    } catch {
      throw Diagnostic(message: LocalFileSystem.cannotReadMessage(shown))
    }
  }

  /// Removes a file, or a folder with everything in it. A symbolic link is removed itself, never
  /// followed, so nothing outside `path` is touched.
  package func removeTree(atPath path: String) throws {
    if isDirectory(atPath: path) && !isSymbolicLink(path) {
      for name in try contentsOfDirectory(atPath: path) {
        try removeTree(atPath: joinPath(path, name))
      }
    }
    try removeItem(atPath: path)
  }

  /// Whether `path` is a symbolic link (or cannot be resolved, which is treated the same).
  func isSymbolicLink(_ path: String) -> Bool {
    guard let real = resolvedPath(path), let parent = resolvedPath(parentPath(path)) else {
      return true
    }
    return real != joinPath(parent, lastPathComponent(path))
  }
}

extension LocalFileSystem {
  /// A file that is missing.
  static func noSuchFileMessage(_ path: String) -> String { "no such file '\(path)'" }

  /// A file that is there but cannot be read.
  static func cannotReadMessage(_ path: String) -> String { "cannot read '\(path)'" }

  /// A file that cannot be written; `reason` is ": " and the system's reason, or "".
  static func cannotWriteMessage(_ path: String, _ reason: String) -> String {
    "cannot write '\(path)'\(reason)"
  }

  /// A file or folder that cannot be removed; `reason` as for `cannotWriteMessage`.
  static func cannotRemoveMessage(_ path: String, _ reason: String) -> String {
    "cannot remove '\(path)'\(reason)"
  }
}
