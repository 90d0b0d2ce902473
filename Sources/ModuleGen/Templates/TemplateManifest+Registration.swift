import Diagnostics

extension TemplateManifest {
  /// A `register:` entry: a snippet (a route's case, a builder call) that `gen` inserts into a
  /// file of the app after a marker line, so that the new module is wired where the app builds
  /// its screens.
  package struct Registration: Sendable {
    /// A Liquid template for the file's path, relative to the project's folder (the folder of
    /// `.modulegen.yml`, else the current one).
    package var file: String = ""
    /// The line after which the snippet goes (`// modulegen:screens`), found by its text.
    package var marker: String = ""
    /// A Liquid template for the lines to insert, rendered with the module's context.
    package var snippet: String = ""
    /// Whether the snippet goes among the entries after the marker in order, else after them.
    package var sorted = false
    /// A Liquid condition; the entry applies when it holds.
    package var when: String?
    /// Where the entry and its values are in the manifest, for errors.
    package var location: SourceLocation
    package var markerLocation: SourceLocation
    var fileMap: ScalarMap
    var snippetMap: ScalarMap
    var whenMap: ScalarMap?

    init(location: SourceLocation) {
      self.location = location
      markerLocation = location
      fileMap = ScalarMap(at: location)
      snippetMap = ScalarMap(at: location)
    }
  }
}

// MARK: - Keys

extension TemplateManifest.Registration {
  typealias Key = DataKey<Self>

  /// What messages about a registration's keys call it.
  static let messageName = "a registration"

  /// Read in this order; an entry stops at its first key in error.
  static let keys: [Key] = [
    Key(
      name: "file", type: "a path pattern",
      doc: "A Liquid template for the file to edit, relative to the folder of `.modulegen.yml`.",
      example: "App/AppRoute.swift",
      missing: { _, decoding in reject(&decoding, "a registration needs 'file', the file to edit")
      },
      decode: { node, entry, decoding in
        guard case .string(let file) = node.value, !file.isEmpty else {
          reject(&decoding, "a registration needs 'file', the file to edit")
          return
        }
        entry.file = file
        entry.fileMap = ScalarMap(node: node, source: decoding.source)
      }),
    Key(
      name: "marker", type: "text",
      doc: "The line of the file the snippet goes after, such as `// modulegen:screens`.",
      example: "\"// modulegen:routes\"",
      missing: { _, decoding in
        reject(&decoding, "a registration needs 'marker', the line the snippet goes after")
      },
      decode: { node, entry, decoding in
        guard case .string(let marker) = node.value,
          !marker.trimmingCharacters().isEmpty, !marker.contains("\n")
        else {
          reject(&decoding, "'marker' must be one line of text, such as \"// modulegen:screens\"")
          return
        }
        entry.marker = marker.trimmingCharacters()
        entry.markerLocation = node.location
      }),
    Key(
      name: "snippet", type: "a template",
      doc: "The Liquid lines to insert after the marker, with the module's variables.",
      example: "\"case {{ module | camel_case }}\"",
      missing: { _, decoding in
        reject(&decoding, "a registration needs 'snippet', the lines to insert")
      },
      decode: { node, entry, decoding in
        guard case .string(let snippet) = node.value, !snippet.trimmingCharacters().isEmpty else {
          reject(&decoding, "a registration needs 'snippet', the lines to insert")
          return
        }
        entry.snippet = snippet
        entry.snippetMap = ScalarMap(node: node, source: decoding.source)
      }),
    Key(
      name: "sorted", type: "a boolean",
      doc:
        "`true` inserts the snippet among the entries after the marker in order, else after them.",
      example: "true"
    ) { node, entry, decoding in
      guard case .bool(let flag) = node.value else {
        reject(&decoding, "'sorted' must be true or false", at: node.location)
        return
      }
      entry.sorted = flag
    },
    Key(
      name: "when", type: "a condition",
      doc: "A Liquid condition; the snippet is inserted when it holds.",
      example: "\"params.routes != ''\""
    ) { node, entry, decoding in
      guard let (text, map) = TemplateManifest.condition(node, &decoding) else { return }
      entry.when = text
      entry.whenMap = map
    },
  ]

  private static func reject(
    _ decoding: inout KeyDecoding, _ message: String, at location: SourceLocation? = nil
  ) {
    decoding.problems.error(message, at: location ?? decoding.location, path: decoding.path)
    decoding.rejected = true
  }
}
