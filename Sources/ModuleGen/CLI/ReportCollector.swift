import Diagnostics
import Liquid

/// What a command run with `--format json` or `--format github` reports: its diagnostics (every
/// problem, including the error that stopped it) and, for JSON, the keys of its own result. The
/// command line writes the report when the command has finished, whatever its outcome, so a
/// script always reads one document of one shape.
package final class ReportCollector: @unchecked Sendable {
  /// The JSON report's `schema` and `version`: the version goes up when a key changes meaning
  /// or goes away (new keys may come in any version).
  static let schema = "modulegen-report"
  static let version = 1

  let format: OutputFormat
  // Unsynchronized on purpose, as the console's streams: a command reports from one thread.
  private var diagnostics: [Diagnostic] = []
  private var keys: [(String, LiquidValue)] = []

  init(format: OutputFormat) {
    self.format = format
  }

  func add(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }

  /// The command's own keys, after the report's.
  func add(_ result: [(String, LiquidValue)]) {
    keys += result
  }

  /// Takes what `other` collected after what this one has (output held back, then released).
  func add(contentsOf other: ReportCollector) {
    diagnostics += other.diagnostics
    keys += other.keys
  }

  /// The JSON report of a command that exited with `code`.
  func json(command: String, code: Int32) -> String {
    var root = LiquidObject()
    root["schema"] = .string(Self.schema)
    root["version"] = .int(Self.version)
    root["command"] = .string(command)
    root["ok"] = .bool(code == ExitCode.success)
    root["exit_code"] = .int(Int(code))
    root["diagnostics"] = .array(diagnostics.map(Self.json))
    for (key, value) in keys where root[key] == nil { root[key] = value }
    return LiquidValue.object(root).jsonText + "\n"
  }

  /// A diagnostic as an object of the report: every key is there, `null` when it has no place.
  static func json(_ diagnostic: Diagnostic) -> LiquidValue {
    let location = diagnostic.location
    return .object(
      LiquidObject([
        ("severity", .string(diagnostic.severity.rawValue)),
        ("file", location.map { .string($0.file) } ?? .nil),
        ("line", location.map { .int($0.line) } ?? .nil),
        ("column", location.map { .int($0.column) } ?? .nil),
        ("message", .string(diagnostic.message)),
        ("notes", .array(diagnostic.notes.map { .string($0) })),
      ]))
  }
}
