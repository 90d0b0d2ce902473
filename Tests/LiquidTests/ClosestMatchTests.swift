import EditDistance
import Testing

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

  /// Every pair of words of up to four letters over "abc", at every limit up to 4.
  @Test func bandedDistanceAgreesWithTheFullTable() {
    var words: [[Character]] = [[]]
    var last: [[Character]] = [[]]
    for _ in 1...4 {
      last = last.flatMap { word in "abc".map { word + [$0] } }
      words += last
    }
    for a in words {
      for b in words {
        let full = Self.fullDistance(a, b)
        for limit in 0...4 {
          var cells = 0
          let banded = editDistance(a, b, limit: limit, cells: &cells)
          if banded != (full <= limit ? full : nil) {
            Issue.record(
              "\(String(a)) / \(String(b)) limit \(limit): \(String(describing: banded)), not \(full)"
            )
          }
        }
      }
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
}
