import DataFormats
import Diagnostics
import Liquid

/// `modulegen render`: one template, one data file, the result on stdout byte for byte.
enum RenderCommand {
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "render",
    summary: "Render one Liquid template with JSON or YAML data and print the result.",
    discussion: """
      The template author's debugging tool. The output is written to stdout exactly as rendered,
      with nothing added. Errors go to stderr as path:line:col: error: message.
      """,
    arguments: [
      .init(
        name: "template", help: "The template file, or - to read it from stdin.",
        completion: .file)
    ],
    options: [.data, .moduleVariables, .partials, .strictVariables],
    examples: [
      ("modulegen render Header.liquid --data context.json", "Render a template with data."),
      (
        "echo '{{ presenter | json }}' | modulegen render - --module Home",
        "See a variable as module Home's files see it."
      ),
      ("echo '{{ \"home\" | pascal_case }}' | modulegen render -", "Try a filter."),
      (
        "modulegen render View.liquid --partials snippets --strict-variables",
        "Use Generamba-style snippets and catch typos."
      ),
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let fileSystem = LocalFileSystem()
    let templatePath = arguments.positional[0]
    let name: String
    let text: String
    if templatePath == "-" {
      name = "<stdin>"
      text = try UTF8Text.decode(console.readInput(), file: name)
    } else {
      name = templatePath
      text = try fileSystem.readText(atPath: console.path(templatePath), displayPath: templatePath)
    }
    var data = LiquidObject()
    var loaders: [any PartialLoader] = [
      DirectoryPartialLoader(
        directories: arguments.all(.partials).map(console.path),
        shownAs: arguments.all(.partials))
    ]
    if let module = arguments.value(.moduleVariables) {
      guard arguments.value(.data) == nil else {
        throw UsageError(
          "--module and --data are two sources of variables; give one", command: "render")
      }
      let (variables, template) = try moduleVariables(module, console: console)
      data = variables
      // After the --partials folders, the partials the module's files include.
      loaders.append(template.partials)
    } else if let dataPath = arguments.value(.data) {
      let node = try DataFile.read(
        atPath: console.path(dataPath), displayPath: dataPath, fileSystem: fileSystem)
      guard case .object(let object) = node.liquidValue else {
        throw Diagnostic(
          message: "the data must be an object of variables", location: node.location)
      }
      data = object
    }
    let environment = LiquidEnvironment(
      filters: .moduleGen,
      partialLoader: loaders.count == 1 ? loaders[0] : ChainedPartialLoader(loaders: loaders),
      strictVariables: arguments.flag(.strictVariables))
    let template = try Template(parsing: text, name: name, environment: environment)
    console.writeOut(try template.render(data))
    return ExitCode.success
  }

  /// The variables of recorded module `name`, as `check NAME` renders its files with them, and
  /// its template.
  private static func moduleVariables(_ name: String, console: Console) throws -> (
    LiquidObject, CompiledTemplate
  ) {
    let fileSystem = LocalFileSystem()
    let (_, config) = try GenerationSetup.projectLibrary(
      templates: [], console: console, fileSystem: fileSystem)
    let record = try GenerationSetup.record(
      config: config, console: console, fileSystem: fileSystem
    ).record
    guard record.modules[name] != nil else {
      throw Diagnostic(
        message: GenerationSetup.unrecordedNameMessage(
          name, suggestion: didYouMean(name, in: record.modules.keys)))
    }
    var arguments = ParsedArguments()
    arguments.positional = [name]
    arguments.declared = Set(CheckCommand.spec.options.map(\.name))
    var setup = try GenerationSetup.make(arguments, console: console, command: "check")
    guard let module = setup.modules.first else {
      throw Diagnostic(message: GenerationSetup.unrecordedNameMessage(name, suggestion: ""))
    }
    let recorded = setup.record.modules[module.name]
    let inputs = try setup.generator.inputs(
      module, date: Generator.firstDate(of: recorded, options: setup.options), recorded: recorded,
      recordDirectory: setup.record.directory, options: setup.options)
    return (
      Generator.context(module, inputs: inputs, config: setup.generator.config), inputs.template
    )
  }
}
