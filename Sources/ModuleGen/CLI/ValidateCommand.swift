import DataFormats
import Diagnostics
import Liquid

/// `modulegen validate`: checks specs and configs and prints every problem, for CI.
enum ValidateCommand {
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "validate",
    summary: "Check module specs and project configs, reporting every problem.",
    discussion: """
      Each file is read completely and every problem in it is reported, with its line and
      column: YAML syntax (after an error, reading goes on past the broken block), keys and
      values, and everything 'gen' would check: that templates exist, that parameters exist
      and their values are allowed, that output patterns render, that template folders exist,
      and that every file renders. A file named .modulegen.yml is read as a project config, a
      Rambafile as Generamba's (with warnings for what Generamba itself would refuse); any
      other as a module spec, with the project config of the current folder; - reads a spec
      from stdin (an editor's unsaved buffer), shown as <stdin>. Exit code 0 when every file is
      valid, 1 when a file has problems, 2 when validate could not run.
      """,
    arguments: [
      .init(
        name: "file", help: "Spec or config files (YAML or JSON); - for a spec from stdin.",
        repeating: true, completion: .file)
    ],
    options: [.format, .templates],
    examples: [
      ("modulegen validate Specs/*.yml", "Lint every spec before generating."),
      ("modulegen validate .modulegen.yml --format json", "A machine-readable report."),
      ("modulegen validate Rambafile", "Check a Generamba project's config."),
      ("modulegen validate - < Specs/Home.yml", "A spec from stdin, as an editor passes it."),
    ])

  struct FileResult {
    var path: String
    var kind: String
    var modules: [String] = []
    var errors: [Diagnostic] = []
    var notes: [Diagnostic] = []
    /// Not there, a folder, or not readable: the command could not check it (exit 2).
    var unreadable = false
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let fileSystem = LocalFileSystem()
    let folderProblems = GenerationSetup.explicitFolderProblems(
      arguments.all(.templates), console: console, fileSystem: fileSystem)
    if !folderProblems.isEmpty { throw DiagnosticList(folderProblems) }
    var results: [FileResult] = []
    let project = ProjectChecks(arguments, console: console, fileSystem: fileSystem)
    if let problems = project.configProblems,
      !arguments.positional.contains(where: { console.path($0) == project.configPath })
    {
      results.append(
        FileResult(
          path: project.shownConfigPath ?? ".modulegen.yml", kind: "config", errors: problems))
    }
    for given in arguments.positional {
      let fromInput = given == "-"
      let path = fromInput ? "<stdin>" : given
      let name = path.split(separator: "/").last.map(String.init) ?? path
      let isConfig = !fromInput && ProjectConfig.fileNames.contains(name)
      let isRambafile = !fromInput && Rambafile.isRambafile(name)
      var result = FileResult(
        path: path, kind: isRambafile ? "rambafile" : isConfig ? "config" : "spec")
      do {
        let bytes: [UInt8]
        do {
          bytes =
            fromInput
            ? console.readInput()
            : try fileSystem.readBytes(atPath: console.path(path), displayPath: path)
        } catch {
          result.unreadable = true
          result.errors.append(error)
          results.append(result)
          continue
        }
        let text = try UTF8Text.decode(bytes, file: path)
        let (syntaxErrors, readable) = SyntaxRecovery.recover(text, file: path)
        result.errors = syntaxErrors.map { SwiftInYAML.explain($0, source: text) }
        if let readable {
          if isRambafile {
            do {
              let decoded = try Rambafile.decode(
                readable, file: path, directory: parentPath(normalizePath(console.path(path))),
                home: console.environment["HOME"], fileSystem: fileSystem)
              // The warnings are about keys not written, which may be in a block left out for
              // its syntax error, and what gen would check needs them all: said once the file
              // reads.
              if syntaxErrors.isEmpty {
                result.notes = decoded.warnings
                if let settings = decoded.config.generamba,
                  let warning = GenerambaCommandLine.missingProject(
                    settings, in: decoded.config.directory ?? ".", fileSystem)
                {
                  result.notes.append(warning)
                }
                result.errors += project.check(config: decoded.config)
              }
            } catch {
              result.errors += error.diagnostics
            }
          } else if isConfig {
            do {
              let (config, problems) = try ProjectConfig.decodeCollecting(
                readable, file: path, directory: parentPath(normalizePath(console.path(path))))
              result.errors += problems.diagnostics
              result.errors += project.check(config: config)
            } catch {
              result.errors += error.diagnostics
            }
          } else {
            do {
              let (file, clean, problems) = try SpecDecoder.decodeForValidation(
                readable, file: path)
              result.modules = file.modules.map(\.name)
              result.notes = file.notes
              result.errors += problems
              let (errors, notes) = project.check(modules: clean, specFile: path)
              result.errors += errors
              result.notes += notes
            } catch {
              result.errors += error.diagnostics
            }
          }
        }
      } catch {
        result.errors.append(error)
      }
      result.errors = sorted(result.errors, in: path)
      results.append(result)
    }
    let format = OutputFormat.chosen(arguments)
    for result in results {
      for note in result.notes { console.report(note) }
      for error in result.errors { console.report(error) }
      if format == .json { continue }
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
    if format == .json { console.writeResult(jsonReport(results)) }
    // A file it could not check is trouble, not an answer (as `diff` has it).
    if results.contains(where: \.unreadable) { return ExitCode.error }
    return results.allSatisfy(\.errors.isEmpty) ? ExitCode.success : ExitCode.failure
  }

  /// Each problem once: those in `file` by line and column first, then the others (in templates, without a
  /// location) in the order they were found.
  static func sorted(_ diagnostics: [Diagnostic], in file: String) -> [Diagnostic] {
    func key(_ item: (offset: Int, element: Diagnostic)) -> (Int, Int, Int, Int) {
      guard let location = item.element.location, location.file == file else {
        return (1, 0, 0, item.offset)
      }
      return (0, location.line, location.column, item.offset)
    }
    var seen: [Diagnostic] = []
    for diagnostic in diagnostics where !seen.contains(diagnostic) { seen.append(diagnostic) }
    return seen.enumerated().sorted { key($0) < key($1) }.map(\.element)
  }

  /// The keys of validate's JSON report: `valid`, and `files` with each file's errors and notes.
  static func jsonReport(_ results: [FileResult]) -> [(String, LiquidValue)] {
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
    return [("valid", .bool(results.allSatisfy(\.errors.isEmpty))), ("files", .array(files))]
  }
}
