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
    options: [.data, .partials, .strictVariables],
    examples: [
      ("modulegen render Header.liquid --data context.json", "Render a template with data."),
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
    if let dataPath = arguments.value(.data) {
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
      partialLoader: DirectoryPartialLoader(
        directories: arguments.all(.partials).map(console.path),
        shownAs: arguments.all(.partials)),
      strictVariables: arguments.flag(.strictVariables))
    let template = try Template(parsing: text, name: name, environment: environment)
    console.writeOut(try template.render(data))
    return ExitCode.success
  }
}
