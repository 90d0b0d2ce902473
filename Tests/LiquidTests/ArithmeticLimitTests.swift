import Liquid
import Testing

/// Integer overflow in any numeric filter is an error that names the 64-bit range, never a
/// trap; so are the `to_i` of an integer string too long for 64 bits, and arguments that would
/// size a buffer past the output limit.
@Suite struct ArithmeticLimitTests {
  static let range =
    "is outside the 64-bit integer range (-9223372036854775808 to 9223372036854775807)"
  static let tooBig = "'9223372036854775808' \(range)"
  static let tooSmall = "'-9223372036854775809' \(range)"

  /// The error's first line (the location and message), or the output.
  static func outcome(_ template: String, _ data: LiquidObject = LiquidObject()) -> String {
    let output = render(template, data)
    guard output.hasPrefix("ERROR ") else { return output }
    return String(output.dropFirst(6).prefix { $0 != "\n" })
  }

  static let overflows: [(template: String, expected: String)] = [
    // Integer strings beyond 64 bits, as the input and as the argument of every numeric filter.
    ("{{ '9223372036854775808' | plus: 1 }}", "t:1:28: error: filter 'plus': \(tooBig)"),
    ("{{ 1 | plus: '9223372036854775808' }}", "t:1:8: error: filter 'plus': \(tooBig)"),
    ("{{ '9223372036854775808' | minus: 1 }}", "t:1:28: error: filter 'minus': \(tooBig)"),
    ("{{ 1 | minus: '-9223372036854775809' }}", "t:1:8: error: filter 'minus': \(tooSmall)"),
    ("{{ '9223372036854775808' | times: 1 }}", "t:1:28: error: filter 'times': \(tooBig)"),
    ("{{ 1 | times: '9223372036854775808' }}", "t:1:8: error: filter 'times': \(tooBig)"),
    (
      "{{ '9223372036854775808' | divided_by: 1 }}",
      "t:1:28: error: filter 'divided_by': \(tooBig)"
    ),
    ("{{ 1 | divided_by: '9223372036854775808' }}", "t:1:8: error: filter 'divided_by': \(tooBig)"),
    ("{{ '9223372036854775808' | modulo: 7 }}", "t:1:28: error: filter 'modulo': \(tooBig)"),
    ("{{ 7 | modulo: '9223372036854775808' }}", "t:1:8: error: filter 'modulo': \(tooBig)"),
    ("{{ '-9223372036854775809' | abs }}", "t:1:29: error: filter 'abs': \(tooSmall)"),
    ("{{ '9223372036854775808' | ceil }}", "t:1:28: error: filter 'ceil': \(tooBig)"),
    ("{{ '9223372036854775808' | floor }}", "t:1:28: error: filter 'floor': \(tooBig)"),
    ("{{ '9223372036854775808' | round }}", "t:1:28: error: filter 'round': \(tooBig)"),
    ("{{ 1.5 | round: '9223372036854775808' }}", "t:1:10: error: filter 'round': \(tooBig)"),
    ("{{ '9223372036854775808' | at_least: 1 }}", "t:1:28: error: filter 'at_least': \(tooBig)"),
    ("{{ 1 | at_least: '9223372036854775808' }}", "t:1:8: error: filter 'at_least': \(tooBig)"),
    ("{{ '9223372036854775808' | at_most: 1 }}", "t:1:28: error: filter 'at_most': \(tooBig)"),
    ("{{ 1 | at_most: '-9223372036854775809' }}", "t:1:8: error: filter 'at_most': \(tooSmall)"),
    (
      "{{ '9223372036854775808x' | plus: 0 }}",
      "t:1:29: error: filter 'plus': '9223372036854775808x' \(range)"
    ),
    // Results beyond 64 bits.
    (
      "{{ 9223372036854775807 | plus: 1 }}",
      "t:1:26: error: filter 'plus': 9223372036854775807 + 1 \(range)"
    ),
    (
      "{{ -9223372036854775807 | minus: 2 }}",
      "t:1:27: error: filter 'minus': -9223372036854775807 - 2 \(range)"
    ),
    (
      "{{ 4611686018427387904 | times: 2 }}",
      "t:1:26: error: filter 'times': 4611686018427387904 * 2 \(range)"
    ),
    (
      "{{ '-9223372036854775808' | divided_by: -1 }}",
      "t:1:29: error: filter 'divided_by': -9223372036854775808 / -1 \(range)"
    ),
    (
      "{{ '-9223372036854775808' | abs }}",
      "t:1:29: error: filter 'abs': abs(-9223372036854775808) \(range)"
    ),
    (
      "{% assign a = '9223372036854775807,1' | split: ',' %}{{ a | sum }}",
      "t:1:61: error: filter 'sum': 9223372036854775807 + 1 \(range)"
    ),
    ("{{ '1,9223372036854775808' | split: ',' | sum }}", "t:1:43: error: filter 'sum': \(tooBig)"),
    (
      "{% for i in (1..'9223372036854775808') %}{% endfor %}",
      "t:1:13: error: range bound: \(tooBig)"
    ),
  ]

  @Test(arguments: overflows) func overflowIsAnError(_ template: String, _ expected: String) {
    #expect(Self.outcome(template) == expected)
  }

  /// Values from `--data` reach the filters as they are.
  static let dataCases: [(template: String, expected: String)] = [
    ("{{ big | plus: 1 }}", "t:1:10: error: filter 'plus': 9223372036854775807 + 1 \(range)"),
    ("{{ small | minus: 1 }}", "t:1:12: error: filter 'minus': -9223372036854775808 - 1 \(range)"),
    ("{{ small | abs }}", "t:1:12: error: filter 'abs': abs(-9223372036854775808) \(range)"),
    (
      "{{ small | times: -1 }}", "t:1:12: error: filter 'times': -9223372036854775808 * -1 \(range)"
    ),
    ("{{ text | plus: 1 }}", "t:1:11: error: filter 'plus': \(tooBig)"),
    ("{{ 1.5 | round: huge }}", "1.5"),
    ("{{ 1.5 | round: nan }}", "2"),
    ("{{ small | modulo: -1.0 }}", "0.0"),
    ("{{ small | modulo: -1 }}", "0"),
  ]

  @Test(arguments: dataCases) func overflowingDataIsAnError(_ template: String, _ expected: String)
  {
    let data = object([
      "big": .int(.max), "small": .int(.min), "text": "9223372036854775808", "huge": .double(1e300),
      "nan": .double(.nan),
    ])
    #expect(Self.outcome(template, data) == expected)
  }

  /// What still fits is computed exactly, as before.
  @Test func resultsAtTheEdgesOfTheRange() {
    #expect(Self.outcome("{{ 9223372036854775806 | plus: 1 }}") == "9223372036854775807")
    #expect(Self.outcome("{{ '-9223372036854775808' | plus: 0 }}") == "-9223372036854775808")
    #expect(Self.outcome("{{ '-9223372036854775808' | divided_by: 2 }}") == "-4611686018427387904")
    #expect(Self.outcome("{{ '-9223372036854775807' | abs }}") == "9223372036854775807")
    #expect(Self.outcome("{{ '12abc' | plus: 1 }}") == "13")
    #expect(Self.outcome("{{ 1.5 | round: -9223372036854775808 }}") == "0")
    #expect(Self.outcome("{{ 1234.5 | round: -2 }}") == "1200")
    #expect(Self.outcome("{{ 1.25 | round: 9223372036854775807 }}") == "1.25")
    #expect(Self.outcome("{{ 9223372036854775807 | plus: 0.5 }}") == "9.223372036854776e+18")
  }

  static let sizes: [(template: String, expected: String)] = [
    (
      "{{ 1 | date: '%1000Y%1000Y%1000Y%1000Y%1000Y%1000Y%1000Y%1000Y%1000Y%1000Y%1000Y%1000Y' }}",
      "t:1:8: error: filter 'date': the formatted date would be larger than the output limit of 10000 bytes"
    ),
    (
      "{% assign s = 'xxxxxxxxxx' | split: '' %}{{ s | join: 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy' | join: 'x' }}",
      "t:1:49: error: filter 'join': the joined text would be larger than the output limit of 1000 bytes"
    ),
  ]

  /// (modulegen's `json` and `indent` are tested with its other filters, in ModuleGenTests.)
  @Test func argumentsThatSizeABufferAreBounded() {
    var limits = LiquidEnvironment.Limits()
    limits.maxOutputBytes = 10_000
    #expect(
      firstLine(render(Self.sizes[0].template, limits: limits)) == "ERROR " + Self.sizes[0].expected
    )
    limits.maxOutputBytes = 1_000
    #expect(
      firstLine(render(Self.sizes[1].template, limits: limits)) == "ERROR " + Self.sizes[1].expected
    )
  }

  @Test func replacementsAndRenderedArraysStayWithinTheOutputLimit() {
    var limits = LiquidEnvironment.Limits()
    limits.maxOutputBytes = 1 << 14
    let limit = "larger than the output limit of 16384 bytes"
    let long = "{% capture s %}{% for i in (1..1000) %}0123456789{% endfor %}{% endcapture %}"
    // An array of many copies of one long string is never written out in full.
    let copies =
      long
      + "{% assign a = s | split: ',' %}{% for i in (1..12) %}{% assign a = a | concat: a %}{% endfor %}"
    let cases = [
      // 1,000 occurrences of '0', each replaced by 10,000 bytes: 10 MB, refused as it grows.
      (
        long + "{{ s | replace: '0', s }}",
        "ERROR t:1:85: error: filter 'replace': the result of the replacement would be \(limit)"
      ),
      (
        long + "{{ 'ab' | replace: '', s }}",
        "ERROR t:1:88: error: filter 'replace': the result of the replacement would be \(limit)"
      ),
      (copies + "{{ a }}", "ERROR error: output is larger than the limit of 16384 bytes"),
      (
        copies + "{{ a | append: 'x' }}",
        "ERROR t:1:180: error: filter 'append': the text of this array would be \(limit)"
      ),
      (copies + "{% cycle a: 1, 2 %}", "ERROR t:1:181: error: the cycle's group name is \(limit)"),
      (copies + "{% if 'x' contains a %}yes{% else %}no{% endif %}", "no"),
      (copies + "{{ a | size }}", "4096"),
    ]
    for (template, expected) in cases {
      #expect(firstLine(render(template, limits: limits)) == expected)
    }
  }

  /// The runaway: each `concat` doubles the array. It stops at the array limit.
  @Test func doublingArraysHitTheArrayLimit() {
    let template =
      "{% assign a = 'x' | split: ',' %}{% for i in (1..40) %}{% assign a = a | concat: a %}{% endfor %}{{ a | size }}"
    #expect(
      firstLine(render(template))
        == "ERROR t:1:74: error: filter 'concat': the concatenated array would have 1048576 items, more than the limit of 1000000 items"
    )
    var limits = LiquidEnvironment.Limits()
    limits.maxArrayItems = 1000
    #expect(
      firstLine(render(template, limits: limits))
        == "ERROR t:1:74: error: filter 'concat': the concatenated array would have 1024 items, more than the limit of 1000 items"
    )
    #expect(
      firstLine(render("{{ 'a,b,c,d' | split: ',' | size }}", limits: limits)) == "4")
    limits.maxArrayItems = 3
    #expect(
      firstLine(render("{{ 'a,b,c,d' | split: ',' | size }}", limits: limits))
        == "ERROR t:1:16: error: filter 'split': the result would have more than the limit of 3 items"
    )
    // Trailing empty fields are dropped before they count.
    #expect(firstLine(render("{{ 'a,b,,,,,,,,,' | split: ',' | size }}", limits: limits)) == "2")
    #expect(
      firstLine(render("{{ (1..5) | reverse | size }}", limits: limits))
        == "ERROR t:1:13: error: filter 'reverse' made an array of 5 items, more than the limit of 3 items"
    )
  }

  @Test func datesWithHugeFieldsAreNotDates() {
    #expect(
      Self.outcome("{{ 'March 14, 999999999999999999' | date: '%s' }}")
        == "March 14, 999999999999999999")
    #expect(
      Self.outcome("{{ '2016-01-9223372036854775807' | date: '%s' }}")
        == "2016-01-9223372036854775807")
    #expect(Self.outcome("{{ '9999999-01-01' | date: '%Y' }}") == "9999999-01-01")
    #expect(Self.outcome("{{ '2016-03-14' | date: '%Y' }}") == "2016")
  }

  @Test func uniqKeepsFirstOccurrences() {
    var data = LiquidObject()
    data["items"] = .array(
      (0..<5_000).map { .int($0 % 1000) } + [
        .double(1), .double(.nan), .double(.nan), .double(-0.0), .double(0),
      ])
    #expect(Self.outcome("{{ items | uniq | size }}", data) == "1004")
    #expect(Self.outcome("{{ 'b,a,b,c,a' | split: ',' | uniq | join }}") == "b a c")
  }

  /// `uniq` keeps its scalars in a list up to 32 and in a set beyond: the same items either way.
  @Test(arguments: [1, 31, 32, 33, 100])
  func uniqKeepsTheSameItemsInAListAsInASet(distinct: Int) {
    var data = LiquidObject()
    let numbers = (0..<distinct).map { LiquidValue.int($0) }
    data["items"] = .array(
      numbers + numbers.reversed() + [
        .double(0), .double(-0.0), .double(.nan), .double(.nan), .string("0"), .nil, .nil,
        .double(0), .string("0"), .bool(false), .bool(false), .range(1, 2), .range(1, 2),
      ])
    let expected =
      numbers.map(\.renderedText).joined(separator: ",") + ",0.0,NaN,NaN,0,,false,1..2"
    #expect(Self.outcome("{{ items | uniq | join: ',' }}", data) == expected)
  }
}

func firstLine(_ text: String) -> String { String(text.prefix { $0 != "\n" }) }
