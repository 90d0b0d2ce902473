import Liquid

extension LiquidValue {
  /// The value as compact JSON, objects' keys in order.
  package var jsonText: String {
    var writer = JSONWriter(indent: nil, limit: .max)
    writer.write(self, level: 0)
    return writer.out
  }
}

/// Writes values as JSON, objects' keys in order, stopping once the text passes `limit` bytes
/// (a large indentation times a deep or long value would not fit in memory). The `json` filter
/// and the JSON the commands print (`--format json`, the generation record) use it.
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
    case .double(let d):
      out += d.isFinite ? value.renderedText.replacingAll("e+", with: "e") : "null"
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

/// `s` as a JSON string, quoted and escaped.
private func writeJSONString(_ s: String, into out: inout String) {
  out += "\""
  for scalar in s.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    // C0 as JSON needs, what YAML refuses unescaped (DEL, C1, U+FFFE, U+FFFF) and the line
    // and paragraph separators, which end a line for PyYAML: the record is JSON's syntax read
    // back as YAML.
    case _
    where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
      || scalar.value == 0xFFFE || scalar.value == 0xFFFF || scalar.value == 0x2028
      || scalar.value == 0x2029:
      let hex = String(scalar.value, radix: 16)
      out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: out.unicodeScalars.append(scalar)
    }
  }
  out += "\""
}
