import HexDigits
import SystemLibrary

/// Text values of a project file: reading them (with their escapes) and writing them as Xcode
/// does (quoted only when needed).
enum PlistText {
  /// The text of a token, escapes decoded.
  static func decode(_ token: PlistToken, in bytes: [UInt8]) -> String {
    let content = bytes[Int(token.start)..<Int(token.end)]
    guard token.kind == .escaped else { return String(decoding: content, as: UTF8.self) }
    return unescape(content)
  }

  /// Whether a token's text is exactly `text`, without making a string.
  static func equals(_ token: PlistToken, in bytes: [UInt8], _ text: String) -> Bool {
    guard token.isText && token.kind != .data else { return false }
    if token.kind == .escaped { return decode(token, in: bytes) == text }
    let start = Int(token.start)
    let length = Int(token.end) - start
    // Most comparisons fail on the length or the first byte: check those before anything else.
    guard text.utf8.count == length else { return false }
    guard let first = text.utf8.first else { return true }
    guard bytes[start] == first else { return false }
    var text = text
    return text.withUTF8 { utf8 in
      return bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress, let other = utf8.baseAddress else {
          return length == 0
        }
        return memcmp(base + start, other, length) == 0
      }
    }
  }

  /// Decodes the escapes of a quoted string's content: `\n \t \r \" \\ \'`, `\a \b \f \v`,
  /// octal `\NNN` and `\UXXXX`; any other escaped character stands for itself.
  static func unescape<Content: RandomAccessCollection<UInt8>>(_ content: Content) -> String
  where Content.Index == Int {
    var output: [UInt8] = []
    output.reserveCapacity(content.count)
    var index = content.startIndex
    func appendScalar(_ value: UInt32) {
      let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
      output.append(contentsOf: Array(String(Character(scalar)).utf8))
    }
    while index < content.endIndex {
      let byte = content[index]
      index += 1
      guard byte == .backslash, index < content.endIndex else {
        output.append(byte)
        continue
      }
      let escaped = content[index]
      index += 1
      switch escaped {
      case UInt8(ascii: "n"): output.append(.newline)
      case UInt8(ascii: "t"): output.append(.tab)
      case UInt8(ascii: "r"): output.append(.carriageReturn)
      case UInt8(ascii: "a"): output.append(0x07)
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "v"): output.append(0x0B)
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = UInt32(escaped - UInt8(ascii: "0"))
        var digits = 1
        while digits < 3, index < content.endIndex,
          (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(content[index])
        {
          value = value * 8 + UInt32(content[index] - UInt8(ascii: "0"))
          index += 1
          digits += 1
        }
        appendScalar(value)
      case UInt8(ascii: "U"):
        var value: UInt32 = 0
        var digits = 0
        while digits < 4, index < content.endIndex, let digit = content[index].hexDigitValue {
          value = value * 16 + UInt32(digit)
          index += 1
          digits += 1
        }
        appendScalar(value)
      default:
        output.append(escaped)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// `text` as Xcode writes a value: bare when it is only letters, digits and `_$./` (and holds
  /// neither `//`, which would start a comment, nor `___`, which Xcode keeps for its template
  /// macros); otherwise quoted, with `\\ \" \n \t` escaped. With `quoteAll`, always quoted, as
  /// some tools write their projects.
  static func encode(_ text: String, quoteAll: Bool = false) -> String {
    if !quoteAll && !text.isEmpty && isBare(text) { return text }
    var output = "\""
    for character in text.unicodeScalars {
      switch character {
      case "\\": output += "\\\\"
      case "\"": output += "\\\""
      case "\n": output += "\\n"
      case "\t": output += "\\t"
      default: output.unicodeScalars.append(character)
      }
    }
    return output + "\""
  }

  private static func isBare(_ text: String) -> Bool {
    var previous: UInt8 = 0
    var underscores = 0
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "$"), UInt8(ascii: "."):
        underscores = 0
      case UInt8(ascii: "_"):
        underscores += 1
        if underscores == 3 { return false }
      case .slash:
        if previous == .slash { return false }
        underscores = 0
      default:
        return false
      }
      previous = byte
    }
    return true
  }

  /// Text for inside a `/* … */` annotation: what would end the comment is broken up.
  static func comment(_ text: String) -> String {
    var result = text.replacingAll("*/", with: "*\\/")
    result = result.replacingAll("\n", with: " ")
    return result
  }
}

extension String {
  /// Every occurrence of `target` replaced (the standard library has no such method without
  /// Foundation).
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty, contains(target) else { return self }
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
