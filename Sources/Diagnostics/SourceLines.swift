/// The start of every line of a text, to turn byte offsets into lines and columns quickly.
public struct LineIndex: Sendable {
  private let starts: [Int]

  public init(_ bytes: [UInt8]) {
    var starts = [0]
    for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(i + 1) }
    self.starts = starts
  }

  /// The 0-based number of the line holding `offset`.
  func lineIndex(of offset: Int) -> Int {
    // The last line start at or before the offset.
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// Where the line holding `offset` starts.
  func lineStart(of offset: Int) -> Int { starts[lineIndex(of: offset)] }

  public func location(file: String, source bytes: [UInt8], offset: Int) -> SourceLocation {
    let (line, column, text) = resolve(offset, in: bytes)
    return SourceLocation(file: file, line: line, column: column, lineText: text)
  }

  func resolve(_ offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int, lineText: String) {
    let offset = min(max(offset, 0), bytes.count)
    let index = lineIndex(of: offset)
    let lineEnd = index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count
    let (column, text) = bytes.withUnsafeBufferPointer {
      Self.place(of: offset, lineStart: starts[index], lineEnd: lineEnd, in: $0)
    }
    return (index + 1, column, text)
  }

  /// The column of `offset` on the line from `lineStart` to `lineEnd` (its line break, or the
  /// end), and the line's text without a carriage return before the break.
  static func place(
    of offset: Int, lineStart: Int, lineEnd: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) -> (column: Int, lineText: String) {
    var lineEnd = lineEnd
    if lineEnd > lineStart && bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
    let clamped = min(offset, max(lineEnd, lineStart))
    let before = String(decoding: bytes[lineStart..<clamped], as: UTF8.self)
    let text = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
    return (before.count + 1, text)
  }
}

/// A document's bytes, shared by every location made in it. `indexed` documents (the data
/// readers', which ask for lines while reading) find a line by binary search; others (templates,
/// whose locations are only read for errors) scan for it.
package final class SourceLines: Sendable {
  package let bytes: [UInt8]
  private let index: LineIndex?

  package init(_ bytes: [UInt8], indexed: Bool = true) {
    self.bytes = bytes
    self.index = indexed ? LineIndex(bytes) : nil
  }

  private var lineIndex: LineIndex { index ?? LineIndex(bytes) }

  /// The 1-based line of a byte offset.
  package func lineNumber(of offset: Int) -> Int {
    let offset = min(max(offset, 0), bytes.count)
    guard let index else { return bytes[..<offset].count { $0 == UInt8(ascii: "\n") } + 1 }
    return index.lineIndex(of: offset) + 1
  }

  /// Where the line holding a byte offset starts.
  package func lineStart(of offset: Int) -> Int {
    let offset = min(max(offset, 0), bytes.count)
    guard let index else {
      return (bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
    }
    return index.lineStart(of: offset)
  }

  func resolve(_ offset: Int) -> (line: Int, column: Int, lineText: String) {
    lineIndex.resolve(offset, in: bytes)
  }
}
