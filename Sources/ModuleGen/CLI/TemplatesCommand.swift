import Liquid

/// `modulegen templates list|show|eject|new|lint`.
enum TemplatesCommand {
  static let command = Command(
    spec: CommandSpec(
      name: "templates",
      summary: "List, show, eject, create and lint templates.",
      discussion: """
        SUBCOMMANDS:
          list      Every template, with where it comes from (built-in, user, project, folder).
          show      A template's parameters and files.
          eject     Copy a built-in template into the project to customize it.
          new       Scaffold a new template.
          lint      Check a template folder: manifest, every file, and a sample render.

        Templates are looked up in --templates folders, then the project's template folders
        (.modulegen.yml), then ~/.modulegen/templates, then the built-in ones.
        """,
      examples: [
        ("modulegen templates list", ""), ("modulegen templates show viper", ""),
        ("modulegen templates eject viper Templates", ""),
      ]),
    run: { _, _ in ExitCode.usage },
    subcommands: [list, show, eject, new, lint])

  static func library(_ arguments: ParsedArguments, console: Console) throws -> (
    TemplateLibrary, ProjectConfig?
  ) {
    let fileSystem = LocalFileSystem()
    var config: ProjectConfig?
    if let path = ProjectConfig.find(from: console.currentDirectory, fileSystem: fileSystem) {
      config = try ProjectConfig.decode(
        try fileSystem.readText(atPath: path), file: path, directory: parentPath(path))
    }
    let library = TemplateLibrary.standard(
      explicit: arguments.all("templates").map(console.path), config: config,
      home: console.environment["HOME"],
      currentDirectory: console.currentDirectory, fileSystem: fileSystem)
    return (library, config)
  }

  static let templatesOption = CommandSpec.Option(
    name: "templates", valueName: "dir", help: "Look for templates here first.", repeatable: true)

  // MARK: - list

  static let list = Command(
    spec: CommandSpec(
      name: "templates list", summary: "List every template and where it comes from.",
      options: [
        templatesOption,
        .init(
          name: "format", valueName: "format", help: "How to print the list.",
          choices: ["text", "json", "names"]),
      ],
      examples: [("modulegen templates list", ""), ("modulegen templates list --format json", "")]),
    run: { arguments, console in
      let (library, _) = try library(arguments, console: console)
      let entries = library.list().filter { $0.name != "common" }
      switch arguments.value("format") {
      case "json":
        let value = LiquidValue.array(
          entries.map {
            .object(
              LiquidObject([
                ("name", .string($0.name)), ("summary", .string($0.summary)),
                ("source", .string($0.source.kind.rawValue)),
                ("path", .string($0.source.displayRoot)),
              ]))
          })
        console.writeOut(value.jsonText + "\n")
      case "names":
        console.writeOut(entries.map(\.name).joined(separator: "\n") + "\n")
      default:
        let width = entries.map(\.name.count).max() ?? 0
        for entry in entries {
          let source =
            entry.source.kind == .builtin
            ? "built-in" : "\(entry.source.kind.rawValue): \(entry.source.displayRoot)"
          console.writeOut(
            entry.name + String(repeating: " ", count: width - entry.name.count + 2) + entry.summary
              + " [\(source)]\n")
        }
      }
      return ExitCode.success
    })

  // MARK: - show

  static let show = Command(
    spec: CommandSpec(
      name: "templates show",
      summary: "Show a template's parameters, with defaults and allowed values, and its files.",
      arguments: [.init(name: "name", help: "The template.")], options: [templatesOption],
      examples: [("modulegen templates show mvvm", "")]),
    run: { arguments, console in
      let (library, _) = try library(arguments, console: console)
      let template = try library.compile(named: arguments.positional[0], header: nil)
      let manifest = template.manifest
      var out =
        "\(manifest.name): \(manifest.summary)\nsource: \(template.source.displayRoot)\n\nPARAMETERS:\n"
      if manifest.parameters.isEmpty { out += "  (none)\n" }
      for p in manifest.parameters {
        out += "  \(p.name) (\(p.kind.rawValue)"
        if !p.values.isEmpty { out += ": \(p.values.joined(separator: " | "))" }
        out += ")" + (p.defaultValue.map { ", default \($0)" } ?? ", required") + "\n"
        if !p.description.isEmpty { out += "      \(p.description)\n" }
      }
      out += "\nFILES:\n"
      for file in manifest.files {
        out +=
          "  \(file.role.rawValue == "test" ? "test " : "code ") \(file.output)  ←  \(file.template)"
        if let when = file.when { out += "  (when \(when))" }
        out += "\n"
      }
      console.writeOut(out)
      return ExitCode.success
    })

  // MARK: - eject

  static let eject = Command(
    spec: CommandSpec(
      name: "templates eject",
      summary: "Copy a built-in template into the project for customization.",
      discussion:
        "The copy goes to DIR/NAME (DIR defaults to the project's first template folder, else Templates). Existing files are not overwritten without --force.",
      arguments: [
        .init(name: "name", help: "The built-in template."),
        .init(name: "dir", help: "The folder to copy into.", optional: true),
      ],
      options: [.init(name: "force", valueName: nil, help: "Overwrite files that differ.")],
      examples: [
        ("modulegen templates eject viper", "Copies to Templates/viper."),
        ("modulegen templates eject mvvm MyTemplates", ""),
      ]),
    run: { arguments, console in
      let name = arguments.positional[0]
      guard BuiltinTemplates.names.contains(name), name != "common" else {
        var message = "no built-in template named '\(name)'"
        let names = BuiltinTemplates.names.filter { $0 != "common" }
        if let suggestion = closestMatch(to: name, in: names) {
          message += "; did you mean '\(suggestion)'?"
        }
        throw Diagnostic(message: message)
      }
      let (_, config) = try library(arguments, console: console)
      let base: String
      if arguments.positional.count > 1 {
        base = console.path(arguments.positional[1])
      } else if let folder = config?.templateFolders.first {
        base = joinPath(config?.directory ?? console.currentDirectory, folder)
      } else {
        base = console.path("Templates")
      }
      let root = normalizePath(joinPath(base, name))
      let source = TemplateSource.builtin(name)
      var files = source.allFiles().map { ($0, source.read($0)!) }
      // The shared snippets travel with the template, so that the copy is complete.
      let common = TemplateSource.builtin("common")
      for file in common.allFiles() where !files.contains(where: { $0.0 == file }) {
        files.append((file, common.read(file)!))
      }
      return try writeAll(
        files, into: root, force: arguments.flag("force"), console: console,
        what: "Ejected '\(name)'")
    })

  /// Writes files under `root` as one plan: all or nothing, never overwriting without `force`.
  static func writeAll(
    _ files: [(String, String)], into root: String, force: Bool, console: Console, what: String
  ) throws -> Int32 {
    let fileSystem = LocalFileSystem()
    var planned: [PlannedFile] = []
    for (relative, text) in files {
      let path = joinPath(root, relative)
      let bytes = Array(text.utf8)
      var action = PlannedFile.Action.create
      if fileSystem.fileExists(atPath: path) {
        action =
          try fileSystem.readFile(atPath: path) == bytes
          ? .unchanged : force ? .overwrite : .conflict
      }
      planned.append(
        PlannedFile(module: "", role: .code, root: root, path: path, bytes: bytes, action: action))
    }
    let plan = Plan(files: planned, modules: [], notes: [])
    if !plan.conflicts.isEmpty {
      for file in plan.conflicts {
        console.report(
          Diagnostic(
            message:
              "'\(GenerationSetup.relative(file.path, to: console.currentDirectory))' exists with different content"
          ))
      }
      console.writeError("nothing was written; use --force to overwrite\n")
      return ExitCode.failure
    }
    try PlanApplier(fileSystem: fileSystem).apply(plan)
    console.writeOut(
      "\(what) to \(GenerationSetup.relative(root, to: console.currentDirectory)) (\(plan.changes.count) files written, \(plan.count(.unchanged)) unchanged).\n"
    )
    return ExitCode.success
  }

  // MARK: - new

  static let new = Command(
    spec: CommandSpec(
      name: "templates new",
      summary: "Scaffold a new template: a manifest, one file, a partial and a test file.",
      arguments: [.init(name: "name", help: "The new template's name.")],
      options: [
        .init(
          name: "dir", valueName: "dir",
          help: "Where to create it (default: the project's first template folder, else Templates)."
        ),
        .init(name: "force", valueName: nil, help: "Overwrite files that differ."),
      ],
      examples: [
        (
          "modulegen templates new feature",
          "Creates Templates/feature; try it with 'modulegen gen Home feature'."
        )
      ]),
    run: { arguments, console in
      let name = arguments.positional[0]
      guard SpecDecoder.isIdentifier(name.replacingOccurrences("-", "_")) else {
        throw Diagnostic(message: "template name '\(name)' must be letters, digits, '-' or '_'")
      }
      let (_, config) = try library(arguments, console: console)
      let base =
        arguments.value("dir").map(console.path)
        ?? config?.templateFolders.first.map {
          joinPath(config?.directory ?? console.currentDirectory, $0)
        }
        ?? console.path("Templates")
      let files = scaffold(name)
      return try writeAll(
        files, into: normalizePath(joinPath(base, name)), force: arguments.flag("force"),
        console: console, what: "Created template '\(name)'")
    })

  static func scaffold(_ name: String) -> [(String, String)] {
    [
      (
        "template.yml",
        """
        name: \(name)
        summary: A module with one type and a test.
        parameters:
          - name: tests
            type: choice
            values: [xctest, swift-testing]
            default: xctest
            description: The test framework.
        files:
          - template: Code/Module.swift.liquid
            output: "{{ module }}.swift"
          - template: Tests/ModuleTests.swift.liquid
            output: "{{ module }}Tests.swift"
            role: test

        """
      ),
      (
        "Code/Module.swift.liquid",
        """
        {% include 'header' %}

        import Foundation

        /// {{ description | default: module }}
        final class {{ module }} {
        {%- for method in presenter %}
          {% include 'todo', method: method %}
        {%- endfor %}
        }

        """
      ),
      (
        "snippets/todo.liquid",
        """
        func {{ method.signature }} {
            // TODO: implement {{ method.selector }}.
          }
        """
      ),
      (
        "Tests/ModuleTests.swift.liquid",
        """
        {% include 'header' %}
        {%- if params.tests == "swift-testing" %}

        import Testing

        @Suite struct {{ module }}Tests {
          @Test func creates() {
            _ = {{ module }}()
          }
        }
        {%- else %}

        import XCTest

        final class {{ module }}Tests: XCTestCase {
          func testCreates() {
            _ = {{ module }}()
          }
        }
        {%- endif %}

        """
      ),
    ]
  }

  // MARK: - lint

  static let lint = Command(
    spec: CommandSpec(
      name: "templates lint",
      summary: "Check a template folder and render it with a sample module.",
      discussion:
        "Parses the manifest and every file, then renders the template for a sample module with every value of every choice parameter; every error is reported with its location.",
      arguments: [.init(name: "dir", help: "The template folder (holding template.yml).")],
      examples: [("modulegen templates lint Templates/viper", "")]),
    run: { arguments, console in
      let path = console.path(arguments.positional[0])
      let fileSystem = LocalFileSystem()
      guard fileSystem.fileExists(atPath: joinPath(path, "template.yml")) else {
        throw Diagnostic(message: "no template.yml in '\(arguments.positional[0])'")
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
          do {
            rendered += try generator.plan([module], options: options).files.count
          } catch let error as DiagnosticList {
            problems += error.diagnostics
          } catch let error as Diagnostic {
            problems.append(error)
          }
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

extension String {
  /// Every occurrence of `target` replaced.
  func replacingOccurrences(_ target: String, _ replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var out = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      out += rest[..<range.lowerBound]
      out += replacement
      rest = rest[range.upperBound...]
    }
    return out + rest
  }
}
