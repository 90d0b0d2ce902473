/// The help text a command prints, read back into its parts (headings, paragraphs, option rows,
/// examples), so that other formats (the man page) are made from the very text `--help` shows.
struct HelpDocument: Equatable {
  struct Row: Equatable {
    var label: String
    var help: String
  }

  struct Example: Equatable {
    var command: String
    var meaning: String
  }

  enum Block: Equatable {
    /// `OPTIONS:`; a heading with text on its line (`USAGE: modulegen gen …`) is followed by
    /// that text as a paragraph.
    case heading(String)
    /// Lines of prose, joined with spaces.
    case paragraph(String)
    /// `  --spec <file>             A module spec …`
    case rows([Row])
    case examples([Example])
  }

  var blocks: [Block]

  /// The column where help starts in a row whose label is too long for its line.
  static let helpColumn = 28
  static let exampleMeaningIndent = "      "

  init(parsing text: String) {
    blocks = []
    var section = ""
    var paragraphOpen = false
    for substring in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = String(substring)
      if line.trimmingCharacters().isEmpty {
        paragraphOpen = false
        continue
      }
      if let (name, inline) = Self.heading(line) {
        blocks.append(.heading(name))
        section = name
        paragraphOpen = inline != nil
        if let inline { blocks.append(.paragraph(inline)) }
        continue
      }
      if line.hasPrefix("  ") {
        paragraphOpen = false
        if section == "EXAMPLES" {
          addExampleLine(line)
        } else {
          addRowLine(line)
        }
        continue
      }
      if paragraphOpen, case .paragraph(let text) = blocks.last {
        blocks[blocks.count - 1] = .paragraph(text + " " + line)
      } else {
        blocks.append(.paragraph(line))
        paragraphOpen = true
      }
    }
  }

  /// The blocks after the heading `name`, up to the next heading.
  func section(_ name: String) -> [Block] {
    guard let start = blocks.firstIndex(of: .heading(name)) else { return [] }
    let rest = blocks[(start + 1)...]
    let end = rest.firstIndex { if case .heading = $0 { true } else { false } } ?? rest.endIndex
    return Array(rest[..<end])
  }

  /// `NAME:` or `NAME: text`, where NAME is capital letters and spaces.
  private static func heading(_ line: String) -> (String, String?)? {
    guard let colon = line.firstIndex(of: ":") else { return nil }
    let name = line[..<colon]
    guard name.count >= 2, name.first?.isUppercase == true,
      name.allSatisfy({ ($0.isUppercase && $0.isASCII) || $0 == " " })
    else { return nil }
    let rest = line[line.index(after: colon)...]
    if rest.isEmpty { return (String(name), nil) }
    guard rest.first == " " else { return nil }
    return (String(name), String(rest.dropFirst()))
  }

  private mutating func addExampleLine(_ line: String) {
    let text = line.trimmingCharacters()
    if line.hasPrefix(Self.exampleMeaningIndent), case .examples(var examples) = blocks.last,
      !examples.isEmpty
    {
      examples[examples.count - 1].meaning = text
      blocks[blocks.count - 1] = .examples(examples)
      return
    }
    let example = Example(command: text, meaning: "")
    if case .examples(let examples) = blocks.last {
      blocks[blocks.count - 1] = .examples(examples + [example])
    } else {
      blocks.append(.examples([example]))
    }
  }

  private mutating func addRowLine(_ line: String) {
    let helpIndent = String(repeating: " ", count: Self.helpColumn)
    if line.hasPrefix(helpIndent), case .rows(var rows) = blocks.last, rows.last?.help == "" {
      rows[rows.count - 1].help = line.trimmingCharacters()
      blocks[blocks.count - 1] = .rows(rows)
      return
    }
    let text = line.trimmingCharacters()
    var row = Row(label: text, help: "")
    // The label ends where two spaces begin (a label such as `-h, --help` has single spaces).
    let characters = Array(text)
    if let gap = characters.indices.dropLast().first(where: {
      characters[$0] == " " && characters[$0 + 1] == " "
    }) {
      row = Row(
        label: String(characters[..<gap]),
        help: String(characters[gap...]).trimmingCharacters())
    }
    if case .rows(let rows) = blocks.last {
      blocks[blocks.count - 1] = .rows(rows + [row])
    } else {
      blocks.append(.rows([row]))
    }
  }
}
