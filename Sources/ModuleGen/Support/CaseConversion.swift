/// Splitting identifiers and phrases into words, and joining them in each case style.
enum CaseConversion {
  /// `"user_profile-view"`, `"UserProfileView"`, `"HTTPServer"` → their words.
  static func words(_ text: String) -> [String] {
    text.utf8.allSatisfy { $0 < 0x80 } ? asciiWords(text) : characterWords(text)
  }

  /// `words` of an ASCII text, read as bytes: what `characterWords` finds (a letter is `A`–`Z`
  /// or `a`–`z`, a number `0`–`9`), without an array of `Character`s or Unicode's tables
  /// (about 7,000 instructions for a module's name).
  static func asciiWords(_ text: String) -> [String] {
    var words: [String] = []
    var text = text
    text.withUTF8 { bytes in
      func isUpper(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
      func isLower(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
      func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
      func word(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
      }
      // Where the current word starts; nil between words.
      var start: Int?
      for i in bytes.indices {
        let byte = bytes[i]
        guard isUpper(byte) || isLower(byte) || isDigit(byte) else {
          if let wordStart = start { words.append(word(wordStart..<i)) }
          start = nil
          continue
        }
        if let wordStart = start, isUpper(byte) {
          let previous = bytes[i - 1]
          let nextIsLower = i + 1 < bytes.count && isLower(bytes[i + 1])
          if isLower(previous) || isDigit(previous) || (isUpper(previous) && nextIsLower) {
            words.append(word(wordStart..<i))
            start = i
          }
        }
        if start == nil { start = i }
      }
      if let wordStart = start { words.append(word(wordStart..<bytes.count)) }
    }
    return words
  }

  /// `words` of any text, character by character.
  static func characterWords(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    let characters = Array(text)
    for (i, c) in characters.enumerated() {
      guard c.isLetter || c.isNumber else {
        if !current.isEmpty { words.append(current) }
        current = ""
        continue
      }
      if !current.isEmpty, c.isUppercase {
        let previous = characters[i - 1]
        let nextIsLower = i + 1 < characters.count && characters[i + 1].isLowercase
        if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
          words.append(current)
          current = ""
        }
      }
      current.append(c)
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// The words with a capital first letter, between spaces, as a title shows a type's name:
  /// `UserProfile` → `User Profile`, `HTTPSettings` → `HTTP Settings`.
  @Sendable static func titleCase(_ text: String) -> String {
    words(text).map(capitalizedFirst).joined(separator: " ")
  }

  /// `text` with its first character in upper case, as `uppercased()` writes it: `id` → `Id`,
  /// `ßig` → `SSig`.
  static func capitalizedFirst(_ text: String) -> String {
    let utf8 = text.utf8
    guard let first = utf8.first else { return text }
    // A first character that is one ASCII byte (the next byte is ASCII too, or there is none:
    // a combining mark after it would be part of it) is capitalized without Unicode's tables.
    guard first < 0x80, utf8.dropFirst().first.map({ $0 < 0x80 }) ?? true else {
      return text.prefix(1).uppercased() + String(text.dropFirst())
    }
    guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return text }
    var bytes = Array(utf8)
    bytes[0] = first - 0x20
    return String(decoding: bytes, as: UTF8.self)
  }

  @Sendable static func pascalCase(_ text: String) -> String {
    words(text).map { word in
      let isAcronym = word.count > 1 && word.allSatisfy { $0.isUppercase || $0.isNumber }
      return isAcronym ? word : capitalizedFirst(word)
    }.joined()
  }

  @Sendable static func camelCase(_ text: String) -> String {
    let parts = words(text)
    guard let first = parts.first else { return "" }
    // An array's `joined`: the standard library has it specialized for `[String]`; on the
    // `ArraySlice` of `dropFirst()` it ran generic, 110,000 instructions on its first call.
    return first.lowercased() + pascalCase(Array(parts.dropFirst()).joined(separator: " "))
  }
}
