import DataFormats

/// The keys of `.modulegen.yml`, each declared once: its name, what it holds, its line in the
/// reference table of Templates/README.md, and how its value is read and checked. The known-key
/// list, "did you mean", validation and the README table derive from these declarations
/// (`ProjectConfigKeysTests` checks the table).
///
/// To add a key: add a property to `ProjectConfig`, one declaration below, and run
/// `MODULEGEN_RECORD=1 swift test --filter ProjectConfigKeysTests` to update the README table.
extension ProjectConfig {
  typealias Key = DataKey<ProjectConfig>

  /// What the header keys hold, said alike by the keys and by the options that override them.
  static let authorDoc = "The author in file headers."
  static let companyDoc = "The company in file headers."
  static let projectDoc = "The project name in file headers."

  static let keys: [Key] =
    [
      .text("author", doc: authorDoc) { config, text, _, _ in
        config.author = text
      },
      .text("company", doc: companyDoc) { config, text, _, _ in
        config.company = text
      },
      .text("project", doc: projectDoc) { config, text, _, _ in
        config.project = text
      },
      .text(
        "module", doc: "The module generated tests `@testable import` (default: `project`)."
      ) { config, text, node, decoding in
        if !SwiftName.isIdentifier(text) {
          decoding.problems.error(
            "module '\(text)' must be a Swift module name, such as 'AcmeApp'", at: node.location)
        }
        config.module = text
      },
      .text("header", doc: "A Liquid template for the header of every generated file.") {
        config, text, node, decoding in
        config.header = text
        config.headerMap = ScalarMap(node: node, source: decoding.source)
      },
      .text("prefix", doc: "Prepended to type names where templates use `prefixed_module`.") {
        config, text, node, decoding in
        if !text.isEmpty && !SwiftName.isTypeName(text) {
          decoding.problems.error(
            "prefix '\(text)' must be the start of a Swift type name, such as 'ACME'",
            at: node.location)
        }
        config.prefix = text
      },
      .text("template", located: true, doc: "The template `gen` uses when none is named.") {
        config, text, _, _ in
        config.template = text
      },
      Key(
        name: "params", type: "a mapping",
        doc: "Template parameters, as `--set` gives them (`{ui: uikit, tests: swift-testing}`)."
      ) { node, config, decoding in
        config.params = node.params(path: "params", problems: &decoding.problems)
      },
      .text(
        "output", located: true,
        doc: "Where code goes: a path pattern, `{{ module }}` is the module's name."
      ) { config, text, _, _ in
        config.output = text
      },
      .text("tests_output", located: true, doc: "Where tests go: a path pattern, like `output`.") {
        config, text, _, _ in
        config.testsOutput = text
      },
      .text(
        "package", located: true,
        doc:
          "A local Swift package (its folder) each module becomes a target of, with its tests and the app's dependency."
      ) { config, text, _, _ in
        config.package = text
      },
      Key(
        name: "templates", type: "a folder or a list",
        doc: "Extra template folders, relative to the config's folder."
      ) { node, config, decoding in
        config.decodeTemplateFolders(node, &decoding)
      },
      Key(
        name: "generamba", type: "a mapping",
        doc: "Generamba's own settings, as `modulegen migrate` writes them from a Rambafile."
      ) { node, config, decoding in
        config.generamba = GenerambaSettings.decodeSection(node, &decoding)
      },
    ] + XcodeSettings.keys.map { $0.lifted(into: \.xcode) }

  /// The reference table of Templates/README.md.
  static var referenceTable: String { keys.referenceTable(examples: false) }

  private mutating func decodeTemplateFolders(_ node: DataNode, _ decoding: inout KeyDecoding) {
    let folders = node.oneOrList(
      path: "templates", problems: &decoding.problems,
      notOneOrList: "'templates' must be a folder or a list of folders",
      // One folder may be written as "" (the config's own folder); a list's items may not.
      isValid: { !$0.isEmpty || node.value == .string("") },
      notAnItem: { "expected a folder path, found \($0.value.kindName)" })
    for folder in folders {
      templateFolders.append(folder.text)
      locations.templateFolders.append(decoding.map.locate(folder.node, line: 0, column: 0))
    }
  }
}

extension DataKey where Target == ProjectConfig {
  /// A key whose value is one string; `located` keeps where the value is written, for errors
  /// found later (a template that does not exist, an output pattern that does not render).
  static func text(
    _ name: String, located: Bool = false, doc: String,
    set:
      @escaping @Sendable (
        inout ProjectConfig, String, DataNode, inout KeyDecoding
      ) -> Void
  ) -> Self {
    Self(name: name, type: "text", doc: doc) { node, config, decoding in
      guard case .string(let text) = node.value else {
        decoding.problems.error(
          Problems.notAStringMessage(name, found: node.value),
          at: node.location, path: decoding.keyPath)
        return
      }
      if located { config.locations.values[name] = decoding.map.locate(node, line: 0, column: 0) }
      set(&config, text, node, &decoding)
    }
  }
}
