import Diagnostics
import Liquid

extension TemplatesCommand {
  /// Generamba's own catalog, searched last for templates declared by name only.
  static let generambaCatalog = "https://github.com/rambler-digital-solutions/generamba-catalog"

  static let install = Command(
    spec: CommandSpec(
      name: "templates install",
      summary: "Install templates (Generamba's too) into the project's templates folder.",
      discussion: """
        With a folder or a git URL, installs the template found there; with neither, every
        template the Rambafile declares: 'local:' folders, 'git:' repositories (at 'branch:'),
        and names only, looked up in the Rambafile's 'catalogs' and then in Generamba's catalog.
        Each template goes to Templates/NAME (the config's first templates folder, if it names
        one) and nothing but that folder is replaced; a copy that differs from its source is
        not replaced without --force, and nothing is installed while one conflicts. (Generamba
        deletes the whole Templates folder first, and its git installer the system's temporary
        folder.)
        """,
      arguments: [
        .init(
          name: "source", help: "A template folder or a git URL.", optional: true,
          completion: .folder)
      ],
      options: [.installName, .ref, .force.withHelp("Replace installed copies that differ.")],
      examples: [
        ("modulegen templates install", "Every template the Rambafile declares."),
        ("modulegen templates install ../shared-templates/rviper_controller", "A local folder."),
        (
          "modulegen templates install https://github.com/acme/viper-template.git --ref v2.1",
          "A git repository, at a tag."
        ),
      ]),
    run: runInstall)

  static func runInstall(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let (_, config) = try library(console: console)
    let base = config?.directory ?? console.currentDirectory
    let installer = TemplateInstaller(
      templatesFolder: normalizePath(
        joinPath(base, config?.templateFolders.first ?? TemplateLibrary.projectFolderName)))
    let scratch = try TemplateInstaller.makeScratchFolder(environment: console.environment)
    defer { try? LocalFileSystem().removeTree(atPath: scratch) }
    var sources = TemplateSources(scratch: scratch, environment: console.environment)
    var installs: [TemplateInstaller.Install] = []
    let force = arguments.flag(.force)
    if let source = arguments.positional.first {
      let (name, folder, origin) = try sources.resolve(
        source, name: arguments.value(.installName), ref: arguments.value(.ref), console: console)
      installs.append(try installer.plan(name: name, folder: folder, origin: origin, force: force))
    } else {
      if arguments.value(.installName) != nil || arguments.value(.ref) != nil {
        throw UsageError(
          "--name and --ref go with a source: templates install SOURCE --name NAME",
          command: "templates install")
      }
      let declarations = config?.generamba?.templates ?? []
      guard let config, !declarations.isEmpty else {
        throw UsageError(
          "no templates declared: give a template folder or a git URL, or declare 'templates' in the Rambafile",
          command: "templates install")
      }
      var problems: [Diagnostic] = []
      for declaration in declarations {
        do {
          let (folder, origin) = try sources.resolve(
            declaration, config: config, home: console.environment["HOME"])
          installs.append(
            try installer.plan(name: declaration.name, folder: folder, origin: origin, force: force)
          )
        } catch let error as Diagnostic {
          problems.append(
            Diagnostic(message: error.message, location: declaration.location, notes: error.notes))
        }
      }
      if !problems.isEmpty { throw DiagnosticList(problems) }
    }
    for install in installs { for note in install.notes { console.report(note) } }
    let conflicts = installs.filter {
      if case .conflict = $0.state { return true }
      return false
    }
    for install in conflicts {
      guard case .conflict(let differences) = install.state else { continue }
      console.report(
        Diagnostic(
          message:
            "'\(console.displayPath(install.destination))' differs from \(install.origin): \(differences.prefix(5).joined(separator: ", "))\(differences.count > 5 ? ", …" : "")"
        ))
    }
    if !conflicts.isEmpty {
      console.writeError("nothing was installed; use --force to replace the installed copies\n")
      return ExitCode.failure
    }
    for install in installs {
      try installer.apply(install)
      let shown = console.displayPath(install.destination)
      let verb =
        install.state == .unchanged
        ? "unchanged" : install.state == .replace ? "replaced" : "installed"
      console.writeOut(
        "\(verb) \(install.name) from \(install.origin) in \(shown) (\(install.files.count) files)\n"
      )
    }
    return ExitCode.success
  }
}

/// Where `templates install` finds templates: local folders, and git repositories cloned into
/// the run's scratch folder (each once).
struct TemplateSources {
  var scratch: String
  var environment: [String: String]
  private var clones: [String: String] = [:]
  private let fileSystem = LocalFileSystem()

  init(scratch: String, environment: [String: String]) {
    self.scratch = scratch
    self.environment = environment
  }

  static func isGitURL(_ text: String) -> Bool {
    text.contains("://") || text.hasPrefix("git@") || text.hasSuffix(".git")
  }

  /// A source given on the command line.
  mutating func resolve(_ source: String, name: String?, ref: String?, console: Console) throws
    -> (name: String, folder: String, origin: String)
  {
    let local = console.path(source)
    var folder: String
    var origin = source
    if fileSystem.isDirectory(atPath: local) {
      if ref != nil {
        throw UsageError("--ref goes with a git URL, not a folder", command: "templates install")
      }
      folder = local
    } else if Self.isGitURL(source) {
      folder = try clone(source, ref: ref)
      if let ref { origin += " (\(ref))" }
    } else {
      // A folder name mistyped: the closest folder beside where it would be.
      let (parent, localParent) = (parentPath(source), parentPath(local))
      let folders = ((try? fileSystem.contentsOfDirectory(atPath: localParent)) ?? [])
        .filter { fileSystem.isDirectory(atPath: joinPath(localParent, $0)) }.sorted()
        .map { parent == "." && !source.hasPrefix("./") ? $0 : joinPath(parent, $0) }
      throw Diagnostic(
        message:
          "no folder '\(source)'\(didYouMean(source, in: folders)); give a template folder or a git URL"
      )
    }
    // A repository of several templates (a catalog): the one named.
    if let name, fileSystem.isDirectory(atPath: joinPath(folder, name)),
      !fileSystem.fileExists(atPath: joinPath(folder, name + ".rambaspec"))
    {
      return (name, joinPath(folder, name), origin + " (\(name))")
    }
    guard let found = name ?? TemplatesCommand.generambaFolder(folder, fileSystem: fileSystem)
    else {
      throw Diagnostic(
        message:
          "which template is in '\(source)'? It has no single NAME.rambaspec at its root; name it with --name"
      )
    }
    return (found, folder, origin)
  }

  /// A template the Rambafile declares.
  mutating func resolve(
    _ declaration: GenerambaSettings.TemplateDeclaration, config: ProjectConfig, home: String?
  ) throws -> (folder: String, origin: String) {
    if let git = declaration.git {
      let root = try clone(git, ref: declaration.branch)
      let origin = git + (declaration.branch.map { " (\($0))" } ?? "")
      let nested = joinPath(root, declaration.name)
      if !fileSystem.fileExists(atPath: joinPath(root, declaration.name + ".rambaspec"))
        && fileSystem.isDirectory(atPath: nested)
      {
        return (nested, origin)
      }
      return (root, origin)
    }
    if let local = declaration.local {
      var path = joinPath(config.directory ?? ".", local)
      if let home, local.hasPrefix("~/") { path = joinPath(home, String(local.dropFirst(2))) }
      return (normalizePath(path), local)
    }
    let catalogs = (config.generamba?.catalogs ?? []) + [TemplatesCommand.generambaCatalog]
    var tried: [String] = []
    for catalog in catalogs {
      do {
        let root = try clone(catalog, ref: nil)
        let folder = joinPath(root, declaration.name)
        if fileSystem.isDirectory(atPath: folder) { return (folder, "\(catalog) (catalog)") }
        tried.append(catalog)
      } catch let error as Diagnostic {
        tried.append("\(catalog) (\(error.message))")
      }
    }
    throw Diagnostic(
      message:
        "cannot find template '\(declaration.name)' in any catalog: \(tried.joined(separator: ", "))"
    )
  }

  private mutating func clone(_ url: String, ref: String?) throws -> String {
    let key = url + "\u{0}" + (ref ?? "")
    if let done = clones[key] { return done }
    let directory = joinPath(scratch, "clone-\(clones.count)")
    try Git.clone(
      url: url, ref: ref, into: directory, scratch: scratch, environment: environment)
    clones[key] = directory
    return directory
  }
}
