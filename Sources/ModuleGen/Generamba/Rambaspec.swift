import DataFormats
import Diagnostics
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

  }

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
    var decoding = KeyDecoding(source: text)
    guard case .object(let pairs) = root.value else {
      decoding.problems.error(
        "a .rambaspec must be a mapping with 'name', 'code_files' and 'test_files', found \(root.value.kindName)\(root.missingSpaceHint)",
        at: root.location)
      try decoding.problems.throwIfAny(file: file)
      return spec
    }
    // A key written without a value is as good as not written, known or not.
    let written = pairs.filter { if case .null = $0.value.value { false } else { true } }
    keys.decode(
      written, into: &spec, &decoding, in: "a .rambaspec", unknownKeys: .ignoredAsGenerambaDoes)
    try decoding.problems.throwIfAny(file: file)
    spec.notes = decoding.problems.notes
    return spec
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
    _ node: DataNode, role: TemplateManifest.FileEntry.Role, _ decoding: inout KeyDecoding
  ) -> [Entry] {
    guard case .array(let items) = node.value else {
      decoding.problems.error(
        "'\(decoding.keyPath)' must be a list of files such as {name: View/ViewInput.swift, path: Code/view_input.swift.liquid}, found \(node.value.kindName)",
        at: node.location, path: decoding.keyPath)
      return []
    }
    var entries: [Entry] = []
    for (i, item) in items.enumerated() {
      let itemPath = "\(decoding.keyPath)[\(i)]"
      guard case .object(let pairs) = item.value else {
        decoding.problems.error(
          "a file is declared as {name: NAME, path: TEMPLATE_FILE}, found \(item.value.kindName)",
          at: item.location, path: itemPath)
        continue
      }
      var entry = Entry(name: "", role: role, location: item.location)
      // Every key is read, so that every problem of the entry is reported; a wrong one rejects it.
      let valid = decoding.nested(at: itemPath, location: item.location) { decoding in
        Entry.keys.decode(
          pairs, into: &entry, &decoding, in: TemplateManifest.FileEntry.messageName,
          unknownKeys: .ignoredAsGenerambaDoes)
        return !decoding.rejected
      }
      guard valid else { continue }
      if entry.name.isEmpty {
        decoding.problems.error(
          "the file has no 'name', the generated file's path in the module",
          at: item.location, path: itemPath)
        continue
      }
      entries.append(entry)
    }
    return entries
  }
}
