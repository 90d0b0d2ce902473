/// The candidate nearest to `word` by edit distance, the first of equals, if it is close enough
/// to be a typo: at most a third of its characters, and never more than `maxTypoDistance`, so
/// that the work per candidate is linear in its length even for names of thousands of
/// characters. With `ignoringCase`, letters are compared lowercased (target and group names are
/// often retyped in another case).
package func closestMatch(
  to word: String, in candidates: some Sequence<String>, ignoringCase: Bool = false
) -> String? {
  func characters(_ text: String) -> [Character] { Array(ignoringCase ? text.lowercased() : text) }
  let word = characters(word)
  var limit = min(max(1, word.count / 3), maxTypoDistance)
  var best: String?
  for candidate in candidates {
    var cells = 0
    guard let distance = editDistance(word, characters(candidate), limit: limit, cells: &cells)
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

/// No suggestion is further than this many edits from what was written.
package let maxTypoDistance = 8

/// Optimal string alignment distance (insertions, deletions, substitutions and swaps of two
/// neighbouring characters each cost one) when it is at most `limit`, else nil. Only the cells
/// within `limit` of the diagonal are computed, counted in `cells`: at most
/// `(2 × limit + 1) × (a.count + 1)`.
package func editDistance(
  _ a: [Character], _ b: [Character], limit: Int, cells: inout Int
) -> Int? {
  guard abs(a.count - b.count) <= limit else { return nil }
  if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
  let beyond = limit + 1
  // Three rows: the one before the previous (for swaps), the previous and the current.
  var older = [Int](repeating: beyond, count: b.count + 1)
  var previous = [Int](repeating: beyond, count: b.count + 1)
  var current = [Int](repeating: beyond, count: b.count + 1)
  for j in 0...min(b.count, limit) { previous[j] = j }
  for i in 1...a.count {
    let low = max(1, i - limit)
    let high = min(b.count, i + limit)
    guard low <= high else { return nil }
    current[low - 1] = low == 1 ? (i <= limit ? i : beyond) : beyond
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
    if rowMinimum > limit { return nil }
    (older, previous, current) = (previous, current, older)
  }
  let distance = previous[b.count]
  return distance <= limit ? distance : nil
}
