import SystemLibrary

/// A value that several threads share, read and written only with its lock held.
///
/// A POSIX mutex: Synchronization's `Mutex` needs macOS 15, and Foundation's `NSLock` would load
/// Foundation (with ICU, on Linux) at every start of the tool, which loads no part of it.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  // Read and written only with `mutex` held.
  private var value: Value
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  package init(_ value: Value) {
    self.value = value
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// `body` applied to the value, with no other thread in a `withLock` of this value meanwhile.
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
