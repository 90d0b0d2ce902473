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
    self = bytes.withUnsafeBufferPointer { ObjectKey(token: token, in: UnsafeRawBufferPointer($0)) }
  }

  /// Whether the ID a key token holds is kept as words: 24 bytes without escapes.
  @inline(__always)
  static func isWords(_ token: PlistToken) -> Bool {
    token.kind != .escaped && token.end - token.start == 24
  }

  /// `mixedWords` of the 24 bytes at `offset`.
  @inline(__always)
  static func hash(wordsAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let raw = UnsafeRawBufferPointer(bytes)
    return mix(
      raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
      raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self),
      raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
  }

  @inline(__always)
  init(token: PlistToken, in raw: UnsafeRawBufferPointer) {
    if Self.isWords(token) {
      let offset = Int(token.start)
      self.init(
        words: (
          raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
          raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self),
          raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)
        ), text: nil)
    } else {
      let content = UnsafeBufferPointer(
        rebasing: raw.assumingMemoryBound(to: UInt8.self)[Int(token.start)..<Int(token.end)])
      self.init(
        words: (0, 0, 0),
        text: token.kind == .escaped
          ? PlistText.unescape(content) : String(decoding: content, as: UTF8.self))
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

  /// The ID as text.
  var string: String {
    if let text { return text }
    var bytes: [UInt8] = []
    for word in [words.0, words.1, words.2] {
      withUnsafeBytes(of: word) { bytes.append(contentsOf: $0) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func == (a: ObjectKey, b: ObjectKey) -> Bool {
    guard a.words == b.words else { return false }
    if a.text == nil && b.text == nil { return true }
    return a.text == b.text
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
  var mixedWords: UInt64 { Self.mix(words.0, words.1, words.2) }

  @inline(__always)
  static func mix(_ first: UInt64, _ second: UInt64, _ third: UInt64) -> UInt64 {
    var mixed = first ^ second.rotated(by: 21) ^ third.rotated(by: 42)
    mixed ^= mixed >> 33
    mixed &*= 0xFF51_AFD7_ED55_8CCD
    mixed ^= mixed >> 33
    mixed &*= 0xC4CE_B9FE_1A85_EC53
    mixed ^= mixed >> 33
    return mixed
  }
}

extension UInt64 {
  @inline(__always)
  fileprivate func rotated(by count: UInt64) -> UInt64 {
    self << count | self >> (64 - count)
  }
}
