// Conversions the standard filters share, following Ruby Liquid's `Utils`.

extension FilterArguments {
  /// `to_s`: what string filters work on; an error when the text would pass the output limit.
  package func text(_ value: LiquidValue) throws(FilterFailure) -> String {
    let limit = environment.limits.maxOutputBytes
    guard let text = value.text(limit: limit) else {
      throw .largerThanOutputLimit("the text of this \(value.typeName)", limit: limit)
    }
    return text
  }

  /// Refuses an array of `count` items before it is made.
  func checkArraySize(_ count: Int, _ what: String) throws(FilterFailure) {
    let limit = environment.limits.maxArrayItems
    if count > limit { throw .moreItemsThanLimit(what, count: count, limit: limit) }
  }

  /// Refuses a string of `count` bytes before it is made.
  package func checkTextSize(_ count: Int, _ what: String) throws(FilterFailure) {
    let limit = environment.limits.maxOutputBytes
    if count > limit { throw .largerThanOutputLimit(what, limit: limit) }
  }
}

extension LiquidValue {
  /// `Utils.to_number`: numbers as they are, numeric strings parsed, everything else 0. An
  /// integer string that 64 bits cannot hold is an error (Ruby would make a bignum).
  package var number: LiquidValue {
    get throws(FilterFailure) {
      switch self {
      case .int, .double: return self
      case .string(let s):
        let stripped = s.rubyStrip()
        if isDecimalLiteral(stripped), let d = Double(stripped) { return .double(d) }
        return .int(try leadingInteger(stripped))
      default: return .int(0)
      }
    }
  }

  /// The items a filter iterates: arrays flattened, a hash or scalar as one item, nil as none.
  var inputItems: [LiquidValue] {
    switch self {
    case .array(let array): return flatten(array)
    case .range: return elements
    case .nil: return []
    default: return [self]
    }
  }
}

private func flatten(_ array: [LiquidValue]) -> [LiquidValue] {
  guard array.contains(where: { if case .array = $0 { return true } else { return false } }) else {
    return array
  }
  var out: [LiquidValue] = []
  for item in array {
    if case .array(let inner) = item { out += flatten(inner) } else { out.append(item) }
  }
  return out
}

/// `-?digits.digits`.
private func isDecimalLiteral(_ s: String) -> Bool {
  var bytes = Substring(s).utf8[...]
  if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
  guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return false }
  let whole = bytes[..<dot]
  let fraction = bytes[bytes.index(after: dot)...]
  return !whole.isEmpty && !fraction.isEmpty && whole.allSatisfy(isDigit)
    && fraction.allSatisfy(isDigit)
}

/// Ruby's `String#to_i`: the leading integer, or 0.
private func leadingInteger(_ s: String) throws(FilterFailure) -> Int {
  // Accumulated with its sign, so that Int.min is reachable.
  var result = 0
  var negative = false
  for (i, byte) in s.utf8.enumerated() {
    if i == 0 && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) {
      negative = byte == UInt8(ascii: "-")
      continue
    }
    guard isDigit(byte) else { break }
    let digit = Int(byte - 48)
    let (scaled, o1) = result.multipliedReportingOverflow(by: 10)
    let (next, o2) =
      negative ? scaled.subtractingReportingOverflow(digit) : scaled.addingReportingOverflow(digit)
    if o1 || o2 { throw .outsideIntegerRange("'\(s)'") }
    result = next
  }
  return result
}

/// `Utils.to_integer`: integers and integer strings; anything else is an error.
package func toInteger(_ value: LiquidValue?, _ what: String) throws(FilterFailure) -> Int {
  switch value ?? .nil {
  case .int(let i): return i
  case .string(let s):
    if let i = Int(s.rubyStrip()) { return i }
  default: break
  }
  throw FilterFailure("\(what) must be an integer, not \((value ?? .nil).describeForError)")
}

extension LiquidValue {
  var describeForError: String {
    switch self {
    case .nil: return "nil"
    case .string(let s) where s.utf8.count > 100: return "'\(s.prefix(100))…'"
    case .string(let s): return "'\(s)'"
    default: return "\(typeName) \(inspect(upTo: 100))"
    }
  }
}

/// `item[property]` as the array filters read it: an object's value, a drop's property, or for
/// a string item the property itself if the string contains it (Ruby's `String#[]`).
func property(of item: LiquidValue, _ property: LiquidValue) throws(FilterFailure) -> LiquidValue {
  switch item {
  case .object(let object):
    if case .string(let key) = property { return object[key] ?? .nil }
    return .nil
  case .drop(let drop):
    if case .string(let key) = property { return drop.value(forKey: key) ?? .nil }
    return .nil
  case .string(let string):
    if case .string(let key) = property { return string.contains(key) ? property : .nil }
    throw FilterFailure("cannot read property \(property.inspect(upTo: 100)) of a string")
  case .nil:
    return .nil
  case .int(let i):
    // Ruby's `Integer#[]` reads a bit.
    if case .int(let bit) = property { return .int(bit >= 0 && bit < 64 ? (i >> bit) & 1 : 0) }
    throw FilterFailure("cannot read property \(property.inspect(upTo: 100)) of integer \(i)")
  default:
    throw FilterFailure(
      "cannot read property \(property.inspect(upTo: 100)) of \(item.describeForError)")
  }
}

/// Ruby's `String#split(separator)`: a single space splits on runs of whitespace, an empty
/// separator splits into characters, and trailing empty fields are dropped. Stops after
/// `maxParts` parts, with `complete` false, so that no more than that is ever made.
func rubySplit(_ string: String, _ separator: String, maxParts: Int = .max) -> (
  parts: [String], complete: Bool
) {
  var parts = SplitParts(maxParts: maxParts)
  if separator == " " {
    var start: String.Index?
    var i = string.startIndex
    while i < string.endIndex {
      if String.isRubySpace(string[i]) {
        if let wordStart = start, !parts.add(String(string[wordStart..<i])) {
          return (parts.parts, false)
        }
        start = nil
      } else if start == nil {
        start = i
      }
      i = string.index(after: i)
    }
    if let wordStart = start, !parts.add(String(string[wordStart...])) {
      return (parts.parts, false)
    }
  } else if separator.isEmpty {
    for character in string where !parts.add(String(character)) { return (parts.parts, false) }
  } else {
    // Compared as UTF-8 bytes, as `firstOccurrence` compares (a match of valid UTF-8 starts and
    // ends on a code point, so every part is valid), in one scan (finding each separator in a
    // `Substring`, and slicing it, cost about 3,700 instructions for a short list).
    var text = string
    var target = separator
    let complete = text.withUTF8 { bytes in
      target.withUTF8 { pattern in
        var partStart = 0
        var i = 0
        while i + pattern.count <= bytes.count {
          guard bytes.holds(pattern, at: i) else {
            i += 1
            continue
          }
          guard parts.add(bytes.string(partStart..<i)) else { return false }
          i += pattern.count
          partStart = i
        }
        return parts.add(bytes.string(partStart..<bytes.count))
      }
    }
    return (parts.parts, complete)
  }
  return (parts.parts, true)
}

/// The parts `rubySplit` keeps: empty ones only when a non-empty one follows, at most
/// `maxParts`.
private struct SplitParts {
  var parts: [String] = []
  var pendingEmpty = 0
  let maxParts: Int

  /// Adds `part`; false, adding nothing, when it would be one more than `maxParts`.
  mutating func add(_ part: String) -> Bool {
    if part.isEmpty {
      pendingEmpty += 1
      return true
    }
    guard parts.count + pendingEmpty < maxParts else { return false }
    while pendingEmpty > 0 {
      parts.append("")
      pendingEmpty -= 1
    }
    parts.append(part)
    return true
  }
}

/// Exact decimal arithmetic on the shortest decimal forms of doubles, as Ruby Liquid gets by
/// converting floats to BigDecimal: `10.1 + 2.2` is `12.3`, not `12.299999999999999`.
enum DecimalMath {
  struct Decimal {
    var mantissa: Int
    var exponent: Int  // value = mantissa × 10^exponent
  }

  static func decimal(_ value: LiquidValue) -> Decimal? {
    switch value {
    case .int(let i): return Decimal(mantissa: i, exponent: 0)
    case .double(let d):
      guard d.isFinite else { return nil }
      let (negative, digits, exponent) = shortestDigits(d)
      guard digits.count <= 17, var m = Int(digits) else { return nil }
      if negative { m = -m }
      return Decimal(mantissa: m, exponent: exponent - digits.count)
    default: return nil
    }
  }

  static func align(_ a: Decimal, _ b: Decimal) -> (Int, Int, Int)? {
    let e = min(a.exponent, b.exponent)
    guard let x = scale(a.mantissa, a.exponent - e), let y = scale(b.mantissa, b.exponent - e)
    else {
      return nil
    }
    return (x, y, e)
  }

  static func scale(_ m: Int, _ by: Int) -> Int? {
    var m = m
    for _ in 0..<by {
      let (r, overflow) = m.multipliedReportingOverflow(by: 10)
      if overflow { return nil }
      m = r
    }
    return m
  }

  static func double(_ mantissa: Int, _ exponent: Int) -> Double {
    Double("\(mantissa)e\(exponent)") ?? Double(mantissa)
  }

  static func add(_ a: LiquidValue, _ b: LiquidValue) -> Double? {
    guard let x = decimal(a), let y = decimal(b), let (p, q, e) = align(x, y) else { return nil }
    let (sum, overflow) = p.addingReportingOverflow(q)
    return overflow ? nil : double(sum, e)
  }

  static func multiply(_ a: LiquidValue, _ b: LiquidValue) -> Double? {
    guard let x = decimal(a), let y = decimal(b) else { return nil }
    let (product, overflow) = x.mantissa.multipliedReportingOverflow(by: y.mantissa)
    return overflow ? nil : double(product, x.exponent + y.exponent)
  }

  /// Ruby's floored modulo on decimals.
  static func modulo(_ a: LiquidValue, _ b: LiquidValue) -> Double? {
    guard let x = decimal(a), let y = decimal(b), let (p, q, e) = align(x, y), q != 0 else {
      return nil
    }
    // Int.min % -1 overflows in Swift, though the remainder is 0.
    var r = p.remainderReportingOverflow(dividingBy: q).partialValue
    if r != 0 && (r < 0) != (q < 0) { r += q }
    return double(r, e)
  }
}
