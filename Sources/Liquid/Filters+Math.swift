// Math filters. Integers stay integers; floats are computed on their decimal forms, as Ruby
// Liquid does with BigDecimal.

enum ArithmeticOperation {
  case add, subtract, multiply, divide, modulo

  var symbol: String {
    switch self {
    case .add: return "+"
    case .subtract: return "-"
    case .multiply: return "*"
    case .divide: return "/"
    case .modulo: return "%"
    }
  }
}

/// `a op b` on two numbers (already converted with `number`). Integer results that 64 bits
/// cannot hold are an error, not a trap.
func arithmetic(_ a: LiquidValue, _ b: LiquidValue, _ op: ArithmeticOperation)
  throws(FilterFailure) -> LiquidValue
{
  if case .int(let x) = a, case .int(let y) = b {
    let result: (Int, overflow: Bool)
    switch op {
    case .add: result = x.addingReportingOverflow(y)
    case .subtract: result = x.subtractingReportingOverflow(y)
    case .multiply: result = x.multipliedReportingOverflow(by: y)
    case .divide:
      // Ruby's integer division rounds toward negative infinity.
      let (q, overflow) = x.dividedReportingOverflow(by: y)
      let r = x.remainderReportingOverflow(dividingBy: y).partialValue
      result = ((r != 0 && (x < 0) != (y < 0)) ? q - 1 : q, overflow)
    case .modulo:
      let r = x.remainderReportingOverflow(dividingBy: y).partialValue
      result = (r != 0 && (r < 0) != (y < 0) ? r + y : r, false)
    }
    if result.overflow { throw .outsideIntegerRange("\(x) \(op.symbol) \(y)") }
    return .int(result.0)
  }
  let exact: Double?
  switch op {
  case .add: exact = DecimalMath.add(a, b)
  case .subtract: exact = DecimalMath.add(a, b.negated)
  case .multiply: exact = DecimalMath.multiply(a, b)
  case .divide: exact = a.doubleValue / b.doubleValue
  case .modulo: exact = DecimalMath.modulo(a, b)
  }
  if let exact { return .double(exact) }
  let x = a.doubleValue
  let y = b.doubleValue
  switch op {
  case .add: return .double(x + y)
  case .subtract: return .double(x - y)
  case .multiply: return .double(x * y)
  case .divide: return .double(x / y)
  case .modulo:
    let r = x.truncatingRemainder(dividingBy: y)
    return .double(r != 0 && (r < 0) != (y < 0) ? r + y : r)
  }
}

extension LiquidValue {
  fileprivate var negated: LiquidValue {
    switch self {
    case .int(let i) where i != Int.min: return .int(-i)
    case .int(let i): return .double(-Double(i))
    case .double(let d): return .double(-d)
    default: return self
    }
  }

  var isZero: Bool {
    switch self {
    case .int(let i): return i == 0
    case .double(let d): return d == 0
    default: return false
    }
  }
}

func registerMathFilters(_ set: inout FilterSet) {
  let operations: [(String, ArithmeticOperation)] = [
    ("plus", .add), ("minus", .subtract), ("times", .multiply), ("divided_by", .divide),
    ("modulo", .modulo),
  ]
  for (name, op) in operations {
    set[name] = Filter(arguments: 1...1) { input, args in
      let operand = try args[0]!.number
      if (op == .divide || op == .modulo) && operand.isZero {
        throw FilterFailure(op == .divide ? "divided by 0" : "modulo by 0")
      }
      return try arithmetic(input.number, operand, op)
    }
  }
  set["abs"] = Filter { input, _ in
    switch try input.number {
    case .int(let i):
      guard i != Int.min else { throw FilterFailure.outsideIntegerRange("abs(\(i))") }
      return .int(abs(i))
    case .double(let d): return .double(abs(d))
    case let other: return other
    }
  }
  set["ceil"] = Filter { input, _ in
    let value = try input.number
    return integer(value.doubleValue.rounded(.up), value)
  }
  set["floor"] = Filter { input, _ in
    let value = try input.number
    return integer(value.doubleValue.rounded(.down), value)
  }
  set["at_least"] = Filter(arguments: 1...1) { input, args in
    let value = try input.number
    let bound = try args[0]!.number
    return (try? ordering(value, bound)).flatMap { $0 }.map { $0 < 0 ? bound : value } ?? value
  }
  set["at_most"] = Filter(arguments: 1...1) { input, args in
    let value = try input.number
    let bound = try args[0]!.number
    return (try? ordering(value, bound)).flatMap { $0 }.map { $0 > 0 ? bound : value } ?? value
  }
  set["round"] = Filter(arguments: 0...1) { input, args in
    let value = try input.number
    // Beyond ±400 digits every double rounds to itself or to 0, so the count is clamped.
    let digits: Int
    switch try args[0]?.number ?? .int(0) {
    case .int(let i): digits = min(max(i, -400), 400)
    case .double(let d) where d.isNaN: digits = 0
    case .double(let d): digits = Int(min(max(d, -400), 400).rounded(.towardZero))
    default: digits = 0
    }
    if case .int = value { return value }
    let d = value.doubleValue
    if digits <= 0 {
      let factor = pow10(-digits)
      guard factor.isFinite, d.isFinite else { return d.isFinite ? .int(0) : value }
      return integer((d / factor).rounded(.toNearestOrAwayFromZero) * factor, value)
    }
    let factor = pow10(digits)
    guard factor.isFinite, (d * factor).magnitude < 1e17 else { return value }
    let rounded = (d * factor).rounded(.toNearestOrAwayFromZero) / factor
    // Go through the shortest decimal form, as BigDecimal would print it.
    return .double(Double(formatDouble(rounded)) ?? rounded)
  }
}

/// 10^n for 0 ≤ n ≤ 400 (infinity beyond 308).
private func pow10(_ n: Int) -> Double {
  var result = 1.0
  for _ in 0..<min(max(n, 0), 400) { result *= 10 }
  return result
}

/// A whole double as an integer value; the original when it does not fit.
private func integer(_ d: Double, _ original: LiquidValue) -> LiquidValue {
  if case .int = original { return original }
  guard d.isFinite, d.magnitude < 9.2e18 else { return original }
  return .int(Int(d))
}
