import Liquid

/// A Generamba template's `.rambaspec`, as Generamba reads it: rendered as Liquid with the
/// module's variables first, then read as YAML.
package struct Rambaspec: Sendable {
  package var name: String?
  package var summary: String?
  package var author: String?
  package var version: String?
  package var license: String?
  package var codeFiles: [Entry] = []
  package var testFiles: [Entry] = []
  /// Pods or Carthage frameworks the generated code needs.
  package var dependencies: [String] = []
  /// Whether `code_files` / `test_files` are present (Generamba's installer needs one).
  package var declaresFiles = false
  /// Keys Generamba ignores, and other things worth a note.
  package var notes: [Diagnostic] = []

  /// One item of `code_files` or `test_files`.
  package struct Entry: Sendable {
    /// Where the file goes in the module's folder; its base name follows the module's name.
    package var name: String
    /// The template file; nil for an entry that only makes an Xcode group.
    package var path: String?
    /// A Liquid template for the file's name, with `module_info.file_basename`.
    package var customName: String?
    /// Added to the targets' resources rather than their sources, in Xcode.
    package var isResource = false
    package var role: TemplateManifest.FileEntry.Role
    package var location: SourceLocation

    static let keys = ["name", "path", "custom_name", "is_resource"]
  }

  static let keys = [
    "name", "summary", "author", "version", "license", "code_files", "test_files", "dependencies",
  ]

  /// Reads the rendered text of a .rambaspec. Wrong types are errors at their location; keys
  /// that Generamba ignores are notes.
  package static func decode(_ text: String, file: String) throws(DiagnosticList) -> Rambaspec {
    let root: DataNode
    do {
      root = try DataFile.parse(text, file: file)
    } catch {
      throw DiagnosticList([error], file: file)
    }
    var spec = Rambaspec()
    var problems = Problems()
    guard case .object(let pairs) = root.value else {
      problems.error(
        "a .rambaspec must be a mapping with 'name', 'code_files' and 'test_files', found \(root.value.kindName)",
        at: root.location)
      try problems.throwIfAny(file: file)
      return spec
    }
    for pair in pairs {
      let node = pair.value
      if case .null = node.value { continue }
      switch pair.key {
      case "name", "summary", "author", "version", "license":
        let text = scalarText(node, path: pair.key, problems: &problems)
        switch pair.key {
        case "name": spec.name = text
        case "summary": spec.summary = text
        case "author": spec.author = text
        case "version": spec.version = text
        default: spec.license = text
        }
      case "code_files", "test_files":
        spec.declaresFiles = true
        let role: TemplateManifest.FileEntry.Role = pair.key == "code_files" ? .code : .test
        let entries = decodeEntries(node, path: pair.key, role: role, problems: &problems)
        if role == .code { spec.codeFiles = entries } else { spec.testFiles = entries }
      case "dependencies":
        spec.dependencies = GenerambaSettings.strings(
          node, path: pair.key, what: "dependency names", problems: &problems)
      default:
        problems.note(
          unknownKeyMessage(pair.key, known: keys, in: "a .rambaspec"), at: pair.keyLocation)
      }
    }
    try problems.throwIfAny(file: file)
    spec.notes = problems.notes
    return spec
  }

  static func unknownKeyMessage(_ key: String, known: [String], in what: String) -> String {
    var message = "unknown key '\(key)' in \(what), ignored as Generamba ignores it"
    message += didYouMean(key, in: known)
    return message
  }

  /// A string, or a number written without quotes (`version: 1.0`), as text.
  static func scalarText(_ node: DataNode, path: String, problems: inout Problems) -> String? {
    switch node.value {
    case .string(let text): return text
    case .int(let number): return String(number)
    case .double(let number): return LiquidValue.double(number).renderedText  // as Ruby writes it
    default:
      problems.error("expected text, found \(node.value.kindName)", at: node.location, path: path)
      return nil
    }
  }

  static func decodeEntries(
    _ node: DataNode, path: String, role: TemplateManifest.FileEntry.Role,
    problems: inout Problems
  ) -> [Entry] {
    guard case .array(let items) = node.value else {
      problems.error(
        "'\(path)' must be a list of files such as {name: View/ViewInput.swift, path: Code/view_input.swift.liquid}, found \(node.value.kindName)",
        at: node.location, path: path)
      return []
    }
    var entries: [Entry] = []
    for (i, item) in items.enumerated() {
      let itemPath = "\(path)[\(i)]"
      guard case .object(let pairs) = item.value else {
        problems.error(
          "a file is declared as {name: NAME, path: TEMPLATE_FILE}, found \(item.value.kindName)",
          at: item.location, path: itemPath)
        continue
      }
      var entry = Entry(name: "", role: role, location: item.location)
      var valid = true
      for pair in pairs {
        let keyPath = "\(itemPath).\(pair.key)"
        switch pair.key {
        case "name", "path", "custom_name":
          guard case .string(let text) = pair.value.value, !text.isEmpty else {
            problems.error(
              Problems.notANonEmptyStringMessage(pair.key, found: pair.value.value),
              at: pair.value.location, path: keyPath)
            valid = false
            continue
          }
          switch pair.key {
          case "name": entry.name = text
          case "path": entry.path = text
          default: entry.customName = text
          }
        case "is_resource":
          switch pair.value.value {
          case .bool(let flag): entry.isResource = flag
          case .null: break
          default:
            problems.error(
              "'is_resource' must be true or false, found \(pair.value.value.kindName)",
              at: pair.value.location, path: keyPath)
            valid = false
          }
        default:
          problems.note(
            unknownKeyMessage(
              pair.key, known: Entry.keys, in: TemplateManifest.FileEntry.messageName),
            at: pair.keyLocation)
        }
      }
      if entry.name.isEmpty && valid {
        problems.error(
          "the file has no 'name', the generated file's path in the module",
          at: item.location, path: itemPath)
        continue
      }
      if valid { entries.append(entry) }
    }
    return entries
  }
}
