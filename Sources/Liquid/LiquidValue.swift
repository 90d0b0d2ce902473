/// A value a template sees: the data it is rendered with, literals, and what filters return.
public enum LiquidValue: Sendable {
  case `nil`
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([LiquidValue])
  case object(LiquidObject)
  /// An integer range `(a..b)`, both ends included.
  case range(Int, Int)
  /// The `empty` and `blank` literals, which compare specially.
  case empty
  case blank
  /// An object whose properties are computed, such as `forloop`.
  case drop(any LiquidDrop)
}

/// An object with computed properties (`forloop`, `tablerowloop`).
public protocol LiquidDrop: AnyObject, Sendable {
  func value(forKey key: String) -> LiquidValue?
}

// MARK: - Truthiness and type questions

extension LiquidValue {
  /// Liquid's truthiness: only `nil` and `false` are falsy.
  @inlinable public var isTruthy: Bool {
    switch self {
    case .nil: return false
    case .bool(let value): return value
    default: return true
    }
  }

  public var isNil: Bool {
    if case .nil = self { return true }
    return false
  }

  /// True for an empty string, array or object (what `== empty` tests).
  var isEmptyCollection: Bool {
    switch self {
    case .string(let s): return s.isEmpty
    case .array(let a): return a.isEmpty
    case .object(let o): return o.isEmpty
    case .empty: return true
    default: return false
    }
  }

  /// What `== blank` tests: nil, false, whitespace-only strings and empty collections.
  var isBlank: Bool {
    switch self {
    case .nil: return true
    case .bool(let b): return !b
    case .string(let s): return s.allSatisfy { $0.isWhitespace }
    case .array(let a): return a.isEmpty
    case .object(let o): return o.isEmpty
    case .blank, .empty: return true
    default: return false
    }
  }

  var isNumber: Bool {
    switch self {
    case .int, .double: return true
    default: return false
    }
  }

  /// The elements this value has when a tag or filter iterates over it.
  package var elements: [LiquidValue] {
    switch self {
    case .array(let a): return a
    case .range(let low, let high):
      return low <= high ? (low...high).map { .int($0) } : []  // size checked where ranges are made
    case .object(let o): return o.map { .array([.string($0.key), $0.value]) }
    case .nil: return []
    default: return [self]
    }
  }
}

// MARK: - Rendering as text

extension LiquidValue {
  /// The text `{{ value }}` writes.
  public var renderedText: String {
    var out = ""
    write(to: &out, limit: .max)
    return out
  }

  /// The text, or nil when it would pass `limit` bytes: an array can hold a million copies of
  /// one long string, whose text would not fit in memory.
  func text(limit: Int) -> String? {
    if case .string(let s) = self { return s }
    var out = ""
    return write(to: &out, limit: limit) ? out : nil
  }

  /// Appends the text to `out`; false, with `out` partly written, once `out` passes `limit`
  /// bytes.
  @discardableResult
  func write(to out: inout String, limit: Int) -> Bool {
    switch self {
    case .nil, .empty, .blank, .drop: break
    case .bool(let b): out += b ? "true" : "false"
    case .int(let i): out += String(i)
    case .double(let d): out += formatDouble(d)
    case .string(let s): out += s
    case .array(let a):
      for item in a where !item.write(to: &out, limit: limit) { return false }
    case .range(let low, let high): out += "\(low)..\(high)"
    case .object(let o): return o.writeInspect(to: &out, limit: limit)
    }
    return out.utf8.count <= limit
  }

  /// The text cut to about 100 bytes with "…", for messages.
  var shortText: String {
    var out = ""
    if write(to: &out, limit: 100) { return out }
    return String(out.prefix(100)) + "…"
  }

  /// A Ruby-style `inspect`, used where a hash or nested value is written as text.
  func inspect() -> String {
    var out = ""
    writeInspect(to: &out, limit: .max)
    return out
  }

  /// `inspect`, cut to about `limit` bytes with "…": for messages, which must stay short
  /// whatever the value.
  func inspect(upTo limit: Int) -> String {
    var out = ""
    if writeInspect(to: &out, limit: limit) { return out }
    return String(out.prefix(limit)) + "…"
  }

  /// Appends `inspect` to `out`; false once `out` passes `limit` bytes.
  @discardableResult
  func writeInspect(to out: inout String, limit: Int) -> Bool {
    switch self {
    case .nil, .empty, .blank: out += "nil"
    case .string(let s):
      out += "\""
      out += s.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")
      out += "\""
    case .array(let a):
      out += "["
      for (i, item) in a.enumerated() {
        if i > 0 { out += ", " }
        if !item.writeInspect(to: &out, limit: limit) { return false }
      }
      out += "]"
    case .object(let o): return o.writeInspect(to: &out, limit: limit)
    default: return write(to: &out, limit: limit)
    }
    return out.utf8.count <= limit
  }
}

/// How many integers `low...high` holds, saturating instead of overflowing.
func rangeCount(_ low: Int, _ high: Int) -> Int {
  guard high >= low else { return 0 }
  let (difference, overflow) = high.subtractingReportingOverflow(low)
  return overflow || difference == Int.max ? Int.max : difference + 1
}

/// `a + b`, saturating instead of overflowing.
package func saturatingAdd(_ a: Int, _ b: Int) -> Int {
  let (sum, overflow) = a.addingReportingOverflow(b)
  return overflow ? (b > 0 ? Int.max : Int.min) : sum
}

/// Formats a double the way Ruby's `Float#to_s` does: `5.0`, `0.1`, `1.0e+20`, `1.0e-05`.
func formatDouble(_ value: Double) -> String {
  if value.isNaN { return "NaN" }
  if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
  let (negative, digits, exponent) = shortestDigits(value)
  // `digits` holds the significant digits; the value is 0.digits × 10^exponent.
  var out = negative ? "-" : ""
  if exponent > 16 || exponent < -3 {
    out += String(digits.first!)
    out += "."
    out += digits.count > 1 ? String(digits.dropFirst()) : "0"
    let e = exponent - 1
    out += e < 0 ? "e-" : "e+"
    let magnitude = String(abs(e))
    out += magnitude.count < 2 ? "0" + magnitude : magnitude
  } else if exponent <= 0 {
    out += "0." + String(repeating: "0", count: -exponent) + digits
  } else if digits.count <= exponent {
    out += digits + String(repeating: "0", count: exponent - digits.count) + ".0"
  } else {
    out += String(digits.prefix(exponent)) + "." + String(digits.dropFirst(exponent))
  }
  return out
}

/// The shortest round-tripping decimal digits of a double, from Swift's own description.
func shortestDigits(_ value: Double) -> (negative: Bool, digits: String, exponent: Int) {
  var text = Substring(value.description)
  let negative = text.hasPrefix("-")
  if negative { text = text.dropFirst() }
  var exponentPart = 0
  if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
    exponentPart = Int(text[text.index(after: e)...]) ?? 0
    text = text[..<e]
  }
  var integerPart = text
  var fraction: Substring = ""
  if let dot = text.firstIndex(of: ".") {
    integerPart = text[..<dot]
    fraction = text[text.index(after: dot)...]
  }
  var digits = String(integerPart) + String(fraction)
  var exponent = integerPart.count + exponentPart
  while digits.hasPrefix("0") && digits.count > 1 {
    digits.removeFirst()
    exponent -= 1
  }
  while digits.hasSuffix("0") && digits.count > 1 { digits.removeLast() }
  if digits == "0" { exponent = 1 }
  return (negative, digits, exponent)
}

// MARK: - Literals, for building contexts in Swift

extension LiquidValue: ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int) { self = .int(value) }
  public init(floatLiteral value: Double) { self = .double(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: LiquidValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, LiquidValue)...) {
    var object = LiquidObject()
    for (key, value) in elements { object[key] = value }
    self = .object(object)
  }
}

// MARK: - Equality as Liquid's `==` defines it

extension LiquidValue: Equatable {
  public static func == (lhs: LiquidValue, rhs: LiquidValue) -> Bool {
    switch (lhs, rhs) {
    case (.nil, .nil): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.double(let a), .double(let b)): return a == b
    case (.int(let a), .double(let b)): return Double(a) == b
    case (.double(let a), .int(let b)): return a == Double(b)
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)): return a == b
    case (.range(let a1, let a2), .range(let b1, let b2)): return a1 == b1 && a2 == b2
    case (.empty, .empty), (.blank, .blank): return false
    case (.empty, let other), (let other, .empty): return other.isEmptyCollection
    case (.blank, let other), (let other, .blank): return other.isBlank
    case (.drop(let a), .drop(let b)): return a === b
    default: return false
    }
  }
}
