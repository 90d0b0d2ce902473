import Testing

@testable import ModuleGen

@Suite struct LineDiffTests {
  /// The length of a longest common subsequence, by the textbook table.
  static func lcsLength(_ a: [Int], _ b: [Int]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    return table[0][0]
  }

  /// Random sequences over small alphabets: the matches are a common subsequence (equal lines,
  /// strictly increasing on both sides) and a longest one.
  @Test func matchesAreALongestCommonSubsequence() {
    var generator = SeededGenerator(seed: 42)
    for round in 0..<2_000 {
      let alphabet = 1 + round % 5
      let a = (0..<Int(generator.next() % 40)).map { _ in Int(generator.next() % UInt64(alphabet)) }
      let b = (0..<Int(generator.next() % 40)).map { _ in Int(generator.next() % UInt64(alphabet)) }
      let matches = LineDiff.matches(a, b)
      #expect(matches.allSatisfy { a[$0.oldIndex] == b[$0.newIndex] }, "\(a) \(b)")
      #expect(
        zip(matches, matches.dropFirst()).allSatisfy {
          $0.oldIndex < $1.oldIndex && $0.newIndex < $1.newIndex
        }, "\(a) \(b)")
      #expect(matches.count == Self.lcsLength(a, b), "\(a) \(b)")
    }
  }

  /// Memory stays linear: two mostly unrelated 2,500-line files (the old table needed 6
  /// million cells and gave up, reporting every line as changed) still diff exactly.
  @Test func largeUnrelatedInputs() {
    let a = (0..<2_500).map { "a\($0)" }
    let b = (0..<2_500).map { $0 % 100 == 0 ? "a\($0)" : "b\($0)" }
    #expect(LineDiff.matches(a, b).count == 25)
  }
}

@Suite struct ThreeWayMergeTests {
  static let labels = ThreeWayMerge.Labels(
    ours: "yours", base: "generated before", theirs: "generated now")

  static func merge(_ base: String, _ ours: String, _ theirs: String) -> ThreeWayMerge {
    ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs, labels: labels)
  }

  /// The first line that opens or closes a conflict, found in a file's bytes: seven `<` or `>`
  /// alone or before a space (a label), at a line's start; not eight, not in a line's middle.
  @Test(
    arguments: [
      ("a\n<<<<<<< yours\nb\n=======\nc\n>>>>>>> generated now\n", 2),
      ("<<<<<<< HEAD\n", 1),
      ("a\nb\n>>>>>>>", 3),
      ("a\r\n<<<<<<<\r\nb\r\n", 2),
      ("a\n<<<<<<<< eight\n x <<<<<<< y\n<<<<<<<x\n=======\n", nil),
      ("", nil),
    ] as [(String, Int?)])
  func theFirstConflictMarkerLine(text: String, line: Int?) {
    #expect(ThreeWayMerge.firstConflictMarkerLine(in: Array(text.utf8)) == line)
  }

  @Test func changesOnDifferentLinesAreBothKept() {
    let base = "a\nb\nc\nd\ne\n"
    let ours = "a\nB (edited)\nc\nd\ne\n"
    let theirs = "a\nb\nc\nd\nE (regenerated)\n"
    #expect(
      Self.merge(base, ours, theirs)
        == ThreeWayMerge(text: "a\nB (edited)\nc\nd\nE (regenerated)\n", conflicts: 0))
  }

  @Test func insertionsOnBothSides() {
    let base = "func a() {}\nfunc b() {}\n"
    let ours = "import UIKit\nfunc a() {}\nfunc b() {}\n"
    let theirs = "func a() {}\nfunc b() {}\nfunc c() {}\n"
    #expect(
      Self.merge(base, ours, theirs).text == "import UIKit\nfunc a() {}\nfunc b() {}\nfunc c() {}\n"
    )
  }

  @Test func theSameChangeOnBothSidesIsTakenOnce() {
    #expect(Self.merge("a\nb\n", "a\nx\n", "a\nx\n") == ThreeWayMerge(text: "a\nx\n", conflicts: 0))
  }

  @Test func unchangedSidesGiveTheOtherSide() {
    #expect(Self.merge("a\n", "a\n", "b\n").text == "b\n")
    #expect(Self.merge("a\n", "b\n", "a\n").text == "b\n")
    #expect(Self.merge("", "", "new\n").text == "new\n")
  }

  @Test func conflictingChangesGetMarkers() {
    let merged = Self.merge("a\nb\nc\n", "a\nmine\nc\n", "a\ntheirs\nc\n")
    #expect(merged.conflicts == 1)
    #expect(
      merged.text == """
        a
        <<<<<<< yours
        mine
        ||||||| generated before
        b
        =======
        theirs
        >>>>>>> generated now
        c

        """)
  }

  @Test func aConflictAtTheEndWithoutANewline() {
    let merged = Self.merge("a\nb", "a\nmine", "a\ntheirs")
    #expect(merged.conflicts == 1)
    #expect(
      merged.text
        == "a\n<<<<<<< yours\nmine\n||||||| generated before\nb\n=======\ntheirs\n>>>>>>> generated now\n"
    )
  }

  @Test func bytesArePreservedExactly() {
    let text = "line one\r\nline two\r\n\r\nno newline at end"
    #expect(ThreeWayMerge.lines(text).joined() == text)
    #expect(Self.merge(text, text, text).text == text)
  }
}

@Suite struct SHA256Tests {
  /// FIPS 180-4 examples and lengths around the padding boundary, checked with Python's hashlib.
  static let vectors: [(String, String)] = [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
    (
      String(repeating: "a", count: 55),
      "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"
    ),
    (
      String(repeating: "a", count: 56),
      "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"
    ),
    (
      String(repeating: "a", count: 63),
      "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"
    ),
    (
      String(repeating: "a", count: 64),
      "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"
    ),
    (
      String(repeating: "a", count: 65),
      "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"
    ),
    (
      String(repeating: "a", count: 119),
      "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"
    ),
    (
      String(repeating: "a", count: 120),
      "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"
    ),
    (
      String(repeating: "a", count: 1000),
      "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"
    ),
  ]

  @Test(arguments: vectors) func digest(_ input: String, _ expected: String) {
    #expect(SHA256.hex(Array(input.utf8)) == expected)
    // A collection without contiguous storage takes the other way in.
    #expect(SHA256.hex(input.utf8.lazy.map { $0 }) == expected)
  }

  /// FIPS 180-4's long example: one million 'a's, 15,625 blocks of the same bytes.
  @Test func oneMillionAs() {
    #expect(
      SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Every byte value, in a message that is not a whole number of blocks.
  @Test func everyByteValue() {
    let bytes = (0..<700).map { UInt8(truncatingIfNeeded: $0) }
    #expect(
      SHA256.hex(bytes) == "513df58dd095240caa52ac490c29836736d4ef0133b40ac7b7e249abf7ecf2f7")
    #expect(
      GenerationRecord.hash(bytes)
        == "sha256:513df58dd095240caa52ac490c29836736d4ef0133b40ac7b7e249abf7ecf2f7")
  }
}
