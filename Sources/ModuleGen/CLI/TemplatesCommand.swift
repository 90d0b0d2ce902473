import Diagnostics
import Liquid

/// `modulegen templates list|show|eject|new|lint`.
enum TemplatesCommand {
  static let command = Command(
    spec: CommandSpec(
      name: "templates",
      summary: "List, show, eject, create (new), lint and install templates.",
      discussion: """
        SUBCOMMANDS:
          list      Every template, with where it comes from (built-in, user, project, folder).
          show      A template's parameters and files.
          eject     Copy a built-in template into the project to customize it.
          new       Scaffold a new template.
          lint      Check a template folder: manifest, every file, and a sample render.
          install   Install templates from a folder, a git URL, or the Rambafile's list.

        Templates are looked up in --templates folders, then the project's template folders
        (.modulegen.yml), then ~/.modulegen/templates, then the built-in ones.
        """,
      examples: [
        ("modulegen templates list", ""), ("modulegen templates show viper", ""),
        ("modulegen templates eject viper --dir Templates", ""),
      ], takesSubcommand: true),
    run: { _, _ in ExitCode.usage },
    subcommands: [list, show, eject, new, lint, install])

  /// The project's templates, with the `--templates` folders given (none for the commands
  /// that do not take the option).
  static func library(templates: [String] = [], console: Console) throws -> (
    TemplateLibrary, ProjectConfig?
  ) {
    try GenerationSetup.projectLibrary(
      templates: templates, console: console, fileSystem: LocalFileSystem())
  }

  // MARK: - list

  static let list = Command(
    spec: CommandSpec(
      name: "templates list", summary: "List every template and where it comes from.",
      options: [.templates, .listFormat],
      examples: [("modulegen templates list", ""), ("modulegen templates list --format json", "")]),
    run: { arguments, console in
      let (library, _) = try library(templates: arguments.all(.templates), console: console)
      let entries = library.list()
      switch arguments.value(.listFormat) {
      case "json":
        let value = LiquidValue.array(
          entries.map {
            .object(
              LiquidObject([
                ("name", .string($0.name)), ("summary", .string($0.summary)),
                ("version", $0.version.map { .string($0) } ?? .nil),
                ("source", .string($0.source.kind.rawValue)),
                ("path", .string($0.source.displayRoot)),
              ]))
          })
        console.writeOut(value.jsonText + "\n")
      case "names":
        console.writeOut(entries.map(\.name).joined(separator: "\n") + "\n")
      default:
        /// `text` and two spaces, padded to the widest of `texts`; nothing when all are empty.
        func column(_ text: String, of texts: [String]) -> String {
          let width = texts.map(\.count).max() ?? 0
          return width == 0 ? "" : text + String(repeating: " ", count: width - text.count + 2)
        }
        let names = entries.map(\.name)
        let versions = entries.map { $0.version ?? "" }
        for (i, entry) in entries.enumerated() {
          let source =
            entry.source.kind == .builtin
            ? "built-in" : "\(entry.source.kind.rawValue): \(entry.source.displayRoot)"
          console.writeOut(
            column(names[i], of: names) + column(versions[i], of: versions) + entry.summary
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
      arguments: [.init(name: "name", help: "The template.", completion: .templateName)],
      options: [.templates],
      examples: [("modulegen templates show mvvm", "")]),
    run: { arguments, console in
      let (library, _) = try library(templates: arguments.all(.templates), console: console)
      if let source = library.source(named: arguments.positional[0]), source.rambaspec != nil {
        console.writeOut(try showGeneramba(source, named: arguments.positional[0]))
        return ExitCode.success
      }
      let template = try library.compile(named: arguments.positional[0], header: nil)
      let manifest = template.manifest
      var out =
        "\(manifest.name): \(manifest.summary)\nversion: \(manifest.version ?? "none")\nsource: \(template.source.displayRoot)\n\nPARAMETERS:\n"
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
        if file.regenerate == .once { out += "  (regenerate: once)" }
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
        "The copy goes to DIR/NAME (--dir DIR; by default the project's first template folder, else Templates). Existing files are not overwritten without --force.",
      arguments: [
        .init(name: "name", help: "The built-in template.", completion: .templateName),
        // Before --dir, the folder came after the name: still taken.
        .init(name: "dir", help: "The folder to copy into.", optional: true, hidden: true),
      ],
      options: [.templateFolder, .force],
      examples: [
        ("modulegen templates eject viper", "Copies to Templates/viper."),
        ("modulegen templates eject mvvm --dir MyTemplates", "Copies to MyTemplates/mvvm."),
      ]),
    run: { arguments, console in
      let name = arguments.positional[0]
      guard BuiltinTemplates.names.contains(name) else {
        var message = "no built-in template named '\(name)'"
        let names = BuiltinTemplates.names
        message += didYouMean(name, in: names)
        throw Diagnostic(message: message)
      }
      let folder = arguments.value(.templateFolder)
      if folder != nil && arguments.positional.count > 1 {
        throw UsageError(
          "the folder is given twice, with --dir and after the name: give --dir only",
          command: "templates eject")
      }
      let (_, config) = try library(console: console)
      let root = try templateFolder(
        folder ?? (arguments.positional.count > 1 ? arguments.positional[1] : nil), name: name,
        config: config, console: console)
      let source = TemplateSource.builtin(name)
      var files = source.allFiles().map { ($0, source.read($0)!) }
      // The shared snippets travel with the template, so that the copy is complete.
      let common = TemplateSource.builtin("common")
      for file in common.allFiles() where !files.contains(where: { $0.0 == file }) {
        files.append((file, common.read(file)!))
      }
      return try writeAll(
        files, into: root, force: arguments.flag(.force), console: console,
        what: "Ejected '\(name)' to")
    })

  /// Reports the conflicts of a plan that is written whole or not at all; true when there are
  /// any, and nothing must be written.
  static func reportConflicts(_ plan: Plan, console: Console) -> Bool {
    guard console.reportConflicts(plan) else { return false }
    console.writeError("nothing was written; use --force to overwrite\n")
    return true
  }

  /// Where `templates new` / `eject` write template `name`: in `folder` (from the command
  /// line), else the config's first template folder, else `Templates`. Checked like every
  /// path: control characters, `..` inside the path and the like are refused.
  static func templateFolder(
    _ folder: String?, name: String, config: ProjectConfig?, console: Console
  ) throws -> String {
    var base = console.currentDirectory
    var text = folder ?? "Templates"
    if folder == nil, let first = config?.templateFolders.first {
      base = config?.directory ?? console.currentDirectory
      text = first
      if first.hasPrefix("~/"), let home = console.environment["HOME"] {
        base = home
        text = String(first.dropFirst(2))
      }
    }
    do {
      return try PathSafety.resolve(
        joinPath(text, name), against: base,
        rules: PathSafety.rules(forPattern: text, allowsTrailingSlash: true))
    } catch {
      throw Diagnostic(
        message: "the template folder '\(text)' \(error.phrase(inside: "its base folder"))")
    }
  }

  /// Writes files under `root` as one plan: all or nothing, never overwriting without `force`;
  /// then says "`what` ROOT (N files written, M unchanged)" (`what` ends with its preposition:
  /// "Ejected 'viper' to"), unless `what` is nil.
  static func writeAll(
    _ files: [(String, String)], into root: String, force: Bool, console: Console, what: String?
  ) throws -> Int32 {
    let fileSystem = LocalFileSystem()
    let plan = try Plan(
      writing: files.map { (joinPath(root, $0.0), root, $0.1) }, force: force,
      fileSystem: fileSystem, shown: console.displayPath)
    if reportConflicts(plan, console: console) { return ExitCode.failure }
    try PlanApplier(fileSystem: fileSystem, environment: console.environment).apply(plan)
    guard let what else { return ExitCode.success }
    console.writeOut(
      "\(what) \(console.displayPath(root)) (\(plan.changes.count) files written, \(plan.count(.unchanged)) unchanged).\n"
    )
    return ExitCode.success
  }
}
