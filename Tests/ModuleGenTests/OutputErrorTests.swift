import Foundation
import Testing

/// Output that cannot be written is an error: the built binary, with stdout on a full device
/// or closed.
@Suite struct OutputErrorTests {
  /// Runs `script` in `sh` with the binary as `$0`; returns the exit code and stderr.
  func shell(_ script: String, in dir: String) throws -> (code: Int32, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, builtBinary]
    process.currentDirectoryURL = URL(fileURLWithPath: dir)
    process.environment = ["HOME": dir, "PATH": "/usr/bin:/bin"]
    let error = Pipe()
    process.standardError = error
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: err, as: UTF8.self))
  }

  @Test(arguments: [
    (
      "echo hi | \"$0\" render - >/dev/full 2>&3",
      "error: cannot write to standard output: no space left on device\n"
    ),
    (
      "\"$0\" gen Home viper --project App --dry-run --format json >/dev/full 2>&3",
      "error: cannot write to standard output: no space left on device\n"
    ),
    (
      "echo hi | \"$0\" render - >&- 2>&3",
      "error: cannot write to standard output: bad file descriptor\n"
    ),
    (
      "\"$0\" --help >/dev/full 2>&3",
      "error: cannot write to standard output: no space left on device\n"
    ),
  ])
  func aFailedWriteToStdoutExits1(_ script: String, _ message: String) throws {
    try #require(FileManager.default.fileExists(atPath: "/dev/full"))
    let dir = try makeTemporaryDirectory()
    // stderr goes through descriptor 3 so that the test can read it.
    let result = try shell("exec 3>&2; " + script, in: dir)
    #expect(result.code == 1, "\(script)")
    #expect(result.err == message, "\(script)")
    #expect(
      (try FileManager.default.contentsOfDirectory(atPath: dir)).isEmpty, "a dry run wrote files")
  }

  @Test func withStderrClosedTooTheExitCodeStillSaysSo() throws {
    let dir = try makeTemporaryDirectory()
    let result = try shell("echo hi | \"$0\" render - >&- 2>&-", in: dir)
    #expect(result.code == 1)
  }

  @Test func aClosedStdoutIsNeverReusedForAFileTheRunWrites() throws {
    // With descriptor 1 closed, the first file the run opens would get it: the plan printed
    // "to stdout" must not end up in a generated file or a lock file.
    let dir = try makeTemporaryDirectory()
    let result = try shell(
      "exec 3>&2; \"$0\" gen Home viper --project App --date 2026-01-02 >&- 2>&3", in: dir)
    #expect(result.code == 1)
    #expect(result.err == "error: cannot write to standard output: bad file descriptor\n")
    let presenter = try String(contentsOfFile: dir + "/Home/HomePresenter.swift", encoding: .utf8)
    #expect(!presenter.contains("create"))
    #expect(presenter.hasPrefix("//\n//  HomePresenter.swift\n"))
  }
}
