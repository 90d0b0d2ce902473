// Filters for generating code, beyond standard Liquid.

func registerCodeFilters(_ set: inout FilterSet) {
  func unary(_ name: String, _ transform: @escaping @Sendable (String) -> String) {
    set[name] = Filter { input, _ in .string(transform(input.text)) }
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
    var out = ""
    writeJSON(input, indent: indent, level: 0, into: &out)
    return .string(out)
  }
  set["indent"] = Filter(arguments: 1...1) { input, args in
    let width = try toInteger(args[0], "indent width")
    guard width >= 0 else { throw FilterFailure("indent width must not be negative") }
    let padding = String(repeating: " ", count: width)
    let lines = input.text.split(separator: "\n", omittingEmptySubsequences: false)
    return .string(lines.map { $0.isEmpty ? String($0) : padding + $0 }.joined(separator: "\n"))
  }
  set["pluralize"] = Filter(arguments: 0...1) { input, args in
    if let count = args[0], count.number == .int(1) || count.number == .double(1) {
      return .string(input.text)
    }
    return .string(Inflection.plural(input.text))
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
    var out = ""
    writeJSON(self, indent: nil, level: 0, into: &out)
    return out
  }
}

/// Writes a value as JSON, objects' keys in order.
func writeJSON(_ value: LiquidValue, indent: Int?, level: Int, into out: inout String) {
  let newline = indent == nil ? "" : "\n"
  let pad = { (n: Int) in String(repeating: " ", count: (indent ?? 0) * n) }
  switch value {
  case .nil, .empty, .blank, .drop: out += "null"
  case .bool(let b): out += b ? "true" : "false"
  case .int(let i): out += String(i)
  case .double(let d): out += d.isFinite ? formatDouble(d).replacingAll("e+", with: "e") : "null"
  case .string(let s): writeJSONString(s, into: &out)
  case .range, .array:
    let items = value.elements
    if items.isEmpty {
      out += "[]"
      return
    }
    out += "[" + newline
    for (i, item) in items.enumerated() {
      out += pad(level + 1)
      writeJSON(item, indent: indent, level: level + 1, into: &out)
      out += (i + 1 < items.count ? "," : "") + newline
    }
    out += pad(level) + "]"
  case .object(let object):
    if object.isEmpty {
      out += "{}"
      return
    }
    out += "{" + newline
    for (i, (key, item)) in object.enumerated() {
      out += pad(level + 1)
      writeJSONString(key, into: &out)
      out += indent == nil ? ":" : ": "
      writeJSON(item, indent: indent, level: level + 1, into: &out)
      out += (i + 1 < object.count ? "," : "") + newline
    }
    out += pad(level) + "}"
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
