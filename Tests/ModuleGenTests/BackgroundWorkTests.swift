import Testing

@testable import ModuleGen

/// Work on another thread: its value, or its error, once done, as often as asked.
@Suite struct BackgroundWorkTests {
  struct Failure: Error, Equatable {}

  @Test func givesTheValueOnceDone() throws {
    let work = BackgroundWork { (1...1000).reduce(0, +) }
    #expect(try work.wait() == 500_500)
    #expect(try work.wait() == 500_500)
  }

  @Test func throwsTheError() {
    let work = BackgroundWork { () throws -> Int in throw Failure() }
    #expect(throws: Failure()) { try work.wait() }
    #expect(throws: Failure()) { try work.wait() }
  }
}
