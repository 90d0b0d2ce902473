import Testing

@testable import Liquid

/// "Did you mean" compares only within a band around the diagonal: its work is linear in the
/// length of the names, so 30,000-character names (which took minutes) cost little.
@Suite struct ClosestMatchTests {
  /// The full table, as the band must agree with it wherever the distance is within the limit.
  static func fullDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }

  @Test func bandedDistanceAgreesWithTheFullTable() {
    var generator = SplitMix(seed: 7)
    for _ in 0..<3000 {
      let a = Self.word(&generator)
      let b = Self.mutated(a, &generator)
      let limit = Int.random(in: 0...5, using: &generator)
      var cells = 0
      let full = Self.fullDistance(a, b)
      #expect(
        editDistance(a, b, limit: limit, cells: &cells) == (full <= limit ? full : nil),
        "\(String(a)) / \(String(b)) limit \(limit)")
    }
  }

  @Test func workIsLinearInTheLengthOfTheNames() {
    let long = Array(String(repeating: "abcdefghij", count: 3000))
    var typo = long
    typo.swapAt(15_000, 15_001)
    typo[20_000] = "X"
    var cells = 0
    #expect(editDistance(long, typo, limit: 8, cells: &cells) == 2)
    #expect(cells <= 17 * (long.count + 1))
    cells = 0
    #expect(
      editDistance(long, Array(String(repeating: "z", count: 30_000)), limit: 8, cells: &cells)
        == nil)
    // Far apart from the start: given up after the first rows.
    #expect(cells < 17 * 20)
    let names = (0..<20).map { "name\($0)" + String(repeating: "q", count: 30_000) }
    var misspelled = Array(names[12])
    misspelled[3] = "X"
    #expect(closestMatch(to: String(misspelled), in: names) == names[12])
  }

  @Test func suggestionsForOrdinaryTypos() {
    #expect(closestMatch(to: "upcse", in: ["upcase", "downcase", "append"]) == "upcase")
    #expect(closestMatch(to: "pascal_cse", in: ["camel_case", "pascal_case"]) == "pascal_case")
    #expect(closestMatch(to: "tempalte", in: ["template", "name"]) == "template")
    #expect(closestMatch(to: "x", in: ["y", "xx"]) == "y")
    #expect(closestMatch(to: "qqqq", in: ["template", "name"]) == nil)
    #expect(closestMatch(to: "", in: ["a", ""]) == "")
  }

  static func word(_ generator: inout SplitMix) -> [Character] {
    (0..<Int.random(in: 0...12, using: &generator)).map { _ in
      "abcde".randomElement(using: &generator)!
    }
  }

  static func mutated(_ word: [Character], _ generator: inout SplitMix) -> [Character] {
    var out = word
    for _ in 0..<Int.random(in: 0...4, using: &generator) {
      let i = out.isEmpty ? 0 : Int.random(in: 0..<out.count, using: &generator)
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: out.insert("abcde".randomElement(using: &generator)!, at: i)
      case 1 where !out.isEmpty: out.remove(at: i)
      case 2 where !out.isEmpty: out[i] = "abcde".randomElement(using: &generator)!
      case 3 where out.count > i + 1: out.swapAt(i, i + 1)
      default: break
      }
    }
    return out
  }
}

/// A deterministic generator (SplitMix64), so that a failure can be reproduced.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
