/// What Swift accepts as a name, for every reader that checks one, and how Swift code writes one.
enum SwiftName {
  /// A Swift identifier that is not a keyword: `home`, `_cache`, `AcmeApp`.
  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.first, first.isLetter || first == "_" else { return false }
    return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
      && !swiftKeywords.contains(text)
  }

  /// An identifier that starts with a capital letter, as type names do.
  static func isTypeName(_ text: String) -> Bool {
    isIdentifier(text) && text.first?.isUppercase == true
  }

  /// A name as Swift code writes it: backticks around keywords (`default` → `` `default` ``).
  /// The `swift_identifier` filter.
  @Sendable static func escaped(_ name: String) -> String {
    swiftKeywords.contains(name) ? "`\(name)`" : name
  }

  /// An argument label as Swift writes it: labels need backticks only for `inout`, `var` and
  /// `let`.
  static func label(_ label: String) -> String {
    ["inout", "var", "let"].contains(label) ? "`\(label)`" : label
  }
}
