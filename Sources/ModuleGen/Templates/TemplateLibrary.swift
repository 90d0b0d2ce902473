import BackgroundWork
import Diagnostics
import Liquid

/// Finds templates: `--templates DIR`, then the project's template folders, then
/// `~/.modulegen/templates`, then the built-in ones.
package struct TemplateLibrary: Sendable {
  package struct Folder: Sendable {
    package var path: String
    package var kind: TemplateSource.Kind
    /// For a folder that is one template (a Rambafile's `local:` declaration), its name.
    package var templateName: String? = nil
  }

  /// The project's templates folder when the config names none (where Generamba installs).
  static let projectFolderName = "Templates"

  package var folders: [Folder] { didSet { found = Locked([:]) } }
  package var fileSystem: any FileSystem { didSet { found = Locked([:]) } }
  /// Paths in messages are shown relative to this folder.
  package var displayBase: String? { didSet { found = Locked([:]) } }
  /// The templates looked up by name, found or not: a run asks for its template several times
  /// (the module's name, Generamba's templates, compiling), and each lookup tries every folder
  /// on the disk. Copies of the library share it; a change of where it looks starts anew.
  private var found = Locked<[String: TemplateSource?]>([:])
  /// When the templates it compiles parse their snippets: up front for the commands that check
  /// templates, on first use for those that render modules.
  package var partialParsing = PartialParsing.upFront

  package init(
    folders: [Folder], fileSystem: any FileSystem = LocalFileSystem(), displayBase: String? = nil
  ) {
    self.folders = folders
    self.fileSystem = fileSystem
    self.displayBase = displayBase
  }

  func shownPath(_ path: String) -> String {
    guard let base = displayBase else { return path }
    return PathSafety.relative(path, to: base)
  }

  private func directorySource(_ path: String, _ kind: TemplateSource.Kind) -> TemplateSource {
    .directory(path, kind: kind, displayRoot: shownPath(path), fileSystem: fileSystem)
  }

  /// The library for a run: explicit folders, the config's, and the user's.
  package static func standard(
    explicit: [String], config: ProjectConfig?, home: String?, currentDirectory: String,
    fileSystem: any FileSystem
  ) -> TemplateLibrary {
    var folders = explicit.map { Folder(path: $0, kind: .folder) }
    if config?.templateFolders.isEmpty ?? true {
      // Without template folders in the config, the project's Templates/ folder.
      folders.append(
        Folder(
          path: joinPath(config?.directory ?? currentDirectory, projectFolderName), kind: .project))
    }
    if let config {
      for folder in config.templateFolders {
        folders.append(
          Folder(path: configFolderPath(folder, config: config, home: home), kind: .project))
      }
    }
    folders += declaredFolders(config, home: home)
    if let home {
      folders.append(Folder(path: joinPath(home, ".modulegen/templates"), kind: .user))
    }
    return TemplateLibrary(folders: folders, fileSystem: fileSystem, displayBase: currentDirectory)
  }

  /// Where a folder of the config's `templates:` is: relative to the config, or to `~`.
  static func configFolderPath(_ folder: String, config: ProjectConfig, home: String?) -> String {
    if folder.hasPrefix("~/"), let home { return joinPath(home, String(folder.dropFirst(2))) }
    return joinPath(config.directory ?? ".", folder)
  }

  package struct Entry: Sendable {
    package var name: String
    package var summary: String
    package var version: String?
    package var source: TemplateSource
  }

  /// The source of the template called `name`, in lookup order.
  package func source(named name: String) -> TemplateSource? {
    if let known = found.withLock({ $0[name] }) { return known }
    let source = lookUp(name)
    found.withLock { $0[name] = source }
    return source
  }

  private func lookUp(_ name: String) -> TemplateSource? {
    for folder in folders {
      if let only = folder.templateName, only != name { continue }
      // A folder that is not there holds no template: one question rather than five (most
      // runs have no project or home templates).
      guard fileSystem.isDirectory(atPath: folder.path) else { continue }
      // A folder may itself be a template, or hold templates.
      if fileSystem.fileExists(atPath: joinPath(folder.path, "template.yml")),
        manifestName(joinPath(folder.path, "template.yml")) == name
          || folder.path.split(separator: "/").last.map(String.init) == name
      {
        return directorySource(folder.path, folder.kind)
      }
      let candidate = joinPath(folder.path, name)
      if fileSystem.fileExists(atPath: joinPath(candidate, "template.yml")) {
        return directorySource(candidate, folder.kind)
      }
      if let generamba = generambaSource(in: folder, named: name) { return generamba }
      if folder.templateName != nil { continue }
      // A template is known by its manifest's name, which `templates list` shows, whatever
      // its folder is called.
      if let path = templateFolder(in: folder.path, named: name) {
        return directorySource(path, folder.kind)
      }
    }
    return BuiltinTemplates.names.contains(name) ? .builtin(name) : nil
  }

  /// Compiles the template called `name`, or says which names exist.
  package func compile(named name: String, header: String?) throws -> CompiledTemplate {
    try compile(named: name, header: header, headerMap: nil)
  }

  /// `headerMap` locates the header in the config, for errors inside it.
  func compile(named name: String, header: String?, headerMap: ScalarMap?) throws
    -> CompiledTemplate
  {
    guard let source = source(named: name) else {
      let names = list().map(\.name)
      var message = "no template named '\(name)'"
      message += didYouMean(name, in: names)
      message += " (available: \(names.joined(separator: ", ")))"
      throw Diagnostic(message: message)
    }
    let template = try CompiledTemplate.compile(
      source, header: header, headerMap: headerMap, partials: partialParsing)
    try refuseNamesake(of: template)
    return template
  }

  /// A template of a templates folder that another template of the same folder has the name of
  /// (a copy whose manifest kept the original's `name`) is an error: a module records its
  /// template by that name, and `gen`, `check` and `templates list` could each take the other.
  private func refuseNamesake(of template: CompiledTemplate) throws {
    guard let directory = template.source.directory, template.source.rambaspec == nil else {
      return
    }
    let own = lastPathComponent(directory)
    guard
      let folder = folders.first(where: {
        $0.templateName == nil && joinPath($0.path, own) == directory
      })
    else { return }
    let name = template.manifest.name
    if let other = templateFolder(in: folder.path, named: name, other: directory) {
      throw Diagnostic(
        message:
          "'\(shownPath(directory))' and '\(shownPath(other))' are both named '\(name)' in their template.yml: a module records its template by name, so gen and check could take one for the other; give each its own 'name'",
        location: template.manifest.nameLocation)
    }
  }

  /// The first template of `folder` (in name order: its folders with a `template.yml`) whose
  /// manifest names it `name`, other than the one at `other`.
  private func templateFolder(in folder: String, named name: String, other: String? = nil)
    -> String?
  {
    for entry in (try? fileSystem.contentsOfDirectory(atPath: folder)) ?? [] {
      let path = joinPath(folder, entry)
      let manifest = joinPath(path, "template.yml")
      if path != other && fileSystem.fileExists(atPath: manifest) && manifestName(manifest) == name
      {
        return path
      }
    }
    return nil
  }

  /// Every template that can be used, the first of each name in lookup order.
  package func list() -> [Entry] {
    var entries: [Entry] = []
    var seen: Set<String> = []
    func add(_ source: TemplateSource) {
      guard let text = source.read("template.yml"),
        let manifest = try? TemplateManifest.decode(text, file: "template.yml"),
        !seen.contains(manifest.name)
      else { return }
      seen.insert(manifest.name)
      entries.append(
        Entry(
          name: manifest.name, summary: manifest.summary, version: manifest.version, source: source)
      )
    }
    func addGeneramba(_ found: (name: String, source: TemplateSource)) {
      guard seen.insert(found.name).inserted else { return }
      let spec = try? GenerambaTemplateInfo.read(found.source)
      entries.append(
        Entry(
          name: found.name, summary: GenerambaTemplateInfo.summary(spec), version: spec?.version,
          source: found.source))
    }
    for folder in folders {
      if let generamba = generambaTemplate(folder) {
        addGeneramba(generamba)
        continue
      }
      if fileSystem.fileExists(atPath: joinPath(folder.path, "template.yml")) {
        add(
          directorySource(folder.path, folder.kind))
        continue
      }
      for name in (try? fileSystem.contentsOfDirectory(atPath: folder.path)) ?? [] {
        let path = joinPath(folder.path, name)
        if fileSystem.fileExists(atPath: joinPath(path, "template.yml")) {
          add(directorySource(path, folder.kind))
        } else if let source = generambaSource(in: folder, named: name) {
          addGeneramba((name, source))
        }
      }
    }
    for name in BuiltinTemplates.names { add(.builtin(name)) }
    return entries
  }

  private func manifestName(_ path: String) -> String? {
    guard let text = try? fileSystem.readText(atPath: path),
      let manifest = try? TemplateManifest.decode(text, file: path)
    else { return nil }
    return manifest.name
  }
}
