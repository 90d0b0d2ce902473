import Testing

@testable import XcodeProject

/// New object IDs: Xcode's shape, the same on every machine and run, never an ID already taken.
@Suite struct ObjectIDTests {
  /// Frozen: a change here changes every diff teams have seen, so it must be deliberate.
  @Test func theIDsAreStable() {
    let seed = "23766C0A1EAA3484007A9026"
    let ids = (0..<3).map {
      ObjectIDGenerator.candidate(seed: seed, identity: "group:iOS/Home", attempt: $0)
    }
    #expect(
      ids == ["6CA678350CFFD83D771E7026", "F435E76B92D040DA8751E4BE", "BDCB15A2CE887D04587C3637"])
    #expect(Set(ids).count == 3)
    for id in ids {
      #expect(id.count == 24)
      #expect(id.allSatisfy { "0123456789ABCDEF".contains($0) })
    }
  }

  @Test func takenIDsAreSkipped() {
    let seed = "SEED"
    let first = ObjectIDGenerator.candidate(seed: seed, identity: "x", attempt: 0)
    let second = ObjectIDGenerator.candidate(seed: seed, identity: "x", attempt: 1)
    var generator = ObjectIDGenerator(seed: seed) { $0 == ObjectKey(first) }
    #expect(generator.make("x") == second)
    // An ID made once is not made again, even for the same identity.
    #expect(generator.make("x") != second)
    #expect(generator.couldHaveMade(second, for: "x"))
    #expect(!generator.couldHaveMade(second, for: "y"))
  }

  @Test func differentSeedsGiveDifferentIDs() {
    #expect(
      ObjectIDGenerator.candidate(seed: "A", identity: "file:x", attempt: 0)
        != ObjectIDGenerator.candidate(seed: "B", identity: "file:x", attempt: 0))
  }
}
