/// "Did you mean": the closest name to a misspelled one.
///
/// The rules of the template engine's `closestMatch` (this library imports nothing of it):
/// a candidate is close enough when it is at most a third of the name's characters away, and
/// never more than `maximumDistance`; only cells within that limit of the diagonal are
/// compared, so the work per candidate is linear in its length however long the names are.
/// Case is ignored, as target and group names are often retyped in another case.
enum Suggestion {
  /// How a message offers a suggestion, in the words of every "did you mean" of modulegen.
  static func didYouMean(_ suggestion: String) -> String { "; did you mean '\(suggestion)'?" }

  /// No suggestion is further than this many edits from what was written.
  static let maximumDistance = 8

  /// The candidate with the smallest distance to `name`, the first of equals, if it is close
  /// enough to be a likely typo.
  static func closest(to name: String, in candidates: [String]) -> String? {
    let target = Array(name.lowercased())
    var limit = min(max(1, target.count / 3), maximumDistance)
    var best: String?
    for candidate in candidates {
      var cells = 0
      guard
        let distance = editDistance(
          target, Array(candidate.lowercased()), limit: limit, cells: &cells)
      else { continue }
      if best == nil || distance < limit {
        best = candidate
        // Only a closer candidate can replace this one.
        limit = distance
        if distance == 0 { break }
      }
    }
    return best
  }

  /// The optimal string alignment distance (insertions, deletions, substitutions and swaps of
  /// two neighbouring characters each cost one) when it is at most `limit`, else nil. Counts
  /// the cells it computes in `cells`: at most `(2 × limit + 1) × (a.count + 1)`.
  static func editDistance(_ a: [Character], _ b: [Character], limit: Int, cells: inout Int)
    -> Int?
  {
    guard abs(a.count - b.count) <= limit else { return nil }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    let beyond = limit + 1
    // The row before the previous one (for swaps), the previous one and the current one.
    var older = [Int](repeating: beyond, count: b.count + 1)
    var previous = [Int](repeating: beyond, count: b.count + 1)
    var current = [Int](repeating: beyond, count: b.count + 1)
    for j in 0...min(b.count, limit) { previous[j] = j }
    for i in 1...a.count {
      let low = max(1, i - limit)
      let high = min(b.count, i + limit)
      guard low <= high else { return nil }
      current[low - 1] = low == 1 && i <= limit ? i : beyond
      var rowMinimum = current[low - 1]
      for j in low...high {
        cells += 1
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          value = min(value, older[j - 2] + 1)
        }
        value = min(value, beyond)
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if high < b.count { current[high + 1] = beyond }
      // Every path to the end goes through this row: past the limit, nothing can come back.
      if rowMinimum > limit { return nil }
      (older, previous, current) = (previous, current, older)
    }
    let distance = previous[b.count]
    return distance <= limit ? distance : nil
  }
}
