import Liquid

/// A template's `template.yml`: its parameters and the files it generates.
package struct TemplateManifest: Sendable {
  package var name: String
  package var summary: String
  package var parameters: [Parameter]
  package var files: [FileEntry]
  /// `version: 1.2.0` (MAJOR.MINOR.PATCH): which revision of the template generated a module.
  /// Built-in templates always have one; for other templates it is optional.
  package var version: String? = nil
  /// The variables the files are rendered with: modulegen's context, or Generamba's.
  package var variables: Variables = .modulegen

  /// Which context a template's files see (`variables:` in template.yml).
  package enum Variables: String, Sendable {
    /// modulegen's context (Templates/README.md), with strict variables.
    case modulegen
    /// Generamba's variables (`module_info`, `developer`, `date` as dd/MM/yyyy,
    /// `custom_parameters`), with undefined variables rendering empty, as Generamba does.
    case generamba
  }

  package struct Parameter: Sendable, Equatable {
    package enum Kind: String, Sendable { case string, bool, choice }
    package var name: String
    package var kind: Kind
    package var defaultValue: ModuleSpec.ParamValue?
    package var description: String
    /// The allowed values of a choice.
    package var values: [String]
  }

  package struct FileEntry: Sendable {
    package enum Role: String, Sendable { case code, test }

    /// Who owns the file once it exists.
    package enum Regenerate: String, Sendable, CaseIterable {
      /// modulegen: regenerated on every run; an edit is a conflict and drift fails `check`.
      case always
      /// The developer: created when missing, then never a conflict; `update` merges template
      /// and spec changes into it.
      case once
    }

    /// The source file, relative to the template folder.
    package var template: String
    /// A Liquid template for the output path, relative to the role's output folder.
    package var output: String
    package var role: Role
    package var regenerate: Regenerate = .always
    /// A Liquid condition (`params.ui == 'swiftui'`); the file is generated when it holds.
    package var when: String?
    /// `resource: true`: the file goes to an Xcode target's Resources phase whatever its type.
    package var isResource = false
    /// Where the entry is in the manifest, for errors.
    package var location: SourceLocation
    /// Where its `template`, `output` and `when` values are.
    package var templateLocation: SourceLocation
    package var outputLocation: SourceLocation
    package var whenLocation: SourceLocation?
    /// Where the characters of `output` are in the manifest, for errors inside the pattern.
    var outputMap: ScalarMap
    /// Where the characters of `when` are in the manifest, for errors inside the condition.
    var whenMap: ScalarMap?
  }

  static let keys = ["name", "summary", "version", "parameters", "files", "variables"]
  static let parameterKeys = ["name", "type", "default", "description", "values"]
  static let fileKeys = ["template", "output", "role", "regenerate", "when", "resource"]

  package static func decode(_ text: String, file: String) throws(DiagnosticList)
    -> TemplateManifest
  {
    let root = try DataFile.root(text, file: file)
    var problems = Problems()
    var manifest = TemplateManifest(name: "", summary: "", parameters: [], files: [])
    guard case .object(let pairs) = root.value else {
      problems.error(
        "a template manifest must be a mapping with 'name', 'summary', 'parameters' and 'files'",
        at: root.location)
      try problems.throwIfAny(file: file)
      return manifest
    }
    for pair in pairs {
      switch pair.key {
      case "name", "summary":
        guard case .string(let text) = pair.value.value, !text.isEmpty else {
          problems.error(
            "'\(pair.key)' must be a non-empty string", at: pair.value.location, path: pair.key)
          continue
        }
        if pair.key == "name" { manifest.name = text } else { manifest.summary = text }
      case "version":
        guard case .string(let text) = pair.value.value, isVersion(text) else {
          problems.error(
            "'version' must be MAJOR.MINOR.PATCH: three numbers, such as 1.0.0",
            at: pair.value.location)
          continue
        }
        manifest.version = text
      case "parameters":
        manifest.parameters = decodeParameters(pair.value, problems: &problems)
      case "files":
        manifest.files = decodeFiles(pair.value, source: text, problems: &problems)
      case "variables":
        guard case .string(let text) = pair.value.value, let variables = Variables(rawValue: text)
        else {
          problems.error(
            "'variables' must be 'modulegen' or 'generamba'", at: pair.value.location,
            path: pair.key)
          continue
        }
        manifest.variables = variables
      default:
        problems.unknownKey(
          pair.key, at: pair.keyLocation, known: keys, path: "", in: "a template manifest")
      }
    }
    if manifest.name.isEmpty && pairs.first(where: { $0.key == "name" }) == nil {
      problems.error("the manifest has no 'name'", at: root.location)
    }
    if pairs.first(where: { $0.key == "files" }) == nil {
      problems.error("the manifest has no 'files'", at: root.location)
    }
    try problems.throwIfAny(file: file)
    return manifest
  }

  /// `1.0.0`: three numbers separated by dots.
  static func isVersion(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 3
      && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
  }

  static func decodeParameters(_ node: DataNode, problems: inout Problems) -> [Parameter] {
    guard case .array(let items) = node.value else {
      problems.error("'parameters' must be a list", at: node.location, path: "parameters")
      return []
    }
    var parameters: [Parameter] = []
    var declared: [String: SourceLocation] = [:]
    for (i, item) in items.enumerated() {
      let path = "parameters[\(i)]"
      guard case .object(let pairs) = item.value else {
        problems.error(
          "a parameter must be a mapping with 'name' and 'type'", at: item.location, path: path)
        continue
      }
      for pair in pairs where !parameterKeys.contains(pair.key) {
        problems.unknownKey(
          pair.key, at: pair.keyLocation, known: parameterKeys, path: path, in: "a parameter")
      }
      guard case .string(let name)? = item["name"]?.value, SwiftName.isIdentifier(name) else {
        problems.error(
          "a parameter needs a 'name' that is an identifier", at: item.location, path: path)
        continue
      }
      let nameLocation = item["name"]?.location ?? item.location
      if let first = declared[name] {
        problems.error(
          "parameter '\(name)' is declared twice; the first is at line \(first.line)",
          at: nameLocation, path: path)
        continue
      }
      declared[name] = nameLocation
      let typeText: String
      if case .string(let t)? = item["type"]?.value { typeText = t } else { typeText = "string" }
      guard let kind = Parameter.Kind(rawValue: typeText) else {
        problems.error(
          "parameter type must be string, bool or choice, not '\(typeText)'",
          at: item["type"]!.location, path: path)
        continue
      }
      var values: [String] = []
      if case .array(let list)? = item["values"]?.value {
        for value in list {
          if case .string(let s) = value.value {
            values.append(s)
          } else {
            problems.error("choice values must be strings", at: value.location, path: path)
          }
        }
      }
      if kind == .choice && values.isEmpty {
        problems.error("a choice parameter needs 'values'", at: item.location, path: path)
      }
      var defaultValue: ModuleSpec.ParamValue?
      if let node = item["default"] {
        switch (kind, node.value) {
        case (.bool, .bool(let b)): defaultValue = .bool(b)
        case (.string, .string(let s)): defaultValue = .string(s)
        case (.choice, .string(let s)):
          if !values.contains(s) {
            problems.error(
              "default '\(s)' is not one of the values \(values)", at: node.location, path: path)
          }
          defaultValue = .string(s)
        default:
          problems.error(
            "the default does not match the parameter's type '\(kind.rawValue)'", at: node.location,
            path: path)
        }
      }
      var description = ""
      if case .string(let s)? = item["description"]?.value { description = s }
      parameters.append(
        Parameter(
          name: name, kind: kind, defaultValue: defaultValue, description: description,
          values: values))
    }
    return parameters
  }

  static func decodeFiles(_ node: DataNode, source: String, problems: inout Problems)
    -> [FileEntry]
  {
    guard case .array(let items) = node.value else {
      problems.error("'files' must be a list", at: node.location, path: "files")
      return []
    }
    var files: [FileEntry] = []
    for (i, item) in items.enumerated() {
      let path = "files[\(i)]"
      guard case .object(let pairs) = item.value else {
        problems.error(
          "a file must be a mapping with 'template' and 'output'", at: item.location, path: path)
        continue
      }
      for pair in pairs where !fileKeys.contains(pair.key) {
        problems.unknownKey(
          pair.key, at: pair.keyLocation, known: fileKeys, path: path, in: "a file entry")
      }
      guard case .string(let template)? = item["template"]?.value, !template.isEmpty else {
        problems.error(
          "a file needs 'template', the source file's path in the template folder",
          at: item.location, path: path)
        continue
      }
      let templateLocation = item["template"]?.location ?? item.location
      do {
        _ = try PathSafety.components(of: template)
      } catch {
        problems.error(
          "'template' must be a file inside the template folder; '\(template)' \(error.phrase(inside: "the template folder"))",
          at: templateLocation, path: path)
        continue
      }
      guard case .string(let output)? = item["output"]?.value, !output.isEmpty else {
        problems.error(
          "a file needs 'output', the generated file's path", at: item.location, path: path)
        continue
      }
      var role = FileEntry.Role.code
      if let node = item["role"] {
        guard case .string(let text) = node.value, let parsed = FileEntry.Role(rawValue: text)
        else {
          problems.error("'role' must be 'code' or 'test'", at: node.location, path: path)
          continue
        }
        role = parsed
      }
      var regenerate = FileEntry.Regenerate.always
      if let node = item["regenerate"] {
        let allowed = FileEntry.Regenerate.allCases.map(\.rawValue)
        guard case .string(let text) = node.value, let parsed = FileEntry.Regenerate(rawValue: text)
        else {
          var message =
            "'regenerate' must be 'always' (modulegen owns the file) or 'once' (created once, then yours)"
          if case .string(let text) = node.value {
            let suggestion = didYouMean(text, in: allowed)
            if !suggestion.isEmpty { message += ", not '\(text)'" + suggestion }
          }
          problems.error(message, at: node.location, path: path)
          continue
        }
        regenerate = parsed
      }
      var when: String?
      if let node = item["when"] {
        guard case .string(let text) = node.value, !text.contains("%}"), !text.contains("}}")
        else {
          problems.error(
            "'when' must be one condition such as \"params.ui == 'swiftui'\"", at: node.location,
            path: path)
          continue
        }
        when = text
      }
      var isResource = false
      if let node = item["resource"] {
        guard case .bool(let flag) = node.value else {
          problems.error("'resource' must be true or false", at: node.location, path: path)
          continue
        }
        isResource = flag
      }
      var entry = FileEntry(
        template: template, output: output, role: role, regenerate: regenerate, when: when,
        location: item.location,
        templateLocation: templateLocation,
        outputLocation: item["output"]?.location ?? item.location,
        whenLocation: item["when"]?.location,
        outputMap: ScalarMap(node: item["output"] ?? item, source: source),
        whenMap: item["when"].map { ScalarMap(node: $0, source: source) })
      entry.isResource = isResource
      files.append(entry)
    }
    return files
  }
}
