import SystemLibrary

/// Entries of one-line objects the parser has checked (`key = value;`, the `;` included),
/// found again by their first eight bytes: an entry whose bytes are those of a checked one is
/// valid without checking it again, as checking an entry depends on its bytes alone. Xcode's
/// file references repeat most of theirs (`lastKnownFileType = sourcecode.swift;`,
/// `sourceTree = "<group>";`).
struct CheckedEntries {
  struct Entry {
    /// Where it was checked, and its length (at least eight bytes).
    var start: Int
    var length: Int
    var firstWord: UInt64
    /// For an `isa` entry, where its value lies from the entry's start.
    var isaValue: Range<Int>?
    /// For a `path` entry, the hash of the path's name (`PlistParser.LineObject`).
    var pathHash: UInt32?
  }

  private var entries = [Entry?](repeating: nil, count: 64)

  private static func slot(_ word: UInt64) -> Int {
    Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) >> 58)
  }

  /// A checked entry with the bytes at `position`, if there is one.
  @inline(__always)
  func entry(at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Entry? {
    guard let base = bytes.baseAddress, position &+ 8 <= bytes.count else { return nil }
    let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
    guard let entry = entries[Self.slot(word)], entry.firstWord == word,
      position &+ entry.length <= bytes.count,
      memcmp(base + (position &+ 8), base + (entry.start &+ 8), entry.length &- 8) == 0
    else { return nil }
    return entry
  }

  /// Remembers the entry checked from `start` to `end` (one past its `;`).
  @inline(__always)
  mutating func remember(
    from start: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>, isaValue: Range<Int>?,
    pathHash: UInt32?
  ) {
    guard let base = bytes.baseAddress, end &- start >= 8 else { return }
    let word = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)
    entries[Self.slot(word)] = Entry(
      start: start, length: end &- start, firstWord: word,
      isaValue: isaValue.map { ($0.lowerBound &- start)..<($0.upperBound &- start) },
      pathHash: pathHash)
  }
}
