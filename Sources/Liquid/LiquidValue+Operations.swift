// Member access and comparison, as Ruby Liquid defines them.

extension LiquidValue {
  /// `value.name`: an object's key looked up without hashing its text again.
  func member(_ name: Name) -> LiquidValue? {
    if case .object(let object) = self, let value = object[name] { return value }
    return member(.string(name.text))
  }

  /// `value.key` or `value[key]`; nil when there is no such member.
  func member(_ key: LiquidValue) -> LiquidValue? {
    switch (self, key) {
    case (.object(let object), .string(let name)):
      if let value = object[name] { return value }
      switch name {
      case "size": return .int(object.count)
      case "first": return object.keys.first.map { .array([.string($0), object[$0]!]) }
      default: return nil
      }
    case (.array(let array), .int(let index)):
      let i = index < 0 ? saturatingAdd(array.count, index) : index
      return array.indices.contains(i) ? array[i] : nil
    case (.array(let array), .string(let name)):
      switch name {
      case "size": return .int(array.count)
      case "first": return array.first
      case "last": return array.last
      default: return nil
      }
    case (.range(let low, let high), .int(let index)):
      let count = rangeCount(low, high)
      let i = index < 0 ? saturatingAdd(count, index) : index
      return i >= 0 && i < count ? .int(low + i) : nil
    case (.range(let low, let high), .string(let name)):
      switch name {
      case "size": return .int(rangeCount(low, high))
      case "first": return high >= low ? .int(low) : nil
      case "last": return high >= low ? .int(high) : nil
      default: return nil
      }
    case (.string(let string), .string("size")):
      return .int(string.count)
    case (.drop(let drop), .string(let name)):
      return drop.value(forKey: name)
    default:
      return nil
    }
  }
}

/// Evaluates `a op b` in a condition.
func compare(_ a: LiquidValue, _ op: ComparisonOperator, _ b: LiquidValue) throws(FilterFailure)
  -> Bool
{
  switch op {
  case .equal: return a == b
  case .notEqual: return !(a == b)
  case .contains: return contains(a, b)
  case .less, .greater, .lessOrEqual, .greaterOrEqual:
    guard let order = try ordering(a, b) else { return false }
    switch op {
    case .less: return order < 0
    case .greater: return order > 0
    case .lessOrEqual: return order <= 0
    default: return order >= 0
    }
  }
}

private func contains(_ container: LiquidValue, _ item: LiquidValue) -> Bool {
  guard item.isTruthy else { return false }
  switch container {
  case .string(let string):
    // A needle longer than the string cannot be in it: its text need not be made in full.
    guard let needle = item.text(limit: string.utf8.count) else { return false }
    return needle.isEmpty || string.contains(needle)
  case .array(let array): return array.contains(item)
  case .object(let object):
    if case .string(let key) = item { return object[key] != nil }
    return false
  case .range(let low, let high):
    if case .int(let i) = item { return i >= low && i <= high }
    return false
  default: return false
  }
}

/// -1, 0 or 1 for values that have an order; nil where Ruby's comparison is false; an error
/// for a string against a number.
func ordering(_ a: LiquidValue, _ b: LiquidValue) throws(FilterFailure) -> Int? {
  switch (a, b) {
  case (.int(let x), .int(let y)): return x < y ? -1 : (x > y ? 1 : 0)
  case (.int, .double), (.double, .int), (.double, .double):
    let x = a.doubleValue
    let y = b.doubleValue
    return x < y ? -1 : (x > y ? 1 : 0)
  case (.string(let x), .string(let y)): return compareBytes(x, y)
  case (.string, .int), (.string, .double), (.int, .string), (.double, .string):
    throw FilterFailure("cannot compare \(a.typeName) with \(b.typeName)")
  default:
    return nil
  }
}

func compareBytes(_ x: String, _ y: String) -> Int {
  var i = x.utf8.makeIterator()
  var j = y.utf8.makeIterator()
  while true {
    switch (i.next(), j.next()) {
    case (nil, nil): return 0
    case (nil, _): return -1
    case (_, nil): return 1
    case (let p?, let q?): if p != q { return p < q ? -1 : 1 }
    }
  }
}

extension LiquidValue {
  var doubleValue: Double {
    switch self {
    case .int(let i): return Double(i)
    case .double(let d): return d
    default: return 0
    }
  }

  /// The type's name, for messages.
  var typeName: String {
    switch self {
    case .nil: return "nil"
    case .bool: return "boolean"
    case .int: return "integer"
    case .double: return "float"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    case .range: return "range"
    case .empty: return "empty"
    case .blank: return "blank"
    case .drop: return "object"
    }
  }
}
