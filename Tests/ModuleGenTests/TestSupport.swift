import Foundation
import ModuleGen

/// Captures what a command writes.
final class Output: @unchecked Sendable {
  private let lock = NSLock()
  private var _out = ""
  private var _err = ""
  var out: String { lock.withLock { _out } }
  var err: String { lock.withLock { _err } }
  func write(out text: String) { lock.withLock { _out += text } }
  func write(err text: String) { lock.withLock { _err += text } }
}

/// Runs `modulegen` in-process in `directory`; returns the exit code and what it wrote.
func runTool(
  _ arguments: [String], in directory: String, stdin: String = "",
  environment: [String: String] = [:]
) -> (code: Int32, out: String, err: String) {
  let output = Output()
  let console = Console(
    writeOut: { output.write(out: $0) }, writeError: { output.write(err: $0) },
    readInput: { Array(stdin.utf8) }, environment: environment, currentDirectory: directory)
  let code = CommandLineTool.run(arguments, console: console)
  return (code, output.out, output.err)
}

/// A fresh temporary folder, removed when the test process exits.
func makeTemporaryDirectory() throws -> String {
  let path = NSTemporaryDirectory() + "modulegen-tests-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  TemporaryFolders.shared.add(path)
  return path
}

/// The folders `makeTemporaryDirectory` made, removed at exit (made writable first: some tests
/// take write permission away).
final class TemporaryFolders: @unchecked Sendable {
  static let shared = TemporaryFolders()
  private let lock = NSLock()
  private var paths: [String] = []

  private init() {
    atexit { TemporaryFolders.shared.removeAll() }
  }

  func add(_ path: String) { lock.withLock { paths.append(path) } }

  func removeAll() {
    let paths = lock.withLock { self.paths }
    for path in paths {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/chmod")
      process.arguments = ["-R", "u+rwx", path]
      try? process.run()
      process.waitUntilExit()
      try? FileManager.default.removeItem(atPath: path)
    }
  }
}

func write(_ text: String, to path: String) throws {
  let url = URL(fileURLWithPath: path)
  try FileManager.default.createDirectory(
    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  try text.write(to: url, atomically: true, encoding: .utf8)
}

/// Whether the tests run on Linux. Two suites are Linux's: the generated modules built against
/// the stand-ins for UIKit, SwiftUI and Combine (on a Mac those names are Apple's frameworks, and
/// CI builds and tests the modules there against them with xcodebuild), and the self-contained
/// Linux release binary.
let runsOnLinux: Bool = {
  #if os(Linux)
    true
  #else
    false
  #endif
}()

/// The copy of Apple's iOS SDK prepared by scripts/prepare-ios-sdk.sh and the swiftc flags it
/// printed, when MODULEGEN_IOS_SDK (and MODULEGEN_IOS_SWIFTC_FLAGS) are exported.
let preparedIOSSDK: (path: String, swiftcFlags: [String])? = {
  let environment = ProcessInfo.processInfo.environment
  guard let path = environment["MODULEGEN_IOS_SDK"], !path.isEmpty else { return nil }
  let flags = (environment["MODULEGEN_IOS_SWIFTC_FLAGS"] ?? "").split(separator: " ")
  return (path, flags.map(String.init))
}()

/// The built `modulegen` binary, beside the test bundle.
var builtBinary: String { builtProduct("modulegen") }

/// A built executable of the package (`modulegen`, `liquid-benchmark`…), beside the test bundle.
func builtProduct(_ name: String) -> String {
  URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent(name).path
}

/// Runs the built binary (or `binary`) as a separate process, with stdin from `stdin` (not a
/// terminal).
func runBinary(
  _ arguments: [String], in directory: String, stdin: String = "",
  environment: [String: String]? = nil, binary: String = builtBinary
)
  throws -> (code: Int32, out: Data, err: String)
{
  let process = Process()
  process.executableURL = URL(fileURLWithPath: binary)
  process.arguments = arguments
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  if let environment { process.environment = environment }
  let input = Pipe()
  let output = Pipe()
  let error = Pipe()
  process.standardInput = input
  process.standardOutput = output
  process.standardError = error
  try process.run()
  input.fileHandleForWriting.write(Data(stdin.utf8))
  try input.fileHandleForWriting.close()
  let out = output.fileHandleForReading.readDataToEndOfFile()
  let err = error.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, out, String(decoding: err, as: UTF8.self))
}
