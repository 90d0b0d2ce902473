/// Where a byte is in the project file, counted from its first byte, as a token keeps it: four
/// bytes, and a type of its own so that it is not taken for a token's number. `Int(offset)` is
/// the offset to index the bytes with.
struct ByteOffset: Hashable, Comparable, Sendable {
  let rawValue: UInt32

  /// The offset `offset` (files are smaller than `PlistToken.maximumFileSize`, so it fits).
  @inline(__always)
  init(_ offset: Int) {
    rawValue = UInt32(truncatingIfNeeded: offset)
  }

  @inline(__always)
  init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  static func < (a: ByteOffset, b: ByteOffset) -> Bool { a.rawValue < b.rawValue }

  /// The number of bytes from `b` to `a`.
  @inline(__always)
  static func - (a: ByteOffset, b: ByteOffset) -> Int { Int(a.rawValue) &- Int(b.rawValue) }
}

extension Int {
  @inline(__always)
  init(_ offset: ByteOffset) {
    self = Int(offset.rawValue)
  }
}
