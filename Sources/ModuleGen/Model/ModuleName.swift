import Diagnostics

/// Turns what a user typed into a module name that is a valid Swift type name, or says why not.
package enum ModuleName {
  package enum Outcome: Equatable, Sendable {
    case valid(String)
    /// Accepted after a change, with a note saying so.
    case changed(String, note: String)
    case invalid(String)
  }

  /// `convert` allows turning `home screen` or `Home-Screen` into `HomeScreen`.
  package static func normalize(_ raw: String, convert: Bool = false) -> Outcome {
    // Checked on bytes: a Character's Unicode properties cost hundreds of instructions, and a
    // record of 1,000 modules has 1,000 names.
    if isPlainTypeName(raw) && !isReserved(raw) { return .valid(raw) }
    let name = raw.trimmingCharacters()
    if name.isEmpty { return .invalid("the module name is empty") }
    if name.contains("/") || name.contains("\\") || name.contains("..") {
      return .invalid("module name '\(name)' must not contain path separators")
    }
    if isReserved(name) {
      return .invalid("module name '\(name)' is a Swift keyword; choose another name")
    }
    if let first = name.first, first.isNumber {
      return .invalid("module name '\(name)' must start with a letter")
    }
    let isIdentifier = name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    if !isIdentifier {
      let converted = CaseConversion.pascalCase(name)
      guard convert else {
        let suggestion =
          converted.isEmpty || converted.first!.isNumber
          ? "" : "; did you mean '\(converted)'? (--convert-name turns it into that)"
        return .invalid("module name '\(name)' is not a valid Swift type name\(suggestion)")
      }
      guard !converted.isEmpty, converted.first!.isLetter else {
        return .invalid("module name '\(name)' cannot be turned into a Swift type name")
      }
      return .changed(converted, note: "module name '\(name)' was converted to '\(converted)'")
    }
    if let first = name.first, first.isLowercase {
      let capitalized = first.uppercased() + name.dropFirst()
      if swiftKeywords.contains(capitalized) {
        return .invalid("module name '\(name)' would become the Swift keyword '\(capitalized)'")
      }
      return .changed(
        capitalized, note: "module name '\(name)' was capitalized to '\(capitalized)'")
    }
    return .valid(name)
  }

  /// A Swift keyword, or a name a type cannot have.
  private static func isReserved(_ name: String) -> Bool {
    swiftKeywords.contains(name) || name == "Type" || name == "Protocol"
  }

  /// An ASCII capital followed by ASCII letters, digits and `_`: most names, which pass every
  /// check below unless reserved.
  private static func isPlainTypeName(_ name: String) -> Bool {
    guard let first = name.utf8.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first)
    else { return false }
    return name.utf8.allSatisfy { $0 < 0x80 && SignatureParser.isIdentifierCharacter($0) }
  }
}
