import Diagnostics

extension GenerationSetup {
  /// The modules a run generates: those of every `--spec` (or the one named in them), else the
  /// one named on the command line, else every module the generation record keeps (from its
  /// recorded spec file, or its recorded template and parameters); and the spec files the run
  /// takes every module of (normalized paths).
  static func selectedModules(
    _ arguments: ParsedArguments, library: TemplateLibrary, config: ProjectConfig?,
    record: GenerationRecord, console: Console, fileSystem: any FileSystem, command: String,
    notes: inout [Diagnostic]
  ) throws -> (modules: [ModuleSpec], completeSpecFiles: [String]) {
    let convert = arguments.flag(.convertName)
    let name = arguments.positional.first
    let template = arguments.positional.count > 1 ? arguments.positional[1] : nil
    let specPaths = arguments.all(.spec)
    if specPaths.isEmpty, name == nil, !record.modules.isEmpty {
      return try recordedModules(record, console: console, fileSystem: fileSystem, notes: &notes)
    }
    // A recorded module named alone: from what the record says it was generated from.
    if specPaths.isEmpty, let name, template == nil,
      record.modules[normalizedName(name, convert: convert)] != nil
    {
      let wanted = normalizedName(name, convert: convert)
      let modules = try recordedModules(
        record, only: wanted, console: console, fileSystem: fileSystem, notes: &notes
      ).modules.filter { $0.name == wanted }
      if !modules.isEmpty { return (modules, []) }
      let spec = record.modules[wanted]?.spec ?? ""
      throw Diagnostic(
        message:
          "\(GenerationRecord.fileName) records '\(wanted)' as declared in '\(console.displayPath(record.absolutePath(spec)))', which no longer declares it; name its template (\(command) \(wanted) TEMPLATE), or 'gen --prune' removes its files"
      )
    }
    guard !specPaths.isEmpty else {
      guard let name else {
        throw UsageError(
          "give a module name and a template (\(command) Home viper), or --spec FILE; with neither, \(command) covers the modules of \(GenerationRecord.fileName), and there is none here",
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
      return ([ModuleSpec(name: wanted, template: template)], [])
    }
    var modules: [ModuleSpec] = []
    var files: [String] = []
    for specPath in specPaths {
      let specFile = normalizePath(console.path(specPath))
      guard !files.contains(specFile) else { continue }
      files.append(specFile)
      modules += try specModules(
        specPath, file: specFile, fileSystem: fileSystem, notes: &notes, others: modules,
        console: console)
    }
    if let name {
      let wanted = normalizedName(name, convert: convert)
      guard let module = modules.first(where: { $0.name == wanted }) else {
        throw Diagnostic(
          message:
            "no module '\(wanted)' in \(specPaths.joined(separator: ", ")) (\(specPaths.count == 1 ? "it declares" : "they declare"): \(modules.map(\.name).joined(separator: ", ")))"
        )
      }
      modules = [module]
      files = []
    }
    if let template {
      modules = modules.map {
        var m = $0
        m.template = template
        return m
      }
    }
    return (modules, files)
  }

  /// The modules of a spec file, each knowing its file; a module another spec of the run
  /// declares too is an error.
  private static func specModules(
    _ shown: String, file: String, fileSystem: any FileSystem, notes: inout [Diagnostic],
    others: [ModuleSpec], console: Console
  ) throws -> [ModuleSpec] {
    let text = try fileSystem.readText(atPath: file, displayPath: shown)
    let decoded = try SpecDecoder.decode(text, file: shown)
    notes += decoded.notes
    return try decoded.modules.map { module in
      if let other = others.first(where: { $0.name == module.name }) {
        throw Diagnostic(
          message:
            "module '\(module.name)' is declared in two specs of this run: \(console.displayPath(other.specFile ?? "")) and \(shown)",
          location: module.location)
      }
      var module = module
      module.specFile = file
      return module
    }
  }

  /// Every module of the generation record: the recorded spec files in full (so that modules
  /// removed from them are found stale), and the modules recorded without one from their
  /// template, with their recorded parameters and folders.
  /// `only`: just that module's spec (or template) is read.
  static func recordedModules(
    _ record: GenerationRecord, only: String? = nil, console: Console,
    fileSystem: any FileSystem, notes: inout [Diagnostic]
  ) throws -> (modules: [ModuleSpec], completeSpecFiles: [String]) {
    var modules: [ModuleSpec] = []
    let entries = only.map { name in record.modules.filter { $0.key == name } } ?? record.modules
    let specs = Set(entries.values.compactMap(\.spec)).sorted()
    var files: [String] = []
    for spec in specs {
      let file = record.absolutePath(spec)
      let shown = console.displayPath(file)
      guard fileSystem.fileExists(atPath: file) else {
        let names = record.modules.keys.sorted().filter { record.modules[$0]?.spec == spec }
        throw Diagnostic(
          message:
            "\(GenerationRecord.fileName) records \(names.joined(separator: ", ")) as declared in '\(shown)', which does not exist; restore it, or name the spec to use with --spec"
        )
      }
      files.append(file)
      modules += try specModules(
        shown, file: file, fileSystem: fileSystem, notes: &notes, others: modules,
        console: console)
    }
    let declared = Set(modules.map(\.name))
    for name in entries.keys.sorted() where !declared.contains(name) {
      guard let entry = entries[name], entry.spec == nil else { continue }
      modules.append(ModuleSpec(name: name, template: entry.template))
    }
    return (modules, files)
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
