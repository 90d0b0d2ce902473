import Liquid

extension Generator {
  /// One module's part of a plan.
  struct ModulePlan {
    var module: PlannedModule
    var files: [PlannedFile]
    var stale: [StaleFile]
    /// Whether its tests `@testable import` the app's module (modulegen's templates do;
    /// Generamba's name their own).
    var testsImportTheApp: Bool
  }

  /// Renders a module with its creation date and decides what happens to each file: the
  /// record's date, else the date in the headers of its existing files, else the run's date.
  mutating func planModule(
    _ module: ModuleSpec, options: GenerationOptions, record: GenerationRecord?
  ) throws -> ModulePlan {
    let recorded = record?.modules[module.name]
    var date = recorded?.created ?? options.settings.date
    var rendering = try render(module, date: date, options: options)
    var existing = try rendering.files.map {
      try PlannedFile.existingBytes(atPath: $0.path, fileSystem: fileSystem)
    }
    if recorded == nil,
      let found = HeaderDate.moduleDate(
        zip(rendering.files, existing).map { ($0.bytes, $1) }, date: date),
      found != date
    {
      date = found
      rendering = try render(module, date: date, options: options)
      existing = try rendering.files.map {
        try PlannedFile.existingBytes(atPath: $0.path, fileSystem: fileSystem)
      }
    }
    var files = rendering.files
    for i in files.indices {
      let recordedHash = record?.hash(ofFile: files[i].path, module: module.name)
      files[i].action = action(
        for: files[i], existing: existing[i], recordedHash: recordedHash, force: options.force)
      // Written over a file because it is as generated: it must still be when written.
      if files[i].action == .update { files[i].expectedHash = recordedHash }
    }
    let version = rendering.template.manifest.version
    let planned = PlannedModule(
      name: module.name, template: rendering.template.manifest.name, templateVersion: version,
      templateHash: version == nil ? templateHash(rendering.template) : nil, created: date,
      params: rendering.params.map { PlannedModule.Param(name: $0.0, value: $0.1) }
        .sorted { $0.name < $1.name },
      includesTests: options.includeTests,
      spec: options.specFile.flatMap { spec in record.map { $0.recordedPath(spec) } })
    var stale: [StaleFile] = []
    if let record, let recorded {
      let planned = Set(files.map { record.recordedPath($0.path) })
      let candidates = options.includeTests ? recorded.allFiles : recorded.files
      for path in candidates.keys.sorted() where !planned.contains(path) {
        stale.append(staleFile(path, hash: candidates[path]!, module: module.name, record: record))
      }
    }
    let testsImportTheApp =
      rendering.template.manifest.variables == .modulegen && files.contains { $0.role == .test }
    return ModulePlan(
      module: planned, files: files, stale: stale, testsImportTheApp: testsImportTheApp)
  }

  /// What happens to a planned file, given what is on disk and what the record says.
  func action(
    for file: PlannedFile, existing: [UInt8]?, recordedHash: String?, force: Bool
  ) -> PlannedFile.Action {
    let action = file.action(over: existing, force: force)
    guard action == .conflict, let existing else { return action }
    // The developer's file: only `update` brings changes into it, by merging.
    if file.regenerate == .once { return .keep }
    // As modulegen generated it: nobody's edits are lost by regenerating it.
    if let recordedHash, GenerationRecord.hash(existing) == recordedHash { return .update }
    return .conflict
  }

  /// The modules a full run of their spec no longer declares: all their files are stale.
  func staleModules(
    _ record: GenerationRecord, planned: [PlannedModule], options: GenerationOptions
  )
    -> [StaleFile]
  {
    guard let specFile = options.specFile, !options.someModulesOnly else { return [] }
    let spec = record.recordedPath(specFile)
    let names = Set(planned.map(\.name))
    var stale: [StaleFile] = []
    for name in record.modules.keys.sorted() where !names.contains(name) {
      guard let module = record.modules[name], module.spec == spec else { continue }
      let files = module.allFiles
      for path in files.keys.sorted() {
        stale.append(staleFile(path, hash: files[path]!, module: name, record: record))
      }
    }
    return stale
  }

  private func staleFile(_ path: String, hash: String, module: String, record: GenerationRecord)
    -> StaleFile
  {
    let absolute = record.absolutePath(path)
    let state: StaleFile.State
    if !fileSystem.fileExists(atPath: absolute) || fileSystem.isDirectory(atPath: absolute) {
      state = .deleted
    } else if let bytes = try? fileSystem.readFile(atPath: absolute),
      GenerationRecord.hash(bytes) == hash
    {
      state = .unchanged
    } else {
      state = .edited
    }
    return StaleFile(module: module, path: absolute, generatedHash: hash, state: state)
  }

  /// The hash of a template without a version, computed once per run.
  func templateHash(_ template: CompiledTemplate) -> String {
    if let cached = templateHashes.values[template.source.displayRoot] { return cached }
    let hash = template.contentHash
    templateHashes.values[template.source.displayRoot] = hash
    return hash
  }
}

extension CompiledTemplate {
  /// `sha256:` and a hash of every file of the template and of the shared snippets it can use.
  var contentHash: String {
    var bytes: [UInt8] = []
    for (prefix, source) in [("", source), ("common/", TemplateSource.builtin("common"))] {
      for path in source.allFiles() {
        bytes += Array((prefix + path).utf8) + [0]
        bytes += Array((source.read(path) ?? "").utf8) + [0]
      }
    }
    return GenerationRecord.hash(bytes)
  }
}
