import Dispatch

/// Work started on another thread while the caller goes on with something else, its result
/// taken with `wait()`. `gen` reads and parses a large Xcode project this way while it renders
/// the module: on a machine with two cores the two overlap.
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
  // `outcome` is written once by the worker before it signals `done`, and read only after
  // `wait()` has taken that signal (on the caller's thread): never at the same time.
  private var outcome: Result<Value, any Error>?
  private let done = DispatchSemaphore(value: 0)
  private var waited = false

  init(_ work: @escaping @Sendable () throws -> Value) {
    DispatchQueue.global(qos: .userInitiated).async {
      self.outcome = Result(catching: work)
      self.done.signal()
    }
  }

  /// The work's result once it is done (its error thrown). Called from one thread only.
  func wait() throws -> Value {
    if !waited {
      done.wait()
      waited = true
    }
    return try outcome!.get()
  }
}
