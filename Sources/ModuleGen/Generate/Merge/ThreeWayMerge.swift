import Diagnostics

/// A three-way merge of text, as `git merge-file` / diff3 do it: the changes from `base` to
/// `ours` and from `base` to `theirs` are combined; where both changed the same lines
/// differently, the result holds both between conflict markers.
///
/// `modulegen update` merges what was generated before (base), what the developer has now
/// (ours) and what would be generated now (theirs), so a template or spec change reaches a file
/// the developer has edited without losing the edits.
struct ThreeWayMerge: Equatable {
  /// The merged text; with conflicts, it holds conflict markers.
  var text: String
  /// The number of conflicting regions.
  var conflicts: Int

  /// Whether a line opens or closes a conflict (`<<<<<<< yours`, `>>>>>>> generated now`, or
  /// git's own): a file with one is not resolved yet.
  static func isConflictMarker(_ line: Substring) -> Bool {
    isConflictMarker(line.utf8)
  }

  /// Whether a line's bytes (without its line break) open or close a conflict: a
  /// `ConflictMarker` of seven `<` or seven `>` (a line of `=` may be a comment's rule).
  static func isConflictMarker(_ line: some Collection<UInt8>) -> Bool {
    let character = ConflictMarker.character(of: line)
    return character == UInt8(ascii: "<") || character == UInt8(ascii: ">")
  }

  /// The first line (1-based) of a file's bytes that opens or closes a conflict
  /// (`isConflictMarker`), if any: a developer's file with one still has a merge to resolve.
  /// Every run that plans a module looks at each of its developer's files: only the lines that
  /// start with `<` or `>` are looked at further.
  static func firstConflictMarkerLine(in bytes: [UInt8]) -> Int? {
    let newline = UInt8(ascii: "\n")
    return bytes.withUnsafeBufferPointer { bytes in
      var line = 1
      var start = 0
      while start < bytes.count {
        let end = bytes[start...].firstIndex(of: newline) ?? bytes.count
        if isConflictMarker(bytes[start..<end]) { return line }
        start = end + 1
        line += 1
      }
      return nil
    }
  }

  /// What `check` says, and `gen` and `update` warn, of a developer's file that still has
  /// conflict markers (`firstConflictMarkerLine`).
  static let unresolvedMarkersMessage = "unresolved conflict markers from 'modulegen update'"

  /// The names shown on the conflict markers.
  struct Labels {
    var ours: String
    var base: String
    var theirs: String
  }

  static func merge(base: String, ours: String, theirs: String, labels: Labels) -> ThreeWayMerge {
    let o = lines(base)
    let a = lines(ours)
    let b = lines(theirs)
    // For each line of the base, the line of each side it is matched with.
    var inOurs = [Int?](repeating: nil, count: o.count)
    for match in LineDiff.matches(o, a) { inOurs[match.oldIndex] = match.newIndex }
    var inTheirs = [Int?](repeating: nil, count: o.count)
    for match in LineDiff.matches(o, b) { inTheirs[match.oldIndex] = match.newIndex }

    var out = ""
    var conflicts = 0
    func resolve(
      _ base: ArraySlice<String>, _ ours: ArraySlice<String>, _ theirs: ArraySlice<String>
    ) {
      if ours.elementsEqual(base) {
        out += theirs.joined()
      } else if theirs.elementsEqual(base) || ours.elementsEqual(theirs) {
        out += ours.joined()
      } else {
        conflicts += 1
        func section(_ marker: String, _ lines: ArraySlice<String>) {
          if !out.isEmpty && !out.hasSuffix("\n") { out += "\n" }
          out += marker + "\n" + lines.joined()
        }
        section("<<<<<<< " + labels.ours, ours)
        section("||||||| " + labels.base, base)
        section("=======", theirs)
        section(">>>>>>> " + labels.theirs, [])
      }
    }

    // Walk the base: lines matched on both sides at the expected places are stable; what lies
    // between two stable lines is a chunk that one side, both sides or neither changed.
    var i = 0
    var j = 0
    var k = 0
    while i < o.count || j < a.count || k < b.count {
      if i < o.count && inOurs[i] == j && inTheirs[i] == k {
        out += o[i]
        i += 1
        j += 1
        k += 1
        continue
      }
      var next = i
      while next < o.count && (inOurs[next] == nil || inTheirs[next] == nil) { next += 1 }
      let (endOurs, endTheirs) =
        next < o.count ? (inOurs[next]!, inTheirs[next]!) : (a.count, b.count)
      resolve(o[i..<next], a[j..<endOurs], b[k..<endTheirs])
      (i, j, k) = (next, endOurs, endTheirs)
    }
    return ThreeWayMerge(text: out, conflicts: conflicts)
  }

  /// The lines of `text`, each with its line break, so that joining them gives the same bytes.
  static func lines(_ text: String) -> [String] {
    var result: [String] = []
    let utf8 = text.utf8
    var start = utf8.startIndex
    for index in utf8.indices where utf8[index] == UInt8(ascii: "\n") {
      let end = utf8.index(after: index)
      result.append(String(text[start..<end]))
      start = end
    }
    if start < utf8.endIndex { result.append(String(text[start...])) }
    return result
  }
}
