/// What a command writes (both streams, in order) and reports (with `--format json` or
/// `github`), held back until the command knows that it stands: `check` that read while another
/// run wrote reads again, and only the attempt that counts is seen.
final class HeldOutput: @unchecked Sendable {
  // Unsynchronized on purpose, as the console's streams: a command writes from one thread. The
  // held console's streams keep this alive as long as it is (a command's console lives until
  // the process ends).
  private var writes: [(toError: Bool, text: String)] = []
  private let collector: ReportCollector?
  /// `console` with its output held here.
  private(set) var console: Console

  init(_ console: Console) {
    collector = console.collector.map { ReportCollector(format: $0.format) }
    self.console = console
    self.console.collector = collector
    self.console.writeOut = { self.writes.append((false, $0)) }
    self.console.writeError = { self.writes.append((true, $0)) }
  }

  /// Writes and reports what was held to `console`, in the order it came.
  func release(to console: Console) {
    for write in writes {
      if write.toError { console.writeError(write.text) } else { console.writeOut(write.text) }
    }
    writes = []
    if let collector { console.collector?.add(contentsOf: collector) }
  }
}
