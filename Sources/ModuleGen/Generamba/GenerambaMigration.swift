import Diagnostics

/// What `modulegen migrate` writes for a Generamba project: a `.modulegen.yml` that says what
/// the Rambafile says, and a `template.yml` beside each `.rambaspec` that says what it says,
/// so that `gen` writes the same bytes afterwards. Nothing is deleted.
enum GenerambaMigration {
  static let configHeader = """
    # Written by `modulegen migrate` from the Rambafile, which stays for Generamba; modulegen
    # reads this file instead while it exists.

    """

  /// The `.modulegen.yml` for a decoded Rambafile.
  static func configText(_ config: ProjectConfig) throws -> String {
    var out = configHeader
    func line(_ key: String, _ value: String?, indent: String = "") {
      if let value { out += "\(indent)\(key): \(YAMLText.scalar(value))\n" }
    }
    let settings = config.generamba ?? GenerambaSettings()
    line("author", config.author)
    line("company", config.company)
    line("project", config.project)
    line("prefix", config.prefix)
    line("output", config.output)
    line("tests_output", config.testsOutput)
    out += "generamba:"
    var section = ""
    func sectionLine(_ key: String, _ value: String?) {
      if let value { section += "  \(key): \(value)\n" }
    }
    sectionLine("prefix", settings.prefix.map { YAMLText.scalar($0) })
    sectionLine("product_module_name", settings.productModuleName.map { YAMLText.scalar($0) })
    sectionLine("xcodeproj_path", settings.xcodeprojPath.map { YAMLText.scalar($0) })
    sectionLine("project_targets", settings.projectTargets.map(YAMLText.list))
    sectionLine("test_targets", settings.testTargets.map(YAMLText.list))
    sectionLine("project_group_path", settings.projectGroupPath.map { YAMLText.scalar($0) })
    sectionLine("test_group_path", settings.testGroupPath.map { YAMLText.scalar($0) })
    sectionLine("create_logical_groups", settings.createLogicalGroups ? "true" : nil)
    sectionLine("podfile_path", settings.podfilePath.map { YAMLText.scalar($0) })
    sectionLine("cartfile_path", settings.cartfilePath.map { YAMLText.scalar($0) })
    if !settings.templates.isEmpty {
      section += "  templates:\n"
      for declaration in settings.templates {
        let pairs = [
          ("name", declaration.name), ("local", declaration.local), ("git", declaration.git),
          ("branch", declaration.branch),
        ].compactMap { key, value in value.map { "\(key): \(YAMLText.scalar($0, inFlow: true))" } }
        section += "    - {\(pairs.joined(separator: ", "))}\n"
      }
    }
    sectionLine("catalogs", settings.catalogs.isEmpty ? nil : YAMLText.list(settings.catalogs))
    out += section.isEmpty ? " {}\n" : "\n" + section
    // What is written must read back as what the Rambafile said.
    var written = try ProjectConfig.decode(out, file: ".modulegen.yml", directory: config.directory)
    var expected = config
    written.generamba = written.generamba.map(comparable)
    expected.generamba = expected.generamba.map(comparable)
    guard written == expected else {
      throw Diagnostic(
        message: "the .modulegen.yml migrate wrote does not read back as the Rambafile")
    }
    return out
  }

  /// Settings without where they were read from.
  private static func comparable(_ settings: GenerambaSettings) -> GenerambaSettings {
    var result = settings
    result.locations = [:]
    result.targetLocations = [:]
    result.fromRambafile = false
    // A Rambafile's file paths are in `output` and `tests_output`.
    result.projectFilePath = nil
    result.testFilePath = nil
    result.templates = settings.templates.map {
      var declaration = $0
      declaration.location = nil
      return declaration
    }
    return result
  }

  // MARK: - Templates

  /// The template.yml for a Generamba template, or why there is none: a .rambaspec whose
  /// Liquid is more than `{% if %}` … `{% endif %}` lines around entries stays as it is
  /// (modulegen reads it as Generamba does, with the same result).
  static func manifestText(_ source: TemplateSource, named name: String, flat: Bool) throws
    -> (text: String?, notes: [Diagnostic])
  {
    let specFile = source.rambaspec ?? ""
    let shown = source.displayPath(specFile)
    guard let text = source.read(specFile) else {
      throw Diagnostic(message: LocalFileSystem.cannotReadMessage(shown))
    }
    guard let (plain, conditions) = conditionalLines(text) else {
      return (
        nil,
        [
          Diagnostic(
            .note,
            message:
              "\(shown) uses Liquid that a template.yml cannot say; it stays a Generamba template, which gen reads as before"
          )
        ]
      )
    }
    let spec = try Rambaspec.decode(plain, file: shown)
    let (manifest, notes) = try spec.manifest(
      named: name, files: source.allFiles(), displayRoot: source.displayRoot, flat: flat)
    var out = "# Written by `modulegen migrate` from \(specFile), which stays for Generamba.\n"
    let left = (spec.codeFiles + spec.testFiles).filter { $0.path == nil }.map { "'\($0.name)'" }
    if !left.isEmpty {
      out += "# Xcode groups only (no path), not carried over: \(left.joined(separator: ", ")).\n"
    }
    if !spec.dependencies.isEmpty {
      out += "# Dependencies: \(spec.dependencies.joined(separator: ", ")).\n"
    }
    if manifest.files.contains(where: { $0.regenerate == .once }) {
      out += GenerambaOwnership.migratedComment.map { "# \($0)\n" }.joined()
    }
    out += "name: \(YAMLText.scalar(name))\n"
    if let summary = spec.summary { out += "summary: \(YAMLText.quoted(summary))\n" }
    // The version the generation record keeps for the modules generated from it: migrating does
    // not change it (a version that is not MAJOR.MINOR.PATCH cannot be said; the template's hash
    // stands for it).
    if let version = spec.version, TemplateManifest.isVersion(version) {
      out += "version: \(YAMLText.quoted(version))\n"
    }
    out += "variables: generamba\nfiles:\n"
    var expected = manifest.files
    for (i, file) in manifest.files.enumerated() {
      out += "  - template: \(YAMLText.scalar(file.template))\n"
      out += "    output: \(YAMLText.quoted(file.output))\n"
      if file.role == .test { out += "    role: test\n" }
      if file.isResource { out += "    resource: true\n" }
      if file.regenerate == .once { out += "    regenerate: once\n" }
      if let condition = conditions[file.location.line] {
        out += "    when: \(YAMLText.quoted(condition))\n"
        expected[i].when = condition
      }
    }
    if manifest.files.isEmpty { out = out.replacingAll("files:\n", with: "files: []\n") }
    let written = try TemplateManifest.decode(out, file: source.displayPath("template.yml"))
    guard written.variables == .generamba, written.name == name,
      written.files.map({ [$0.template, $0.output, $0.role.rawValue, $0.when ?? ""] })
        == expected.map({ [$0.template, $0.output, $0.role.rawValue, $0.when ?? ""] }),
      written.files.map(\.isResource) == expected.map(\.isResource),
      written.files.map(\.regenerate) == expected.map(\.regenerate)
    else {
      throw Diagnostic(message: "the template.yml migrate wrote for '\(name)' does not read back")
    }
    return (out, notes)
  }

  /// The .rambaspec without its `{% if COND %}` / `{% endif %}` lines (blank lines in their
  /// place, so that lines keep their numbers), and the condition over each line; nil when it
  /// has other Liquid.
  static func conditionalLines(_ text: String) -> (String, [Int: String])? {
    var stack: [String] = []
    var conditions: [Int: String] = [:]
    var lines: [String] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = String(raw)
      let trimmed = line.trimmingCharacters()
      if let condition = tagArgument(trimmed, tag: "if") {
        guard !condition.isEmpty else { return nil }
        stack.append(condition)
        lines.append("")
        continue
      }
      if tagArgument(trimmed, tag: "endif") != nil {
        guard !stack.isEmpty else { return nil }
        stack.removeLast()
        lines.append("")
        continue
      }
      if line.contains("{{") || line.contains("{%") { return nil }
      // Liquid has no parentheses: nested conditions join with 'and' only when each is simple.
      if stack.count > 1 && stack.contains(where: { $0.contains(" or ") || $0.contains(" and ") }) {
        return nil
      }
      if !stack.isEmpty { conditions[index + 1] = stack.joined(separator: " and ") }
      lines.append(line)
    }
    return stack.isEmpty ? (lines.joined(separator: "\n"), conditions) : nil
  }

  /// `COND` of a line that is exactly `{% tag COND %}` (with optional `-` trimming marks).
  private static func tagArgument(_ line: String, tag: String) -> String? {
    guard line.hasPrefix("{%"), line.hasSuffix("%}") else { return nil }
    var inner = String(line.dropFirst(2).dropLast(2))
    if inner.hasPrefix("-") { inner.removeFirst() }
    if inner.hasSuffix("-") { inner.removeLast() }
    inner = inner.trimmingCharacters()
    guard inner == tag || inner.hasPrefix(tag + " ") else { return nil }
    guard !inner.contains("%}") && !inner.contains("{%") else { return nil }
    return String(inner.dropFirst(tag.count)).trimmingCharacters()
  }
}
