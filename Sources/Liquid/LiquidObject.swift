/// A string-keyed dictionary that keeps its keys in insertion order (source order for data
/// read from JSON or YAML), so that iterating over an object is deterministic.
public struct LiquidObject: Sendable, Equatable, Sequence {
  public private(set) var keys: [String] = []
  private var storage: [Name: LiquidValue] = [:]

  public init() {}

  public init(_ pairs: [(String, LiquidValue)]) {
    reserveCapacity(pairs.count)
    for (key, value) in pairs { self[key] = value }
  }

  /// Room for `count` keys, so that filling an object of known size grows nothing.
  public mutating func reserveCapacity(_ count: Int) {
    keys.reserveCapacity(count)
    // An empty table made anew: `Dictionary(minimumCapacity:)` is compiled for its types here,
    // where `reserveCapacity` ran the standard library's generic code (about 2,000
    // instructions a table).
    if storage.isEmpty {
      storage = Dictionary(minimumCapacity: count)
    } else {
      storage.reserveCapacity(count)
    }
  }

  public var count: Int { keys.count }
  public var isEmpty: Bool { keys.isEmpty }

  public subscript(key: String) -> LiquidValue? {
    get { storage[Name(key)] }
    set {
      if let newValue {
        if storage.updateValue(newValue, forKey: Name(key)) == nil { keys.append(key) }
      } else if storage.removeValue(forKey: Name(key)) != nil {
        keys.removeAll { $0 == key }
      }
    }
  }

  /// The value of a name a template looks up (its hash already worked out).
  subscript(name: Name) -> LiquidValue? { storage[name] }

  public func makeIterator() -> some IteratorProtocol<(key: String, value: LiquidValue)> {
    var index = 0
    return AnyIterator {
      guard index < keys.count else { return nil }
      defer { index += 1 }
      let key = keys[index]
      return (key, storage[Name(key)]!)
    }
  }

  public static func == (lhs: LiquidObject, rhs: LiquidObject) -> Bool {
    lhs.storage == rhs.storage
  }

  /// Ruby's `Hash#inspect`: `{"a" => 1}`.
  func inspect() -> String {
    var out = ""
    writeInspect(to: &out, limit: .max)
    return out
  }

  /// Appends `inspect` to `out`; false once `out` passes `limit` bytes.
  @discardableResult
  func writeInspect(to out: inout String, limit: Int) -> Bool {
    out += "{"
    for (i, (key, value)) in enumerated() {
      if i > 0 { out += ", " }
      LiquidValue.string(key).writeInspect(to: &out, limit: limit)
      out += " => "
      if !value.writeInspect(to: &out, limit: limit) { return false }
    }
    out += "}"
    return out.utf8.count <= limit
  }
}
