import Diagnostics

extension ValidateCommand {
  /// What `validate` checks beyond a file's own keys and values: what `gen` would check, with
  /// the project's config and templates.
  struct ProjectChecks {
    var console: Console
    var fileSystem: any FileSystem
    var explicitTemplates: [String]
    /// The project's config (the nearest `.modulegen.yml`), its path, and its problems when it
    /// does not read.
    var config: ProjectConfig?
    var configPath: String?
    var shownConfigPath: String?
    var configProblems: [Diagnostic]?

    /// The date files are rendered with: any date does, nothing is written.
    static let sampleDate = "2000-01-01"
    /// The module a config's default template and output patterns are tried with.
    static let sampleModule = "Example"

    /// The checks of a config about to be written (`init`): no `--templates`, no config read.
    init(console: Console, fileSystem: any FileSystem) {
      self.console = console
      self.fileSystem = fileSystem
      explicitTemplates = []
    }

    init(_ arguments: ParsedArguments, console: Console, fileSystem: any FileSystem) {
      self.init(console: console, fileSystem: fileSystem)
      explicitTemplates = arguments.all(.templates).map(console.path)
      guard
        let path = ProjectConfig.find(from: console.currentDirectory, fileSystem: fileSystem)
      else { return }
      configPath = path
      let shown = console.displayPath(path)
      shownConfigPath = shown
      do {
        config = try GenerationSetup.projectConfig(
          at: path, console: console, fileSystem: fileSystem)
      } catch {
        configProblems = Self.diagnostics(error)
      }
    }

    func generator(_ config: ProjectConfig?) -> Generator {
      let library = TemplateLibrary.standard(
        explicit: explicitTemplates, config: config, home: console.environment["HOME"],
        currentDirectory: console.currentDirectory, fileSystem: fileSystem)
      return Generator(library: library, config: config, fileSystem: fileSystem)
    }

    func options(_ config: ProjectConfig?) -> GenerationOptions {
      GenerationOptions(
        settings: GenerationSettings(
          author: config?.author ?? "", company: config?.company ?? "",
          project: config?.project ?? "", prefix: config?.prefix ?? "", date: Self.sampleDate),
        currentDirectory: console.currentDirectory)
    }

    /// A config: its template folders exist; its Xcode project has the targets it names (or
    /// one of each kind, when it names none); its default template resolves, its parameters'
    /// values are allowed and its output patterns render, for a sample module.
    func check(config: ProjectConfig) -> [Diagnostic] {
      var problems = GenerationSetup.templateFolderProblems(
        config, console: console, fileSystem: fileSystem)
      do {
        _ = try XcodeIntegration.start(
          XcodeSettings.resolved(config), project: nil, targets: [], testTargets: [],
          config: config, console: console, fileSystem: fileSystem, command: "validate")?.finish()
      } catch {
        problems += Self.diagnostics(error)
      }
      var generator = generator(config)
      let module = ModuleSpec(name: Self.sampleModule)
      if let template = config.template {
        do {
          _ = try generator.plan([module], options: options(config))
        } catch {
          problems += Self.diagnostics(error)
        }
        if generator.library.source(named: template) != nil { return problems }
      }
      do {
        try generator.checkConfigPatterns(for: module, options: options(config))
      } catch {
        problems += Self.diagnostics(error)
      }
      return problems
    }

    /// A spec's modules, as `gen` would plan them with the project's config.
    func check(modules: [ModuleSpec], specFile: String) -> (
      errors: [Diagnostic], notes: [Diagnostic]
    ) {
      if configProblems != nil {
        return (
          [],
          [
            Diagnostic(
              .note,
              message:
                "\(specFile): templates, parameters and output paths were not checked, because \(shownConfigPath ?? ".modulegen.yml") has errors"
            )
          ]
        )
      }
      var generator = generator(config)
      do {
        _ = try generator.plan(modules, options: options(config))
        return ([], [])
      } catch {
        return (Self.diagnostics(error), [])
      }
    }

    /// What `validate` reports of a failure: its problems, or any other error as a problem.
    private static func diagnostics(_ error: any Error) -> [Diagnostic] {
      DiagnosticList(error)?.diagnostics ?? [Diagnostic(message: "\(error)")]
    }
  }
}
