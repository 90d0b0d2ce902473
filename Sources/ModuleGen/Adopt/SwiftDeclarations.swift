import Diagnostics

/// A Swift file read just enough to find its declarations: the top-level ones (`protocol`,
/// `struct`, `enum`, `import`…) and the members of a protocol, each with its text and where it
/// is. Comments are blanked out first (keeping every offset), so a brace or a keyword in a
/// comment is not read; string literals are skipped.
package struct SwiftDeclarations {
  /// One declaration: `[start, end)` in the file's characters, its keyword (`protocol`,
  /// `func`, …; nil when none was found) and the name after it, and its body between braces.
  struct Declaration {
    var start: Int
    var end: Int
    var keyword: String?
    /// Where the keyword starts (after attributes and modifiers).
    var keywordStart: Int
    var name: String?
    /// The characters between the braces, when it has a body.
    var body: Range<Int>?
  }

  let path: String
  /// The file's characters with comments blanked out.
  let characters: [Character]
  private let original: [Character]
  /// The file's bytes, for locations.
  private let source: [UInt8]

  init(path: String, text: String) {
    self.path = path
    original = Array(text)
    characters = Self.blankingComments(original)
    source = Array(text.utf8)
  }

  /// The top-level declarations of the file.
  var topLevel: [Declaration] { declarations(in: 0..<characters.count) }

  /// The members of a declaration's body.
  func members(of declaration: Declaration) -> [Declaration] {
    declaration.body.map { declarations(in: $0) } ?? []
  }

  /// The `// MARK:` comments of the file: where each starts and its text.
  var marks: [(offset: Int, text: String)] {
    var marks: [(offset: Int, text: String)] = []
    var lineStart = 0
    while lineStart < original.count {
      var i = lineStart
      while i < original.count && (original[i] == " " || original[i] == "\t") { i += 1 }
      var end = i
      while end < original.count && !original[end].isNewline { end += 1 }
      let line = String(original[i..<end])
      if line.hasPrefix("// MARK:") { marks.append((i, line.trimmingCharacters())) }
      lineStart = end + 1
    }
    return marks
  }

  /// The `func` members of the top-level declarations (a class's, an extension's methods).
  var methods: [(declaration: Declaration, member: Declaration)] {
    topLevel.flatMap { declaration in
      members(of: declaration).filter { $0.keyword == "func" }.map { (declaration, $0) }
    }
  }

  /// A method's signature: from `func` to its body (or its end, in a protocol).
  func signature(of member: Declaration) -> String {
    text(member.keywordStart..<(member.body.map { $0.lowerBound - 1 } ?? member.end))
  }

  /// The text of `range`, comments blanked out.
  func text(_ range: Range<Int>) -> String { String(characters[range]) }

  /// The text of a declaration from its keyword (after its attributes and modifiers).
  func text(from declaration: Declaration) -> String {
    text(declaration.keywordStart..<declaration.end)
  }

  /// The location of a character offset.
  func location(of offset: Int) -> SourceLocation {
    let bytes = Array(String(original[..<min(offset, original.count)]).utf8)
    return SourceLocation(file: path, source: source, offset: bytes.count)
  }

  // MARK: - Splitting

  /// Modifiers that may come before a declaration's keyword.
  static let modifiers: Set<String> = [
    "public", "private", "fileprivate", "internal", "package", "open", "final", "nonisolated",
    "indirect", "static", "mutating", "nonmutating", "override", "required",
    "convenience", "dynamic", "lazy", "weak", "unowned",
  ]

  /// Words that continue a declaration on the next line rather than start another one.
  static let continuations: Set<String> = ["where", "async", "throws", "rethrows", "reasync"]

  private func declarations(in range: Range<Int>) -> [Declaration] {
    var result: [Declaration] = []
    var i = range.lowerBound
    while true {
      while i < range.upperBound && (characters[i].isWhitespace || characters[i] == ";") {
        i += 1
      }
      guard i < range.upperBound else { return result }
      let start = i
      var depth = 0
      var body: Range<Int>?
      scan: while i < range.upperBound {
        let c = characters[i]
        switch c {
        case "\"":
          i = endOfString(from: i, limit: range.upperBound)
          continue
        case "(", "[":
          depth += 1
        case ")", "]":
          depth -= 1
        case "{" where depth == 0:
          let close = matchingBrace(from: i, limit: range.upperBound)
          body = (i + 1)..<close
          i = min(close + 1, range.upperBound)
          break scan
        case ";" where depth == 0:
          break scan
        case _ where c.isNewline && depth <= 0:
          if !continues(from: start, to: i, limit: range.upperBound) { break scan }
        default:
          break
        }
        i += 1
      }
      var declaration = Declaration(
        start: start, end: trimmedEnd(start, body.map { $0.upperBound + 1 } ?? i),
        keyword: nil, keywordStart: start, name: nil, body: body)
      readKeyword(into: &declaration)
      result.append(declaration)
    }
  }

  /// Whether the declaration that started at `start` goes on after the line break at `index`.
  private func continues(from start: Int, to index: Int, limit: Int) -> Bool {
    let line = text(start..<index).trimmingCharacters()
    if let last = line.last, [",", ":", "&", "=", "(", "<"].contains(last) { return true }
    // Attributes alone on their line (`@MainActor`) belong to what follows.
    if line.hasPrefix("@") && keyword(in: start..<index) == nil { return true }
    var next = index
    while next < limit && characters[next].isWhitespace { next += 1 }
    guard next < limit else { return false }
    if ["{", "-", ".", ",", "&", ":", ")", "]", "="].contains(characters[next]) { return true }
    var word = ""
    while next < limit && (characters[next].isLetter || characters[next] == "_") {
      word.append(characters[next])
      next += 1
    }
    return Self.continuations.contains(word)
  }

  /// The first word of `range` that is not an attribute or a modifier, with where it starts.
  private func keyword(in range: Range<Int>) -> (word: String, start: Int)? {
    var i = range.lowerBound
    while i < range.upperBound {
      let c = characters[i]
      if c.isWhitespace {
        i += 1
      } else if c == "@" {
        i += 1
        while i < range.upperBound
          && (characters[i].isLetter || characters[i].isNumber || characters[i] == "_"
            || characters[i] == ".")
        {
          i += 1
        }
        if i < range.upperBound && characters[i] == "(" {
          var depth = 0
          while i < range.upperBound {
            if characters[i] == "(" { depth += 1 }
            if characters[i] == ")" { depth -= 1 }
            i += 1
            if depth == 0 { break }
          }
        }
      } else if c.isLetter || c == "_" {
        let wordStart = i
        var word = ""
        while i < range.upperBound
          && (characters[i].isLetter || characters[i].isNumber || characters[i] == "_")
        {
          word.append(characters[i])
          i += 1
        }
        if !Self.modifiers.contains(word) { return (word, wordStart) }
        // `private(set)`
        if i < range.upperBound && characters[i] == "(" {
          while i < range.upperBound && characters[i] != ")" { i += 1 }
          i += 1
        }
      } else {
        return nil
      }
    }
    return nil
  }

  private func readKeyword(into declaration: inout Declaration) {
    guard let (word, start) = keyword(in: declaration.start..<declaration.end) else { return }
    declaration.keyword = word
    declaration.keywordStart = start
    var i = start + word.count
    while i < declaration.end && characters[i].isWhitespace { i += 1 }
    var name = ""
    while i < declaration.end
      && (characters[i].isLetter || characters[i].isNumber || characters[i] == "_")
    {
      name.append(characters[i])
      i += 1
    }
    declaration.name = name.isEmpty ? nil : name
  }

  private func trimmedEnd(_ start: Int, _ end: Int) -> Int {
    var end = min(end, characters.count)
    while end > start && characters[end - 1].isWhitespace { end -= 1 }
    return end
  }

  /// The index of the `}` that closes the `{` at `open` (or `limit` when none does).
  private func matchingBrace(from open: Int, limit: Int) -> Int {
    var depth = 0
    var i = open
    while i < limit {
      switch characters[i] {
      case "\"":
        i = endOfString(from: i, limit: limit)
        continue
      case "{": depth += 1
      case "}":
        depth -= 1
        if depth == 0 { return i }
      default: break
      }
      i += 1
    }
    return limit
  }

  /// The index after the string literal that starts at `start` (`"…"` or `"""…"""`).
  private func endOfString(from start: Int, limit: Int) -> Int {
    let triple = start + 2 < limit && characters[start + 1] == "\"" && characters[start + 2] == "\""
    var i = start + (triple ? 3 : 1)
    while i < limit {
      if characters[i] == "\\" {
        i += 2
        continue
      }
      if characters[i] == "\"" {
        if !triple { return i + 1 }
        if i + 2 < limit && characters[i + 1] == "\"" && characters[i + 2] == "\"" { return i + 3 }
      }
      if characters[i].isNewline && !triple { return i }
      i += 1
    }
    return limit
  }

  /// `text` with `//` and `/* */` comments replaced by spaces (line breaks kept).
  static func blankingComments(_ text: [Character]) -> [Character] {
    var result = text
    var i = 0
    var inString = false
    while i < text.count {
      let c = text[i]
      if inString {
        if c == "\\" {
          i += 2
          continue
        }
        if c == "\"" || c.isNewline { inString = false }
        i += 1
        continue
      }
      if c == "\"" {
        inString = true
        i += 1
        continue
      }
      if c == "/" && i + 1 < text.count && text[i + 1] == "/" {
        while i < text.count && !text[i].isNewline {
          result[i] = " "
          i += 1
        }
        continue
      }
      if c == "/" && i + 1 < text.count && text[i + 1] == "*" {
        var depth = 0
        while i < text.count {
          if text[i] == "/" && i + 1 < text.count && text[i + 1] == "*" {
            depth += 1
            result[i] = " "
            result[i + 1] = " "
            i += 2
            continue
          }
          if text[i] == "*" && i + 1 < text.count && text[i + 1] == "/" {
            depth -= 1
            result[i] = " "
            result[i + 1] = " "
            i += 2
            if depth == 0 { break }
            continue
          }
          if !text[i].isNewline { result[i] = " " }
          i += 1
        }
        continue
      }
      i += 1
    }
    return result
  }
}
