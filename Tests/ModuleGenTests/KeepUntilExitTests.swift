import Testing

@testable import ModuleGen

/// What a command built is left for the exit to free in the real process, and freed as usual
/// anywhere else.
@Suite struct KeepUntilExitTests {
  final class Built {}

  @Test func theProcessKeepsWhatACommandBuilt() {
    weak var kept: Built?
    weak var freed: Built?
    do {
      let forProcess = Built()
      kept = forProcess
      Console.process.keepUntilExit(forProcess)
      let forTest = Built()
      freed = forTest
      Console(writeOut: { _ in }, writeError: { _ in }, currentDirectory: "/")
        .keepUntilExit(forTest)
    }
    #expect(kept != nil)
    #expect(freed == nil)
  }
}
