// Filters for generating code, beyond standard Liquid.

func registerCodeFilters(_ set: inout FilterSet) {
  func unary(_ name: String, _ transform: @escaping @Sendable (String) -> String) {
    set[name] = Filter { input, args in .string(transform(try args.text(input))) }
  }
  unary("camel_case", CaseConversion.camelCase)
  unary("pascal_case", CaseConversion.pascalCase)
  unary("snake_case") { CaseConversion.words($0).map { $0.lowercased() }.joined(separator: "_") }
  unary("kebab_case") { CaseConversion.words($0).map { $0.lowercased() }.joined(separator: "-") }
  unary("upper_first") { s in (s.first.map { String($0).uppercased() } ?? "") + s.dropFirst() }
  unary("lower_first") { s in (s.first.map { String($0).lowercased() } ?? "") + s.dropFirst() }
  unary("swift_identifier") { swiftKeywords.contains($0) ? "`\($0)`" : $0 }
  set["json"] = Filter(arguments: 0...1) { input, args in
    let indent = args[0] == nil ? nil : try toInteger(args[0], "json indentation")
    if let indent, indent < 0 { throw FilterFailure("json indentation must not be negative") }
    var writer = JSONWriter(indent: indent, limit: args.environment.limits.maxOutputBytes)
    guard writer.write(input, level: 0) else {
      throw FilterFailure.largerThanOutputLimit("the JSON text", limit: writer.limit)
    }
    return .string(writer.out)
  }
  set["indent"] = Filter(arguments: 1...1) { input, args in
    let width = try toInteger(args[0], "indent width")
    guard width >= 0 else { throw FilterFailure("indent width must not be negative") }
    let text = try args.text(input)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let padded = lines.count { !$0.isEmpty }
    let (padding, overflow) = width.multipliedReportingOverflow(by: padded)
    try args.checkTextSize(
      overflow ? .max : saturatingAdd(text.utf8.count, padding), "the indented text")
    let spaces = String(repeating: " ", count: padded == 0 ? 0 : width)
    return .string(lines.map { $0.isEmpty ? String($0) : spaces + $0 }.joined(separator: "\n"))
  }
  set["pluralize"] = Filter(arguments: 0...1) { input, args in
    let text = try args.text(input)
    if let count = try? args[0]?.number, count == .int(1) || count == .double(1) {
      return .string(text)
    }
    return .string(Inflection.plural(text))
  }
}

/// Splitting identifiers and phrases into words, and joining them in each case style.
package enum CaseConversion {
  /// `"user_profile-view"`, `"UserProfileView"`, `"HTTPServer"` → their words.
  package static func words(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    let characters = Array(text)
    for (i, c) in characters.enumerated() {
      guard c.isLetter || c.isNumber else {
        if !current.isEmpty { words.append(current) }
        current = ""
        continue
      }
      if !current.isEmpty, c.isUppercase {
        let previous = characters[i - 1]
        let nextIsLower = i + 1 < characters.count && characters[i + 1].isLowercase
        if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
          words.append(current)
          current = ""
        }
      }
      current.append(c)
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  @Sendable package static func pascalCase(_ text: String) -> String {
    words(text).map { word in
      let isAcronym = word.count > 1 && word.allSatisfy { $0.isUppercase || $0.isNumber }
      return isAcronym ? word : word.prefix(1).uppercased() + word.dropFirst()
    }.joined()
  }

  @Sendable package static func camelCase(_ text: String) -> String {
    let parts = words(text)
    guard let first = parts.first else { return "" }
    return first.lowercased() + pascalCase(parts.dropFirst().joined(separator: " "))
  }
}

enum Inflection {
  static let irregular = [
    "person": "people", "child": "children", "man": "men", "woman": "women", "mouse": "mice",
    "goose": "geese", "foot": "feet", "tooth": "teeth", "ox": "oxen", "leaf": "leaves",
  ]
  static let uncountable: Set<String> = [
    "data", "information", "equipment", "news", "series", "species", "media", "metadata",
    "settings", "feedback",
  ]

  /// The English plural of the last word of `text`, keeping its case.
  static func plural(_ text: String) -> String {
    guard let last = CaseConversion.words(text).last, !last.isEmpty else { return text }
    let lower = last.lowercased()
    let stem = text.dropLast(last.count)
    if uncountable.contains(lower) { return text }
    if let plural = irregular[lower] {
      let cased =
        last.first!.isUppercase ? plural.prefix(1).uppercased() + plural.dropFirst() : plural
      return stem + (last == last.uppercased() && last.count > 1 ? plural.uppercased() : cased)
    }
    let upper = last.count > 1 && last == last.uppercased()
    func suffix(_ s: String) -> String { upper ? s.uppercased() : s }
    let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
    if lower.hasSuffix("y"), lower.count > 1, !vowels.contains(lower.dropLast().last!) {
      return stem + last.dropLast() + suffix("ies")
    }
    if ["s", "x", "z", "ch", "sh"].contains(where: lower.hasSuffix) {
      return stem + last + suffix("es")
    }
    return stem + last + suffix("s")
  }
}

/// Swift's reserved words: an identifier spelled like one needs backticks.
package let swiftKeywords: Set<String> = [
  "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
  "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol",
  "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
  "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
  "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false",
  "is", "nil", "self", "Self", "super", "throws", "true", "try",
]

extension LiquidValue {
  /// The value as compact JSON, objects' keys in order.
  public var jsonText: String {
    var writer = JSONWriter(indent: nil, limit: .max)
    writer.write(self, level: 0)
    return writer.out
  }
}

/// Writes values as JSON, objects' keys in order, stopping once the text passes `limit` bytes
/// (a large indentation times a deep or long value would not fit in memory).
struct JSONWriter {
  let indent: Int?
  let limit: Int
  var out = ""

  init(indent: Int?, limit: Int) {
    self.indent = indent
    self.limit = limit
  }

  /// False once the text passes the limit.
  @discardableResult
  mutating func write(_ value: LiquidValue, level: Int) -> Bool {
    switch value {
    case .nil, .empty, .blank, .drop: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .int(let i): out += String(i)
    case .double(let d): out += d.isFinite ? formatDouble(d).replacingAll("e+", with: "e") : "null"
    case .string(let s): writeJSONString(s, into: &out)
    case .range, .array:
      let items = value.elements
      guard !items.isEmpty else {
        out += "[]"
        break
      }
      out += "["
      for (i, item) in items.enumerated() {
        guard newline(level: level + 1), write(item, level: level + 1) else { return false }
        if i + 1 < items.count { out += "," }
      }
      guard newline(level: level) else { return false }
      out += "]"
    case .object(let object):
      guard !object.isEmpty else {
        out += "{}"
        break
      }
      out += "{"
      for (i, (key, item)) in object.enumerated() {
        guard newline(level: level + 1) else { return false }
        writeJSONString(key, into: &out)
        out += indent == nil ? ":" : ": "
        guard write(item, level: level + 1) else { return false }
        if i + 1 < object.count { out += "," }
      }
      guard newline(level: level) else { return false }
      out += "}"
    }
    return out.utf8.count <= limit
  }

  /// A line break and the indentation of `level`, when indenting; false past the limit.
  private mutating func newline(level: Int) -> Bool {
    guard let indent else { return true }
    let (width, overflow) = indent.multipliedReportingOverflow(by: level)
    guard !overflow, saturatingAdd(out.utf8.count, saturatingAdd(width, 1)) <= limit else {
      return false
    }
    out += "\n"
    out += String(repeating: " ", count: width)
    return true
  }
}

func writeJSONString(_ s: String, into out: inout String) {
  out += "\""
  for scalar in s.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: out.unicodeScalars.append(scalar)
    }
  }
  out += "\""
}
