import Diagnostics
import HexDigits

/// Reads JSON (RFC 8259) into data nodes that remember their line and column.
package struct JSONReader {
  private let bytes: [UInt8]
  private let file: String
  /// The same bytes, shared by the locations of every node.
  private let source: SourceLines
  private var position = 0
  private var depth = 0
  /// Where the objects and arrays being read open, innermost last: a file that ends in one is
  /// reported at its bracket.
  private var openBrackets: [Int] = []

  package static func read(_ text: String, file: String) throws(Diagnostic) -> DataNode {
    var reader = JSONReader(bytes: text.bytesWithoutByteOrderMark, file: file)
    reader.skipWhitespace()
    let node = try reader.readValue()
    reader.skipWhitespace()
    guard reader.position == reader.bytes.count else {
      throw reader.error("unexpected text after the JSON value")
    }
    return node
  }

  private init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
    self.source = SourceLines(bytes)
  }

  private func location(_ offset: Int) -> SourceLocation {
    SourceLocation(file: file, lines: source, offset: offset)
  }

  static let nestedTooDeeplyMessage = "JSON is nested too deeply"
  static let unterminatedStringMessage = "string is not terminated"
  static let unpairedSurrogateMessage = "unpaired surrogate in \\u escape"

  private func error(_ message: String, at offset: Int? = nil) -> Diagnostic {
    Diagnostic(message: message, location: location(offset ?? position))
  }

  private mutating func skipWhitespace() {
    while position < bytes.count,
      [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position])
    {
      position += 1
    }
  }

  /// The file ends where `expected` was: inside an object or an array, that it is never
  /// closed, at its bracket (the end of the file shows nothing to fix).
  private func endOfFileError(expected: String) -> Diagnostic {
    guard let open = openBrackets.last else {
      return error("expected \(expected), found the end of the file")
    }
    let (kind, closer) = bytes[open] == UInt8(ascii: "{") ? ("object '{'", "}") : ("array '['", "]")
    return error("the \(kind) is never closed with '\(closer)'", at: open)
  }

  private mutating func readValue() throws(Diagnostic) -> DataNode {
    guard position < bytes.count else { throw endOfFileError(expected: "a JSON value") }
    let start = position
    let here = location(start)
    switch bytes[position] {
    case UInt8(ascii: "{"):
      depth += 1
      defer { depth -= 1 }
      guard depth < 500 else { throw error(Self.nestedTooDeeplyMessage) }
      openBrackets.append(start)
      defer { openBrackets.removeLast() }
      position += 1
      var pairs: [DataNode.Pair] = []
      skipWhitespace()
      if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
        position += 1
        return DataNode(.object(pairs), at: here)
      }
      while true {
        skipWhitespace()
        guard position < bytes.count else { throw endOfFileError(expected: "a string key") }
        guard bytes[position] == UInt8(ascii: "\"") else { throw error("expected a string key") }
        let keyOffset = position
        let key = try readString()
        if pairs.contains(where: { $0.key == key }) {
          throw error("duplicate key '\(key)'", at: keyOffset)
        }
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        skipWhitespace()
        pairs.append(DataNode.Pair(key, at: location(keyOffset), try readValue()))
        skipWhitespace()
        if try endOrComma(UInt8(ascii: "}")) { break }
      }
      return DataNode(.object(pairs), at: here)
    case UInt8(ascii: "["):
      depth += 1
      defer { depth -= 1 }
      guard depth < 500 else { throw error(Self.nestedTooDeeplyMessage) }
      openBrackets.append(start)
      defer { openBrackets.removeLast() }
      position += 1
      var items: [DataNode] = []
      skipWhitespace()
      if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
        position += 1
        return DataNode(.array(items), at: here)
      }
      while true {
        skipWhitespace()
        items.append(try readValue())
        skipWhitespace()
        if try endOrComma(UInt8(ascii: "]")) { break }
      }
      return DataNode(.array(items), at: here)
    case UInt8(ascii: "\""):
      return DataNode(.string(try readString()), at: here, style: .quoted)
    case UInt8(ascii: "t"):
      try literal("true")
      return DataNode(.bool(true), at: here)
    case UInt8(ascii: "f"):
      try literal("false")
      return DataNode(.bool(false), at: here)
    case UInt8(ascii: "n"):
      try literal("null")
      return DataNode(.null, at: here)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return DataNode(try readNumber(), at: here)
    default:
      throw error("unexpected character '\(String(decoding: [bytes[position]], as: UTF8.self))'")
    }
  }

  private mutating func expect(_ byte: UInt8) throws(Diagnostic) {
    if position >= bytes.count {
      throw endOfFileError(expected: "'\(String(decoding: [byte], as: UTF8.self))'")
    }
    guard bytes[position] == byte else {
      throw error("expected '\(String(decoding: [byte], as: UTF8.self))'")
    }
    position += 1
  }

  private mutating func endOrComma(_ close: UInt8) throws(Diagnostic) -> Bool {
    guard position < bytes.count else {
      throw endOfFileError(expected: "',' or '\(String(decoding: [close], as: UTF8.self))'")
    }
    if bytes[position] == close {
      position += 1
      return true
    }
    guard bytes[position] == UInt8(ascii: ",") else {
      throw error("expected ',' or '\(String(decoding: [close], as: UTF8.self))'")
    }
    position += 1
    return false
  }

  private mutating func literal(_ word: String) throws(Diagnostic) {
    let expected = Array(word.utf8)
    guard position + expected.count <= bytes.count,
      Array(bytes[position..<(position + expected.count)]) == expected
    else { throw error("unexpected word; expected '\(word)'") }
    position += expected.count
  }

  private mutating func readNumber() throws(Diagnostic) -> DataNode.Value {
    let start = position
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    var isInteger = true
    func digits() -> Int {
      let s = position
      while position < bytes.count && bytes[position] >= 0x30 && bytes[position] <= 0x39 {
        position += 1
      }
      return position - s
    }
    let whole = digits()
    guard whole > 0 else { throw error("expected digits", at: position) }
    if whole > 1 && bytes[position - whole] == UInt8(ascii: "0") {
      throw error("numbers may not have leading zeros", at: start)
    }
    if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
      isInteger = false
      position += 1
      guard digits() > 0 else { throw error("expected digits after '.'") }
    }
    if position < bytes.count
      && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E"))
    {
      isInteger = false
      position += 1
      if position < bytes.count
        && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"))
      {
        position += 1
      }
      guard digits() > 0 else { throw error("expected digits in the exponent") }
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    if isInteger, let value = Int(text) { return .int(value) }
    return .double(Double(text) ?? 0)
  }

  private mutating func readString() throws(Diagnostic) -> String {
    let start = position
    position += 1
    var out: [UInt8] = []
    while true {
      guard position < bytes.count else { throw error(Self.unterminatedStringMessage, at: start) }
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let string = String(validUTF8: out) else {
          throw error("string is not valid UTF-8", at: start)
        }
        return string
      case UInt8(ascii: "\\"):
        guard position < bytes.count else { throw error(Self.unterminatedStringMessage, at: start) }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try readHex4()
          if (0xD800..<0xDC00).contains(scalar) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
              bytes[position + 1] == UInt8(ascii: "u")
            else { throw error(Self.unpairedSurrogateMessage, at: position - 6) }
            position += 2
            let low = try readHex4()
            guard (0xDC00..<0xE000).contains(low) else {
              throw error(Self.unpairedSurrogateMessage, at: position - 6)
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let unicode = Unicode.Scalar(scalar) else {
            throw error("invalid \\u escape", at: position - 6)
          }
          out += Array(String(Character(unicode)).utf8)
        default:
          throw error(
            "unknown escape '\\\(String(decoding: [escape], as: UTF8.self))'", at: position - 2)
        }
      case 0x00..<0x20:
        throw error("control character in string; write it as an escape", at: position - 1)
      default:
        out.append(byte)
      }
    }
  }

  private mutating func readHex4() throws(Diagnostic) -> UInt32 {
    guard position + 4 <= bytes.count else { throw error("incomplete \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = bytes[position].hexDigitValue else {
        throw error("invalid hex digit in \\u escape")
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }
}
