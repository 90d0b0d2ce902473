import SystemLibrary

/// Work started on another thread while the caller goes on with something else, its result
/// taken with `wait()`. `gen` reads a large Xcode project this way while it renders the module:
/// with a core free, they overlap.
///
/// A POSIX thread rather than Dispatch: Dispatch's Swift library would be loaded at every
/// start of the tool, and cost every command more than the thread does.
package final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
  // `outcome` is written once, by the thread (or by `init` when no thread could start), and
  // read only after `wait()` has joined the thread: never at the same time.
  private var outcome: Value?
  #if canImport(Darwin)
    private var thread: pthread_t?
  #else
    private var thread = pthread_t()
  #endif
  private var running = false

  /// Starts `work` on a new thread (or, if none can start, does it now).
  package init(_ work: @escaping @Sendable () -> Value) {
    let start = ThreadStart { self.outcome = work() }
    let context = Unmanaged.passRetained(start).toOpaque()
    let created = pthread_create(
      &thread, nil,
      { context in
        let pointer: UnsafeMutableRawPointer? = context
        if let pointer { Unmanaged<ThreadStart>.fromOpaque(pointer).takeRetainedValue().run() }
        return nil
      }, context)
    if created == 0 {
      running = true
    } else {
      Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue().run()
    }
  }

  /// The work's result, once it is done. Called from one thread only.
  package func wait() -> Value {
    if running {
      #if canImport(Darwin)
        if let thread { pthread_join(thread, nil) }
      #else
        pthread_join(thread, nil)
      #endif
      running = false
    }
    return outcome!
  }

  deinit {
    // Never waited for (the caller stopped first): the thread ends on its own.
    #if canImport(Darwin)
      if running, let thread { pthread_detach(thread) }
    #else
      if running { pthread_detach(thread) }
    #endif
  }
}

/// What a new thread runs, handed to it as a raw pointer (a C function cannot capture).
private final class ThreadStart: @unchecked Sendable {
  // Set once in `init`, run once on the new thread.
  let run: () -> Void

  init(_ run: @escaping () -> Void) {
    self.run = run
  }
}
