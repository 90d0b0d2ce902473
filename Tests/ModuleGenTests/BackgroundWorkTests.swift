import BackgroundWork
import Foundation
import LinuxCalls
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Work on another thread: its value once done, as often as asked.
@Suite struct BackgroundWorkTests {
  @Test func givesTheValueOnceDone() {
    let work = BackgroundWork { (1...1000).reduce(0, +) }
    #expect(work.wait() == 500_500)
    #expect(work.wait() == 500_500)
  }

  @Test func runsOnAnotherThread() {
    let caller = Self.currentThread()
    let work = BackgroundWork { Self.currentThread() }
    #expect(work.wait() != caller)
  }

  @Test func carriesAnError() {
    struct Failure: Error, Equatable {}
    let work = BackgroundWork { Result<Int, Failure> { () throws(Failure) in throw Failure() } }
    #expect(throws: Failure()) { try work.wait().get() }
  }

  #if os(Linux)
    /// The thread starts on another CPU than its creator's (so that it starts at once while the
    /// creator goes on), then may run on every CPU its creator may: the work sees the same CPUs.
    @Test func workMayRunOnEveryCPU() throws {
      let caller = try Self.allowedCPUs()
      // Not waited for until the work has run: waiting lets a thread not yet started move too.
      let seen = SeenCPUs()
      let work = BackgroundWork { seen.set(try? Self.allowedCPUs()) }
      for _ in 0..<5_000 where seen.get() == nil { usleep(1_000) }
      work.wait()
      #expect(seen.get() == caller)
    }

    final class SeenCPUs: @unchecked Sendable {
      private let lock = NSLock()
      private var cpus: Set<Int>?
      func set(_ value: Set<Int>?) { lock.withLock { cpus = value ?? [] } }
      func get() -> Set<Int>? { lock.withLock { cpus } }
    }

    /// What `thread_placement_elsewhere` gives a thread: every CPU of its creator's but one,
    /// when there are two or more; nothing changed when there is one.
    @Test func placementLeavesOutOneCPU() throws {
      let caller = try Self.allowedCPUs()
      var attributes = pthread_attr_t()
      pthread_attr_init(&attributes)
      defer { pthread_attr_destroy(&attributes) }
      let placed = thread_placement_elsewhere(&attributes)
      #expect(placed == (caller.count > 1 ? 1 : 0))
      let seen = UnsafeMutablePointer<Set<Int>>.allocate(capacity: 1)
      seen.initialize(to: [])
      defer { seen.deinitialize(count: 1).deallocate() }
      var thread = pthread_t()
      #expect(
        pthread_create(
          &thread, &attributes,
          { context in
            let seen = context!.assumingMemoryBound(to: Set<Int>.self)
            seen.pointee = (try? BackgroundWorkTests.allowedCPUs()) ?? []
            return nil
          }, seen) == 0)
      pthread_join(thread, nil)
      #expect(seen.pointee.isSubset(of: caller))
      #expect(seen.pointee.count == (caller.count > 1 ? caller.count - 1 : caller.count))
    }

    /// The CPUs the calling thread may run on, from /proc ("0-3,6").
    static func allowedCPUs() throws -> Set<Int> {
      let status = try String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)
      let line = try #require(
        status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
      var cpus: Set<Int> = []
      for range in line.dropFirst("Cpus_allowed_list:".count).split(separator: ",") {
        let bounds = range.split(separator: "-").compactMap {
          Int($0.trimmingCharacters(in: .whitespaces))
        }
        if let first = bounds.first { cpus.formUnion(first...(bounds.last ?? first)) }
      }
      return cpus
    }
  #endif

  static func currentThread() -> UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }
}
