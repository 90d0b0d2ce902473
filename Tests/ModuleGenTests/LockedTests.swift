import BackgroundWork
import Testing

/// A value shared by threads: no update is lost.
@Suite struct LockedTests {
  @Test func keepsEveryUpdateOfManyThreads() {
    let total = Locked(0)
    let works = (0..<4).map { _ in
      BackgroundWork {
        for _ in 0..<10_000 { total.withLock { $0 += 1 } }
      }
    }
    for work in works { work.wait() }
    #expect(total.withLock { $0 } == 40_000)
  }

  @Test func givesWhatItsBodyReturnsAndThrows() {
    struct Failure: Error, Equatable {}
    let names = Locked(["a"])
    #expect(
      names.withLock {
        $0.append("b")
        return $0.count
      } == 2)
    #expect(throws: Failure()) { try names.withLock { _ throws(Failure) in throw Failure() } }
    #expect(names.withLock { $0 } == ["a", "b"])
  }
}
