import Diagnostics

/// The implicit types of plain YAML scalars, as YAML 1.1 and PyYAML's `safe_load` resolve them:
/// `yes`/`no`/`on`/`off` are booleans, `0755` is octal, `1:30` is sexagesimal (90). Timestamps
/// stay strings. Quoted and block scalars are always strings.
extension YAMLReader {
  static let mergeKeyMessage =
    "'<<' is YAML's merge key, which is not supported; quote it ('<<') to mean the text"
  /// The first bytes of the words `resolvePlain` reads as something other than a string.
  private static let specialWordStarts = Array("<=~nNyYtToOfF.+-".utf8)
  package static let valueKeyMessage =
    "'=' is YAML's value key, which is not supported; quote it ('=') to mean the text"
  package static func integerTooLargeMessage(_ text: String) -> String {
    "integer '\(text)' does not fit in 64 bits"
  }

  func resolvePlain(_ text: String, at offset: Int) throws(Diagnostic) -> DataNode.Value {
    // Most values are words that start with none of the special ones' first characters: a
    // byte tells, without comparing the text with each word.
    guard let first = text.utf8.first else { return .null }
    if !isDigit(first), !Self.specialWordStarts.contains(first) { return .string(text) }
    switch text {
    case "<<": throw error(Self.mergeKeyMessage, at: offset)
    case "=": throw error(Self.valueKeyMessage, at: offset)
    case "", "~", "null", "Null", "NULL": return .null
    case "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON": return .bool(true)
    case "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF": return .bool(false)
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
    case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
    case ".nan", ".NaN", ".NAN": return .double(.nan)
    default: break
    }
    guard
      first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
        || first == UInt8(ascii: ".") || isDigit(first)
    else { return .string(text) }
    let bytes = Array(text.utf8)
    if let value = try resolveInteger(bytes, text, at: offset) { return value }
    if let value = resolveFloat(bytes) { return .double(value) }
    return .string(text)
  }

  private func resolveInteger(_ bytes: [UInt8], _ text: String, at offset: Int) throws(Diagnostic)
    -> DataNode.Value?
  {
    var body = bytes[...]
    var negative = false
    if let sign = body.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      body = body.dropFirst()
    }
    guard let first = body.first, isDigit(first) else { return nil }
    let digitsOnly = { (set: (UInt8) -> Bool, part: ArraySlice<UInt8>) in
      part.allSatisfy { set($0) || $0 == UInt8(ascii: "_") }
    }
    var radix = 10
    var digits = body
    if body.starts(with: Array("0b".utf8)) {
      digits = body.dropFirst(2)
      guard !digits.isEmpty, digitsOnly({ $0 == 0x30 || $0 == 0x31 }, digits) else { return nil }
      radix = 2
    } else if body.starts(with: Array("0x".utf8)) {
      digits = body.dropFirst(2)
      guard !digits.isEmpty,
        digitsOnly(
          { isDigit($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) }, digits)
      else { return nil }
      radix = 16
    } else if first == UInt8(ascii: "0") && body.count > 1 {
      digits = body.dropFirst()
      guard digitsOnly({ $0 >= 0x30 && $0 <= 0x37 }, digits) else { return nil }
      radix = 8
    } else if body.contains(UInt8(ascii: ":")) {
      // Sexagesimal: 1:30:15 is 1×3600 + 30×60 + 15.
      let parts = body.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
      guard first != UInt8(ascii: "0"), digitsOnly(isDigit, parts[0]),
        parts.dropFirst().allSatisfy({
          !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(isDigit)
            && (($0.count == 1) || $0.first! <= UInt8(ascii: "5"))
        })
      else { return nil }
      var value = 0
      for part in parts {
        let cleaned = String(decoding: part.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
        guard let n = Int(cleaned) else { return nil }
        let (scaled, o1) = value.multipliedReportingOverflow(by: 60)
        let (sum, o2) = scaled.addingReportingOverflow(n)
        if o1 || o2 { throw error(Self.integerTooLargeMessage(text), at: offset) }
        value = sum
      }
      return .int(negative ? -value : value)
    } else {
      guard digitsOnly(isDigit, body) else { return nil }
    }
    let cleaned = String(decoding: digits.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
    if cleaned.isEmpty {
      // `0b_` and `0x_` match PyYAML's integer pattern but have no digits: it refuses them.
      if radix == 8 { return .int(0) }
      throw error("'\(text)' is an integer with no digits; quote it to mean the text", at: offset)
    }
    guard let magnitude = UInt64(cleaned, radix: radix) else {
      throw error(Self.integerTooLargeMessage(text), at: offset)
    }
    if negative {
      guard magnitude <= UInt64(Int.max) + 1 else {
        throw error(Self.integerTooLargeMessage(text), at: offset)
      }
      return .int(magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude))
    }
    guard magnitude <= UInt64(Int.max) else {
      throw error(Self.integerTooLargeMessage(text), at: offset)
    }
    return .int(Int(magnitude))
  }

  /// `1.5`, `1.`, `.5`, `1.5e+3`, `1_000.5`, `1:30.5` (PyYAML requires a dot, and a sign in
  /// the exponent).
  private func resolveFloat(_ bytes: [UInt8]) -> Double? {
    var body = bytes[...]
    var negative = false
    let signed = body.first == UInt8(ascii: "-") || body.first == UInt8(ascii: "+")
    if signed {
      negative = body.first == UInt8(ascii: "-")
      body = body.dropFirst()
    }
    guard let dot = body.firstIndex(of: UInt8(ascii: ".")) else { return nil }
    let whole = body[..<dot]
    var fraction = body[(dot + 1)...]
    var exponent: ArraySlice<UInt8> = []
    if let e = fraction.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
      exponent = fraction[(e + 1)...]
      fraction = fraction[..<e]
      guard let sign = exponent.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+"),
        exponent.count > 1, exponent.dropFirst().allSatisfy(isDigit)
      else { return nil }
    }
    guard fraction.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: "_") }) else { return nil }
    if whole.isEmpty {
      // `.5` and `.5_0`, but `._5` is a string (PyYAML 6: `\.[0-9][0-9_]*`).
      guard !signed, let first = fraction.first, isDigit(first) else { return nil }
    } else if whole.contains(UInt8(ascii: ":")) {
      let parts = whole.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
      guard exponent.isEmpty, isDigit(parts[0].first ?? 0),
        parts[0].allSatisfy({ isDigit($0) || $0 == UInt8(ascii: "_") }),
        parts.dropFirst().allSatisfy({
          !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(isDigit)
            && ($0.count == 1 || $0.first! <= UInt8(ascii: "5"))
        })
      else { return nil }
      var value = 0.0
      for part in parts {
        value =
          value * 60
          + (Double(String(decoding: part.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)) ?? 0)
      }
      let fractionText = String(
        decoding: fraction.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
      value += Double("0." + (fractionText.isEmpty ? "0" : fractionText)) ?? 0
      return negative ? -value : value
    } else {
      guard isDigit(whole.first!), whole.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: "_") })
      else { return nil }
    }
    var text = String(
      decoding: (whole.isEmpty ? [UInt8(ascii: "0")] : Array(whole)).filter {
        $0 != UInt8(ascii: "_")
      }, as: UTF8.self)
    text += "." + String(decoding: fraction.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
    if text.hasSuffix(".") { text += "0" }
    if !exponent.isEmpty { text += "e" + String(decoding: exponent, as: UTF8.self) }
    guard let value = Double(text) else { return nil }
    return negative ? -value : value
  }
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
