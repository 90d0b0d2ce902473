/// The lines of a file where registrations go: the marker line and the block of entries after
/// it, which ends at a blank line, a line indented less than the marker, or a closing bracket at
/// the marker's indentation. An entry is a line at the marker's indentation with the lines
/// indented deeper after it.
struct MarkedBlock {
  var lines: [String]

  init(_ text: String) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  var text: String { lines.joined(separator: "\n") }

  /// The first line that is the marker (trimmed), or starts with it and a space.
  func markerIndex(_ marker: String) -> Int? {
    lines.firstIndex { line in
      let trimmed = line.trimmingCharacters()
      return trimmed == marker || trimmed.hasPrefix(marker + " ")
    }
  }

  /// Where `snippet` is in the file, line for line (each trimmed): the index of its first line.
  func find(_ snippet: [String]) -> Int? {
    let wanted = snippet.map { $0.trimmingCharacters() }
    guard !wanted.isEmpty, lines.count >= wanted.count else { return nil }
    for start in 0...(lines.count - wanted.count)
    where wanted.indices.allSatisfy({ lines[start + $0].trimmingCharacters() == wanted[$0] }) {
      return start
    }
    return nil
  }

  /// Inserts `snippet`, indented as the marker, after the entries of the marker's block, or
  /// before the first entry that sorts after it. Nothing when the file has it already.
  mutating func insert(_ snippet: [String], after marker: Int, sorted: Bool) {
    guard !snippet.isEmpty, find(snippet) == nil else { return }
    let indent = Self.indentation(lines[marker])
    let first = Self.sortKey(snippet[0])
    var end = marker + 1
    var position: Int?
    while end < lines.count {
      let line = lines[end]
      let trimmed = line.trimmingCharacters()
      let depth = Self.indentation(line).count
      guard let head = trimmed.first, depth >= indent.count,
        depth > indent.count || !"})]".contains(head)
      else { break }
      if sorted, position == nil, depth == indent.count, Self.sortKey(line) > first {
        position = end
      }
      end += 1
    }
    lines.insert(
      contentsOf: snippet.map { $0.isEmpty ? $0 : indent + $0 }, at: position ?? end)
  }

  /// Removes `snippet` where it is; whether it was there.
  @discardableResult
  mutating func remove(_ snippet: [String]) -> Bool {
    guard let start = find(snippet) else { return false }
    lines.removeSubrange(start..<start + snippet.count)
    return true
  }

  /// What entries are sorted by: the trimmed line without backticks (`default` among the
  /// others as default).
  static func sortKey(_ line: String) -> String {
    line.trimmingCharacters().filter { $0 != "`" }
  }

  static func indentation(_ line: String) -> Substring {
    line.prefix { $0 == " " || $0 == "\t" }
  }
}
