import Liquid

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The file operations modulegen needs, behind a protocol so that tests can inject faults.
public protocol FileSystem: Sendable {
  func readFile(atPath path: String) throws -> [UInt8]
  func fileExists(atPath path: String) -> Bool
  func isDirectory(atPath path: String) -> Bool
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
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw Diagnostic(message: "'\(shown)' is not UTF-8 text")
    }
    return text
  }
}
