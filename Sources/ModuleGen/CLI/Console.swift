import Diagnostics
import Liquid
import SystemLibrary

/// The process's streams and surroundings, passed in so that commands can be tested.
package struct Console: Sendable {
  package var writeOut: @Sendable (String) -> Void
  package var writeError: @Sendable (String) -> Void
  package var readInput: @Sendable () -> [UInt8]
  package var inputIsTerminal: Bool
  package var errorIsTerminal: Bool
  package var outputIsTerminal = false
  package var environment: [String: String]
  package var currentDirectory: String
  /// Why writing to stdout or stderr failed (the first time it did), or nil: a command whose
  /// output was lost must not exit 0.
  package var outputFailure: @Sendable () -> String? = { nil }
  /// Keeps what a command built alive until the process exits, when the process exits after
  /// the command (`process`): freeing a large Xcode project's tokens and bytes piece by
  /// piece takes longer than the exit, which frees everything at once. Elsewhere (tests) a
  /// value is freed as usual.
  package var keepUntilExit: @Sendable (Any) -> Void = { _ in }
  /// `--color`: whether to colour whatever the environment says.
  package var colorChoice: ColorChoice = .auto
  /// With `--format json` or `github`: where diagnostics go instead of (JSON: as well as)
  /// stderr, and the command's result.
  package var collector: ReportCollector?
  /// False with `--quiet`: notes (what a run did or decided, no problem) are not printed; the
  /// JSON report still has them.
  package var printsNotes = true

  package init(
    writeOut: @escaping @Sendable (String) -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    readInput: @escaping @Sendable () -> [UInt8] = { [] }, inputIsTerminal: Bool = false,
    errorIsTerminal: Bool = false, environment: [String: String] = [:], currentDirectory: String
  ) {
    self.writeOut = writeOut
    self.writeError = writeError
    self.readInput = readInput
    self.inputIsTerminal = inputIsTerminal
    self.errorIsTerminal = errorIsTerminal
    self.environment = environment
    self.currentDirectory = currentDirectory
  }

  /// The real process: standard streams, environment and working directory.
  package static var process: Console {
    reserveStandardDescriptors()
    // A reader that stops early (`modulegen ... | head`) makes writes fail with EPIPE instead
    // of killing the process: the command finishes what it does, prints nothing more and
    // exits with its own code, as if its output had been read to the end.
    signal(SIGPIPE, SIG_IGN)
    let status = StreamStatus()
    var console = Console(
      writeOut: { status.write(1, "standard output", $0) },
      writeError: { status.write(2, "standard error", $0) }, readInput: readAllInput,
      inputIsTerminal: isatty(0) == 1, errorIsTerminal: isatty(2) == 1,
      environment: processEnvironment(), currentDirectory: workingDirectory())
    console.outputFailure = { status.failure }
    console.outputIsTerminal = isatty(1) == 1
    console.keepUntilExit = { value in _ = Unmanaged.passRetained(KeptUntilExit(value)) }
    return console
  }

  /// The process's environment variables. Read from the C library: Foundation's `ProcessInfo`
  /// would load Foundation, whose start-up every command would pay.
  static func processEnvironment() -> [String: String] {
    #if canImport(Darwin)
      let entries = UnsafePointer(_NSGetEnviron().pointee)
    #else
      let entries = UnsafePointer(environ)
    #endif
    return environment(of: entries)
  }

  /// The variables of a C environment list (`NAME=value` entries up to a null pointer).
  static func environment(of entries: UnsafePointer<UnsafeMutablePointer<CChar>?>?) -> [String:
    String]
  {
    var count = 0
    while entries?[count] != nil { count += 1 }
    var environment: [String: String] = [:]
    environment.reserveCapacity(count)
    // As `getenv` reads it, the first of two entries with one name is the one that counts: read
    // from the last entry to the first, the first one is stored last.
    for index in (0..<count).reversed() {
      guard let entry = entries?[index] else { continue }
      // Name and value are decoded straight from the entry's bytes, without a `String` of the
      // whole entry cut in two.
      let bytes = UnsafeRawBufferPointer(start: entry, count: strlen(entry))
      guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
      environment[String(decoding: bytes[..<equals], as: UTF8.self)] = String(
        decoding: bytes[(equals + 1)...], as: UTF8.self)
    }
    return environment
  }

  /// The working directory, or "" when it cannot be found (it was removed).
  static func workingDirectory() -> String {
    guard let path = getcwd(nil, 0) else { return "" }
    defer { free(path) }
    return String(cString: path)
  }

  /// A closed standard descriptor is given /dev/null opened for reading, so that no file the
  /// command opens takes its number (output meant for stdout would land in it) and writing to
  /// it fails, as it should.
  static func reserveStandardDescriptors() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", O_RDONLY)
      if opened >= 0 && opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }

  /// Colour on stderr: see `ColorChoice.allows`.
  package var useColor: Bool {
    colorChoice.allows(terminal: errorIsTerminal, environment: environment)
  }

  /// Colour for what goes to stdout (statuses), by the same rules.
  package var useColorOnOutput: Bool {
    colorChoice.allows(terminal: outputIsTerminal, environment: environment)
  }

  /// A problem: on stderr as `path:line:col: error: message`; with `--format github`, as a
  /// workflow command on stdout instead; with `--format json`, also in the report.
  package func report(_ diagnostic: Diagnostic) {
    collector?.add(diagnostic)
    if diagnostic.severity == .note && !printsNotes { return }
    if collector?.format == .github {
      writeOut(GitHubAnnotation.line(diagnostic))
    } else {
      writeError(diagnostic.rendered(color: useColor) + "\n")
    }
  }

  /// A command's result in its own keys: into the report with `--format json`; written as a
  /// JSON object when there is no report (a command run without the command line).
  func writeResult(_ keys: [(String, LiquidValue)]) {
    if let collector {
      collector.add(keys)
    } else {
      writeOut(LiquidValue.object(LiquidObject(keys)).jsonText + "\n")
    }
  }
}

/// Writes to a standard stream and remembers the first failure; after one, that stream is
/// not written to again. A reader that went away (EPIPE) is not a failure: nobody is left to
/// read the rest.
private final class StreamStatus: @unchecked Sendable {
  // Unsynchronized on purpose: a command writes its output from one thread.
  private var failed: Set<Int32> = []
  private(set) var failure: String?

  func write(_ descriptor: Int32, _ name: String, _ text: String) {
    guard !failed.contains(descriptor) else { return }
    if let reason = writeAll(descriptor, text) {
      failed.insert(descriptor)
      if failure == nil && reason != readerGone { failure = name + reason }
    }
  }
}

/// What `writeAll` returns when the reading end of a pipe was closed.
private let readerGone = ": the reader closed the pipe"

/// Writes every byte; on failure, the reason (": no space left on device").
private func writeAll(_ descriptor: Int32, _ text: String) -> String? {
  var bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeMutableBytes { buffer in
      write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
    }
    if written < 0 && errno == EINTR { continue }
    if written < 0 && errno == EPIPE { return readerGone }
    if written <= 0 { return written < 0 ? errnoReason() : ": nothing was written" }
    offset += written
  }
  return nil
}

@Sendable private func readAllInput() -> [UInt8] {
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
    if count < 0 && errno == EINTR { continue }
    if count <= 0 { break }
    bytes += buffer[0..<count]
  }
  return bytes
}

/// A value `Console.process` keeps alive until the process exits.
private final class KeptUntilExit {
  let value: Any

  init(_ value: Any) {
    self.value = value
  }
}
