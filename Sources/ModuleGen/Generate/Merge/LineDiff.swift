/// The longest common subsequence of two sequences of lines, by Myers' O((N+M)·D) algorithm in
/// its linear-space form ("An O(ND) Difference Algorithm and Its Variations", 1986, section 4b):
/// memory stays linear in the input whatever the inputs look like, and time grows with the
/// number of differences, so similar files of any size diff quickly.
enum LineDiff {
  /// A pair of equal lines: `old[oldIndex] == new[newIndex]`.
  struct Match: Equatable {
    var oldIndex: Int
    var newIndex: Int
  }

  /// The matched lines, in increasing order of both indices.
  static func matches<Line: Hashable>(_ old: [Line], _ new: [Line]) -> [Match] {
    // Compare small integers instead of lines.
    var ids: [Line: Int] = [:]
    func intern(_ line: Line) -> Int {
      if let id = ids[line] { return id }
      let id = ids.count
      ids[line] = id
      return id
    }
    let a = old.map(intern)
    let b = new.map(intern)
    var search = Search(a: a, b: b)
    search.compare(0, a.count, 0, b.count)
    return search.matches
  }

  private struct Search {
    let a: [Int]
    let b: [Int]
    var matches: [Match] = []
    /// Furthest-reaching x per diagonal, forward and backward; reused across calls.
    var forward: [Int] = []
    var backward: [Int] = []

    init(a: [Int], b: [Int]) {
      self.a = a
      self.b = b
      let size = a.count + b.count + 4
      forward = [Int](repeating: 0, count: size)
      backward = [Int](repeating: 0, count: size)
    }

    /// Appends the matches of `a[aLow..<aHigh]` against `b[bLow..<bHigh]`.
    mutating func compare(_ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int) {
      var aLow = aLow
      var bLow = bLow
      var aHigh = aHigh
      var bHigh = bHigh
      while aLow < aHigh && bLow < bHigh && a[aLow] == b[bLow] {
        matches.append(Match(oldIndex: aLow, newIndex: bLow))
        aLow += 1
        bLow += 1
      }
      var suffix = 0
      while aLow < aHigh && bLow < bHigh && a[aHigh - 1] == b[bHigh - 1] {
        aHigh -= 1
        bHigh -= 1
        suffix += 1
      }
      if aLow < aHigh && bLow < bHigh {
        let snake = middleSnake(aLow, aHigh, bLow, bHigh)
        compare(aLow, snake.x, bLow, snake.y)
        for step in 0..<(snake.u - snake.x) {
          matches.append(Match(oldIndex: snake.x + step, newIndex: snake.y + step))
        }
        compare(snake.u, aHigh, snake.v, bHigh)
      }
      for step in 0..<suffix {
        matches.append(Match(oldIndex: aHigh + step, newIndex: bHigh + step))
      }
    }

    /// The middle snake of an optimal path from (aLow, bLow) to (aHigh, bHigh): a run of
    /// matches from (x, y) to (u, v) in absolute indices, possibly empty. The ranges are
    /// non-empty and differ in their first and last lines.
    mutating func middleSnake(_ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int) -> (
      x: Int, y: Int, u: Int, v: Int
    ) {
      let n = aHigh - aLow
      let m = bHigh - bLow
      let delta = n - m
      let odd = delta & 1 != 0
      let limit = (n + m + 1) / 2
      // Diagonal k (x - y) of the forward search is at index k + offset; diagonal k of the
      // backward search at index k - delta + offset.
      let offset = limit + 1
      forward[offset + 1] = 0
      backward[offset + 1] = n + 1
      for d in 0...limit {
        for k in stride(from: -d, through: d, by: 2) {
          var x =
            k == -d || (k != d && forward[offset + k - 1] < forward[offset + k + 1])
            ? forward[offset + k + 1] : forward[offset + k - 1] + 1
          var y = x - k
          let (startX, startY) = (x, y)
          while x < n && y < m && a[aLow + x] == b[bLow + y] {
            x += 1
            y += 1
          }
          forward[offset + k] = x
          let c = k - delta
          if odd && c >= -(d - 1) && c <= d - 1 && x >= backward[offset + c] {
            return (aLow + startX, bLow + startY, aLow + x, bLow + y)
          }
        }
        for c in stride(from: -d, through: d, by: 2) {
          let k = c + delta
          var x =
            c == -d || (c != d && backward[offset + c + 1] - 1 < backward[offset + c - 1])
            ? backward[offset + c + 1] - 1 : backward[offset + c - 1]
          var y = x - k
          let (endX, endY) = (x, y)
          while x > 0 && y > 0 && a[aLow + x - 1] == b[bLow + y - 1] {
            x -= 1
            y -= 1
          }
          backward[offset + c] = x
          if !odd && k >= -d && k <= d && x <= forward[offset + k] {
            return (aLow + x, bLow + y, aLow + endX, bLow + endY)
          }
        }
      }
      // Unreachable: the two searches meet by d = limit.
      return (aLow, bLow, aLow, bLow)
    }
  }
}
