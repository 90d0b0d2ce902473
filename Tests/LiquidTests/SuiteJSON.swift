import Liquid

/// The golden-liquid suite's JSON read into Liquid values, objects keeping their keys' order
/// (a `for` over a hash renders in that order). A reader for that one well-formed file, not a
/// general one: anything it does not expect is `SuiteJSON.Malformed`.
struct SuiteJSON {
  struct Malformed: Error, CustomStringConvertible {
    var offset: Int
    var description: String { "the golden-liquid suite is not JSON at byte \(offset)" }
  }

  private let bytes: [UInt8]
  private var position = 0

  /// The value the text holds.
  static func read(_ text: String) throws -> LiquidValue {
    var reader = SuiteJSON(bytes: Array(text.utf8))
    let value = try reader.value()
    reader.skipSpace()
    guard reader.position == reader.bytes.count else { throw Malformed(offset: reader.position) }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private mutating func skipSpace() {
    while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) {
      position += 1
    }
  }

  /// Takes `literal` if the text continues with it.
  private mutating func take(_ literal: String) -> Bool {
    let literal = Array(literal.utf8)
    guard bytes[position...].starts(with: literal) else { return false }
    position += literal.count
    return true
  }

  private mutating func value() throws -> LiquidValue {
    skipSpace()
    guard position < bytes.count else { throw Malformed(offset: position) }
    if take("null") { return .nil }
    if take("true") { return .bool(true) }
    if take("false") { return .bool(false) }
    switch bytes[position] {
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "["):
      position += 1
      var items: [LiquidValue] = []
      while try !closes(UInt8(ascii: "]"), first: items.isEmpty) { items.append(try value()) }
      return .array(items)
    case UInt8(ascii: "{"):
      position += 1
      var pairs: [(String, LiquidValue)] = []
      while try !closes(UInt8(ascii: "}"), first: pairs.isEmpty) {
        skipSpace()
        let key = try string()
        skipSpace()
        guard take(":") else { throw Malformed(offset: position) }
        pairs.append((key, try value()))
      }
      return .object(LiquidObject(pairs))
    default: return try number()
    }
  }

  /// Whether the list or object ends here (taking `close`); else takes the comma before an
  /// item other than the first.
  private mutating func closes(_ close: UInt8, first: Bool) throws -> Bool {
    skipSpace()
    guard position < bytes.count else { throw Malformed(offset: position) }
    if bytes[position] == close {
      position += 1
      return true
    }
    if !first {
      guard take(",") else { throw Malformed(offset: position) }
    }
    return false
  }

  private mutating func string() throws -> String {
    guard take("\"") else { throw Malformed(offset: position) }
    var scalars = String.UnicodeScalarView()
    var run: [UInt8] = []
    func flush() {
      scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
      run = []
    }
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      if byte == UInt8(ascii: "\"") {
        flush()
        return String(scalars)
      }
      guard byte == UInt8(ascii: "\\"), position < bytes.count else {
        run.append(byte)
        continue
      }
      flush()
      let escape = bytes[position]
      position += 1
      switch escape {
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "b"): scalars.append("\u{8}")
      case UInt8(ascii: "f"): scalars.append("\u{C}")
      case UInt8(ascii: "u"):
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code), take("\\u") {
          code = 0x10000 + (code - 0xD800) << 10 + (try hex4() - 0xDC00)
        }
        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
      default: scalars.append(Unicode.Scalar(escape))
      }
    }
    throw Malformed(offset: position)
  }

  private mutating func hex4() throws -> UInt32 {
    guard position + 4 <= bytes.count,
      let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
    else { throw Malformed(offset: position) }
    position += 4
    return code
  }

  private mutating func number() throws -> LiquidValue {
    let start = position
    while position < bytes.count, "+-0123456789.eE".utf8.contains(bytes[position]) {
      position += 1
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    if let int = Int(text) { return .int(int) }
    guard let double = Double(text) else { throw Malformed(offset: start) }
    return .double(double)
  }
}
