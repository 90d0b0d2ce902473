import Liquid

/// Strings as YAML scalars that read back as the same strings (with modulegen's reader and with
/// PyYAML): how every YAML file modulegen writes spells them — the record, `.modulegen.yml`,
/// `template.yml` and specs.
enum YAMLText {
  /// A value: plain when YAML reads it back as the same string, else double-quoted. Inside a
  /// flow collection (`[…]`, `{…}`) a colon is never plain.
  static func scalar(_ text: String, inFlow: Bool = false) -> String {
    isPlain(text, allowingColon: !inFlow) ? text : quoted(text)
  }

  /// A mapping key: plain when YAML reads it back as the same string, else double-quoted.
  static func key(_ text: String) -> String {
    isPlain(text, allowingColon: false) ? text : quoted(text)
  }

  /// A double-quoted scalar: JSON's string syntax, which YAML reads the same way, with what
  /// YAML refuses unescaped (DEL, C1, U+FFFE, U+FFFF) escaped as well.
  static func quoted(_ text: String) -> String {
    LiquidValue.string(text).jsonText
  }

  /// A flow list of scalars: `[a, "b c"]`.
  static func list(_ items: [String]) -> String {
    "[" + items.map { scalar($0, inFlow: true) }.joined(separator: ", ") + "]"
  }

  /// Words YAML 1.1 (as PyYAML and modulegen's reader resolve it) reads as booleans or null.
  private static let keywords: Set<String> = ["true", "false", "yes", "no", "on", "off", "null"]
  private static let longestKeyword = keywords.map(\.utf8.count).max() ?? 0

  private static func isPlain(_ text: String, allowingColon: Bool) -> Bool {
    if text.utf8.count <= longestKeyword && keywords.contains(text.lowercased()) { return false }
    // Read from the buffer, byte by byte: every path and hash of the record is written this
    // way (through the view, and with `"_./+@-".utf8.contains`, a path cost 10,000
    // instructions). A byte outside ASCII is never plain.
    var text = text
    return text.withUTF8 { bytes in
      // A letter first: YAML reads no number, date or keyword that way but the keywords above.
      guard let first = bytes.first,
        first == UInt8(ascii: "_")
          || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20),
        bytes.last != UInt8(ascii: ":")
      else { return false }
      return bytes.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
          UInt8(ascii: "/"), UInt8(ascii: "+"), UInt8(ascii: "@"), UInt8(ascii: "-"):
          true
        case UInt8(ascii: ":"): allowingColon
        default: false
        }
      }
    }
  }
}
