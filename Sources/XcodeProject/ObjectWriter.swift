/// Writes new objects and list items the way the project file writes its own: Xcode's layout
/// (tabs, `/* comment */` after every reference, build files and file references on one line,
/// `isa` first and the other keys in alphabetical order), or the file's own indentation and
/// quoting when it was written by another tool.
struct ObjectWriter {
  /// A reference to an object, with the comment Xcode writes after it.
  struct Reference: Equatable {
    var id: String
    var comment: String?
  }

  enum Value: Equatable {
    case text(String)
    case reference(Reference)
    case references([Reference])
  }

  struct Object: Equatable {
    var id: String
    var isa: String
    var comment: String?
    var fields: [String: Value]
  }

  let style: ProjectStyle

  /// The object's lines at the objects' depth, ending with a line break.
  func lines(for object: Object) -> String {
    let keys = [Key.isa] + object.fields.keys.sorted()
    var fields = object.fields
    fields[Key.isa] = .text(object.isa)
    let head = style.indentation(2) + reference(Reference(id: object.id, comment: object.comment))
    if style.annotated && Self.oneLineIsas.contains(object.isa) {
      var line = head + " = {"
      for key in keys {
        guard let value = fields[key] else { continue }
        line += key + " = " + inline(value) + "; "
      }
      return line + "};" + style.newline
    }
    var text = head + " = {" + style.newline
    for key in keys {
      guard let value = fields[key] else { continue }
      text += style.indentation(3) + key + " = "
      if case .references(let items) = value {
        text += "(" + style.newline
        for item in items { text += listItemLine(item, indentation: style.indentation(4)) }
        text += style.indentation(3) + ");" + style.newline
      } else {
        text += inline(value) + ";" + style.newline
      }
    }
    return text + style.indentation(2) + "};" + style.newline
  }

  /// `ID /* comment */` in Xcode's layout, the ID alone (quoted as the file quotes) otherwise.
  func reference(_ reference: Reference) -> String {
    let id = style.encode(reference.id)
    guard style.annotated, let comment = reference.comment else { return id }
    return id + " /* " + PlistText.comment(comment) + " */"
  }

  /// A list item on its own line.
  func listItemLine(_ item: Reference, indentation: String) -> String {
    indentation + reference(item) + "," + style.newline
  }

  /// A list item inside a one-line list, as in `(A /* a */, B /* b */, )`.
  func inlineListItem(_ item: Reference) -> String {
    reference(item) + ", "
  }

  private func inline(_ value: Value) -> String {
    switch value {
    case .text(let text): return style.encode(text)
    case .reference(let item): return reference(item)
    case .references(let items): return "(" + items.map(inlineListItem).joined() + ")"
    }
  }

  /// Objects Xcode writes on one line.
  static let oneLineIsas: Set<String> = [Isa.buildFile, Isa.fileReference]
}
