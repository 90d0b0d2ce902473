import Diagnostics

/// `templates show` and `templates lint` for Generamba templates.
extension TemplatesCommand {
  /// What `templates show` prints for a Generamba template.
  static func showGeneramba(_ source: TemplateSource, named name: String) throws -> String {
    let spec = try GenerambaTemplateInfo.read(source)
    let (manifest, _) = try spec.manifest(
      named: name, files: source.allFiles(), displayRoot: source.displayRoot, flat: false)
    var out = "\(name): \(spec.summary ?? "")\n"
    out += "source: \(source.displayRoot) (Generamba template: \(source.rambaspec ?? ""))\n"
    let about = [
      spec.author.map { "author \($0)" }, spec.version.map { "version \($0)" },
      spec.license.map { "license \($0)" },
    ].compactMap { $0 }
    if !about.isEmpty { out += about.joined(separator: ", ") + "\n" }
    out +=
      "variables: Generamba's (module_info, developer, prefix, date as dd/MM/yyyy, custom_parameters)\n"
    out += "\nCUSTOM PARAMETERS (--custom_parameters key:value):\n"
    let parameters = GenerambaTemplateInfo.customParameters(source)
    out += parameters.isEmpty ? "  (none)\n" : parameters.map { "  \($0)\n" }.joined()
    if !spec.dependencies.isEmpty {
      out += "\nDEPENDENCIES:\n  \(spec.dependencies.joined(separator: ", "))\n"
    }
    out += "\nFILES:\n"
    for file in manifest.files {
      out += "  \(file.role == .test ? "test " : "code ") \(file.output)  ←  \(file.template)\n"
    }
    return out
  }

  /// The Generamba template in `path` (a folder holding one `.rambaspec` and no template.yml),
  /// by name; nil for other folders.
  static func generambaFolder(_ path: String, fileSystem: any FileSystem) -> String? {
    guard !fileSystem.fileExists(atPath: joinPath(path, "template.yml")) else { return nil }
    let specs = ((try? fileSystem.contentsOfDirectory(atPath: path)) ?? []).filter {
      $0.hasSuffix(".rambaspec") && $0 != ".rambaspec"
    }
    return specs.count == 1 ? String(specs[0].dropLast(".rambaspec".count)) : nil
  }

  /// `templates lint` for a Generamba template: the .rambaspec as Generamba's installer checks
  /// it, every file parsed, and the template rendered for sample modules, with and without a
  /// project's settings, and with every custom parameter the .rambaspec tests on and off.
  static func lintGeneramba(
    _ path: String, named name: String, shown: String, console: Console
  ) throws -> Int32 {
    let fileSystem = LocalFileSystem()
    let folder = TemplateLibrary.Folder(path: path, kind: .folder, templateName: name)
    let library = TemplateLibrary(
      folders: [folder], fileSystem: fileSystem, displayBase: console.currentDirectory)
    guard let source = library.generambaSource(in: folder, named: name) else {
      throw Diagnostic(message: "no \(name).rambaspec in '\(shown)'")
    }
    var problems: [Diagnostic] = []
    let spec = try GenerambaTemplateInfo.read(source)
    let specFile = SourceLocation(
      file: source.displayPath(name + ".rambaspec"), line: 1, column: 1, lineText: "")
    for (key, value) in [("name", spec.name), ("author", spec.author), ("version", spec.version)]
    where value == nil {
      problems.append(
        Diagnostic(
          message: "the .rambaspec has no '\(key)'; Generamba's installer refuses it",
          location: specFile))
    }
    if !spec.declaresFiles {
      problems.append(
        Diagnostic(
          message: "the .rambaspec has neither 'code_files' nor 'test_files'", location: specFile))
    }
    let specText = source.read(name + ".rambaspec") ?? ""
    let switches = GenerambaTemplateInfo.customParameters(
      TemplateSource(
        kind: .folder, displayRoot: shown, directory: nil, load: { _ in specText },
        allFiles: { [name + ".rambaspec"] }))
    var combinations: [[(String, String)]] = [[]]
    for parameter in switches.prefix(8) {
      combinations = combinations.flatMap { [$0, $0 + [(parameter, "true")]] }
    }
    var project = ProjectConfig()
    project.project = "Lint-App"
    project.prefix = "LT"
    project.output = Generator.defaultOutput
    project.testsOutput = Generator.defaultTestsOutput
    var settings = GenerambaSettings()
    settings.projectTargets = ["LintApp"]
    settings.testTargets = ["LintAppTests"]
    project.generamba = settings
    var rendered = 0
    var notes: [Diagnostic] = []
    for config in [nil, project] {
      for combination in combinations {
        var generator = Generator(library: library, config: config, fileSystem: fileSystem)
        var options = GenerationOptions(
          settings: GenerationSettings(
            author: "Lint", company: config == nil ? "" : "Lint Corp",
            project: config?.project ?? "", date: "2026-01-01"),
          currentDirectory: "/nonexistent-lint-output")
        options.setParams = combination
        if let plan = try collectingProblems(
          into: &problems,
          { try generator.plan([ModuleSpec(name: "Sample", template: name)], options: options) })
        {
          rendered += plan.files.count
          notes += plan.notes
        }
      }
    }
    var seen: Set<String> = []
    problems = problems.filter { seen.insert($0.description).inserted }
    if !problems.isEmpty { throw DiagnosticList(problems, file: shown) }
    for note in notes where seen.insert(note.description).inserted { console.report(note) }
    let variants =
      combinations.count == 1 ? "" : ", \(combinations.count) custom parameter combinations"
    console.writeOut(
      "\(shown): ok (Generamba template\(variants), \(rendered) files rendered)\n")
    return ExitCode.success
  }
}
