import DataFormats
import Liquid

extension GenerambaSettings {
  typealias Key = DataKey<GenerambaSettings>

  /// The keys this type reads, in both a Rambafile and a `generamba:` section. A key written
  /// without a value (`key:`) leaves its setting unset.
  static let keys: [Key] = [
    .text("prefix", doc: "The prefix of type names; Generamba's only when not a Swift one.") {
      $0.prefix = $1
    },
    .text("product_module_name", doc: "The module the tests import.") {
      $0.productModuleName = $1
    },
    .text("xcodeproj_path", doc: "The Xcode project.") { $0.xcodeprojPath = $1 },
    .targets("project_target", \.projectTargets, doc: "The target of the modules' code."),
    .targets("project_targets", \.projectTargets, doc: "The targets of the modules' code."),
    .targets("test_target", \.testTargets, doc: "The target of the modules' tests."),
    .targets("test_targets", \.testTargets, doc: "The targets of the modules' tests."),
    .text("project_group_path", doc: "The Xcode group of the modules' code.") {
      $0.projectGroupPath = $1
    },
    .text("test_group_path", doc: "The Xcode group of the modules' tests.") {
      $0.testGroupPath = $1
    },
    .setting(
      "create_logical_groups", type: "true or false",
      doc: "Every file of a module flat in its folder, the structure in Xcode groups."
    ) { node, settings, decoding in
      guard case .bool(let flag) = node.value else {
        decoding.problems.error(
          "expected true or false, found \(node.value.kindName)", at: node.location,
          path: decoding.keyPath)
        return
      }
      settings.createLogicalGroups = flag
    },
    .text("podfile_path", doc: "The Podfile that lists the templates' pods.") {
      $0.podfilePath = $1
    },
    .text("cartfile_path", doc: "The Cartfile that lists the templates' dependencies.") {
      $0.cartfilePath = $1
    },
    .setting(
      "templates", type: "a list", doc: "The templates `templates install` installs."
    ) { node, settings, decoding in
      settings.templates = GenerambaSettings.declarations(node, &decoding)
    },
    .setting(
      "catalogs", type: "a list", doc: "Template catalogs (git URLs) to find templates in."
    ) { node, settings, decoding in
      settings.catalogs = GenerambaSettings.strings(
        node, path: decoding.keyPath, what: "git URLs", problems: &decoding.problems)
    },
  ]

  /// Reads the `generamba:` section of `.modulegen.yml`.
  static func decodeSection(_ node: DataNode, _ decoding: inout KeyDecoding)
    -> GenerambaSettings
  {
    var settings = GenerambaSettings()
    guard case .object(let pairs) = node.value else {
      decoding.problems.error(
        "'generamba' must be a mapping of Rambafile settings, found \(node.value.kindName)\(node.missingSpaceHint)",
        at: node.location, path: "generamba")
      return settings
    }
    decoding.nested(at: "generamba", location: node.location) { decoding in
      keys.decode(pairs, into: &settings, &decoding, in: "the generamba settings")
    }
    return settings
  }
}

extension GenerambaSettings.TemplateDeclaration {
  typealias Key = DataKey<GenerambaSettings.TemplateDeclaration>

  /// The keys of a `templates:` item. A key written without a value is as good as not written.
  static let keys: [Key] = [
    .text("name", doc: "The template's name (in a catalog, or the folder's).") {
      $0.name = $1 ?? ""
    },
    .text("local", doc: "A folder that holds the template.") { $0.local = $1 },
    .text("git", doc: "A git repository that holds the template.") { $0.git = $1 },
    .text("branch", doc: "The branch, tag or commit of `git`.") { $0.branch = $1 },
  ]
}

extension DataKey where Target == GenerambaSettings.TemplateDeclaration {
  /// A key whose value is a string; `set` gets nil for a wrong value.
  fileprivate static func text(
    _ name: String, doc: String,
    set: @escaping @Sendable (inout GenerambaSettings.TemplateDeclaration, String?) -> Void
  ) -> Self {
    Self(name: name, type: "text", doc: doc) { node, declaration, decoding in
      if case .null = node.value { return }
      set(
        &declaration,
        GenerambaSettings.string(node, path: decoding.keyPath, problems: &decoding.problems))
    }
  }
}

extension DataKey where Target == GenerambaSettings {
  /// A setting whose value `read` reads; where the value is written is kept for messages.
  fileprivate static func setting(
    _ name: String, type: String, doc: String,
    read: @escaping @Sendable (DataNode, inout GenerambaSettings, inout KeyDecoding) -> Void
  ) -> Self {
    Self(name: name, type: type, doc: doc) { node, settings, decoding in
      if case .null = node.value { return }
      settings.locations[name] = node.location
      read(node, &settings, &decoding)
    }
  }

  /// A setting whose value is one string (nil when it is not one).
  fileprivate static func text(
    _ name: String, doc: String,
    set: @escaping @Sendable (inout GenerambaSettings, String?) -> Void
  ) -> Self {
    setting(name, type: "text", doc: doc) { node, settings, decoding in
      set(
        &settings,
        GenerambaSettings.string(node, path: decoding.keyPath, problems: &decoding.problems))
    }
  }

  /// `project_target` / `test_target` (one name) and `project_targets` / `test_targets` (a
  /// list): as in Generamba, the list wins over the single one, whatever their order.
  fileprivate static func targets(
    _ name: String, _ targets: WritableKeyPath<GenerambaSettings, [String]?> & Sendable,
    doc: String
  ) -> Self {
    let isList = name.hasSuffix("s")
    return setting(name, type: isList ? "a list of names" : "a name", doc: doc) {
      node, settings, decoding in
      let names =
        isList
        ? GenerambaSettings.strings(
          node, path: decoding.keyPath, what: "target names", problems: &decoding.problems)
        : GenerambaSettings.string(
          node, path: decoding.keyPath, problems: &decoding.problems
        ).map { [$0] } ?? []
      guard isList || settings.locations[name + "s"] == nil else { return }
      settings[keyPath: targets] = names
      let written: [DataNode] = if case .array(let items) = node.value { items } else { [node] }
      for item in written {
        if case .string(let text) = item.value { settings.targetLocations[text] = item.location }
      }
    }
  }
}
