#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Array where Element: Sendable {
  /// `transform` applied to every element, on as many threads as the machine has cores (at
  /// most `maxThreads`), the results in the elements' order. The caller's thread works too;
  /// with one core, or one element, everything runs on it. Each thread takes the next element
  /// not taken yet, so that long and short ones even out.
  package func concurrentMap<Result: Sendable>(
    maxThreads: Int = 8, _ transform: @escaping @Sendable (Element) -> Result
  ) -> [Result] {
    let threads = Swift.max(1, Swift.min(count, maxThreads, processorCount()))
    guard threads > 1 else { return map(transform) }
    let items = self
    let next = Counter()
    let work = { @Sendable () -> [(Int, Result)] in
      var done: [(Int, Result)] = []
      while let index = next.take(below: items.count) {
        done.append((index, transform(items[index])))
      }
      return done
    }
    let others = (1..<threads).map { _ in BackgroundWork(work) }
    var results = [Result?](repeating: nil, count: count)
    for (index, result) in work() + others.flatMap({ $0.wait() }) { results[index] = result }
    return results.map { $0! }
  }
}

/// The cores that are online now.
func processorCount() -> Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

/// The next index to work on, shared by the threads of one `concurrentMap`.
private final class Counter: @unchecked Sendable {
  // Read and written only with `mutex` held.
  private var value = 0
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init() { pthread_mutex_init(mutex, nil) }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// The next index, nil once all `count` are taken.
  func take(below count: Int) -> Int? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    guard value < count else { return nil }
    value += 1
    return value - 1
  }
}
