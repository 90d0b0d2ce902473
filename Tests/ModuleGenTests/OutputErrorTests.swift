import Foundation
import Testing

/// Output that cannot be written is an error: the built binary, with stdout on a full device
/// or closed. A reader that stops early (`| head`) is not: the run ends quietly.
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
  func aFailedWriteToStdoutIsAnError(_ script: String, _ message: String) throws {
    try #require(FileManager.default.fileExists(atPath: "/dev/full"))
    let dir = try makeTemporaryDirectory()
    // stderr goes through descriptor 3 so that the test can read it.
    let result = try shell("exec 3>&2; " + script, in: dir)
    #expect(result.code == 2, "\(script)")
    #expect(result.err == message, "\(script)")
    #expect(
      (try FileManager.default.contentsOfDirectory(atPath: dir)).isEmpty, "a dry run wrote files")
  }

  @Test func withStderrClosedTooTheExitCodeStillSaysSo() throws {
    let dir = try makeTemporaryDirectory()
    let result = try shell("echo hi | \"$0\" render - >&- 2>&-", in: dir)
    #expect(result.code == 2)
  }

  @Test func aClosedStdoutIsNeverReusedForAFileTheRunWrites() throws {
    // With descriptor 1 closed, the first file the run opens would get it: the plan printed
    // "to stdout" must not end up in a generated file or a lock file.
    let dir = try makeTemporaryDirectory()
    let result = try shell(
      "exec 3>&2; \"$0\" gen Home viper --project App --date 2026-01-02 >&- 2>&3", in: dir)
    #expect(result.code == 2)
    #expect(result.err == "error: cannot write to standard output: bad file descriptor\n")
    let presenter = try String(contentsOfFile: dir + "/Home/HomePresenter.swift", encoding: .utf8)
    #expect(!presenter.contains("create"))
    #expect(presenter.hasPrefix("//\n//  HomePresenter.swift\n"))
  }

  /// `modulegen ... | head`: the run is not killed by SIGPIPE (exit 141) and says nothing;
  /// it exits with its own code. The output is far larger than a pipe holds, so the writes
  /// after `head` exits fail.
  @Test func aReaderThatStopsEarlyEndsTheRunQuietly() throws {
    let dir = try makeTemporaryDirectory()
    try "{% for i in (1..100000) %}line {{ i }}\n{% endfor %}".write(
      toFile: dir + "/lines.liquid", atomically: true, encoding: .utf8)
    let result = try shell(
      "exec 3>&2; { \"$0\" render lines.liquid 2>&3; echo $? >status; } | head -n 1 >first",
      in: dir)
    #expect(result.err == "")
    #expect(try String(contentsOfFile: dir + "/status", encoding: .utf8) == "0\n")
    #expect(try String(contentsOfFile: dir + "/first", encoding: .utf8) == "line 1\n")
  }

  @Test func aGenWhoseReaderStopsEarlyStillWritesEveryFile() throws {
    let dir = try makeTemporaryDirectory()
    let result = try shell(
      "exec 3>&2; { \"$0\" gen Home viper --project App -v 2>&3; echo $? >status; } | true",
      in: dir)
    #expect(result.err == "")
    #expect(try String(contentsOfFile: dir + "/status", encoding: .utf8) == "0\n")
    #expect(FileManager.default.fileExists(atPath: dir + "/Home/HomePresenter.swift"))
    #expect(FileManager.default.fileExists(atPath: dir + "/.modulegen.lock"))
  }
}
