/// The number of a token in a document's tokens (`ProjectDocument.tokens`), as a token's `next`
/// and an object's record keep it: four bytes, and a type of its own so that it is not taken
/// for a byte offset or an object's number. `Int(index)` is the number to index tokens with.
struct TokenIndex: Hashable, Comparable, Sendable {
  let rawValue: UInt32

  /// The token number `index` (a document has fewer than 2^32 tokens: its file is smaller than
  /// `PlistToken.maximumFileSize`).
  @inline(__always)
  init(_ index: Int) {
    rawValue = UInt32(truncatingIfNeeded: index)
  }

  static func < (a: TokenIndex, b: TokenIndex) -> Bool { a.rawValue < b.rawValue }
}

extension Int {
  @inline(__always)
  init(_ index: TokenIndex) {
    self = Int(index.rawValue)
  }
}
