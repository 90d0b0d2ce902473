import Diagnostics
import Liquid

extension GenerationSetup {
  /// A module named without a template, and no default one. A Rambafile cannot name a default
  /// (a `.modulegen.yml` beside it would replace it as the config, so it is not the advice):
  /// the example is its first template, and `migrate` the way to a default.
  static func missingTemplateMessage(_ name: String, config: ProjectConfig?, command: String)
    -> String
  {
    guard let generamba = config?.generamba, generamba.fromRambafile else {
      return
        "missing <template>: name one (\(command) \(name) viper) or set 'template' in .modulegen.yml"
    }
    let example = generamba.templates.first { !$0.name.isEmpty }?.name ?? "viper"
    return
      "missing <template>: name one, as with Generamba (\(command) \(name) \(example)); for a default template, 'modulegen migrate' writes a .modulegen.yml from the Rambafile, where 'template' sets it"
  }

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
    if specPaths.contains("-") {
      throw UsageError(
        "--spec takes a file, not '-' (stdin): the record keeps each module's spec file, which check and update read again; 'modulegen validate -' checks a spec from stdin",
        command: command)
    }
    if specPaths.isEmpty, name == nil, !record.modules.isEmpty {
      return try recordedModules(
        record, console: console, fileSystem: fileSystem, writes: writes(command), notes: &notes)
    }
    // A recorded module named alone: from what the record says it was generated from. Named
    // with a template, a module its recorded spec declares is still that spec's (the template
    // given replaces the spec's, as with --spec).
    if specPaths.isEmpty, let name,
      let entry = record.modules[normalizedName(name, convert: convert)],
      template == nil || entry.settings.spec != nil
    {
      let wanted = normalizedName(name, convert: convert)
      let specFile = entry.settings.spec.map(record.absolutePath)
      if template == nil || specFile.map(fileSystem.fileExists) == true {
        let modules = try recordedModules(
          record, only: wanted, console: console, fileSystem: fileSystem,
          writes: writes(command), notes: &notes
        ).modules.filter { $0.name == wanted }
        if !modules.isEmpty {
          return (
            try modules.map { try $0.withTemplate(template, config: config, console: console) }, []
          )
        }
      }
      let shown = console.displayPath(specFile ?? "")
      guard template != nil else {
        throw Diagnostic(
          message:
            "\(GenerationRecord.fileName) records '\(wanted)' as declared in '\(shown)', which no longer declares it; name its template (\(command) \(wanted) TEMPLATE), or 'gen --prune' removes its files"
        )
      }
      // Its spec gone or no longer declaring it: from the command line, it is recorded with no
      // spec, so that a run over every recorded module does not find it removed from one.
      notes.append(
        Diagnostic(
          .note,
          message:
            "'\(wanted)' was recorded as declared in '\(shown)', which \(specFile.map(fileSystem.fileExists) == true ? "no longer declares it" : "does not exist"); from the command line, it has no spec"
        ))
    }
    guard !specPaths.isEmpty else {
      guard let name else {
        let folder =
          record.directory == console.currentDirectory
          ? "this folder" : "'\(console.displayPath(record.directory))'"
        throw UsageError(
          "give a module name and a template (\(command) Home viper), or --spec FILE; with neither, \(command) covers the modules of \(GenerationRecord.fileName), and there is none in \(folder) (run it where \(GenerationRecord.fileName) is, or in or below the folder of .modulegen.yml)",
          command: command)
      }
      if template == nil && config?.template == nil {
        throw UsageError(
          missingTemplateMessage(name, config: config, command: command), command: command)
      }
      let wanted =
        try GenerambaCommandLine.moduleName(
          name, template: template ?? config?.template, library: library)
        ?? checkedName(name, convert: convert, notes: &notes)
      // `check` and `update` work on modules there are: a name close to a recorded one, which
      // the record lacks, is a misspelling (else `update` would generate a new module with it).
      if command != "gen", record.modules[wanted] == nil {
        let suggestion = didYouMean(wanted, in: record.modules.keys)
        if !suggestion.isEmpty {
          throw Diagnostic(message: unrecordedNameMessage(wanted, suggestion: suggestion))
        }
      }
      return ([ModuleSpec(name: wanted, template: template)], [])
    }
    var modules: [ModuleSpec] = []
    var files: [String] = []
    for specPath in specPaths {
      let specFile = normalizePath(console.path(specPath))
      guard !files.contains(specFile) else { continue }
      files.append(specFile)
      modules += try specModules(
        specPath, file: specFile, console: console, fileSystem: fileSystem, notes: &notes,
        others: modules)
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
    return (
      try modules.map { try $0.withTemplate(template, config: config, console: console) }, files
    )
  }

  /// The modules of a spec file, each knowing its file; a module another spec of the run
  /// declares too is an error.
  private static func specModules(
    _ shown: String, file: String, console: Console, fileSystem: any FileSystem,
    notes: inout [Diagnostic], others: [ModuleSpec]
  ) throws -> [ModuleSpec] {
    let text = try fileSystem.readText(atPath: file, displayPath: shown)
    let decoded = try SpecDecoder.decode(text, file: shown)
    notes += decoded.notes
    return try decoded.modules.map { module in
      if let other = others.first(where: { $0.name == module.name }) {
        throw Diagnostic(
          message:
            "module '\(module.name)' is declared in two specs of this run: \(console.displayPath(other.specFile ?? "")) and \(console.displayPath(file))",
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
    fileSystem: any FileSystem, writes: Bool, notes: inout [Diagnostic]
  ) throws -> (modules: [ModuleSpec], completeSpecFiles: [String]) {
    var modules: [ModuleSpec] = []
    let entries = only.map { name in record.modules.filter { $0.key == name } } ?? record.modules
    let specs = Set(entries.values.compactMap(\.settings.spec)).sorted()
    var files: [String] = []
    for spec in specs {
      let file = record.absolutePath(spec)
      let shown = console.displayPath(file)
      guard fileSystem.fileExists(atPath: file) else {
        let names = record.modules.keys.sorted().filter {
          record.modules[$0]?.settings.spec == spec
        }
        // At the first of those modules' `spec:` lines.
        throw Diagnostic(
          message: missingSpecMessage(shown, modules: names, writes: writes),
          location: names.first.flatMap {
            record.location(
              of: "spec", module: $0, shown: console.displayPath(record.path),
              fileSystem: fileSystem)
          })
      }
      files.append(file)
      modules += try specModules(
        shown, file: file, console: console, fileSystem: fileSystem, notes: &notes,
        others: modules)
    }
    let declared = Set(modules.map(\.name))
    for name in entries.keys.sorted() where !declared.contains(name) {
      guard let entry = entries[name], entry.settings.spec == nil else { continue }
      modules.append(ModuleSpec(name: name, template: entry.template))
    }
    return (modules, files)
  }

  /// A recorded spec file that is gone (deleted, renamed): its modules, and the ways on;
  /// `writes`: the command would have written (it stopped before anything was).
  static func missingSpecMessage(_ spec: String, modules: [String], writes: Bool) -> String {
    let names = modules.joined(separator: ", ")
    return
      "\(GenerationRecord.fileName) records \(names) as declared in '\(spec)', which does not exist\(writes ? "; nothing was written or removed" : ""). Restore it; or, if \(modules.count == 1 ? "the module is" : "they are") declared in another spec now, generate \(modules.count == 1 ? "it" : "them") from it once (gen --spec FILE), which records it; or take \(modules.count == 1 ? "it" : "them") out of the record, keeping \(modules.count == 1 ? "its" : "their") files: modulegen forget \(modules.joined(separator: " "))"
  }

  /// `check`, `update` or `render --module` named a module the record does not have.
  static func unrecordedNameMessage(_ name: String, suggestion: String) -> String {
    "\(GenerationRecord.fileName) has no module '\(name)'\(suggestion) ('gen' makes a new module)"
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

extension ModuleSpec {
  /// The module with the template the command line names, if it names one. A module a spec
  /// declares has the template its spec gives (or the config's): the record keeps the spec, and
  /// every run over the record takes the template from it, so another one would be undone by
  /// the next `gen` and turn `check` red; it is an error, at the spec's `template`.
  fileprivate func withTemplate(_ template: String?, config: ProjectConfig?, console: Console)
    throws -> ModuleSpec
  {
    guard let template else { return self }
    if let specFile, let declared = self.template ?? config?.template, declared != template {
      let shown = console.displayPath(specFile)
      throw Diagnostic(
        message:
          "module '\(name)' is declared in \(shown) with template '\(declared)'\(self.template == nil ? " (.modulegen.yml's default)" : ""), which every run over \(GenerationRecord.fileName) (gen, check, update) generates it with: to make it '\(template)', change its template there and run 'modulegen gen --spec \(shown)'",
        location: templateLocation ?? location)
    }
    var module = self
    module.template = template
    return module
  }
}
