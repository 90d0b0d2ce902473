import BackgroundWork
import SystemLibrary
import Testing

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

  static func currentThread() -> UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }
}
