@testable import Liquid
@testable import ModuleGen

/// Every filter (Liquid's and modulegen's), with inputs and arguments of every kind, chosen from
/// the bytes: edge integers and doubles, numeric strings beyond 64 bits, long and empty strings,
/// nested arrays, objects, ranges. Each call is written as a template
/// (`{{ v0 | f: v1, v2 | g: … }}`) so that it goes through the parser's arity checks and the
/// renderer's limits, as a user's would: output or an error, never a crash, a hang or unbounded
/// memory.
func fuzzFilters(_ bytes: [UInt8]) {
  var input = FuzzInput(bytes)
  let names = FilterSet.moduleGen.names
  var data = LiquidObject()
  var variable = 0
  func argument(_ input: inout FuzzInput, depth: Int) -> String {
    // A literal written in the template, or a variable holding any value.
    switch input.pick(4) {
    case 0: return input.pick(literals)
    default:
      let name = "v\(variable)"
      variable += 1
      data[name] = value(&input, depth: depth)
      return name
    }
  }
  var markup = argument(&input, depth: 0)
  for _ in 0...input.pick(3) {
    let name = input.pick(names)
    let filter = FilterSet.moduleGen[name]!
    // Mostly a valid number of arguments; sometimes one more, to reach the arity errors.
    let count = filter.minArguments + input.pick(filter.maxArguments - filter.minArguments + 2)
    markup += " | \(name)"
    let arguments = (0..<count).map { _ in argument(&input, depth: 0) }
    var keywords = filter.keywords.sorted().map { "\($0): \(argument(&input, depth: 0))" }
    if input.pick(2) == 0 { keywords = [] }
    if !(arguments + keywords).isEmpty {
      markup += ": " + (arguments + keywords).joined(separator: ", ")
    }
  }
  let source =
    input.pick(2) == 0 ? "{{ \(markup) }}" : "{% assign r = \(markup) %}{{ r | size }}{{ r }}"
  let environment = LiquidEnvironment(filters: .moduleGen, currentTime: 0, limits: .fuzzing)
  do {
    let output = try Template(parsing: source, name: "fuzz", environment: environment).render(data)
    if output.utf8.count > LiquidEnvironment.Limits.fuzzing.maxOutputBytes {
      violated("output of \(output.utf8.count) bytes passed the limit")
    }
  } catch {
    _ = error.description
  }
}

private let literals = [
  "0", "1", "-1", "2", "9223372036854775807", "-9223372036854775807", "99999999999999999999",
  "0.5", "-0.0", "1.0e300", "''", "' '", "'a,b'", "'%Y-%m-%d %1024H'", "nil", "true", "empty",
  "(1..3)", "(-9223372036854775807..9223372036854775807)", "'9223372036854775808'",
  "'-9223372036854775809'", "'1e400'", "' 12abc'",
]

private let integers = [
  0, 1, -1, 2, 7, 10, 100, 1024, 1 << 20, 1 << 31, 1 << 32, 1 << 53, Int.max, Int.min, Int.max - 1,
  Int.min + 1,
]

private let doubles: [Double] = [
  0, -0.0, 0.5, 1.5, -2.5, 1e-300, 1e300, .infinity, -.infinity, .nan, 9.2e18, -9.3e18,
  Double(Int.max), 0.1, 1e15 + 0.3,
]

private let strings = [
  "", " ", "a", "a,b,,", "9223372036854775808", "-9223372036854775809", "1e400", "12abc", "3.25",
  "&amp; <b>\"x\"</b>", "héllo wörld", "e\u{301}", "%E9%", "aGVsbG8=", "2016-03-14 10:05:00 +0100",
  "March 14, 999999999999999999", "now", "UserProfileView", "category", "\n\n  x\r\n",
]

/// A value of any kind; arrays and objects hold up to 4 values, three levels deep.
private func value(_ input: inout FuzzInput, depth: Int) -> LiquidValue {
  switch input.pick(depth < 3 ? 12 : 9) {
  case 0: return .nil
  case 1: return .bool(input.pick(2) == 0)
  case 2: return .int(input.pick(integers))
  case 3: return .int(input.int64())
  case 4: return .double(input.pick(doubles))
  case 5: return .double(Double(bitPattern: UInt64(bitPattern: Int64(input.int64()))))
  case 6: return .string(input.pick(strings))
  case 7: return .string(input.text(maxLength: 64))
  case 8:
    // A long string: many copies of a short one.
    let text = input.text(maxLength: 8)
    return .string(String(repeating: text, count: input.pick([0, 1, 2, 10, 100, 1000, 5000])))
  case 9:
    return .array((0..<input.pick(5)).map { _ in value(&input, depth: depth + 1) })
  case 10:
    var object = LiquidObject()
    for _ in 0..<input.pick(4) { object[input.pick(strings)] = value(&input, depth: depth + 1) }
    return .object(object)
  default:
    // Templates make ranges of at most the loop limit; data never holds one. Keep them short.
    let low = input.pick([0, 1, -1, -5, 1000, Int.max - 10, Int.min + 10])
    return .range(low, saturatingAdd(low, input.pick(12) - 2))
  }
}
