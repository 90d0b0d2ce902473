/// A variable's or a key's name with its hash worked out once. A template's names are read
/// when it is parsed and an object's keys when it is built, so looking one up while rendering
/// never hashes its text again (it did several times per variable: about a sixth of the time
/// a render took).
struct Name: Hashable, Sendable {
  let text: String
  /// The text's hash (`Name.hash(of:)`, equal for canonically equivalent texts, as `==` is),
  /// for this process only: never stored.
  private let textHash: Int

  init(_ text: String) {
    self.text = text
    textHash = Name.hash(of: text)
  }

  /// A name whose hash is known: `Name.hash(ofASCII:)` of its text's bytes.
  init(_ text: String, asciiHash: Int) {
    self.text = text
    textHash = asciiHash
  }

  static func == (lhs: Name, rhs: Name) -> Bool {
    lhs.textHash == rhs.textHash && lhs.text == rhs.text
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(textHash)
  }

  /// What `Dictionary` and `Set` place a name by (`Hashable`'s requirement for them; by
  /// default a whole `Hasher` run over `hash(into:)`, about a tenth of a render's
  /// instructions). The text's hash is already random, so one multiplication mixes in the
  /// table's seed: each table orders its names differently, which keeps copying one table into
  /// another linear.
  func _rawHashValue(seed: Int) -> Int {
    let mixed = UInt64(truncatingIfNeeded: textHash ^ seed) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed ^ (mixed >> 29))
  }
}

// MARK: - Hashing a text

extension Name {
  /// A text's hash. Names are nearly always ASCII, whose bytes are hashed directly: about a
  /// third of what `String`'s own hash costs (a whole `Hasher` run over the text's normalized
  /// form, about 250 instructions for a short name).
  /// Texts that `==` finds equal must hash alike, and `String`'s `==` is canonical
  /// equivalence: a text that is not ASCII but is equivalent to an ASCII text (the Kelvin sign
  /// `"\u{212A}"` and `"K"`) is hashed as that ASCII text; any other is hashed by `String`.
  static func hash(of text: String) -> Int {
    let ascii = text.utf8.withContiguousStorageIfAvailable { hash(ofASCII: $0) }
    // A string bridged from Objective-C may not be contiguous: its bytes are copied.
    return (ascii ?? Array(text.utf8).withUnsafeBufferPointer { hash(ofASCII: $0) })
      ?? hash(ofNonASCII: text)
  }

  /// The hash of ASCII bytes, eight at a time (a word each; the last four to seven as two
  /// words of four that overlap, fewer one at a time), from a start that differs in each
  /// process (as `String`'s hash does); nil if a byte is not ASCII.
  static func hash(ofASCII bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let raw = UnsafeRawBufferPointer(bytes)
    var hash = processSeed ^ UInt64(raw.count)
    // Every word's bits or-ed together: a byte with its top bit set is not ASCII.
    var allBits: UInt64 = 0
    var offset = 0
    while offset + 8 <= raw.count {
      let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      allBits |= word
      hash = mix(hash ^ word)
      offset += 8
    }
    if offset < raw.count {
      var word: UInt64 = 0
      if raw.count - offset >= 4 {
        let low = raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        let high = raw.loadUnaligned(fromByteOffset: raw.count - 4, as: UInt32.self)
        word = UInt64(low) | UInt64(high) << 32
      } else {
        var shift: UInt64 = 0
        while offset < raw.count {
          word |= UInt64(raw[offset]) << shift
          shift += 8
          offset += 1
        }
      }
      allBits |= word
      hash = mix(hash ^ word)
    }
    guard allBits & 0x8080_8080_8080_8080 == 0 else { return nil }
    // Every bit of the result depends on every byte (murmur3's finalizer).
    hash = (hash ^ (hash >> 33)) &* 0xFF51_AFD7_ED55_8CCD
    hash = (hash ^ (hash >> 33)) &* 0xC4CE_B9FE_1A85_EC53
    return Int(truncatingIfNeeded: hash ^ (hash >> 33))
  }

  @inline(__always) private static func mix(_ value: UInt64) -> UInt64 {
    let product = value &* 0x9E37_79B9_7F4A_7C15
    return product ^ (product >> 32)
  }

  /// The three characters whose canonical decomposition is ASCII, with it: no other text
  /// that is not ASCII equals an ASCII text (`NameTests` checks every scalar against the
  /// standard library's own equality).
  static let asciiEquivalents: [(scalar: Unicode.Scalar, ascii: UInt8)] = [
    ("\u{037E}", UInt8(ascii: ";")),  // GREEK QUESTION MARK
    ("\u{1FEF}", UInt8(ascii: "`")),  // GREEK VARIA
    ("\u{212A}", UInt8(ascii: "K")),  // KELVIN SIGN
  ]

  private static func hash(ofNonASCII text: String) -> Int {
    var ascii: [UInt8] = []
    ascii.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        ascii.append(UInt8(scalar.value))
      } else if let equivalent = asciiEquivalents.first(where: { $0.scalar == scalar }) {
        ascii.append(equivalent.ascii)
      } else {
        return text.hashValue
      }
    }
    return ascii.withUnsafeBufferPointer { hash(ofASCII: $0) } ?? text.hashValue
  }

  /// Taken from `Hasher`, whose seed is random in each process (unless
  /// `SWIFT_DETERMINISTIC_HASHING` is set).
  private static let processSeed: UInt64 = {
    var hasher = Hasher()
    hasher.combine(0xCBF2_9CE4_8422_2325 as UInt64)
    return UInt64(truncatingIfNeeded: hasher.finalize())
  }()
}
