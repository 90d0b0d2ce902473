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

  @Test func theWorkingDirectoryIsFoundations() {
    #expect(Console.workingDirectory() == FileManager.default.currentDirectoryPath)
    #expect(Console.process.currentDirectory == FileManager.default.currentDirectoryPath)
  }
}
