import EditDistance
import Testing

@testable import XcodeProject

/// "Did you mean" for targets follows the template engine's rules: at most a third of the
/// name, never more than eight edits, and work per candidate linear in the length of the names.
@Suite struct SuggestionTests {
  @Test func suggestsTheClosestTargetIgnoringCase() {
    let targets = ["iOS", "iOSTests", "macOS", "Widgets"]
    #expect(Suggestion.closest(to: "iOSTest", in: targets) == "iOSTests")
    #expect(Suggestion.closest(to: "ios", in: targets) == "iOS")
    #expect(Suggestion.closest(to: "wigdets", in: targets) == "Widgets")
    #expect(Suggestion.closest(to: "Watch", in: targets) == nil)
    // Equally close: the first.
    #expect(Suggestion.closest(to: "ab", in: ["ax", "ay"]) == "ax")
  }

  @Test func neverMoreThanEightEdits() {
    let name = String(repeating: "Target", count: 10)
    var nineEdits = Array(name)
    for i in stride(from: 0, to: 54, by: 6) { nineEdits[i] = "X" }
    var eightEdits = Array(name)
    for i in stride(from: 0, to: 48, by: 6) { eightEdits[i] = "X" }
    // A third of 60 characters would allow 20 edits.
    #expect(Suggestion.closest(to: name, in: [String(nineEdits)]) == nil)
    #expect(Suggestion.closest(to: name, in: [String(eightEdits)]) == String(eightEdits))
  }

  @Test func aHostileNameAmongManyLongCandidates() {
    let long = String(repeating: "abcdefghij", count: 3000)
    // Many candidates of the same length that differ from the start, some of other lengths,
    // and one with a swap and a substitution deep inside.
    let other = String(repeating: "klmnopqrst", count: 3000)
    var candidates = (0..<300).map { "\($0)" + other.dropFirst("\($0)".count) }
    candidates += (0..<300).map { String(repeating: "x", count: $0 * 97) }
    var typo = Array(long)
    typo.swapAt(15_000, 15_001)
    typo[20_000] = "X"
    candidates.insert(String(typo), at: 250)
    #expect(Suggestion.closest(to: long, in: candidates) == String(typo))
    var cells = 0
    #expect(editDistance(Array(long), typo, limit: 8, cells: &cells) == 2)
    #expect(cells <= 17 * (long.count + 1))
    cells = 0
    #expect(
      editDistance(Array(long), Array(candidates[0]), limit: 8, cells: &cells) == nil)
    // Different from the first character on: given up after the first rows.
    #expect(cells < 17 * 20)
  }
}
