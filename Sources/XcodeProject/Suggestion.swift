/// "Did you mean": the closest name to a misspelled one.
enum Suggestion {
  /// The candidate with the smallest edit distance to `name` (case ignored), if it is close
  /// enough to be a likely typo: at most a third of the name's length, and at least 1.
  static func closest(to name: String, in candidates: [String]) -> String? {
    let target = Array(name.lowercased())
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(target, Array(candidate.lowercased()))
      if distance < best?.distance ?? Int.max { best = (candidate, distance) }
    }
    guard let best, best.distance <= max(1, target.count / 3) else { return nil }
    return best.candidate
  }

  /// Levenshtein distance: insertions, deletions and substitutions.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
