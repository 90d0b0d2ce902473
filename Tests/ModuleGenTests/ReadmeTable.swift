import Foundation
import Testing

/// A table in Templates/README.md made from declarations, between two marker lines: the test
/// compares it with `table`, and `MODULEGEN_RECORD=1` re-writes it and fails, so that a recording
/// is never silently accepted.
struct ReadmeTable {
  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Templates/README.md").path

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
    let text = try String(contentsOfFile: Self.readme, encoding: .utf8)
    let start = try #require(text.range(of: self.start + "\n"))
    let end = try #require(text.range(of: self.end + "\n", range: start.upperBound..<text.endIndex))
    if ProcessInfo.processInfo.environment["MODULEGEN_RECORD"] != nil {
      try text.replacingCharacters(in: start.upperBound..<end.lowerBound, with: table)
        .write(toFile: Self.readme, atomically: true, encoding: .utf8)
      Issue.record(
        "recorded \(self.start) in Templates/README.md; run again without MODULEGEN_RECORD")
      return
    }
    #expect(
      String(text[start.upperBound..<end.lowerBound]) == table,
      "run MODULEGEN_RECORD=1 swift test --filter \(suite)")
  }
}
