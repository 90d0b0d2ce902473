import Diagnostics

extension GenerationSetup {
  /// The nearest `.modulegen.yml`, if any, and the templates the run can use.
  static func projectLibrary(
    templates: [String], console: Console, fileSystem: any FileSystem
  )
    throws -> (TemplateLibrary, ProjectConfig?)
  {
    var config: ProjectConfig?
    if let path = ProjectConfig.find(from: console.currentDirectory, fileSystem: fileSystem) {
      config = try projectConfig(at: path, console: console, fileSystem: fileSystem)
    }
    var problems = explicitFolderProblems(templates, console: console, fileSystem: fileSystem)
    if let config {
      problems += templateFolderProblems(config, console: console, fileSystem: fileSystem)
    }
    if !problems.isEmpty { throw DiagnosticList(problems) }
    let library = TemplateLibrary.standard(
      explicit: templates.map(console.path), config: config,
      home: console.environment["HOME"], currentDirectory: console.currentDirectory,
      fileSystem: fileSystem)
    return (library, config)
  }

  /// The project config at `path`: a `.modulegen.yml`, or a Generamba `Rambafile`.
  static func projectConfig(at path: String, console: Console, fileSystem: any FileSystem) throws
    -> ProjectConfig
  {
    let shown = console.displayPath(path)
    let text = try fileSystem.readText(atPath: path, displayPath: shown)
    return Rambafile.isRambafile(path)
      ? try Rambafile.decode(
        text, file: shown, directory: parentPath(path), home: console.environment["HOME"],
        fileSystem: fileSystem
      ).config
      : try ProjectConfig.decode(text, file: shown, directory: parentPath(path))
  }

  /// The `--templates` folders that do not exist.
  static func explicitFolderProblems(
    _ templates: [String], console: Console, fileSystem: any FileSystem
  ) -> [Diagnostic] {
    templates.compactMap { folder in
      let path = console.path(folder)
      if fileSystem.isDirectory(atPath: path) { return nil }
      return Diagnostic(
        message:
          "--templates '\(folder)' \(fileSystem.fileExists(atPath: path) ? "is not a folder" : "does not exist")"
      )
    }
  }

  /// The config's `templates:` folders that do not exist, at their place in the config.
  static func templateFolderProblems(
    _ config: ProjectConfig, console: Console, fileSystem: any FileSystem
  ) -> [Diagnostic] {
    var problems: [Diagnostic] = []
    for (i, folder) in config.templateFolders.enumerated() {
      let path = TemplateLibrary.configFolderPath(
        folder, config: config, home: console.environment["HOME"])
      if fileSystem.isDirectory(atPath: path) { continue }
      problems.append(
        Diagnostic(
          message:
            "template folder '\(folder)' \(fileSystem.fileExists(atPath: path) ? "is not a folder" : "does not exist")",
          location: i < config.locations.templateFolders.count
            ? config.locations.templateFolders[i] : nil))
    }
    return problems
  }
}
