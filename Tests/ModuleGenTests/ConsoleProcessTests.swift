import Foundation
import Testing

@testable import ModuleGen

/// What `Console.process` reads of the process from the C library, against what Foundation,
/// which the tool does not load, reads of the same process.
@Suite struct ConsoleProcessTests {
  @Test func theEnvironmentIsFoundationsEnvironment() {
    let environment = Console.processEnvironment()
    #expect(environment == ProcessInfo.processInfo.environment)
    #expect(environment["PATH"] != nil)
  }

  /// A value may hold `=`: only the first one ends the name.
  @Test func aValueKeepsEveryEqualsSign() {
    setenv("MODULEGEN_TEST_EQUALS", "a=b==c", 1)
    defer { unsetenv("MODULEGEN_TEST_EQUALS") }
    #expect(Console.processEnvironment()["MODULEGEN_TEST_EQUALS"] == "a=b==c")
  }

  /// As `getenv` reads a list: the first of two entries with one name counts, an entry without
  /// `=` is no variable, and bytes that are not UTF-8 are repaired as `String(cString:)` does.
  @Test func theFirstOfTwoEntriesWithOneNameCounts() {
    let texts: [[UInt8]] = [
      Array("A=first".utf8), Array("NOEQUALS".utf8), Array("A=second".utf8),
      Array("=empty name".utf8),
      Array("B=".utf8), [0x43, 0x3D, 0xFF, 0x41],
    ]
    let entries = texts.map { text in
      let entry = UnsafeMutablePointer<CChar>.allocate(capacity: text.count + 1)
      for (offset, byte) in text.enumerated() { entry[offset] = CChar(bitPattern: byte) }
      entry[text.count] = 0
      return Optional(entry)
    }
    defer { for entry in entries { entry?.deallocate() } }
    let list = entries + [nil]
    let environment = list.withUnsafeBufferPointer { Console.environment(of: $0.baseAddress) }
    #expect(environment == ["A": "first", "": "empty name", "B": "", "C": "\u{FFFD}A"])
    #expect(Console.environment(of: nil) == [:])
  }

  @Test func theWorkingDirectoryIsFoundations() {
    #expect(Console.workingDirectory() == FileManager.default.currentDirectoryPath)
    #expect(Console.process.currentDirectory == FileManager.default.currentDirectoryPath)
  }
}
