/// The text a parser reads, one byte for each of its characters, so that positions and error
/// offsets count characters (error carets point at characters) while the parser compares bytes.
extension SignatureParser {
  /// What a character that is not a lone ASCII byte is, as bits of its unit (always 0x80 or
  /// more): a non-ASCII character, an ASCII one with combining marks, or "\r\n".
  enum CharacterTraits {
    static let other: UInt8 = 0x80
    /// Starts an identifier: a letter (see `SignatureParser.isIdentifierHead(_:)`).
    static let identifierHead: UInt8 = 0x01
    /// Continues an identifier: a letter or a digit.
    static let identifierCharacter: UInt8 = 0x02
    /// `Character.isWhitespace`.
    static let space: UInt8 = 0x04
    /// `Character.isNewline`.
    static let newline: UInt8 = 0x08
  }

  /// The units of `text`: its UTF-8 bytes when every character is one ASCII byte (no "\r\n",
  /// which is one character of two bytes), else one unit for each character, with where each
  /// starts among the bytes.
  init(_ text: String) {
    bytes = Array(text.utf8)
    // "\r" is left to the characters' path: "\r\n" is one character.
    guard bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "\r") }) else {
      units = bytes
      characterStarts = []
      markOnSpace = nil
      return
    }
    var units: [UInt8] = []
    var starts: [Int] = []
    var markOnSpace: Int?
    var offset = 0
    for c in text {
      starts.append(offset)
      let length = c.utf8.count
      offset += length
      if length == 1, let ascii = c.asciiValue {
        units.append(ascii)
        continue
      }
      // A combining mark after a space makes one character with it, which the parser would
      // skip as space: the mark would be lost without a word.
      if markOnSpace == nil && c.isWhitespace
        && !c.unicodeScalars.allSatisfy(\.properties.isWhitespace)
      {
        markOnSpace = units.count
      }
      units.append(Self.unit(of: c))
    }
    starts.append(offset)
    self.units = units
    characterStarts = starts
    self.markOnSpace = markOnSpace
  }

  /// The unit of a character that is not one ASCII byte: what Unicode's tables say of it.
  static func unit(of c: Character) -> UInt8 {
    var unit = CharacterTraits.other
    if isIdentifierHead(c) { unit |= CharacterTraits.identifierHead }
    if c.isLetter || c.isNumber { unit |= CharacterTraits.identifierCharacter }
    if c.isWhitespace { unit |= CharacterTraits.space }
    if c.isNewline { unit |= CharacterTraits.newline }
    return unit
  }

  /// A letter (not a combining mark, which `isLetter` also admits: it would join the space
  /// printed before the name).
  static func isIdentifierHead(_ c: Character) -> Bool {
    switch c.unicodeScalars.first?.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
      return true
    default: return false
    }
  }

  /// The characters of `range` as a string.
  func text(_ range: Range<Int>) -> String {
    guard !characterStarts.isEmpty else {
      return String(decoding: bytes[range], as: UTF8.self)
    }
    return String(
      decoding: bytes[characterStarts[range.lowerBound]..<characterStarts[range.upperBound]],
      as: UTF8.self)
  }

  // The ASCII characters are told apart without Unicode's tables, which cost hundreds of
  // instructions a character (the signatures of every module's defaults are parsed at start).

  /// `Character.isWhitespace`.
  static func isSpace(_ unit: UInt8) -> Bool {
    guard unit < 0x80 else { return unit & CharacterTraits.space != 0 }
    return unit == 0x20 || (0x09...0x0D).contains(unit)
  }

  /// `Character.isNewline`.
  static func isNewline(_ unit: UInt8) -> Bool {
    guard unit < 0x80 else { return unit & CharacterTraits.newline != 0 }
    return (0x0A...0x0D).contains(unit)
  }

  /// A letter, a digit or `_`.
  static func isIdentifierCharacter(_ unit: UInt8) -> Bool {
    guard unit < 0x80 else { return unit & CharacterTraits.identifierCharacter != 0 }
    return unit == UInt8(ascii: "_") || isASCIILetter(unit)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(unit)
  }

  /// A letter or `_`.
  static func isIdentifierHead(_ unit: UInt8) -> Bool {
    guard unit < 0x80 else { return unit & CharacterTraits.identifierHead != 0 }
    return unit == UInt8(ascii: "_") || isASCIILetter(unit)
  }

  static func isASCIILetter(_ ascii: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ascii | 0x20)
  }
}
