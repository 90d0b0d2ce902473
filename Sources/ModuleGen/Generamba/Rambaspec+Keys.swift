extension Rambaspec {
  typealias Key = DataKey<Rambaspec>

  /// The keys of a .rambaspec that modulegen reads; Generamba ignores any other, and so do we,
  /// with a note.
  static let keys: [Key] = [
    .text("name", doc: "The template's name.") { $0.name = $1 },
    .text("summary", doc: "One line on what the template makes.") { $0.summary = $1 },
    .text("author", doc: "Who wrote the template.") { $0.author = $1 },
    .text("version", doc: "The template's version.") { $0.version = $1 },
    .text("license", doc: "The template's license.") { $0.license = $1 },
    .files("code_files", role: .code, doc: "The module's code files.") { $0.codeFiles = $1 },
    .files("test_files", role: .test, doc: "The module's test files.") { $0.testFiles = $1 },
    Key(
      name: "dependencies", type: "a list", doc: "Pods or Carthage frameworks the code needs."
    ) { node, spec, decoding in
      spec.dependencies = GenerambaSettings.strings(
        node, path: decoding.keyPath, what: "dependency names", problems: &decoding.problems)
    },
  ]
}

extension Rambaspec.Entry {
  typealias Key = DataKey<Rambaspec.Entry>

  /// The keys of one item of `code_files` or `test_files`. A wrong value rejects the item
  /// (`decoding.rejected`) after every key of it is read.
  static let keys: [Key] = [
    .path("name", doc: "Where the file goes in the module's folder.") { $0.name = $1 },
    .path("path", doc: "The template file.") { $0.path = $1 },
    .path("custom_name", doc: "A Liquid template for the file's name.") { $0.customName = $1 },
    Key(
      name: "is_resource", type: "true or false",
      doc: "Added to the targets' resources rather than their sources."
    ) { node, entry, decoding in
      switch node.value {
      case .bool(let flag): entry.isResource = flag
      case .null: break
      default:
        decoding.problems.error(
          "'is_resource' must be true or false, found \(node.value.kindName)",
          at: node.location, path: decoding.keyPath)
        decoding.rejected = true
      }
    },
  ]
}

extension DataKey where Target == Rambaspec {
  /// A key whose value is text: a string, or a number written without quotes (`version: 1.0`).
  fileprivate static func text(
    _ name: String, doc: String, set: @escaping @Sendable (inout Rambaspec, String) -> Void
  ) -> Self {
    Self(name: name, type: "text", doc: doc) { node, spec, decoding in
      if let text = Rambaspec.scalarText(
        node, path: decoding.keyPath, problems: &decoding.problems)
      {
        set(&spec, text)
      }
    }
  }

  /// A list of files, which makes the .rambaspec one Generamba's installer accepts.
  fileprivate static func files(
    _ name: String, role: TemplateManifest.FileEntry.Role, doc: String,
    set: @escaping @Sendable (inout Rambaspec, [Rambaspec.Entry]) -> Void
  ) -> Self {
    Self(name: name, type: "a list", doc: doc) { node, spec, decoding in
      spec.declaresFiles = true
      set(&spec, Rambaspec.decodeEntries(node, role: role, &decoding))
    }
  }
}

extension DataKey where Target == Rambaspec.Entry {
  /// A key whose value is a non-empty string.
  fileprivate static func path(
    _ name: String, doc: String,
    set: @escaping @Sendable (inout Rambaspec.Entry, String) -> Void
  ) -> Self {
    Self(name: name, type: "text", doc: doc) { node, entry, decoding in
      guard case .string(let text) = node.value, !text.isEmpty else {
        decoding.problems.error(
          Problems.notANonEmptyStringMessage(decoding.key, found: node.value),
          at: node.location, path: decoding.keyPath)
        decoding.rejected = true
        return
      }
      set(&entry, text)
    }
  }
}
