/// Changes to a file's bytes: text inserted at offsets and ranges deleted, applied in one pass,
/// so that every byte no edit names stays exactly as it was.
struct TextEdits {
  private struct Edit {
    var range: Range<Int>
    var text: [UInt8]
    /// Edits at the same offset apply in the order they were made.
    var order: Int
  }

  private var edits: [Edit] = []

  var isEmpty: Bool { edits.isEmpty }

  mutating func insert(_ text: String, at offset: Int) {
    edits.append(Edit(range: offset..<offset, text: Array(text.utf8), order: edits.count))
  }

  mutating func delete(_ range: Range<Int>) {
    edits.append(Edit(range: range, text: [], order: edits.count))
  }

  /// The bytes with every edit made. Deleted ranges that overlap are deleted once.
  func apply(to bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.text.count })
    forEachPiece(of: bytes) { output.append(contentsOf: $0) }
    return output
  }

  /// The edited file as consecutive pieces: slices of the original and inserted text, so that
  /// a caller can write a large file without another copy of it in memory.
  func forEachPiece<E: Error>(
    of bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void
  ) throws(E) {
    let sorted = edits.sorted {
      ($0.range.lowerBound, $0.order) < ($1.range.lowerBound, $1.order)
    }
    try bytes.withUnsafeBufferPointer { original throws(E) in
      var cursor = 0
      for edit in sorted {
        let start = max(edit.range.lowerBound, cursor)
        if start > cursor { try body(UnsafeBufferPointer(rebasing: original[cursor..<start])) }
        try edit.text.withUnsafeBufferPointer { text throws(E) in try body(text) }
        cursor = max(cursor, edit.range.upperBound, start)
      }
      try body(UnsafeBufferPointer(rebasing: original[cursor...]))
    }
  }
}
