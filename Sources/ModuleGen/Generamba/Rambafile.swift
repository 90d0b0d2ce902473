import DataFormats
import Diagnostics

/// Generamba's project config. When a folder has no `.modulegen.yml`, its `Rambafile` is the
/// project config: the headers' author and company, the project, the prefix, where modules
/// and tests go, and Generamba's own settings (`ProjectConfig.generamba`).
package enum Rambafile {
  package static let fileName = "Rambafile"

  /// A Rambafile while its keys are read: modulegen's settings and Generamba's.
  struct Draft {
    var config = ProjectConfig()
    var settings = GenerambaSettings()
  }

  /// The keys that become modulegen settings, then Generamba's own (`GenerambaSettings.keys`).
  static let keys: [DataKey<Draft>] =
    [
      .text("author", doc: ProjectConfig.authorDoc) { $0.config.author = $1 },
      .text("company", doc: ProjectConfig.companyDoc) { $0.config.company = $1 },
      .text("project_name", doc: ProjectConfig.projectDoc) { $0.config.project = $1 },
      .text("project_file_path", doc: "The folder of the modules' code.") {
        $0.settings.projectFilePath = $1
      },
      .text("test_file_path", doc: "The folder of the modules' tests.") {
        $0.settings.testFilePath = $1
      },
    ] + GenerambaSettings.keys.map { $0.lifted(into: \.settings) }

  /// A decoded Rambafile: the config, and what Generamba itself would refuse (warnings that do
  /// not stop modulegen).
  package struct Decoded: Sendable {
    package var config: ProjectConfig
    package var warnings: [Diagnostic]
  }

  package static func isRambafile(_ path: String) -> Bool {
    path == fileName || path.hasSuffix("/" + fileName)
  }

  /// Reads a Rambafile. `home` finds Generamba's user preferences, whose `username` is the
  /// author when the Rambafile names none.
  package static func decode(
    _ text: String, file: String, directory: String? = nil, home: String? = nil,
    fileSystem: any FileSystem = LocalFileSystem()
  ) throws(DiagnosticList) -> Decoded {
    let root: DataNode
    do {
      root = try DataFile.parse(text, file: file)
    } catch {
      throw DiagnosticList([error], file: file)
    }
    var draft = Draft()
    draft.config.directory = directory
    draft.settings.fromRambafile = true
    var decoding = KeyDecoding(source: text)
    switch root.value {
    case .null:
      break
    case .object(let pairs):
      keys.decode(pairs, into: &draft, &decoding, in: "the Rambafile")
    default:
      decoding.problems.error(
        "a Rambafile must be a mapping of settings, found \(root.value.kindName)\(root.missingSpaceHint)",
        at: root.location)
    }
    try decoding.problems.throwIfAny(file: file)
    var config = draft.config
    var settings = draft.settings
    // modulegen's prefix must start a Swift type name; another is Generamba's only.
    if let prefix = settings.prefix, prefix.isEmpty || SwiftName.isTypeName(prefix) {
      config.prefix = prefix
      settings.prefix = nil
    }
    if config.author == nil, let home {
      config.author = GenerambaUserPreferences.username(home: home, fileSystem: fileSystem)
    }
    config.output = outputPattern(
      settings.projectFilePath ?? settings.projectGroupPath, flat: settings.createLogicalGroups)
    config.testsOutput = outputPattern(
      settings.testFilePath ?? settings.testGroupPath, flat: settings.createLogicalGroups)
    config.generamba = settings
    return Decoded(config: config, warnings: warnings(config, settings, root: root))
  }

  /// The output pattern for a Generamba path: the module's folder under it, as Generamba
  /// appends the module name (not with create_logical_groups, where files go flat into the
  /// path itself). Generamba strips one leading and one trailing slash, so `/Modules` is
  /// `Modules` in the project, not a folder at the root of the disk.
  static func outputPattern(_ path: String?, flat: Bool) -> String? {
    guard var path, !path.isEmpty else { return nil }
    if path.hasPrefix("/") { path.removeFirst() }
    if path.hasSuffix("/") { path.removeLast() }
    let literal = liquidLiteral(path.isEmpty ? "." : path)
    return flat ? literal : literal + "/{{ module }}"
  }

  /// `text` as a Liquid template that renders it unchanged.
  static func liquidLiteral(_ text: String) -> String {
    text.contains("{{") || text.contains("{%") ? "{% raw %}\(text){% endraw %}" : text
  }

  /// What Generamba 1.6.0 refuses, which modulegen does not need: said so that a team that
  /// still runs Generamba keeps a Rambafile it accepts.
  static func warnings(_ config: ProjectConfig, _ settings: GenerambaSettings, root: DataNode)
    -> [Diagnostic]
  {
    var warnings: [Diagnostic] = []
    // A missing key has no line: the warning names the file.
    let file = SourceLocation(file: root.location.file, line: 1, column: 1, lineText: "")
    func warn(_ message: String) {
      warnings.append(Diagnostic(.warning, message: message, location: file))
    }
    for (key, value) in [
      ("company", config.company), ("project_name", config.project),
      ("xcodeproj_path", settings.xcodeprojPath),
    ] where value == nil {
      warn("no '\(key)': Generamba refuses to generate without it")
    }
    if settings.templates.isEmpty {
      warn("no 'templates': Generamba refuses to generate without a template declared")
    }
    for (kind, targets, file, group) in [
      ("project", settings.projectTargets, settings.projectFilePath, settings.projectGroupPath),
      ("test", settings.testTargets, settings.testFilePath, settings.testGroupPath),
    ] where targets != nil || file != nil || group != nil {
      // Either path stands in for the other, as in Generamba.
      let missing = [
        targets == nil ? "\(kind)_target(s)" : nil,
        file == nil && group == nil ? "\(kind)_file_path" : nil,
      ].compactMap { $0 }
      if !missing.isEmpty {
        warn(
          "no \(missing.joined(separator: ", ")): Generamba needs every \(kind) setting once one is given"
        )
      }
    }
    return warnings
  }
}

extension DataKey where Target == Rambafile.Draft {
  /// A key whose value is one string (nil when it is not one); a key written without a value
  /// leaves it unset. Where the value is written is kept for messages.
  fileprivate static func text(
    _ name: String, doc: String, set: @escaping @Sendable (inout Rambafile.Draft, String?) -> Void
  ) -> Self {
    Self(name: name, type: "text", doc: doc) { node, draft, decoding in
      if case .null = node.value { return }
      draft.settings.locations[name] = node.location
      set(
        &draft,
        GenerambaSettings.string(node, path: decoding.keyPath, problems: &decoding.problems))
    }
  }
}
