import DataFormats
import Diagnostics

/// Swift written as a one-line YAML value, where YAML reads its punctuation as its own: `?` and
/// `,` in a flow collection, `[` at the start of a value, `: ` anywhere. Each such value gets
/// one error that names it, the character, what YAML made of it, and both ways out: quoting
/// it, or the block form (`entities: |`, `view: |`), where YAML reads nothing.
enum SwiftInYAML {
  /// Where the Swift stands, for the block form's fix.
  enum Place: Equatable {
    /// In `entities`; the entity's name when it is known.
    case entities(entity: String?)
    /// In a role's methods, under the key the spec writes (`view_model`).
    case methods(key: String)
  }

  /// A character YAML read as its own, at an offset in the value.
  struct Trap: Equatable {
    var offset: Int
    var character: String
    /// What YAML made of it: "which YAML reads as …".
    var reading: String
  }

  /// The one message for every such value. `quoted` is the value as the spec should write it
  /// (`subtitle: "String?"`, `- "load(id: Int)"`).
  static func message(value: String, trap: Trap, quoted: String, place: Place) -> String {
    let block: String
    switch place {
    case .entities(let entity):
      block = "write the entities as Swift (entities: | then struct \(entity ?? "Item") { … })"
    case .methods(let key):
      block = "write the methods as a block (\(key): | then one declaration per line)"
    }
    return
      "'\(value)' has '\(trap.character)', \(trap.reading); quote it (\(quoted)) or \(block)"
  }

  /// `text` in double quotes, or in single quotes when it holds `"` or `\`.
  static func quote(_ text: String) -> String {
    guard text.contains("\"") || text.contains("\\") else { return "\"\(text)\"" }
    return "'" + text.replacingAll("'", with: "''") + "'"
  }

  // MARK: - Values YAML read as something else

  /// Whether a list or mapping is written in brackets, on its line.
  static func isFlow(_ node: DataNode) -> Bool {
    let line = Array(node.location.lineText)
    let index = node.location.column - 1
    return index >= 0 && index < line.count && (line[index] == "[" || line[index] == "{")
  }

  /// The Swift value that starts where `node` does, as written, and what YAML made of it.
  static func written(_ node: DataNode, inFlow: Bool) -> (String, Trap)? {
    let text = value(in: node.location.lineText, from: node.location.column - 1, inFlow: inFlow)
    return trap(in: text, inFlow: inFlow).map { (text, $0) }
  }

  /// A value of a flow list that YAML split at its `,` or read as a mapping.
  struct Misread {
    var text: String
    var trap: Trap
    var location: SourceLocation
    /// The first of the list's items YAML made of it.
    var first: Int
    var columns: Range<Int>

    func covers(_ item: DataNode) -> Bool {
      item.location.line == location.line && columns.contains(item.location.column)
    }
  }

  /// The values of a one-line flow list of signatures that YAML did not read as one string each.
  static func misreadItems(of list: DataNode) -> [Misread] {
    guard case .array(let items) = list.value else { return [] }
    let line = list.location.lineText
    return values(in: line, from: list.location.column - 1, levels: 1).compactMap { value in
      guard let trap = trap(in: value.text, inFlow: true) else { return nil }
      let columns = (value.start + 1)..<(value.start + 1 + value.text.count)
      guard
        let first = items.firstIndex(where: {
          $0.location.line == list.location.line && columns.contains($0.location.column)
        })
      else { return nil }
      var location = list.location
      location.column = value.start + trap.offset + 1
      return Misread(
        text: value.text, trap: trap, location: location, first: first, columns: columns)
    }
  }

  // MARK: - Syntax errors

  /// A YAML syntax error on a line that holds Swift under `entities` or a role, as the one
  /// error for the value that caused it; any other diagnostic as it is.
  static func explain(_ diagnostic: Diagnostic, source: String) -> Diagnostic {
    guard let location = diagnostic.location else { return diagnostic }
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.hasSuffix("\r") ? $0.dropLast() : $0)
    }
    guard location.line >= 1, location.line <= lines.count else { return diagnostic }
    let index = location.line - 1
    let line = lines[index]
    let parent = Self.parent(of: index, in: lines)
    let parentKey = parent.flatMap { keyOfLine(lines[$0])?.key }
    let grandparentKey = parent.flatMap { self.parent(of: $0, in: lines) }.flatMap {
      keyOfLine(lines[$0])?.key
    }
    // Where the line's Swift starts, how many flow collections stand before it, the keys
    // above it, and where it belongs.
    let start: Int
    var levels = 0
    var keys: [String] = []
    let place: Place
    var roleValue: String?
    if let own = keyOfLine(line), own.key == "entities" {
      (start, levels, place) = (own.valueStart, 2, .entities(entity: nil))
    } else if let own = keyOfLine(line), roleKeys.contains(own.key) {
      (start, place) = (own.valueStart, .methods(key: own.key))
      levels = 1
      roleValue = own.key
    } else if let own = keyOfLine(line), parentKey == "entities" {
      (start, levels, keys, place) = (own.valueStart, 1, [own.key], .entities(entity: own.key))
    } else if let own = keyOfLine(line), grandparentKey == "entities", let parentKey {
      (start, keys, place) = (own.valueStart, [parentKey, own.key], .entities(entity: parentKey))
    } else if let item = itemStart(line), let parentKey, roleKeys.contains(parentKey) {
      (start, place) = (item, .methods(key: parentKey))
    } else {
      return diagnostic
    }
    let column = location.column - 1
    let found = values(in: line, from: start, levels: levels, keys: keys).compactMap { value in
      trap(in: value.text, inFlow: value.inFlow).map { (value, $0) }
    }
    guard
      let (value, trap) = found.first(where: {
        column >= $0.0.start && column <= $0.0.start + $0.0.text.count
      }) ?? found.first
    else { return diagnostic }
    var quoted = quote(value.text)
    var shownPlace = place
    if case .entities = place {
      if value.keys.count >= 2 { quoted = "\(value.keys[1]): \(quoted)" }
      shownPlace = .entities(entity: value.keys.first)
    } else if let roleValue, !value.inFlow {
      quoted = "\(roleValue): \(quoted)"
    } else if !value.inFlow {
      quoted = "- " + quoted
    }
    return Diagnostic(
      message: message(value: value.text, trap: trap, quoted: quoted, place: shownPlace),
      location: SourceLocation(
        file: location.file, line: location.line, column: value.start + trap.offset + 1,
        lineText: line))
  }

  // MARK: - Reading Swift in a line

  /// The end of the Swift value that starts at `start` in `line`: in a flow collection, the
  /// first `,`, `]` or `}` outside Swift's brackets; else the line's end or a ` #` comment.
  static func valueEnd(in line: [Character], from start: Int, inFlow: Bool) -> Int {
    var depth = 0
    var i = start
    while i < line.count {
      let c = line[i]
      switch c {
      case "(", "[", "{", "<": depth += 1
      case ">" where i > 0 && line[i - 1] == "-": break
      case ")", "]", "}", ">":
        if depth == 0 && inFlow && c != ">" && c != ")" { return i }
        depth = max(0, depth - 1)
      case "," where depth == 0 && inFlow: return i
      case "#" where i > start && line[i - 1] == " ": return i
      case "\"":
        i += 1
        while i < line.count && line[i] != "\"" { i += line[i] == "\\" ? 2 : 1 }
      default: break
      }
      i += 1
    }
    // An unclosed string runs to the end of the line.
    return min(i, line.count)
  }

  /// The value that starts at `start` in `line`, as written (without trailing spaces).
  static func value(in line: String, from start: Int, inFlow: Bool) -> String {
    let characters = Array(line)
    guard start < characters.count else { return "" }
    let end = valueEnd(in: characters, from: start, inFlow: inFlow)
    var text = String(characters[start..<end])
    while text.last == " " { text.removeLast() }
    return text
  }

  /// Whether `value` is a block scalar's header: `|` or `>`, then at most an indentation
  /// digit and a chomping `+` or `-`, in either order.
  static func isBlockHeader(_ value: [Character]) -> Bool {
    guard let first = value.first, first == "|" || first == ">" else { return false }
    let rest = value.dropFirst()
    let chomping = rest.filter { $0 == "+" || $0 == "-" }.count
    let digits = rest.filter { ("1"..."9").contains($0) }.count
    return chomping <= 1 && digits <= 1 && chomping + digits == rest.count
  }

  /// The first character of `value` that YAML reads as its own.
  static func trap(in value: String, inFlow: Bool) -> Trap? {
    let characters = Array(value)
    guard let first = characters.first, first != "\"", first != "'" else { return nil }
    // A block's header (`|`, `>-`, `|2`) is the block form itself, the fix this error would
    // suggest: a syntax error on its line is YAML's (such as the key's indentation).
    if !inFlow && isBlockHeader(characters) { return nil }
    let starts: [Character: String] = [
      "[": "which YAML reads as the start of a list",
      "{": "which YAML reads as the start of a mapping",
      "@": "which YAML reserves at the start of a value",
      "`": "which YAML reserves at the start of a value",
      "%": "which YAML reserves at the start of a value",
      "&": "which YAML reads as an anchor at the start of a value",
      "*": "which YAML reads as an alias at the start of a value",
      "!": "which YAML reads as a tag at the start of a value",
      "|": "which YAML reads as the start of a block",
      ">": "which YAML reads as the start of a block",
    ]
    if let reading = starts[first] {
      return Trap(offset: 0, character: String(first), reading: reading)
    }
    for (i, c) in characters.enumerated() {
      let next: Character? = i + 1 < characters.count ? characters[i + 1] : nil
      if c == ":" && (next == nil || next == " " || (inFlow && ",[]{}".contains(next!))) {
        return Trap(
          offset: i, character: ": ", reading: "which YAML reads as a key and its value")
      }
      if c == "#" && i > 0 && characters[i - 1] == " " {
        return Trap(
          offset: i, character: "#", reading: "which YAML reads as the start of a comment")
      }
      guard inFlow else { continue }
      switch c {
      case "?":
        return Trap(
          offset: i, character: "?",
          reading: "which YAML reads as a key indicator inside '{…}' or '[…]'")
      case ",":
        return Trap(
          offset: i, character: ",", reading: "where YAML ends an item inside '{…}' or '[…]'")
      case "[", "{":
        return Trap(
          offset: i, character: String(c),
          reading: "which YAML reads as the start of a nested collection inside '{…}' or '[…]'")
      case "]", "}":
        return Trap(
          offset: i, character: String(c),
          reading: "which YAML reads as the end of a collection inside '{…}' or '[…]'")
      default: continue
      }
    }
    return nil
  }
}
