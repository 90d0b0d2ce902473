import Liquid

/// `modulegen validate`: checks specs and configs and prints every problem, for CI.
enum ValidateCommand {
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "validate",
    summary: "Check module specs and project configs, reporting every problem.",
    discussion: """
      Each file is read completely and every problem in it is reported, with its line and
      column. A file named .modulegen.yml is read as a project config, a Rambafile as
      Generamba's (with warnings for what Generamba itself would refuse); any other as a module
      spec. Exit code 0 when every file is valid, 1 otherwise.
      """,
    arguments: [.init(name: "file", help: "Spec or config files (YAML or JSON).", repeating: true)],
    options: [
      .init(
        name: "format", valueName: "format", help: "How to print the result.",
        choices: ["text", "json"])
    ],
    examples: [
      ("modulegen validate Specs/*.yml", "Lint every spec before generating."),
      ("modulegen validate .modulegen.yml --format json", "A machine-readable report."),
      ("modulegen validate Rambafile", "Check a Generamba project's config."),
    ])

  struct FileResult {
    var path: String
    var kind: String
    var modules: [String] = []
    var errors: [Diagnostic] = []
    var notes: [Diagnostic] = []
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let fileSystem = LocalFileSystem()
    var results: [FileResult] = []
    for path in arguments.positional {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      let isConfig = ProjectConfig.fileNames.contains(name)
      let isRambafile = Rambafile.isRambafile(name)
      var result = FileResult(
        path: path, kind: isRambafile ? "rambafile" : isConfig ? "config" : "spec")
      do {
        let text = try fileSystem.readText(atPath: console.path(path), displayPath: path)
        if isRambafile {
          result.notes = try Rambafile.decode(text, file: path).warnings
        } else if isConfig {
          _ = try ProjectConfig.decode(text, file: path)
        } else {
          let file = try SpecDecoder.decode(text, file: path)
          result.modules = file.modules.map(\.name)
          result.notes = file.notes
        }
      } catch let error as DiagnosticList {
        result.errors = error.diagnostics
      } catch let error as Diagnostic {
        result.errors = [error]
      }
      results.append(result)
    }
    if arguments.value("format") == "json" {
      console.writeOut(jsonReport(results) + "\n")
    } else {
      for result in results {
        for note in result.notes { console.report(note) }
        for error in result.errors { console.report(error) }
        if result.errors.isEmpty {
          let what =
            result.kind == "rambafile"
            ? "Generamba project config"
            : result.kind == "config"
              ? "project config"
              : result.modules.count == 1 ? "1 module" : "\(result.modules.count) modules"
          console.writeOut("\(result.path): ok (\(what))\n")
        } else {
          console.writeError(DiagnosticList(result.errors, file: result.path).summary + "\n")
        }
      }
    }
    return results.allSatisfy(\.errors.isEmpty) ? ExitCode.success : ExitCode.failure
  }

  static func jsonReport(_ results: [FileResult]) -> String {
    func diagnostics(_ list: [Diagnostic]) -> LiquidValue {
      .array(
        list.map { d in
          var object = LiquidObject()
          object["message"] = .string(d.message)
          if let location = d.location {
            object["line"] = .int(location.line)
            object["column"] = .int(location.column)
          }
          return .object(object)
        })
    }
    let files: [LiquidValue] = results.map { result in
      var object = LiquidObject()
      object["path"] = .string(result.path)
      object["kind"] = .string(result.kind)
      object["valid"] = .bool(result.errors.isEmpty)
      if result.kind == "spec" { object["modules"] = .array(result.modules.map { .string($0) }) }
      object["errors"] = diagnostics(result.errors)
      object["notes"] = diagnostics(result.notes)
      return .object(object)
    }
    var root = LiquidObject()
    root["valid"] = .bool(results.allSatisfy(\.errors.isEmpty))
    root["files"] = .array(files)
    return LiquidValue.object(root).jsonText
  }
}
