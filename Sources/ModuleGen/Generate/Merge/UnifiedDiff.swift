/// A unified diff of two texts, as `diff -u` prints it, for `modulegen check --diff`.
package enum UnifiedDiff {
  package static func make(
    old: String, new: String, oldName: String, newName: String, context: Int = 3
  ) -> String {
    let a = lines(old)
    let b = lines(new)
    let operations = diff(a, b)
    var out = "--- \(oldName)\n+++ \(newName)\n"
    // Group operations into hunks with `context` unchanged lines around changes.
    var i = 0
    while i < operations.count {
      guard let firstChange = operations[i...].firstIndex(where: { $0.kind != .same }) else {
        break
      }
      let start = max(firstChange - context, i)
      var end = firstChange
      var lastChange = firstChange
      while end < operations.count {
        if operations[end].kind != .same { lastChange = end }
        if end - lastChange > context * 2 { break }
        end += 1
      }
      end = min(lastChange + context + 1, operations.count)
      let hunk = operations[start..<end]
      let oldStart = hunk.first!.oldIndex
      let newStart = hunk.first!.newIndex
      let oldCount = hunk.filter { $0.kind != .insert }.count
      let newCount = hunk.filter { $0.kind != .delete }.count
      out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
      for op in hunk {
        switch op.kind {
        case .same: out += " " + op.text + "\n"
        case .delete: out += "-" + op.text + "\n"
        case .insert: out += "+" + op.text + "\n"
        }
      }
      i = end
    }
    return out
  }

  private static func range(_ start: Int, _ count: Int) -> String {
    count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
  }

  private static func lines(_ text: String) -> [String] {
    if text.isEmpty { return [] }
    var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if result.last == "" { result.removeLast() }
    return result
  }

  struct Operation {
    enum Kind { case same, delete, insert }
    var kind: Kind
    var text: String
    var oldIndex: Int
    var newIndex: Int
  }

  /// The lines of both texts in order: removed lines before added ones between matches.
  static func diff(_ a: [String], _ b: [String]) -> [Operation] {
    var operations: [Operation] = []
    var i = 0
    var j = 0
    for match in LineDiff.matches(a, b) + [LineDiff.Match(oldIndex: a.count, newIndex: b.count)] {
      while i < match.oldIndex {
        operations.append(Operation(kind: .delete, text: a[i], oldIndex: i, newIndex: j))
        i += 1
      }
      while j < match.newIndex {
        operations.append(Operation(kind: .insert, text: b[j], oldIndex: i, newIndex: j))
        j += 1
      }
      if i < a.count && j < b.count {
        operations.append(Operation(kind: .same, text: a[i], oldIndex: i, newIndex: j))
        i += 1
        j += 1
      }
    }
    return operations
  }
}
