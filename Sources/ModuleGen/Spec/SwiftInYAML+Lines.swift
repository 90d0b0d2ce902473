import Diagnostics

/// Finding Swift values in the lines of a spec: which key a line belongs to, and the values
/// in its flow collections.
extension SwiftInYAML {
  /// A Swift value found in a line: its text, where it starts, whether it stands in a flow
  /// collection, and the mapping keys above it on the line and the lines above (an entity's
  /// name, a field's name).
  struct FoundValue: Equatable {
    var text: String
    var start: Int
    var inFlow: Bool
    var keys: [String]
  }

  /// The Swift values of `line` from `start`, under `levels` flow collections (2 for
  /// `entities: {Item: {id: UUID}}`, 1 for `view: [show()]`).
  static func values(in line: String, from start: Int, levels: Int, keys: [String] = [])
    -> [FoundValue]
  {
    let characters = Array(line)
    var found: [FoundValue] = []
    var i = start
    func skipSpaces() { while i < characters.count && characters[i] == " " { i += 1 } }
    func scan(levels: Int, keys: [String], inFlow: Bool) {
      skipSpaces()
      guard i < characters.count else { return }
      guard levels > 0, characters[i] == "[" || characters[i] == "{" else {
        let end = valueEnd(in: characters, from: i, inFlow: inFlow)
        var text = String(characters[i..<end])
        while text.last == " " { text.removeLast() }
        if !text.isEmpty {
          found.append(FoundValue(text: text, start: i, inFlow: inFlow, keys: keys))
        }
        i = end
        return
      }
      let isMapping = characters[i] == "{"
      i += 1
      while true {
        skipSpaces()
        guard i < characters.count else { return }
        if characters[i] == "]" || characters[i] == "}" {
          i += 1
          return
        }
        var itemKeys = keys
        if isMapping {
          let keyStart = i
          while i < characters.count && !":,}".contains(characters[i]) { i += 1 }
          itemKeys.append(String(characters[keyStart..<i]).trimmingCharacters())
          if i < characters.count && characters[i] == ":" { i += 1 }
        }
        let before = i
        scan(levels: levels - 1, keys: itemKeys, inFlow: true)
        skipSpaces()
        if i < characters.count && characters[i] == "," {
          i += 1
        } else if i == before {
          return
        }
      }
    }
    scan(levels: levels, keys: keys, inFlow: false)
    return found
  }

  /// The keys whose values are Swift methods: the roles and their aliases.
  static let roleKeys = Set(Role.allCases.map(\.rawValue) + Role.aliases.keys)

  /// A line's key (after any `- `) and where its value starts; nil for a line without one.
  static func keyOfLine(_ line: String) -> (key: String, valueStart: Int)? {
    let characters = Array(line)
    var i = 0
    while i < characters.count && characters[i] == " " { i += 1 }
    while i + 1 < characters.count && characters[i] == "-" && characters[i + 1] == " " {
      i += 2
      while i < characters.count && characters[i] == " " { i += 1 }
    }
    let keyStart = i
    while i < characters.count
      && (characters[i].isLetter || characters[i].isNumber || characters[i] == "_")
    {
      i += 1
    }
    guard i > keyStart, i < characters.count, characters[i] == ":",
      i + 1 == characters.count || characters[i + 1] == " "
    else { return nil }
    let key = String(characters[keyStart..<i])
    i += 1
    while i < characters.count && characters[i] == " " { i += 1 }
    return (key, i)
  }

  /// Where a line's list item (`- value`) starts, if it is one.
  static func itemStart(_ line: String) -> Int? {
    let characters = Array(line)
    var i = 0
    while i < characters.count && characters[i] == " " { i += 1 }
    guard i + 1 < characters.count, characters[i] == "-", characters[i + 1] == " " else {
      return nil
    }
    i += 2
    while i < characters.count && characters[i] == " " { i += 1 }
    return i
  }

  /// The line above `index` that holds it: the nearest one indented less (or, for a list item,
  /// a key with nothing after it at the same indentation).
  static func parent(of index: Int, in lines: [String]) -> Int? {
    func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }
    func isBlank(_ line: String) -> Bool {
      let content = line.drop { $0 == " " }
      return content.isEmpty || content.hasPrefix("#")
    }
    let indent = indentation(lines[index])
    let isItem = itemStart(lines[index]) != nil
    var i = index - 1
    while i >= 0 {
      defer { i -= 1 }
      guard !isBlank(lines[i]) else { continue }
      let other = indentation(lines[i])
      if other < indent { return i }
      if isItem && other == indent, let key = keyOfLine(lines[i]), key.valueStart >= lines[i].count
      {
        return i
      }
    }
    return nil
  }
}
