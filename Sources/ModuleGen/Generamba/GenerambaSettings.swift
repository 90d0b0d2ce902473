import DataFormats
import Diagnostics

/// What a Rambafile says beyond modulegen's own settings: Generamba's product module name and
/// prefix, the Xcode project, targets and groups (kept for Xcode integration), the dependency
/// files, and where templates are installed from. Read from a Rambafile, or from the
/// `generamba:` section of `.modulegen.yml` that `modulegen migrate` writes.
package struct GenerambaSettings: Sendable, Equatable {
  /// Generamba's `prefix` when it cannot be modulegen's, which must start a Swift type name
  /// (`rds`, `AC-`): Generamba templates use it, modulegen's own templates do not.
  package var prefix: String?
  package var productModuleName: String?
  package var xcodeprojPath: String?
  package var projectTargets: [String]?
  package var testTargets: [String]?
  package var projectFilePath: String?
  package var projectGroupPath: String?
  package var testFilePath: String?
  package var testGroupPath: String?
  /// Generamba writes every file of a module flat into the file path, and lets Xcode groups
  /// hold the structure.
  package var createLogicalGroups = false
  package var podfilePath: String?
  package var cartfilePath: String?
  /// Where `templates install` takes templates from.
  package var templates: [TemplateDeclaration] = []
  /// Extra template catalogs (git URLs) for templates declared by name only.
  package var catalogs: [String] = []
  /// Where each key was written, for messages about its value.
  package var locations: [String: SourceLocation] = [:]
  /// Where each target name of the targets read was written, for an error about the target
  /// at the name itself, whether `project_target: App` or `project_targets: [App, Widget]`.
  package var targetLocations: [String: SourceLocation] = [:]
  /// Read from a Rambafile, rather than from `.modulegen.yml`.
  package var fromRambafile = false

  package init() {}

  /// A `templates:` item: a catalog template (`{name: x}`), a local folder (`local:`), or a git
  /// repository (`git:` with an optional `branch:`, a branch, tag or commit).
  package struct TemplateDeclaration: Sendable, Equatable {
    package var name: String
    package var local: String?
    package var git: String?
    package var branch: String?
    package var location: SourceLocation?
  }

  // MARK: - Values

  /// A string setting; a number or a boolean is refused with a hint to quote it.
  static func string(_ node: DataNode, path: String, problems: inout Problems) -> String? {
    guard case .string(let text) = node.value else {
      problems.error(
        "expected a string, found \(node.value.kindName)\(node.value.quoteHint)",
        at: node.location, path: path)
      return nil
    }
    return text
  }

  static func strings(_ node: DataNode, path: String, what: String, problems: inout Problems)
    -> [String]
  {
    guard case .array(let items) = node.value else {
      var message = "expected a list of \(what), found \(node.value.kindName)"
      if case .string(let text) = node.value { message += " (write [\(text)])" }
      problems.error(message, at: node.location, path: path)
      return []
    }
    return items.enumerated().compactMap { i, item in
      string(item, path: "\(path)[\(i)]", problems: &problems)
    }
  }

  static func declarations(_ node: DataNode, _ decoding: inout KeyDecoding)
    -> [TemplateDeclaration]
  {
    let path = decoding.keyPath
    guard case .array(let items) = node.value else {
      decoding.problems.error(
        "'templates' must be a list such as [{name: rviper_controller}], found \(node.value.kindName)",
        at: node.location, path: path)
      return []
    }
    var result: [TemplateDeclaration] = []
    for (i, item) in items.enumerated() {
      let itemPath = "\(path)[\(i)]"
      guard case .object(let pairs) = item.value else {
        decoding.problems.error(
          "a template is declared as {name: NAME}, with 'local: PATH' or 'git: URL' for other sources, found \(item.value.kindName)",
          at: item.location, path: itemPath)
        continue
      }
      var declaration = TemplateDeclaration(name: "", location: item.location)
      decoding.nested(at: itemPath, location: item.location) { decoding in
        TemplateDeclaration.keys.decode(
          pairs, into: &declaration, &decoding, in: "a template declaration")
      }
      if declaration.name.isEmpty {
        decoding.problems.error(
          "the template declaration has no 'name'", at: item.location, path: itemPath)
        continue
      }
      if declaration.local != nil && declaration.git != nil {
        decoding.problems.error(
          "template '\(declaration.name)' has both 'local' and 'git'; keep one (Generamba uses 'git')",
          at: item.location, path: itemPath)
      }
      result.append(declaration)
    }
    return result
  }
}
