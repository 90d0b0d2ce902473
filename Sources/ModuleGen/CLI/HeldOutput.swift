/// What a command writes (both streams, in order) and reports (with `--format json` or
/// `github`), held back until the command knows that it stands: `check` that read while another
/// run wrote reads again, and only the attempt that counts is seen.
final class HeldOutput: Sendable {
  /// The writes held, in order. Their own object, which the held console's streams keep: were
  /// they this object's, the streams would keep it and it its console, so that neither was
  /// ever freed.
  private final class Writes: @unchecked Sendable {
    // Unsynchronized on purpose, as the console's streams: a command writes from one thread.
    var held: [(toError: Bool, text: String)] = []
  }

  private let writes: Writes
  private let collector: ReportCollector?
  /// `console` with its output held here.
  let console: Console

  init(_ console: Console) {
    let collector = console.collector.map { ReportCollector(format: $0.format) }
    let writes = Writes()
    var held = console
    held.collector = collector
    held.writeOut = { writes.held.append((false, $0)) }
    held.writeError = { writes.held.append((true, $0)) }
    self.writes = writes
    self.collector = collector
    self.console = held
  }

  /// Writes and reports what was held to `console`, in the order it came.
  func release(to console: Console) {
    for write in writes.held {
      if write.toError { console.writeError(write.text) } else { console.writeOut(write.text) }
    }
    writes.held = []
    if let collector { console.collector?.add(contentsOf: collector) }
  }
}
