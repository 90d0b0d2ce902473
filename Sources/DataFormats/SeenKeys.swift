/// The keys of a mapping read so far, with where each is, to find a duplicate. Most mappings
/// have a few keys: those are compared one by one, which costs less than hashing each key;
/// past `comparedLimit` keys a dictionary keeps a long mapping linear.
struct SeenKeys {
  private var keys: [String] = []
  private var offsets: [Int] = []
  private var index: [String: Int] = [:]
  static let comparedLimit = 16

  /// Adds `key`, written at `offset`; returns the offset of an earlier `key` instead, if any.
  mutating func insert(_ key: String, at offset: Int) -> Int? {
    guard keys.count < Self.comparedLimit else {
      if let first = index[key] { return first }
      index[key] = offset
      return nil
    }
    if let i = keys.firstIndex(of: key) { return offsets[i] }
    keys.append(key)
    offsets.append(offset)
    if keys.count == Self.comparedLimit {
      for (key, offset) in zip(keys, offsets) { index[key] = offset }
    }
    return nil
  }
}
