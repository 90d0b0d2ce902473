import Liquid

extension TemplatesCommand {
  static let lint = Command(
    spec: CommandSpec(
      name: "templates lint",
      summary: "Check a template folder and render it with a sample module.",
      discussion:
        "Parses the manifest and every file, then renders the template for a sample module with every value of every choice parameter; every error is reported with its location.",
      arguments: [
        .init(
          name: "dir", help: "The template folder (holding template.yml, or a .rambaspec).",
          completion: .folder)
      ],
      examples: [("modulegen templates lint Templates/viper", "")]),
    run: { arguments, console in
      let path = console.path(arguments.positional[0])
      let fileSystem = LocalFileSystem()
      if let name = generambaFolder(path, fileSystem: fileSystem) {
        return try lintGeneramba(
          path, named: name, shown: arguments.positional[0], console: console)
      }
      guard fileSystem.fileExists(atPath: joinPath(path, "template.yml")) else {
        throw Diagnostic(
          message: CompiledTemplate.noManifestMessage(in: arguments.positional[0]))
      }
      let source = TemplateSource.directory(
        path, kind: .folder, displayRoot: arguments.positional[0], fileSystem: fileSystem)
      let template = try CompiledTemplate.compile(source)
      // Every combination of choice and bool parameters, with the default spec and a rich one.
      var combinations: [[(String, String)]] = [[]]
      for parameter in template.manifest.parameters {
        let values =
          parameter.kind == .choice
          ? parameter.values
          : parameter.kind == .bool
            ? ["true", "false"] : [parameter.defaultValue?.description ?? "sample"]
        combinations = combinations.flatMap { combination in
          values.map { combination + [(parameter.name, $0)] }
        }
      }
      let library = TemplateLibrary(
        folders: [.init(path: path, kind: .folder)], fileSystem: fileSystem)
      var problems: [Diagnostic] = []
      var rendered = 0
      for combination in combinations.prefix(256) {
        for module in [
          ModuleSpec(name: "Sample", template: template.manifest.name),
          sampleModule(template.manifest.name),
        ] {
          var generator = Generator(library: library, config: nil, fileSystem: fileSystem)
          var options = GenerationOptions(
            settings: GenerationSettings(author: "Lint", date: "2026-01-01"),
            currentDirectory: "/nonexistent-lint-output")
          options.setParams = combination
          rendered +=
            try collectingProblems(into: &problems) {
              try generator.plan([module], options: options).files.count
            } ?? 0
        }
      }
      var seen: Set<String> = []
      problems = problems.filter { seen.insert($0.description).inserted }
      if !problems.isEmpty { throw DiagnosticList(problems, file: arguments.positional[0]) }
      console.writeOut(
        "\(arguments.positional[0]): ok (\(template.files.count) files, \(combinations.count) parameter combinations, \(rendered) files rendered)\n"
      )
      return ExitCode.success
    })

  /// A module that uses every kind of signature, to catch templates that only work for the defaults.
  static func sampleModule(_ template: String) -> ModuleSpec {
    func parse(_ list: [String]) -> [MethodSignature] {
      list.compactMap { try? SignatureParser.parseMethod($0) }
    }
    return ModuleSpec(
      name: "Rich", template: template,
      roles: [
        .view: parse(["show(title: String, subtitle: String?)", "showError(_ message: String)"]),
        .presenter: parse(["viewDidLoad()", "didSelect(at index: Int)", "refresh() async"]),
        .interactor: parse([
          "load(id: Int) async throws -> [String]", "load(name: String) -> Bool",
          "save(_ values: [String: Int], completion: @escaping @Sendable (Result<Int, any Error>) -> Void)",
        ]),
        .interactorOutput: parse(["didLoad(_ items: [String])"]),
        .router: parse(["close()"]),
      ],
      entities: [
        .init(
          name: "RichItem",
          fields: [.init(name: "id", type: "Int"), .init(name: "tags", type: "[String]?")])
      ])
  }
}
