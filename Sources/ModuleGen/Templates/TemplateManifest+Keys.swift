import DataFormats
import Diagnostics
import Liquid

/// The keys of `template.yml`, each declared once: the manifest's own, a parameter's and a file
/// entry's, with what each holds, its line in the reference tables of Templates/README.md, an
/// example, and how its value is read and checked. The known-key lists, "did you mean" and the
/// README tables derive from these declarations (`TemplateManifestKeysTests` checks the tables
/// and that every key is read).
///
/// To add a key: add a property to `TemplateManifest` (or `Parameter`, `FileEntry`), one
/// declaration below, its use, and run
/// `MODULEGEN_RECORD=1 swift test --filter TemplateManifestKeysTests` to update the README.
extension TemplateManifest {
  typealias Key = DataKey<TemplateManifest>

  static let keys: [Key] = [
    .text(
      "name", doc: "The template's name, as `gen NAME TEMPLATE` and a spec's `template:` name it.",
      example: "viper"
    ) { manifest, name in manifest.name = name },
    .text(
      "summary", doc: "One line for `templates list`.",
      example: "VIPER module with a builder that wires it."
    ) { manifest, summary in manifest.summary = summary },
    Key(
      name: "version", type: "text",
      doc: "MAJOR.MINOR.PATCH: which revision of the template generated a module.",
      example: "1.0.0"
    ) { node, manifest, decoding in
      guard case .string(let text) = node.value, isVersion(text) else {
        decoding.problems.error(
          "'version' must be MAJOR.MINOR.PATCH: three numbers, such as 1.0.0", at: node.location)
        return
      }
      manifest.version = text
    },
    Key(
      name: "parameters", type: "a list", doc: "The template's parameters, each a mapping (below).",
      example: "[{name: ui, type: choice, values: [uikit, swiftui], default: uikit}]"
    ) { node, manifest, decoding in
      guard case .array(let items) = node.value else {
        decoding.problems.error(
          "'parameters' must be a list", at: node.location, path: "parameters")
        return
      }
      var declared: [String: SourceLocation] = [:]
      for (i, item) in items.enumerated() {
        guard case .object(let pairs) = item.value else {
          decoding.problems.error(
            "a parameter must be a mapping with 'name' and 'type'\(item.missingSpaceHint)",
            at: item.location,
            path: "parameters[\(i)]")
          continue
        }
        var draft = Parameter.Draft(declared: declared)
        decoding.nested(at: "parameters[\(i)]", location: item.location) { decoding in
          Parameter.keys.decodeEntry(pairs, into: &draft, &decoding, in: "a parameter")
          if !decoding.rejected { manifest.parameters.append(draft.parameter) }
        }
        declared = draft.declared
      }
    },
    Key(
      name: "files", type: "a list",
      doc: "The files the template generates, each a mapping (below).",
      example: "[{template: Code/View.swift.liquid, output: \"{{ module }}View.swift\"}]",
      missing: { _, decoding in
        decoding.problems.error("the manifest has no 'files'", at: decoding.location)
      },
      decode: { node, manifest, decoding in
        guard case .array(let items) = node.value else {
          decoding.problems.error("'files' must be a list", at: node.location, path: "files")
          return
        }
        for (i, item) in items.enumerated() {
          guard case .object(let pairs) = item.value else {
            decoding.problems.error(
              "a file must be a mapping with 'template' and 'output'\(item.missingSpaceHint)",
              at: item.location,
              path: "files[\(i)]")
            continue
          }
          var entry = FileEntry(item: item, source: decoding.source)
          decoding.nested(at: "files[\(i)]", location: item.location) { decoding in
            FileEntry.keys.decodeEntry(pairs, into: &entry, &decoding, in: FileEntry.messageName)
            if !decoding.rejected { manifest.files.append(entry) }
          }
        }
      }),
    Key(
      name: "dependencies", type: "a list",
      doc: "With `package`: the targets of the package the module's target depends on.",
      example: "[Core]"
    ) { node, manifest, decoding in
      guard case .array(let items) = node.value else {
        decoding.problems.error(
          "'dependencies' must be a list of target names, such as [Core]", at: node.location,
          path: "dependencies")
        return
      }
      for item in items {
        guard case .string(let name) = item.value, !name.isEmpty else {
          decoding.problems.error(
            "a dependency must be a target name, such as Core", at: item.location,
            path: "dependencies")
          continue
        }
        if !manifest.dependencies.contains(name) { manifest.dependencies.append(name) }
      }
    },
    Key(
      name: "register", type: "a list",
      doc: "Snippets inserted into the app's files after a marker line, each a mapping (below).",
      example:
        "[{file: App/AppRoute.swift, marker: \"// modulegen:routes\", snippet: \"case {{ module | camel_case }}\"}]"
    ) { node, manifest, decoding in
      guard case .array(let items) = node.value else {
        decoding.problems.error("'register' must be a list", at: node.location, path: "register")
        return
      }
      for (i, item) in items.enumerated() {
        guard case .object(let pairs) = item.value else {
          decoding.problems.error(
            "a registration must be a mapping with 'file', 'marker' and 'snippet'\(item.missingSpaceHint)",
            at: item.location, path: "register[\(i)]")
          continue
        }
        var entry = Registration(location: item.location)
        decoding.nested(at: "register[\(i)]", location: item.location) { decoding in
          Registration.keys.decodeEntry(
            pairs, into: &entry, &decoding, in: Registration.messageName)
          if !decoding.rejected { manifest.registrations.append(entry) }
        }
      }
    },
    Key(
      name: "variables", type: "text",
      doc: "The variables files see: `modulegen` (the default) or `generamba`.",
      example: "generamba"
    ) { node, manifest, decoding in
      guard case .string(let text) = node.value, let variables = Variables(rawValue: text) else {
        decoding.problems.error(
          "'variables' must be 'modulegen' or 'generamba'", at: node.location,
          path: decoding.keyPath)
        return
      }
      manifest.variables = variables
    },
  ]

  /// A `when` value: one Liquid condition, with where its characters are; nil (the entry
  /// rejected) for anything else.
  static func condition(_ node: DataNode, _ decoding: inout KeyDecoding) -> (String, ScalarMap)? {
    guard case .string(let text) = node.value, !closesLiquid(text) else {
      decoding.problems.error(
        "'when' must be one condition such as \"params.ui == 'swiftui'\"", at: node.location,
        path: decoding.path)
      decoding.rejected = true
      return nil
    }
    return (text, ScalarMap(node: node, source: decoding.source))
  }

  /// Whether `text` closes a Liquid tag or output (`%}`, `}}`), which one condition does not.
  private static func closesLiquid(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "}") && (previous == UInt8(ascii: "%") || previous == byte) {
        return true
      }
      previous = byte
    }
    return false
  }

  /// The reference tables of Templates/README.md.
  static var referenceTable: String {
    keys.referenceTable() + "\nEach of `parameters`:\n\n" + Parameter.keys.referenceTable()
      + "\nEach of `files`:\n\n" + FileEntry.keys.referenceTable()
      + "\nEach of `register`:\n\n" + Registration.keys.referenceTable()
  }
}

extension DataKey where Target == TemplateManifest {
  /// `name` or `summary`: a non-empty string; a manifest without `name` is an error.
  fileprivate static func text(
    _ name: String, doc: String, example: String,
    set: @escaping @Sendable (inout TemplateManifest, String) -> Void
  ) -> Self {
    var missing: (@Sendable (inout TemplateManifest, inout KeyDecoding) -> Void)?
    if name == "name" {
      missing = { _, decoding in
        decoding.problems.error("the manifest has no 'name'", at: decoding.location)
      }
    }
    return Self(
      name: name, type: "text", doc: doc, example: example, missing: missing,
      decode: { node, manifest, decoding in
        guard case .string(let text) = node.value, !text.isEmpty else {
          decoding.problems.error(
            Problems.notANonEmptyStringMessage(name), at: node.location, path: decoding.keyPath)
          return
        }
        set(&manifest, text)
        if name == "name" { manifest.nameLocation = node.location }
      })
  }
}

// MARK: - Parameters

extension TemplateManifest.Parameter {
  typealias Key = DataKey<Draft>

  /// A parameter while its keys are read, and the names of those before it.
  struct Draft {
    var parameter = TemplateManifest.Parameter(
      name: "", kind: .string, defaultValue: nil, description: "", values: [])
    var declared: [String: SourceLocation]
  }

  /// A parameter without its name, or with one that is not an identifier.
  static let nameNeededMessage = "a parameter needs a 'name' that is an identifier"

  /// Read in this order, each after those it depends on (a choice's `values` before its
  /// `default`); an entry stops at its first key in error.
  static let keys: [Key] = [
    Key(
      name: "name", type: "text", doc: "An identifier: `params.NAME` in templates, `--set NAME=…`.",
      example: "ui",
      missing: { _, decoding in
        decoding.problems.error(
          nameNeededMessage, at: decoding.location, path: decoding.path)
        decoding.rejected = true
      },
      decode: { node, draft, decoding in
        guard case .string(let name) = node.value, SwiftName.isIdentifier(name) else {
          decoding.problems.error(
            nameNeededMessage, at: decoding.location, path: decoding.path)
          decoding.rejected = true
          return
        }
        if let first = draft.declared[name] {
          decoding.problems.error(
            "parameter '\(name)' is declared twice; the first is at line \(first.line)",
            at: node.location, path: decoding.path)
          decoding.rejected = true
          return
        }
        draft.declared[name] = node.location
        draft.parameter.name = name
      }),
    Key(
      name: "type", type: "text", doc: "`string` (the default), `bool` or `choice`.",
      example: "choice"
    ) { node, draft, decoding in
      // Anything but a string is read as the default, `string`.
      var typeText = "string"
      if case .string(let text) = node.value { typeText = text }
      guard let kind = Kind(rawValue: typeText) else {
        decoding.problems.error(
          "parameter type must be string, bool or choice, not '\(typeText)'", at: node.location,
          path: decoding.path)
        decoding.rejected = true
        return
      }
      draft.parameter.kind = kind
    },
    Key(
      name: "values", type: "a list", doc: "A choice's values, as strings.",
      example: "[uikit, swiftui]",
      missing: { draft, decoding in draft.requireValues(&decoding) },
      decode: { node, draft, decoding in
        if case .array(let list) = node.value {
          for value in list {
            if case .string(let text) = value.value {
              draft.parameter.values.append(text)
            } else {
              decoding.problems.error(
                "choice values must be strings, found \(value.value.kindName)\(value.value.quoteHint)",
                at: value.location, path: decoding.path)
            }
          }
        }
        draft.requireValues(&decoding)
      }),
    Key(
      name: "default", type: "a value of the type",
      doc: "The value when the spec and `--set` give none.",
      example: "uikit"
    ) { node, draft, decoding in
      let parameter = draft.parameter
      switch (parameter.kind, node.value) {
      case (.bool, .bool(let flag)): draft.parameter.defaultValue = .bool(flag)
      case (.string, .string(let text)): draft.parameter.defaultValue = .string(text)
      case (.choice, .string(let text)):
        if !parameter.values.contains(text) {
          decoding.problems.error(
            "default '\(text)' is not one of the values \(parameter.values)", at: node.location,
            path: decoding.path)
        }
        draft.parameter.defaultValue = .string(text)
      default:
        decoding.problems.error(
          "the default does not match the parameter's type '\(parameter.kind.rawValue)', found \(node.value.kindName)\(parameter.kind == .bool ? "" : node.value.quoteHint)",
          at: node.location, path: decoding.path)
      }
    },
    Key(
      name: "description", type: "text", doc: "One line for `templates show`.",
      example: "A UIViewController or a SwiftUI view."
    ) { node, draft, _ in
      if case .string(let text) = node.value { draft.parameter.description = text }
    },
  ]
}

extension TemplateManifest.Parameter.Draft {
  /// A choice without values is an error.
  fileprivate func requireValues(_ decoding: inout KeyDecoding) {
    if parameter.kind == .choice && parameter.values.isEmpty {
      decoding.problems.error(
        "a choice parameter needs 'values'", at: decoding.location, path: decoding.path)
    }
  }
}

// MARK: - Files

extension TemplateManifest.FileEntry {
  typealias Key = DataKey<Self>

  /// An entry at `item` before its keys are read: where it is stands for where its values are.
  init(item: DataNode, source: String) {
    self.init(
      template: "", output: "", role: .code, when: nil, location: item.location,
      templateLocation: item.location, outputLocation: item.location, whenLocation: nil,
      outputMap: ScalarMap(node: item, source: source), whenMap: nil)
  }

  /// What messages about a file entry's keys call it (a manifest's, a .rambaspec's).
  static let messageName = "a file entry"

  /// Read in this order; an entry stops at its first key in error.
  static let keys: [Key] = [
    Key(
      name: "template", type: "a path", doc: "The source file, relative to the template folder.",
      example: "Code/View.swift.liquid",
      missing: { _, decoding in rejectWithoutTemplate(&decoding) },
      decode: { node, entry, decoding in
        guard case .string(let template) = node.value, !template.isEmpty else {
          rejectWithoutTemplate(&decoding)
          return
        }
        do throws(PathSafety.Problem) {
          _ = try PathSafety.components(of: template)
        } catch {
          decoding.problems.error(
            "'template' must be a file inside the template folder; '\(template)' \(error.phrase(inside: "the template folder"))",
            at: node.location, path: decoding.path)
          decoding.rejected = true
          return
        }
        entry.template = template
        entry.templateLocation = node.location
      }),
    Key(
      name: "output", type: "a path pattern",
      doc: "A Liquid template for the generated file's path, relative to its role's folder.",
      example: "\"{{ module }}View.swift\"",
      missing: { _, decoding in rejectWithoutOutput(&decoding) },
      decode: { node, entry, decoding in
        guard case .string(let output) = node.value, !output.isEmpty else {
          rejectWithoutOutput(&decoding)
          return
        }
        entry.output = output
        entry.outputLocation = node.location
        entry.outputMap = ScalarMap(node: node, source: decoding.source)
      }),
    Key(
      name: "role", type: "text", doc: "`code` (the default) or `test`: which output folder.",
      example: "test"
    ) { node, entry, decoding in
      guard case .string(let text) = node.value, let role = Role(rawValue: text) else {
        decoding.problems.error(
          "'role' must be 'code' or 'test'", at: node.location, path: decoding.path)
        decoding.rejected = true
        return
      }
      entry.role = role
    },
    Key(
      name: "regenerate", type: "text",
      doc: "`always` (the default; modulegen owns the file) or `once` (created once, then yours).",
      example: "once"
    ) { node, entry, decoding in
      guard case .string(let text) = node.value, let regenerate = Regenerate(rawValue: text) else {
        var message =
          "'regenerate' must be 'always' (modulegen owns the file) or 'once' (created once, then yours)"
        if case .string(let text) = node.value {
          let suggestion = didYouMean(text, in: Regenerate.allCases.map(\.rawValue))
          if !suggestion.isEmpty { message += ", not '\(text)'" + suggestion }
        }
        decoding.problems.error(message, at: node.location, path: decoding.path)
        decoding.rejected = true
        return
      }
      entry.regenerate = regenerate
    },
    Key(
      name: "when", type: "a condition",
      doc: "A Liquid condition; the file is generated when it holds.",
      example: "\"params.ui == 'swiftui'\""
    ) { node, entry, decoding in
      guard let (text, map) = TemplateManifest.condition(node, &decoding) else { return }
      entry.when = text
      entry.whenLocation = node.location
      entry.whenMap = map
    },
    flag(
      "resource",
      doc: "`true` puts the file in an Xcode target's Resources phase, whatever its type."
    ) { entry, flag in entry.isResource = flag },
    flag(
      "shared",
      doc:
        "`true`: one file for the app's modules (in the folder above the module's when that folder is named after it; a module elsewhere uses the one that exists), created once; a run writes it once for all."
    ) { entry, flag in entry.isShared = flag },
    Key(
      name: "never_imports", type: "a name or a list",
      doc:
        "Modules the generated file never imports: a spec whose types would make it import one is refused.",
      example: "[UIKit]"
    ) { node, entry, decoding in
      entry.neverImports = node.oneOrList(
        path: decoding.path, problems: &decoding.problems,
        notOneOrList:
          "'never_imports' must be a module name or a list of module names, e.g. [UIKit]",
        isValid: SwiftName.isIdentifier,
        notAnItem: { "expected a module name such as 'UIKit', found \($0.value.kindName)" }
      ).map(\.text)
    },
  ]

  /// A boolean key, whose value `set` stores (a closure rather than a key path: making a key
  /// path object costs more than decoding the entries).
  private static func flag(
    _ name: String, doc: String, set: @escaping @Sendable (inout Self, Bool) -> Void
  ) -> Key {
    Key(name: name, type: "a boolean", doc: doc, example: "true") { node, entry, decoding in
      guard case .bool(let flag) = node.value else {
        decoding.problems.error(
          "'\(name)' must be true or false", at: node.location, path: decoding.path)
        decoding.rejected = true
        return
      }
      set(&entry, flag)
    }
  }

  private static func rejectWithoutTemplate(_ decoding: inout KeyDecoding) {
    decoding.problems.error(
      "a file needs 'template', the source file's path in the template folder",
      at: decoding.location, path: decoding.path)
    decoding.rejected = true
  }

  private static func rejectWithoutOutput(_ decoding: inout KeyDecoding) {
    decoding.problems.error(
      "a file needs 'output', the generated file's path", at: decoding.location,
      path: decoding.path)
    decoding.rejected = true
  }
}
