import Diagnostics

/// Lets one YAML syntax error not hide the rest of a file's problems (JSON's first error is its
/// only one): the block holding the error (the line and the lines indented under it) is
/// blanked, keeping every line number, and the document is read again, until it reads or
/// recovery makes no progress.
enum SyntaxRecovery {
  /// The syntax errors of `text`, and the text with their blocks blanked when that reads (nil
  /// when no blanking gave a readable document).
  static func recover(_ text: String, file: String, limit: Int = 50) -> (
    errors: [Diagnostic], text: String?
  ) {
    // JSON's structure is in its brackets, not in its lines: a block blanked out of it leaves a
    // document broken anew ('expected a JSON value, found the end of the file' after the error
    // on its one line), not the rest of the file's problems.
    if DataFile.isJSON(file) {
      do {
        _ = try DataFile.parse(text, file: file)
        return ([], text)
      } catch {
        return ([error], nil)
      }
    }
    let original = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The blanked blocks, in order, each with the error that blanked it.
    var blanked: [(block: ClosedRange<Int>, error: Diagnostic)] = []
    for _ in 0..<limit {
      var lines = original
      for (block, _) in blanked { for i in block { lines[i] = "" } }
      let current = lines.joined(separator: "\n")
      do {
        _ = try DataFile.parse(current, file: file)
        return (blanked.map(\.error), blanked.isEmpty ? text : current)
      } catch {
        guard let line = error.location?.line, line >= 1, line <= lines.count,
          let block = block(containing: line - 1, in: lines)
        else { return (blanked.map(\.error) + [error], nil) }
        // An error before a blanked block may be what caused it (a list left open runs on
        // into the following lines): those blocks are read again after this one is blanked.
        blanked.removeAll { $0.block.lowerBound > block.lowerBound }
        if blanked.contains(where: { $0.block.overlaps(block) }) {
          return (blanked.map(\.error) + [error], nil)
        }
        blanked.append((block, error))
      }
    }
    return (blanked.map(\.error), nil)
  }

  /// The indices of the lines of the block that starts at `index`: the line, and every
  /// following line that is blank or indented deeper.
  static func block(containing index: Int, in lines: [String]) -> ClosedRange<Int>? {
    func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }
    func isBlank(_ line: String) -> Bool {
      let content = line.drop { $0 == " " || $0 == "\t" }
      return content.isEmpty || content.hasPrefix("#")
    }
    guard !isBlank(lines[index]) else { return nil }
    let base = indentation(lines[index])
    var end = index
    var j = index + 1
    while j < lines.count && (isBlank(lines[j]) || indentation(lines[j]) > base) {
      if !isBlank(lines[j]) { end = j }
      j += 1
    }
    return index...end
  }
}
