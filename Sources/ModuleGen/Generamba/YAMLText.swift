/// Writes YAML scalars that read back as the same strings, for the files `migrate` writes.
enum YAMLText {
  /// `text` plain when YAML 1.1 reads it back as that string, else double-quoted.
  static func scalar(_ text: String) -> String {
    isPlainSafe(text) ? text : quoted(text)
  }

  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        // YAML's non-printable characters: C0 and C1 controls (but NEL), DEL, and the BOM.
        let value = scalar.value
        if value == 0xFEFF {
          out += "\\uFEFF"
        } else if value < 0x20 || (0x7F...0x9F).contains(value) && value != 0x85 {
          let hex = String(value, radix: 16, uppercase: true)
          out += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// A flow list of scalars: `[a, "b c"]`.
  static func list(_ items: [String]) -> String {
    "[" + items.map(scalar).joined(separator: ", ") + "]"
  }

  /// Words YAML 1.1 reads as booleans or null.
  private static let reserved: Set<String> = [
    "y", "yes", "n", "no", "true", "false", "on", "off", "null", "~",
  ]

  /// Letters, digits and a few path characters, not starting like a number or an indicator,
  /// and not a word YAML resolves to something else.
  private static func isPlainSafe(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, !reserved.contains(text.lowercased()) else {
      return false
    }
    let allowed = { (c: Unicode.Scalar) -> Bool in
      (c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c)))
        || "_-./@+".unicodeScalars.contains(c)
    }
    guard text.unicodeScalars.allSatisfy(allowed) else { return false }
    // A leading digit, sign or dot may read as a number (1.0, .5, -3, 0x1F, 1_000).
    return first.properties.isAlphabetic || first == "_"
  }
}
