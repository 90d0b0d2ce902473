import SystemLibrary

extension Array where Element: Sendable {
  /// `transform` applied to every element, on as many threads as the machine has cores (at
  /// most `maxThreads`, and one per `perThread` elements: starting a thread costs about as much
  /// as a few small steps), the results in the elements' order. The caller's thread works too;
  /// with one core, or too few elements, everything runs on it. Each thread takes the next
  /// element not taken yet, so that long and short ones even out.
  package func concurrentMap<Result: Sendable>(
    maxThreads: Int = 8, perThread: Int = 1, _ transform: @escaping @Sendable (Element) -> Result
  ) -> [Result] {
    // Too few elements for a second thread: no thread, and no question about the cores.
    let wanted = count / Swift.max(1, perThread)
    guard wanted > 1 else { return map(transform) }
    let threads = Swift.min(wanted, maxThreads, onlineProcessors)
    guard threads > 1 else { return map(transform) }
    let items = self
    // The next element no thread has taken.
    let next = Locked(0)
    let work = { @Sendable () -> [(Int, Result)] in
      var done: [(Int, Result)] = []
      while let index = next.withLock({ (taken: inout Int) -> Int? in
        guard taken < items.count else { return nil }
        taken += 1
        return taken - 1
      }) {
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

/// The cores that are online, asked once: glibc reads a file in /sys for every question.
package let onlineProcessors = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
