// Array filters, as Ruby Liquid 5 defines them.

func registerArrayFilters(_ set: inout FilterSet) {
  set["join"] = Filter(arguments: 0...1) { input, args in
    let separator = args[0] == nil ? " " : try args.text(args[0]!)
    var texts: [String] = []
    var size = 0
    for item in input.inputItems {
      let text = try args.text(item)
      // A long separator between many items is the one way join grows past its input.
      size = saturatingAdd(size, saturatingAdd(text.utf8.count, separator.utf8.count))
      try args.checkTextSize(size, "the joined text")
      texts.append(text)
    }
    return .string(texts.joined(separator: separator))
  }
  set["first"] = Filter { input, _ in
    switch input {
    case .array(let array): return array.first ?? .nil
    case .range: return input.elements.first ?? .nil
    case .object(let object):
      return object.keys.first.map { .array([.string($0), object[$0]!]) } ?? .nil
    default: return .nil
    }
  }
  set["last"] = Filter { input, _ in
    switch input {
    case .array(let array): return array.last ?? .nil
    case .range(let low, let high): return high >= low ? .int(high) : .nil
    default: return .nil
    }
  }
  set["size"] = Filter { input, _ in
    switch input {
    case .string(let s): return .int(s.count)
    case .array(let a): return .int(a.count)
    case .object(let o): return .int(o.count)
    case .range(let low, let high): return .int(rangeCount(low, high))
    default: return .int(0)
    }
  }
  set["reverse"] = Filter { input, _ in .array(input.inputItems.reversed()) }
  set["concat"] = Filter(arguments: 1...1) { input, args in
    guard case .array = args[0]! else {
      throw FilterFailure("concat needs an array argument, not \(args[0]!.describeForError)")
    }
    let (left, right) = (input.inputItems, args[0]!.inputItems)
    try args.checkArraySize(saturatingAdd(left.count, right.count), "the concatenated array")
    return .array(left + right)
  }
  set["compact"] = Filter(arguments: 0...1) { input, args in
    let items = input.inputItems
    guard let key = args[0], !key.isNil else { return .array(items.filter { !$0.isNil }) }
    var kept: [LiquidValue] = []
    for item in items where !(try property(of: item, key)).isNil { kept.append(item) }
    return .array(kept)
  }
  set["uniq"] = Filter(arguments: 0...1) { input, args in
    // Arrays and objects, rare here, are compared one by one.
    let items = input.inputItems
    // One item (a template's list of imports, often) is kept whatever its identity.
    if items.count < 2 { return .array(items) }
    var seenScalars = SeenScalars()
    var seenOthers: [LiquidValue] = []
    var kept: [LiquidValue] = []
    for item in items {
      let identity = args[0].map { key in (try? property(of: item, key)) ?? .nil } ?? item
      let isNew: Bool
      if let key = ScalarKey(identity) {
        isNew = seenScalars.insert(key)
      } else {
        isNew = !seenOthers.contains(where: { $0.strictlyEquals(identity) })
        if isNew { seenOthers.append(identity) }
      }
      if isNew { kept.append(item) }
    }
    return .array(kept)
  }
  set["map"] = Filter(arguments: 1...1) { input, args in
    var out: [LiquidValue] = []
    for item in input.inputItems {
      switch item {
      case .object, .drop, .nil, .string: out.append(try property(of: item, args[0]!))
      default: throw FilterFailure("map needs objects, not \(item.describeForError)")
      }
    }
    return .array(out)
  }
  set["sum"] = Filter(arguments: 0...1) { input, args in
    var total = LiquidValue.int(0)
    for item in input.inputItems {
      var value = item
      if let key = args[0], !key.isNil {
        switch item {
        case .object, .drop, .nil: value = try property(of: item, key)
        default: throw FilterFailure("sum by property needs objects, not \(item.describeForError)")
        }
      }
      for part in value.inputItems { total = try arithmetic(total, part.number, .add) }
    }
    return total
  }
  set["sort"] = Filter(arguments: 0...1) { input, args in
    try .array(
      sorted(input.inputItems, by: args[0]) { a, b throws(FilterFailure) in
        if let order = (try? ordering(a, b)) ?? nil { return order < 0 }
        if a.isNil || b.isNil { return b.isNil && !a.isNil }
        if case .bool = a, case .bool = b { return false }
        throw FilterFailure("cannot sort \(a.typeName) with \(b.typeName)")
      })
  }
  set["sort_natural"] = Filter(arguments: 0...1) { input, args in
    try .array(
      sorted(input.inputItems, by: args[0]) { a, b throws(FilterFailure) in
        if a.isNil || b.isNil { return b.isNil && !a.isNil }
        return compareBytes(try args.text(a).lowercased(), try args.text(b).lowercased()) < 0
      })
  }
  set["where"] = Filter(arguments: 1...2) { input, args in
    try select(input, args) { items, test in try .array(items.filter { try test($0) }) }
      ?? .array([])
  }
  set["reject"] = Filter(arguments: 1...2) { input, args in
    try select(input, args) { items, test in try .array(items.filter { try !test($0) }) }
      ?? .array([])
  }
  set["find"] = Filter(arguments: 1...2) { input, args in
    try select(input, args) { items, test in try items.first { try test($0) } ?? .nil } ?? .nil
  }
  set["find_index"] = Filter(arguments: 1...2) { input, args in
    try select(input, args) { items, test in
      try items.firstIndex { try test($0) }.map { .int($0) } ?? .nil
    } ?? .nil
  }
  set["has"] = Filter(arguments: 1...2) { input, args in
    try select(input, args) { items, test in try .bool(items.contains { try test($0) }) } ?? .nil
  }
}

/// A scalar value as `uniq` compares it (`strictlyEquals`), hashable.
private enum ScalarKey: Hashable {
  case `nil`
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case range(Int, Int)

  init?(_ value: LiquidValue) {
    switch value {
    case .nil: self = .nil
    case .bool(let b): self = .bool(b)
    case .int(let i): self = .int(i)
    // -0.0 == 0.0, as in `==`.
    case .double(let d): self = .double(d == 0 ? 0 : d)
    case .string(let s): self = .string(s)
    case .range(let low, let high): self = .range(low, high)
    default: return nil
    }
  }

  /// NaN equals nothing, not even itself: every NaN is kept.
  var isUnique: Bool {
    if case .double(let d) = self { return d.isNaN }
    return false
  }
}

/// The scalars `uniq` has kept: a list while they are few, a set once they are many, so that a
/// long array is not quadratic. (A set of a type a process has not hashed before costs the
/// runtime about 200,000 instructions on its first use, looking up the type's `Hashable`
/// conformance: as much as `uniq` on a few imports takes a thousand times.)
private struct SeenScalars {
  static let listLimit = 32
  private var list: [ScalarKey] = []
  private var set: Set<ScalarKey>?

  /// Adds `key`; false when an equal scalar was there already.
  mutating func insert(_ key: ScalarKey) -> Bool {
    if key.isUnique { return true }
    if set != nil { return set?.insert(key).inserted == true }
    if list.contains(key) { return false }
    list.append(key)
    if list.count == Self.listLimit { set = Set(list) }
    return true
  }
}

extension LiquidValue {
  /// Equality without Liquid's `1 == 1.0` and `empty` rules, for `uniq`.
  func strictlyEquals(_ other: LiquidValue) -> Bool {
    switch (self, other) {
    case (.int, .double), (.double, .int): return false
    default: return self == other
    }
  }
}

/// A stable sort by the items or by one of their properties, nils last.
private func sorted(
  _ items: [LiquidValue], by key: LiquidValue?,
  _ less: (LiquidValue, LiquidValue) throws(FilterFailure) -> Bool
) throws(FilterFailure) -> [LiquidValue] {
  // Nothing to compare: returned as it is (a merge sort made arrays of pairs for it).
  if items.count < 2 && (key?.isNil ?? true) { return items }
  var keyed: [(key: LiquidValue, item: LiquidValue)] = []
  for item in items {
    if let key, !key.isNil {
      switch item {
      case .object, .drop, .nil: keyed.append((try property(of: item, key), item))
      default:
        throw FilterFailure("cannot sort by property \(key.inspect()) of \(item.describeForError)")
      }
    } else {
      keyed.append((item, item))
    }
  }
  var failure: FilterFailure?
  // Merge sort keeps equal items in order and lets the comparison fail.
  func merge(_ slice: ArraySlice<(key: LiquidValue, item: LiquidValue)>) -> [(
    key: LiquidValue, item: LiquidValue
  )] {
    guard slice.count > 1, failure == nil else { return Array(slice) }
    let middle = slice.startIndex + slice.count / 2
    let left = merge(slice[..<middle])
    let right = merge(slice[middle...])
    var out: [(key: LiquidValue, item: LiquidValue)] = []
    out.reserveCapacity(slice.count)
    var i = 0
    var j = 0
    while i < left.count && j < right.count {
      do {
        if try less(right[j].key, left[i].key) {
          out.append(right[j])
          j += 1
        } else {
          out.append(left[i])
          i += 1
        }
      } catch {
        failure = error
        return out
      }
    }
    out += left[i...]
    out += right[j...]
    return out
  }
  let result = merge(keyed[...]).map(\.item)
  if let failure { throw failure }
  return result
}

/// The shared logic of `where`, `reject`, `find`, `find_index` and `has`: a test of each item's
/// property (truthy, or equal to the second argument). Nil when an item is nil.
private func select(
  _ input: LiquidValue, _ args: FilterArguments,
  _ body: ([LiquidValue], (LiquidValue) throws -> Bool) throws -> LiquidValue
) throws -> LiquidValue? {
  let key = args[0]!
  let target = args[1] ?? .nil
  let items = input.inputItems
  if key.isNil { return try body([]) { _ in false } }
  if items.contains(where: \.isNil) && !items.isEmpty {
    if case .array = input { return nil }
  }
  return try body(items) { item in
    let value = try property(of: item, key)
    return target.isNil ? value.isTruthy : value == target
  }
}
