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
    let sorted = edits.sorted {
      ($0.range.lowerBound, $0.order) < ($1.range.lowerBound, $1.order)
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + sorted.reduce(0) { $0 + $1.text.count })
    var cursor = 0
    for edit in sorted {
      let start = max(edit.range.lowerBound, cursor)
      if start > cursor { output.append(contentsOf: bytes[cursor..<start]) }
      output.append(contentsOf: edit.text)
      cursor = max(cursor, edit.range.upperBound, start)
    }
    output.append(contentsOf: bytes[cursor...])
    return output
  }
}
