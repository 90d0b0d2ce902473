import Diagnostics

extension TemplateLibrary {
  /// A Generamba template called `name` in `folder`: the folder itself (a template declared
  /// with `local:`, or a folder named after the template), or its subfolder `name`, holding
  /// `name.rambaspec` and no template.yml (a template.yml beside it, as `modulegen migrate`
  /// writes, makes it a modulegen template).
  func generambaSource(in folder: Folder, named name: String) -> TemplateSource? {
    if let itself = generambaTemplate(folder), itself.name == name { return itself.source }
    if folder.templateName != nil { return nil }
    return generambaTemplate(at: joinPath(folder.path, name), named: name, kind: folder.kind)
  }

  /// The folder itself as a Generamba template, named by its declaration or its own name.
  func generambaTemplate(_ folder: Folder) -> (name: String, source: TemplateSource)? {
    guard let name = folder.templateName ?? folder.path.split(separator: "/").last.map(String.init),
      let source = generambaTemplate(at: folder.path, named: name, kind: folder.kind)
    else { return nil }
    return (name, source)
  }

  private func generambaTemplate(at path: String, named name: String, kind: TemplateSource.Kind)
    -> TemplateSource?
  {
    let spec = joinPath(path, name + ".rambaspec")
    guard fileSystem.fileExists(atPath: spec), !fileSystem.isDirectory(atPath: spec),
      !fileSystem.fileExists(atPath: joinPath(path, "template.yml"))
    else { return nil }
    var source = TemplateSource.directory(
      path, kind: kind, displayRoot: shownPath(path), fileSystem: fileSystem)
    source.rambaspec = name + ".rambaspec"
    return source
  }

  /// The folders of the templates a Rambafile declares with `local:`, each holding one
  /// template, after the project's own.
  static func declaredFolders(_ config: ProjectConfig?, home: String?) -> [Folder] {
    guard let config, let settings = config.generamba else { return [] }
    return settings.templates.compactMap { declaration in
      guard let local = declaration.local else { return nil }
      var path = joinPath(config.directory ?? ".", local)
      if let home, local.hasPrefix("~/") { path = joinPath(home, String(local.dropFirst(2))) }
      return Folder(path: normalizePath(path), kind: .project, templateName: declaration.name)
    }
  }
}
