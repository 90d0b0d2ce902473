/// Finds a duplicate among the keys of a mapping read so far. Most mappings have a few keys:
/// those are compared one by one, which costs less than hashing each key; past `comparedLimit`
/// keys an index by key keeps a long mapping linear.
struct SeenKeys {
  private var index: [String: Int] = [:]
  static let comparedLimit = 16

  /// The position in `pairs` (which holds no key twice) of the pair with `key`, if any.
  mutating func position(of key: String, in pairs: [DataNode.Pair]) -> Int? {
    guard pairs.count >= Self.comparedLimit else { return pairs.firstIndex { $0.key == key } }
    // The pairs added since the last call.
    for i in index.count..<pairs.count { index[pairs[i].key] = i }
    return index[key]
  }
}
