import Foundation
import Testing

/// A table in a document of the repository (Templates/README.md unless `document` says
/// otherwise) made from declarations, between two marker lines: the test compares it with
/// `table`, and `MODULEGEN_RECORD=1` re-writes it and fails, so that a recording is never
/// silently accepted.
struct ReadmeTable {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The document's path in the repository.
  var document = "Templates/README.md"
  /// The marker lines, e.g. `<!-- config keys: generated from ProjectConfig+Keys.swift -->`.
  var start: String
  var end: String
  /// The suite that checks the table, for the message that says how to re-record it.
  var suite: String

  /// The tables' suites run in parallel; a recording re-writes the file they share.
  static let lock = NSLock()

  func check(_ table: String) throws {
    Self.lock.lock()
    defer { Self.lock.unlock() }
    let path = Self.root.appendingPathComponent(document).path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let start = try #require(text.range(of: self.start + "\n"))
    let end = try #require(text.range(of: self.end + "\n", range: start.upperBound..<text.endIndex))
    if ProcessInfo.processInfo.environment["MODULEGEN_RECORD"] != nil {
      try text.replacingCharacters(in: start.upperBound..<end.lowerBound, with: table)
        .write(toFile: path, atomically: true, encoding: .utf8)
      Issue.record("recorded \(self.start) in \(document); run again without MODULEGEN_RECORD")
      return
    }
    #expect(
      String(text[start.upperBound..<end.lowerBound]) == table,
      "run MODULEGEN_RECORD=1 swift test --filter \(suite)")
  }
}
