import Liquid

extension GenerationSetup {
  /// The modules a run generates: those of `--spec` (or the one named in it), else the one named
  /// on the command line; and the spec file's normalized path, if there is one.
  static func selectedModules(
    _ arguments: ParsedArguments, library: TemplateLibrary, config: ProjectConfig?,
    console: Console, fileSystem: any FileSystem, command: String, notes: inout [Diagnostic]
  ) throws -> (modules: [ModuleSpec], specFile: String?) {
    let convert = arguments.flag(.convertName)
    let name = arguments.positional.first
    let template = arguments.positional.count > 1 ? arguments.positional[1] : nil
    guard let specPath = arguments.value(.spec) else {
      guard let name else {
        throw UsageError(
          "give a module name and a template (\(command) Home viper), or --spec FILE",
          command: command)
      }
      if template == nil && config?.template == nil {
        throw UsageError(
          "missing <template>: name one (\(command) \(name) viper) or set 'template' in .modulegen.yml",
          command: command)
      }
      let wanted =
        try GenerambaCommandLine.moduleName(
          name, template: template ?? config?.template, library: library)
        ?? checkedName(name, convert: convert, notes: &notes)
      return ([ModuleSpec(name: wanted, template: template)], nil)
    }
    let specFile = normalizePath(console.path(specPath))
    let text = try fileSystem.readText(atPath: console.path(specPath), displayPath: specPath)
    let file = try SpecDecoder.decode(text, file: specPath)
    notes += file.notes
    var modules = file.modules
    if let name {
      let wanted = normalizedName(name, convert: convert)
      guard let module = modules.first(where: { $0.name == wanted }) else {
        throw Diagnostic(
          message:
            "no module '\(wanted)' in \(specPath) (it declares: \(modules.map(\.name).joined(separator: ", ")))"
        )
      }
      modules = [module]
    }
    if let template {
      modules = modules.map {
        var m = $0
        m.template = template
        return m
      }
    }
    return (modules, specFile)
  }

  private static func normalizedName(_ name: String, convert: Bool) -> String {
    switch ModuleName.normalize(name, convert: convert) {
    case .valid(let n), .changed(let n, _): return n
    case .invalid: return name
    }
  }

  private static func checkedName(_ name: String, convert: Bool, notes: inout [Diagnostic]) throws
    -> String
  {
    switch ModuleName.normalize(name, convert: convert) {
    case .valid(let n): return n
    case .changed(let n, let note):
      notes.append(Diagnostic(.note, message: note))
      return n
    case .invalid(let message): throw Diagnostic(message: message)
    }
  }
}
