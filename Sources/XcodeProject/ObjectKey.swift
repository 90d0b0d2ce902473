/// An object ID as a dictionary key. Xcode's IDs (24 characters) are kept as three 8-byte words
/// read straight from the file, so indexing a project of 100,000 objects makes no strings;
/// other IDs (some tools write `OBJ_12`) are kept as text.
struct ObjectKey: Hashable, Sendable {
  /// The ID's bytes, when it has 24.
  private(set) var words: (UInt64, UInt64, UInt64)
  /// The ID, when it does not have 24 bytes.
  private(set) var text: String?

  init(_ id: String) {
    let bytes = Array(id.utf8)
    if bytes.count == 24 {
      self.init(words: Self.words(bytes, at: 0), text: nil)
    } else {
      self.init(words: (0, 0, 0), text: id)
    }
  }

  init(token: PlistToken, in bytes: [UInt8]) {
    if token.kind != .escaped && token.end - token.start == 24 {
      self.init(words: Self.words(bytes, at: Int(token.start)), text: nil)
    } else {
      self.init(words: (0, 0, 0), text: PlistText.decode(token, in: bytes))
    }
  }

  private init(words: (UInt64, UInt64, UInt64), text: String?) {
    self.words = words
    self.text = text
  }

  private static func words(_ bytes: [UInt8], at offset: Int) -> (UInt64, UInt64, UInt64) {
    bytes.withUnsafeBytes { raw in
      (
        raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
        raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self),
        raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)
      )
    }
  }

  static func == (a: ObjectKey, b: ObjectKey) -> Bool {
    a.words == b.words && a.text == b.text
  }

  func hash(into hasher: inout Hasher) {
    if let text {
      hasher.combine(text)
    } else {
      hasher.combine(mixedWords)
    }
  }

  /// The three words mixed into one, every input bit reaching every output bit (MurmurHash3's
  /// finalizer): IDs often differ only in a few characters.
  var mixedWords: UInt64 {
    var mixed = words.0 ^ words.1.rotated(by: 21) ^ words.2.rotated(by: 42)
    mixed ^= mixed >> 33
    mixed &*= 0xFF51_AFD7_ED55_8CCD
    mixed ^= mixed >> 33
    mixed &*= 0xC4CE_B9FE_1A85_EC53
    mixed ^= mixed >> 33
    return mixed
  }
}

/// Object IDs to the tokens of their keys, by open addressing on the three words of Xcode's
/// IDs: one 8-byte slot per object (a hash tag and the token), no hashing of strings, one probe
/// in most lookups, the ID itself checked against the file. IDs of other lengths go to a
/// dictionary.
struct ObjectIndex: Sendable {
  /// The upper 32 bits: the hash's upper half; the lower 32 bits: the token plus one (0 marks an
  /// empty slot).
  private var slots: [UInt64]
  private let mask: Int
  private var others: [String: Int] = [:]

  init(capacity: Int) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = [UInt64](repeating: 0, count: size)
    mask = size - 1
  }

  /// Sets the token for `key` (the ID of the key token `token`); a key set twice keeps the
  /// last token.
  mutating func insert(_ key: ObjectKey, token: Int, tokens: [PlistToken], bytes: [UInt8]) {
    if let text = key.text {
      others[text] = token
      return
    }
    let hash = key.mixedWords
    let tag = hash & 0xFFFF_FFFF_0000_0000
    var index = Int(truncatingIfNeeded: hash) & mask
    while slots[index] != 0 {
      if slots[index] & 0xFFFF_FFFF_0000_0000 == tag,
        matches(key, Int(slots[index] & 0xFFFF_FFFF) - 1, tokens, bytes)
      {
        break
      }
      index = (index + 1) & mask
    }
    slots[index] = tag | UInt64(token + 1)
  }

  func token(for key: ObjectKey, tokens: [PlistToken], bytes: [UInt8]) -> Int? {
    if let text = key.text { return others[text] }
    let hash = key.mixedWords
    let tag = hash & 0xFFFF_FFFF_0000_0000
    var index = Int(truncatingIfNeeded: hash) & mask
    while slots[index] != 0 {
      let token = Int(slots[index] & 0xFFFF_FFFF) - 1
      if slots[index] & 0xFFFF_FFFF_0000_0000 == tag && matches(key, token, tokens, bytes) {
        return token
      }
      index = (index + 1) & mask
    }
    return nil
  }

  private func matches(_ key: ObjectKey, _ token: Int, _ tokens: [PlistToken], _ bytes: [UInt8])
    -> Bool
  {
    ObjectKey(token: tokens[token], in: bytes) == key
  }
}

extension UInt64 {
  fileprivate func rotated(by count: UInt64) -> UInt64 {
    self << count | self >> (64 - count)
  }
}
