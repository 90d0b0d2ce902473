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

  /// A member's name after a dot as Swift code writes it (`router.default()`, `Kind.in`): after
  /// a dot a keyword is a name as it is, but for `init` and `self`, which mean the initializer
  /// and the value itself there.
  static func member(_ name: String) -> String {
    name == "init" || name == "self" ? "`\(name)`" : name
  }

  /// An argument label as Swift writes it: labels need backticks only for `inout`, `var` and
  /// `let`.
  static func label(_ label: String) -> String {
    ["inout", "var", "let"].contains(label) ? "`\(label)`" : label
  }
}
