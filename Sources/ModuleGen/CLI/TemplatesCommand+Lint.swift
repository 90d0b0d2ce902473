import Diagnostics

extension TemplatesCommand {
  static let lint = Command(
    spec: CommandSpec(
      name: "templates lint",
      summary: "Check templates: render them, and type-check what they generate against iOS.",
      discussion: """
        Parses each template's manifest and every file, then renders it for a sample module with \
        every value of every choice parameter; every error is reported with its location. A \
        template is a folder (holding template.yml, or a .rambaspec) or the name of one the \
        project can use; with none, every built-in template.

        With --typecheck, every combination of the choice and bool parameters (and, with --spec, \
        the spec's modules) is generated into one Swift package of iOS targets and type-checked \
        with swiftc against Apple's iOS SDK in Swift 6 mode, warnings as errors; each error names \
        the variant, the generated file's line and the template file it came from. On a Mac the \
        SDK is Xcode's iOS Simulator SDK; on Linux, a copy prepared by scripts/prepare-ios-sdk.sh \
        (--sdk, with the --swiftc-flag values the script prints).
        """,
      arguments: [
        .init(
          name: "template", help: "A template folder or a template's name.", optional: true,
          repeating: true, completion: .templateName)
      ],
      options: [
        .templates, .typecheck, .sdk, .compilerTarget, .swiftcFlag, .spec, .variantsPackage, .force,
      ],
      examples: [
        ("modulegen templates lint Templates/viper", ""),
        ("modulegen templates lint --typecheck", "type-check every built-in template (on a Mac)"),
        (
          "modulegen templates lint mvvm --typecheck --spec Specs/modules.yml --package Variants",
          "also the spec's modules; keep the package for xcodebuild"
        ),
      ]),
    run: { arguments, console in
      let fileSystem = LocalFileSystem()
      let (projectLibrary, config) = try library(
        templates: arguments.all(.templates), console: console)
      let typecheck = arguments.flag(.typecheck)
      let specPaths = arguments.all(.spec)
      if !typecheck {
        for option in [
          CommandSpec.Option.sdk, .compilerTarget, .swiftcFlag, .spec, .variantsPackage,
        ]
        where !arguments.all(option).isEmpty {
          throw UsageError("'--\(option.name)' needs --typecheck", command: "templates lint")
        }
      }
      var named = arguments.positional
      if named.isEmpty && specPaths.isEmpty { named = BuiltinTemplates.names }
      var linted: [(CompiledTemplate, TemplateLibrary)] = []
      for shown in named {
        let path = console.path(shown)
        if let name = generambaFolder(path, fileSystem: fileSystem) {
          if typecheck {
            throw Diagnostic(
              message:
                "\(shown): --typecheck takes modulegen templates; a Generamba template is checked by rendering it (templates lint without --typecheck)"
            )
          }
          let code = try lintGeneramba(path, named: name, shown: shown, console: console)
          if code != ExitCode.success { return code }
          continue
        }
        // A name with a slash is a folder's, even one that is not there.
        let isFolder = fileSystem.isDirectory(atPath: path) || shown.contains("/")
        if isFolder && !fileSystem.fileExists(atPath: joinPath(path, "template.yml")) {
          throw Diagnostic(message: CompiledTemplate.noManifestMessage(in: shown))
        }
        let library =
          isFolder
          ? TemplateLibrary(
            folders: [.init(path: path, kind: .folder)], fileSystem: fileSystem,
            displayBase: console.currentDirectory)
          : projectLibrary
        let template =
          isFolder
          ? try CompiledTemplate.compile(
            .directory(path, kind: .folder, displayRoot: shown, fileSystem: fileSystem))
          : try library.compile(named: shown, header: nil)
        try render(template, library: library, shown: shown, console: console)
        linted.append((template, library))
      }
      guard typecheck else { return ExitCode.success }
      return try typecheckVariants(
        linted, specs: specPaths, library: projectLibrary, config: config, arguments: arguments,
        console: console)
    })

  /// Renders `template` with every combination of its parameters, for a module with no methods
  /// and one with every kind of signature; throws every problem found.
  static func render(
    _ template: CompiledTemplate, library: TemplateLibrary, shown: String, console: Console
  ) throws {
    // Every combination of the parameters, with the default spec and a rich one.
    let combinations = template.manifest.parameterCombinations {
      [$0.defaultValue?.description ?? "sample"]
    }
    var problems: [Diagnostic] = []
    var rendered = 0
    for combination in combinations.prefix(256) {
      for module in [
        ModuleSpec(name: "Sample", template: template.manifest.name),
        sampleModule(template.manifest.name),
      ] {
        var generator = Generator(library: library, config: nil, fileSystem: LocalFileSystem())
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
    if !problems.isEmpty { throw DiagnosticList(problems, file: shown) }
    console.writeOut(
      "\(shown): ok (\(template.files.count) files, \(combinations.count) parameter combinations, \(rendered) files rendered)\n"
    )
  }

  /// `--typecheck`: the variants of every template linted, and the spec's modules, written as
  /// one package (kept with `--package`, else in a temporary folder) and type-checked.
  static func typecheckVariants(
    _ templates: [(CompiledTemplate, TemplateLibrary)], specs specPaths: [String],
    library: TemplateLibrary, config: ProjectConfig?, arguments: ParsedArguments,
    console: Console
  ) throws -> Int32 {
    let fileSystem = LocalFileSystem()
    let sdk = try SDKTypecheck.locateSDK(
      arguments.value(.sdk).map { console.path($0) }, environment: console.environment)
    let checker = try SDKTypecheck(
      sdk: sdk, triple: arguments.value(.compilerTarget), swiftcFlags: arguments.all(.swiftcFlag),
      environment: console.environment, fileSystem: fileSystem)
    let scratch = try TemplateInstaller.makeScratchFolder(
      named: "modulegen-typecheck", environment: console.environment)
    defer { try? fileSystem.removeTree(atPath: scratch) }
    let root =
      arguments.value(.variantsPackage).map { console.path($0) } ?? joinPath(scratch, "Variants")

    var variants: [SDKTypecheck.Variant] = []
    for (template, templateLibrary) in templates {
      variants += try SDKTypecheck.variants(
        of: template, library: templateLibrary, fileSystem: fileSystem, root: root)
    }
    for specPath in specPaths {
      let text = try fileSystem.readText(atPath: console.path(specPath), displayPath: specPath)
      for module in try SpecDecoder.decode(text, file: specPath).modules {
        variants.append(
          try SDKTypecheck.variant(
            module, label: "\(specPath): module \(module.name)",
            target: "Spec" + CaseConversion.pascalCase(module.name), params: [],
            library: library, config: config, fileSystem: fileSystem, root: root))
      }
    }
    var files = [("Package.swift", SDKTypecheck.manifest(variants))]
    for variant in variants {
      files += (variant.sources + variant.tests).map { ($0.path, $0.text) }
    }
    // Kept with --package: said where; in the scratch folder: not worth a line.
    let written = try writeAll(
      files, into: root, force: arguments.flag(.force), console: console,
      what: arguments.value(.variantsPackage) == nil ? nil : "Wrote the variants' package")
    if written != ExitCode.success { return written }

    let sdkName = lastPathComponent(sdk)
    console.writeOut(
      "Type-checking \(variants.count) variants against \(sdkName) (\(checker.triple))...\n")
    let problems = checker.check(variants, root: root, scratch: scratch)
    let tests =
      checker.testFrameworkFlags == nil
      ? "; the tests not (no XCTest beside the SDK: Xcode's platform folder has it)"
      : ", with their tests"
    guard problems.isEmpty else {
      for problem in problems { console.writeError(problem + "\n") }
      console.writeError(
        "error: \(problems.count) of \(variants.count) variants do not type-check against \(sdkName)\n"
      )
      return ExitCode.failure
    }
    console.writeOut("All \(variants.count) variants type-check against \(sdkName)\(tests).\n")
    return ExitCode.success
  }

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
          fields: [.mapped(name: "id", type: "Int"), .mapped(name: "tags", type: "[String]?")])
      ])
  }
}
