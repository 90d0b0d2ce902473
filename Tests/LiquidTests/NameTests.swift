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

  /// A text that is not ASCII but equals an ASCII text hashes as that text does (names are
  /// hashed from their bytes when they are ASCII, by `String` when they are not).
  @Test(arguments: [
    ("\u{212A}", "K"), ("\u{037E}", ";"), ("\u{1FEF}", "`"), ("\u{212A}elvin", "Kelvin"),
    ("a\u{037E}b", "a;b"), ("\u{212A}\u{301}", "K\u{301}"), ("caf\u{E9}", "cafe\u{301}"),
  ])
  func canonicallyEqualTextsHashAlike(texts: (String, String)) {
    let (first, second) = (Name(texts.0), Name(texts.1))
    #expect(first == second)
    #expect(Name.hash(of: texts.0) == Name.hash(of: texts.1))
    #expect(first._rawHashValue(seed: 7) == second._rawHashValue(seed: 7))
    var table: [Name: Int] = [first: 1]
    table[second] = 2
    #expect(table.count == 1 && table[first] == 2)
  }

  /// The list of characters that equal an ASCII character is the standard library's: every
  /// scalar outside ASCII is looked up among the ASCII characters by `String`'s own equality
  /// (canonical equivalence), and exactly the listed ones are found, each as its listed
  /// character.
  @Test func everyScalarEqualToAnASCIICharacterIsListed() {
    var ascii: [String: UInt8] = [:]
    for byte in UInt8(0)..<0x80 { ascii[String(UnicodeScalar(byte))] = byte }
    var found: [UInt32: UInt8] = [:]
    for value in UInt32(0x80)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value), let byte = ascii[String(scalar)] else { continue }
      found[value] = byte
    }
    let listed = Dictionary(
      uniqueKeysWithValues: Name.asciiEquivalents.map { ($0.scalar.value, $0.ascii) })
    #expect(found == listed)
  }

  /// Every byte of a text counts, whatever its length (eight bytes at a time, the last four to
  /// seven as two overlapping words, fewer one at a time): changing any one byte, or adding
  /// one, changes the hash.
  @Test func everyByteChangesTheHash() {
    for length in 0...24 {
      let text = Array("abcdefghijklmnopqrstuvwxyz".utf8.prefix(length))
      let hash = Name.hash(of: String(decoding: text, as: UTF8.self))
      #expect(Name.hash(of: String(decoding: text + [0x5F], as: UTF8.self)) != hash)
      for index in text.indices {
        var changed = text
        changed[index] = UInt8(ascii: "_")
        #expect(
          Name.hash(of: String(decoding: changed, as: UTF8.self)) != hash, "\(length) \(index)")
      }
    }
  }

  /// Other texts that are not ASCII still hash alike when equal, and differ from their ASCII
  /// look-alikes that are not equal.
  @Test func nonASCIITextsHashByTheirCanonicalForm() {
    #expect(Name.hash(of: "\u{212B}") == Name.hash(of: "\u{C5}"))  // ANGSTROM SIGN, Å
    #expect(Name("\u{212B}") == Name("A\u{30A}"))
    #expect(Name("\u{FF2B}") != Name("K"))  // FULLWIDTH K: only compatibility-equivalent
    #expect(Name("\u{212A}") != Name("k"))
  }
}

/// A parse makes each name it reads once, found again by its bytes in the source.
@Suite struct NameTableTests {
  /// A name the table makes is equal to, and hashes as, the name made from its text (as an
  /// object's keys are), for 1,000 distinct names and their repeats, past every growth of the
  /// table; a text that is not ASCII is made as `Name(_:)` makes it.
  @Test func tableNamesAreTheNamesOfTheirTexts() {
    let texts = (0..<1_000).map { "name\($0)" } + ["caf\u{E9}", "\u{212A}", "K", "a-b?", ""]
    let joined = Array((texts + texts).joined(separator: " ").utf8)
    var table = NameTable()
    var made: [Name] = []
    joined.withUnsafeBufferPointer { bytes in
      var start = 0
      for text in texts + texts {
        let end = start + text.utf8.count
        made.append(table.name(start..<end, in: bytes))
        start = end + 1
      }
    }
    for (name, text) in zip(made, texts + texts) {
      #expect(name.text == text)
      #expect(name == Name(text))
      #expect(name._rawHashValue(seed: 3) == Name(text)._rawHashValue(seed: 3))
    }
    #expect(made[texts.count + 999] == made[999])
    #expect(Set(made).count == texts.count - 1)  // "\u{212A}" is "K"
  }

  /// The tokens of a tag are dropped once it is parsed, and the nodes of a block once it is
  /// made: after a document, none is left.
  @Test func aParseLeavesNoTokensBehind() throws {
    let source = SourceText(
      name: "t",
      text:
        "{% if a %}{{ b | append: 1 }}{% elsif c %}{% for x in y %}{{ x }}{% endfor %}{% endif %}"
        + "{% liquid\nassign z = 1\necho z %}")
    let scratch = try source.withBytes { (bytes) throws(LiquidError) in
      var parser = try TemplateParser(
        source: source, bytes: bytes, environment: LiquidEnvironment(), notesPartials: false)
      _ = try parser.parseDocument()
      return parser.scratch
    }
    #expect(scratch.tokens.isEmpty)
    #expect(scratch.nodes.isEmpty)
  }
}
