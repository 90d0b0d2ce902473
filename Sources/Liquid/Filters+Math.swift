// Math filters. Integers stay integers; floats are computed on their decimal forms, as Ruby
// Liquid does with BigDecimal.

enum ArithmeticOperation { case add, subtract, multiply, divide, modulo }

/// `a op b` on two numbers (already converted with `number`).
func arithmetic(_ a: LiquidValue, _ b: LiquidValue, _ op: ArithmeticOperation) -> LiquidValue {
  if case .int(let x) = a, case .int(let y) = b {
    switch op {
    case .add:
      let (r, o) = x.addingReportingOverflow(y)
      if !o { return .int(r) }
    case .subtract:
      let (r, o) = x.subtractingReportingOverflow(y)
      if !o { return .int(r) }
    case .multiply:
      let (r, o) = x.multipliedReportingOverflow(by: y)
      if !o { return .int(r) }
    case .divide:
      // Ruby's integer division rounds toward negative infinity.
      if y == -1 && x == Int.min { break }
      let q = x / y
      return .int((x % y != 0 && (x < 0) != (y < 0)) ? q - 1 : q)
    case .modulo:
      if y == -1 { return .int(0) }
      let r = x % y
      return .int(r != 0 && (r < 0) != (y < 0) ? r + y : r)
    }
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
      let operand = args[0]!.number
      if (op == .divide || op == .modulo) && operand.isZero {
        throw FilterFailure(op == .divide ? "divided by 0" : "modulo by 0")
      }
      return arithmetic(input.number, operand, op)
    }
  }
  set["abs"] = Filter { input, _ in
    switch input.number {
    case .int(let i) where i != Int.min: return .int(abs(i))
    case .double(let d): return .double(abs(d))
    case let other: return other
    }
  }
  set["ceil"] = Filter { input, _ in integer(input.number.doubleValue.rounded(.up), input.number) }
  set["floor"] = Filter { input, _ in integer(input.number.doubleValue.rounded(.down), input.number)
  }
  set["at_least"] = Filter(arguments: 1...1) { input, args in
    let value = input.number
    let bound = args[0]!.number
    return (try? ordering(value, bound)).flatMap { $0 }.map { $0 < 0 ? bound : value } ?? value
  }
  set["at_most"] = Filter(arguments: 1...1) { input, args in
    let value = input.number
    let bound = args[0]!.number
    return (try? ordering(value, bound)).flatMap { $0 }.map { $0 > 0 ? bound : value } ?? value
  }
  set["round"] = Filter(arguments: 0...1) { input, args in
    let value = input.number
    let digits: Int
    switch args[0]?.number ?? .int(0) {
    case .int(let i): digits = i
    case .double(let d): digits = Int(d.rounded(.towardZero))
    default: digits = 0
    }
    if case .int = value { return value }
    let d = value.doubleValue
    if digits <= 0 {
      let factor = pow10(-digits)
      return integer((d / factor).rounded(.toNearestOrAwayFromZero) * factor, value)
    }
    let factor = pow10(digits)
    guard factor.isFinite, (d * factor).magnitude < 1e17 else { return value }
    let rounded = (d * factor).rounded(.toNearestOrAwayFromZero) / factor
    // Go through the shortest decimal form, as BigDecimal would print it.
    return .double(Double(formatDouble(rounded)) ?? rounded)
  }
}

private func pow10(_ n: Int) -> Double {
  var result = 1.0
  for _ in 0..<min(n, 400) { result *= 10 }
  return result
}

/// A whole double as an integer value; the original when it does not fit.
private func integer(_ d: Double, _ original: LiquidValue) -> LiquidValue {
  if case .int = original { return original }
  guard d.isFinite, d.magnitude < 9.2e18 else { return original }
  return .int(Int(d))
}
