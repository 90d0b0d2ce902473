import Diagnostics

/// The keys of a module spec, each declared once: its name (and aliases), what it holds, its
/// line in the reference table of Templates/README.md, an example, and how its value is read
/// and checked. The known-key list, "did you mean" and the README table derive from these
/// declarations (`SpecKeysTests` checks the table and that every key is read).
///
/// To add a spec field: add a property to `ModuleSpec`, one declaration below, its use (a
/// context variable in `TemplateContext.swift`), and run
/// `MODULEGEN_RECORD=1 swift test --filter SpecKeysTests` to update the README table.
extension ModuleSpec {
  typealias Key = DataKey<Draft>

  /// A module while its keys are read.
  struct Draft: Equatable {
    var module: ModuleSpec
    /// `convert_name: true`, read before `name` wherever it is written.
    var convertName: Bool
    /// The key each role is written with, to refuse a role declared under two names.
    var roleKeys: [Role: String] = [:]
  }

  static let keys: [Key] =
    [
      Key(
        name: "name", type: "text",
        doc: "The module's name, a Swift type name (`home` is accepted as `Home`, with a note).",
        example: "Home",
        missing: { _, decoding in
          decoding.problems.error(
            "the module has no 'name'", at: decoding.location, path: decoding.path)
          decoding.rejected = true
        },
        decode: { node, draft, decoding in
          guard case .string(let raw) = node.value else {
            decoding.problems.error(
              Problems.notAStringMessage("name", found: node.value),
              at: node.location, path: decoding.keyPath)
            return
          }
          switch ModuleName.normalize(raw, convert: draft.convertName) {
          case .valid(let name): draft.module.name = name
          case .changed(let name, let note):
            draft.module.name = name
            decoding.problems.note(note, at: node.location)
          case .invalid(let message):
            decoding.problems.error(message, at: node.location, path: decoding.keyPath)
          }
        }),
      .text(
        "template", doc: "The template to generate with (default: the config's).", example: "viper"
      ) { draft, text, start in
        draft.module.template = text
        draft.module.templateLocation = start
      },
      .text(
        "description", doc: "What the module is for; templates see it as `description`.",
        example: "The first screen users see."
      ) { draft, text, _ in draft.module.description = text },
      Key(
        name: "params", type: "a mapping",
        doc:
          "Template parameters (strings, booleans, integers), overriding the config's `params`; a text parameter takes a plain word as written (`yes`, `010`).",
        example: "{ui: uikit}"
      ) { node, draft, decoding in
        draft.module.params = node.params(path: decoding.keyPath, problems: &decoding.problems)
      },
      .role(
        .view, doc: "What the view can be told to do: `display(items:)`, `showLoading()`.",
        example: "[showLoading()]"),
      .role(
        .presenter, doc: "What the view reports: `viewDidLoad()`, `didSelectItem(at:)`.",
        example: "[viewDidLoad()]"),
      .role(
        .interactor, doc: "The use-case or service layer: `fetchItems() async throws -> [Item]`.",
        example: "[fetchItems() async throws]"),
      .role(
        .interactorOutput, doc: "What the interactor reports back to the presenter (VIPER).",
        example: "[didFail()]"),
      .role(.router, doc: "Navigation: `showDetail(for:)`.", example: "[showDetail()]"),
      Key(
        name: "entities", type: "Swift or a mapping",
        doc:
          "Value types the module uses: `struct` and `enum` declarations (a `|` block), or name → {field: Type}.",
        example: "{HomeItem: {id: UUID, title: String}}"
      ) { node, draft, decoding in
        draft.module.entities = SpecDecoder.decodeEntities(
          node, path: decoding.keyPath, map: decoding.map, problems: &decoding.problems)
      },
      Key(
        name: "imports", type: "a name or a list",
        doc: "Modules the generated files import besides those the templates import.",
        example: "[MapKit]"
      ) { node, draft, decoding in
        let names = node.oneOrList(
          path: decoding.keyPath, problems: &decoding.problems,
          notOneOrList:
            "'imports' must be a module name or a list of module names, e.g. [MapKit, CoreLocation]",
          isValid: SwiftName.isIdentifier,
          notAnItem: {
            "expected a module name such as 'MapKit', found \($0.value.kindName)\($0.value.quoteHint)"
          }
        )
        draft.module.imports = []
        for name in names.map(\.text) where !draft.module.imports.contains(name) {
          draft.module.imports.append(name)
        }
      },
      .text(
        "output", doc: "Where the code goes, overriding the config's `output`.",
        example: "Sources/App/Modules/Home"
      ) { draft, text, start in
        draft.module.output = text
        draft.module.outputLocation = start
      },
      .text(
        "tests_output", doc: "Where the tests go, overriding the config's `tests_output`.",
        example: "Tests/AppTests/Modules/Home"
      ) { draft, text, start in
        draft.module.testsOutput = text
        draft.module.testsOutputLocation = start
      },
      .text(
        "package",
        doc: "A local Swift package this module becomes a target of, overriding the config's.",
        example: "Packages/Features"
      ) { draft, text, start in
        draft.module.package = text
        draft.module.packageLocation = start
      },
    ]
    + XcodeSettings.moduleKeys.map {
      $0.lifted(
        into: \Draft.module.xcode, doc: "This module's `\($0.name)`, overriding the config's.")
    }
    + [
      Key(
        name: "convert_name", type: "a boolean",
        doc: "`true` turns `home screen` or `Home-Screen` into `HomeScreen`.", example: "true"
      ) { node, draft, decoding in
        guard case .bool(let convert) = node.value else {
          decoding.problems.error(
            "'convert_name' must be true or false", at: node.location, path: decoding.keyPath)
          return
        }
        draft.convertName = convert
      }
    ]

  /// The keys of a file of several modules.
  static let fileKeys: [DataKey<[ModuleSpec]>] = [
    DataKey(
      name: "modules", type: "a list", doc: "The modules, each a mapping with the keys above.",
      example: "[{name: Home}, {name: Profile}]"
    ) { node, modules, decoding in
      guard case .array(let items) = node.value else {
        decoding.problems.error("'modules' must be a list of modules", at: node.location)
        return
      }
      for (i, item) in items.enumerated() {
        if let module = SpecDecoder.decodeModule(item, path: "modules[\(i)]", &decoding) {
          modules.append(module)
        }
      }
    }
  ]

  /// The reference tables of Templates/README.md.
  static var referenceTable: String {
    keys.referenceTable() + "\nA file of several modules:\n\n" + fileKeys.referenceTable()
  }
}

extension DataKey where Target == ModuleSpec.Draft {
  /// A key whose value is one non-empty string; `set` gets where its text starts, for errors
  /// found later (a template that does not exist, an output pattern that does not render).
  fileprivate static func text(
    _ name: String, doc: String, example: String,
    set: @escaping @Sendable (inout ModuleSpec.Draft, String, SourceLocation) -> Void
  ) -> Self {
    Self(name: name, type: "text", doc: doc, example: example) { node, draft, decoding in
      guard case .string(let text) = node.value else {
        decoding.problems.error(
          Problems.notAStringMessage(name, found: node.value),
          at: node.location, path: decoding.keyPath)
        return
      }
      guard !text.isEmpty else {
        decoding.problems.error(
          "'\(name)' is empty; give it a value or leave the key out", at: node.location,
          path: decoding.keyPath)
        return
      }
      set(&draft, text, decoding.map.locate(node, line: 0, column: 0))
    }
  }

  /// A role's methods, under the role's name or one of its aliases.
  fileprivate static func role(_ role: Role, doc: String, example: String) -> Self {
    Self(
      name: role.rawValue, aliases: Role.aliases.filter { $0.value == role }.keys.sorted(),
      type: "a list of signatures or a block", doc: doc, example: example
    ) { node, draft, decoding in
      if let other = draft.roleKeys[role] {
        decoding.problems.error(
          "'\(decoding.key)' and '\(other)' both declare the \(role.rawValue) role; use one",
          at: decoding.keyLocation, path: decoding.keyPath)
        return
      }
      draft.roleKeys[role] = decoding.key
      let methods = SpecDecoder.decodeMethods(
        node, path: decoding.keyPath, key: decoding.key, map: decoding.map,
        problems: &decoding.problems)
      draft.module.roles[role] = methods.map(\.signature)
      draft.module.methodLocations[role] = methods.map(\.location)
    }
  }
}
