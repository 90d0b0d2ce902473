import Testing

@testable import Liquid

/// How dictionaries and sets place a `Name`: by its text's hash mixed with the table's seed
/// (`_rawHashValue(seed:)`, which spares each lookup a whole `Hasher` run).
@Suite struct NameTests {
  /// Equal names, however their text is spelled, land in the same place of every table.
  @Test(arguments: [0, 1, -1, 0x5F3A_91C2, Int.max, Int.min])
  func equalNamesHashAlike(seed: Int) {
    let precomposed = Name("caf\u{E9}")
    let decomposed = Name("cafe\u{301}")
    #expect(precomposed == decomposed)
    #expect(precomposed._rawHashValue(seed: seed) == decomposed._rawHashValue(seed: seed))
    #expect(Name("row")._rawHashValue(seed: seed) == Name("row")._rawHashValue(seed: seed))
  }

  /// Names spread over a table's buckets as random numbers do (1,000 names in 1,024 buckets
  /// fill about 638), and two seeds place them differently, so that copying one table into
  /// another in its order does not pile them up.
  @Test func namesSpreadOverBucketsAndEachSeedPlacesThemDifferently() {
    let names = (0..<1_000).map { Name("name\($0)") }
    let mask = 1_023
    for seed in [0, 1, 2, 1_024, 0x7FFF_0000] {
      let buckets = Set(names.map { $0._rawHashValue(seed: seed) & mask })
      #expect(buckets.count > 590, "seed \(seed): \(buckets.count) buckets")
    }
    let first = names.map { $0._rawHashValue(seed: 1) & mask }
    let second = names.map { $0._rawHashValue(seed: 2) & mask }
    #expect(zip(first, second).filter { $0 == $1 }.count < 20)
    var table: [Name: Int] = [:]
    for (index, name) in names.enumerated() { table[name] = index }
    var copy: [Name: Int] = [:]
    for (name, index) in table { copy[name] = index }
    #expect(copy == table)
    #expect(names.indices.allSatisfy { copy[Name("name\($0)")] == $0 })
  }
}
