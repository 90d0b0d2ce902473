import Testing

@testable import ModuleGen

/// `check`'s output held back while another run writes: released in order, and freed with
/// the attempt that held it.
@Suite struct HeldOutputTests {
  final class Lines: @unchecked Sendable {
    var lines: [String] = []
  }

  @Test func heldWritesAreReleasedInOrder() {
    let lines = Lines()
    let console = Console(
      writeOut: { lines.lines.append("out: " + $0) },
      writeError: { lines.lines.append("err: " + $0) }, currentDirectory: "/")
    let held = HeldOutput(console)
    held.console.writeOut("a")
    held.console.writeError("b")
    held.console.writeOut("c")
    #expect(lines.lines.isEmpty)
    held.release(to: console)
    #expect(lines.lines == ["out: a", "err: b", "out: c"])
  }

  /// The held console's streams do not keep the `HeldOutput` alive (nor it them): each of
  /// check's attempts frees its own.
  @Test func aHeldOutputIsFreedWithItsConsole() {
    weak var freed: HeldOutput?
    do {
      let held = HeldOutput(
        Console(writeOut: { _ in }, writeError: { _ in }, currentDirectory: "/"))
      held.console.writeOut("text")
      freed = held
    }
    #expect(freed == nil)
  }
}
