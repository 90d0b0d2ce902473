import Liquid

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file operations modulegen needs, behind a protocol so that tests can inject faults and
/// so that only the applier of a plan ever writes.
public protocol FileSystem: Sendable {
  func readFile(atPath path: String) throws -> [UInt8]
  func fileExists(atPath path: String) -> Bool
  func isDirectory(atPath path: String) -> Bool
  func contentsOfDirectory(atPath path: String) throws -> [String]
  func writeFile(atPath path: String, bytes: [UInt8]) throws
  func createDirectory(atPath path: String) throws
  /// Renames within one file system; fails if the destination exists.
  func moveItem(atPath source: String, toPath destination: String) throws
  func removeItem(atPath path: String) throws
  /// The path with every symbolic link resolved; nil if it does not exist.
  func resolvedPath(_ path: String) -> String?
  func modificationTime(atPath path: String) -> Double?
}

/// The real file system.
public struct LocalFileSystem: FileSystem {
  public init() {}

  public func readFile(atPath path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Diagnostic(
        message: fileExists(atPath: path) ? "cannot read '\(path)'" : "no such file '\(path)'")
    }
    return [UInt8](data)
  }

  public func fileExists(atPath path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
  }

  public func isDirectory(atPath path: String) -> Bool {
    var isDirectory = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
  }

  public func contentsOfDirectory(atPath path: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  /// A plain create-and-write: callers stage files and rename them, so no temporary copy is
  /// needed here.
  public func writeFile(atPath path: String, bytes: [UInt8]) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Diagnostic(message: "cannot write '\(path)'\(reason())") }
    defer { close(descriptor) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + offset, bytes.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw Diagnostic(message: "cannot write '\(path)'\(reason())")
      }
      offset += written
    }
  }

  public func createDirectory(atPath path: String) throws {
    guard mkdir(path, 0o755) == 0 else {
      throw Diagnostic(message: "cannot create the folder '\(path)'\(reason())")
    }
  }

  public func moveItem(atPath source: String, toPath destination: String) throws {
    guard rename(source, destination) == 0 else {
      throw Diagnostic(message: "cannot move '\(source)' to '\(destination)'\(reason())")
    }
  }

  public func removeItem(atPath path: String) throws {
    do {
      try FileManager.default.removeItem(atPath: path)
    } catch {
      throw Diagnostic(message: "cannot remove '\(path)'")
    }
  }

  public func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  public func modificationTime(atPath path: String) -> Double? {
    guard
      let date = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate]
        as? Date
    else { return nil }
    return date.timeIntervalSince1970
  }

  private func reason() -> String {
    let code = errno
    guard code != 0, let text = strerror(code) else { return "" }
    return ": " + String(cString: text).lowercased()
  }
}

extension FileSystem {
  /// A file's text; a clear diagnostic when it is missing, a folder, or not UTF-8.
  public func readText(atPath path: String, displayPath: String? = nil) throws(Diagnostic) -> String
  {
    let shown = displayPath ?? path
    if isDirectory(atPath: path) { throw Diagnostic(message: "'\(shown)' is a folder, not a file") }
    guard fileExists(atPath: path) else { throw Diagnostic(message: "no such file '\(shown)'") }
    let bytes: [UInt8]
    do {
      bytes = try readFile(atPath: path)
    } catch {
      throw Diagnostic(message: "cannot read '\(shown)'")
    }
    return try UTF8Text.decode(bytes, file: shown)
  }
}

/// Joins path components with single slashes.
public func joinPath(_ base: String, _ component: String) -> String {
  if component.isEmpty { return base }
  if component.hasPrefix("/") || base.isEmpty { return component }
  return base.hasSuffix("/") ? base + component : base + "/" + component
}

/// The parent folder of a path ("/" for a top-level entry, "." for a bare name).
public func parentPath(_ path: String) -> String {
  guard let slash = path.lastIndex(of: "/") else { return "." }
  if slash == path.startIndex { return "/" }
  return String(path[..<slash])
}

/// Removes `.` components and empty components; `..` is kept (and refused by callers).
public func normalizePath(_ path: String) -> String {
  let absolute = path.hasPrefix("/")
  let parts = path.split(separator: "/").filter { $0 != "." }
  return (absolute ? "/" : "") + parts.joined(separator: "/")
}
