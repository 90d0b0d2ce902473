import BackgroundWork
import Diagnostics

extension Generator {
  /// One module's part of a plan.
  struct ModulePlan {
    var module: PlannedModule
    var files: [PlannedFile]
    var stale: [StaleFile]
    /// What changed since the module was recorded, said once (a parameter set again).
    var notes: [Diagnostic]
    /// Whether its tests `@testable import` the app's module (modulegen's templates do;
    /// Generamba's name their own) and no name is known for it.
    var testsLackTheApp: Bool
  }

  /// Renders a module with its creation date and decides what happens to each file: the
  /// record's date, else the date in the headers of its existing files, else the run's date.
  mutating func planModule(
    _ module: ModuleSpec, options: GenerationOptions, record: GenerationRecord?
  ) throws -> ModulePlan {
    let recorded = record?.modules[module.name]
    var date = Self.firstDate(of: recorded, options: options)
    var rendering = try cachedRender(module, date: date, record: record, options: options)
    var existing = try Self.existingFiles(of: rendering, fileSystem: fileSystem)
    if let found = Self.headerDate(
      of: rendering, existing: existing, date: date, recorded: recorded)
    {
      date = found
      rendering = try cachedRender(module, date: date, record: record, options: options)
      existing = try Self.existingFiles(of: rendering, fileSystem: fileSystem)
    }
    return Self.modulePlan(
      module, rendering: rendering, existing: existing, date: date, options: options,
      record: record, templateHash: templateHash(of: rendering), fileSystem: fileSystem)
  }

  /// The plans of the modules rendered ahead (`renderAhead`), made on every core: what is left
  /// reads the disk and the record. Nil for a module that was not rendered ahead, or whose
  /// existing files' headers date it otherwise: `planModule` renders it (again).
  mutating func plansOfModulesRenderedAhead(
    _ modules: [ModuleSpec], options: GenerationOptions, record: GenerationRecord?
  ) -> [Result<ModulePlan, any Error>?] {
    let ready = modules.map { module -> (ModuleSpec, Rendering, String?)? in
      let recorded = record?.modules[module.name]
      let key = RenderingCache.Key(
        module, date: Self.firstDate(of: recorded, options: options), recorded: recorded)
      guard let cached = renderings.values[module.name], cached.key == key else { return nil }
      return (module, cached.rendering, templateHash(of: cached.rendering))
    }
    let fileSystem = fileSystem
    return ready.concurrentMap(perThread: 8) { ready in
      guard let (module, rendering, templateHash) = ready else { return nil }
      let recorded = record?.modules[module.name]
      let date = Self.firstDate(of: recorded, options: options)
      do {
        let existing = try Self.existingFiles(of: rendering, fileSystem: fileSystem)
        if Self.headerDate(of: rendering, existing: existing, date: date, recorded: recorded)
          != nil
        {
          return nil
        }
        return .success(
          Self.modulePlan(
            module, rendering: rendering, existing: existing, date: date, options: options,
            record: record, templateHash: templateHash, fileSystem: fileSystem))
      } catch {
        return .failure(error)
      }
    }
  }

  /// What is on disk where each file of `rendering` goes (nil: nothing).
  private static func existingFiles(of rendering: Rendering, fileSystem: any FileSystem) throws
    -> [[UInt8]?]
  {
    try rendering.files.map {
      try PlannedFile.existingBytes(atPath: $0.path, fileSystem: fileSystem)
    }
  }

  /// Another date for a module the record does not know, when the headers of its existing
  /// files carry one.
  private static func headerDate(
    of rendering: Rendering, existing: [[UInt8]?], date: String,
    recorded: GenerationRecord.Module?
  ) -> String? {
    guard recorded == nil,
      let found = HeaderDate.moduleDate(
        zip(rendering.files, existing).map { ($0.bytes, $1) }, date: date),
      found != date
    else { return nil }
    return found
  }

  /// The hash the record keeps for a template without a version.
  private func templateHash(of rendering: Rendering) -> String? {
    rendering.template.manifest.version == nil ? templateHash(rendering.template) : nil
  }

  /// A module's plan from its rendering and what is on disk where its files go.
  private static func modulePlan(
    _ module: ModuleSpec, rendering: Rendering, existing: [[UInt8]?], date: String,
    options: GenerationOptions, record: GenerationRecord?, templateHash: String?,
    fileSystem: any FileSystem
  ) -> ModulePlan {
    let recorded = record?.modules[module.name]
    var files = rendering.files
    for i in files.indices {
      let recordedHash = record?.hash(ofFile: files[i].path, module: module.name)
      files[i].action = action(
        for: files[i], existing: existing[i], recordedHash: recordedHash, force: options.force)
      // Written over a file because it is as generated: it must still be when written.
      if files[i].action == .update { files[i].expectedHash = recordedHash }
      if files[i].action == .keep, let bytes = existing[i] {
        files[i].conflictMarkerLine = ThreeWayMerge.firstConflictMarkerLine(in: bytes)
      }
    }
    let version = rendering.template.manifest.version
    let moduleOptions = options.forModule(recorded)
    var planned = PlannedModule(
      name: module.name, template: rendering.template.manifest.name, templateVersion: version,
      templateHash: templateHash, created: date,
      params: rendering.params.map { PlannedModule.Param(name: $0.0, value: $0.1) }
        .sorted { $0.name < $1.name },
      includesTests: moduleOptions.includeTests, registrations: rendering.registrations)
    func recordedPath(_ path: String?) -> String? {
      path.flatMap { path in record.map { $0.recordedPath(path) } }
    }
    // A module from the command line has no spec (its recorded one no longer declares it).
    planned.settings.spec = recordedPath(module.specFile)
    planned.settings.output = recordedPath(rendering.output)
    planned.settings.testsOutput = recordedPath(rendering.testsOutput)
    planned.settings.package = recordedPath(rendering.package)
    planned.settings.description = rendering.description
    // A module recorded before the record kept the headers' names (or its project) renders
    // with the run's, as then, and keeps them once a run writes its files: a run that writes
    // nothing leaves its entry as it was.
    let writes = files.contains { $0.action.writes }
    let recordsNames =
      recorded.map { $0.settings.author != nil || $0.settings.company != nil } ?? true
      || options.authorGiven || options.companyGiven || writes
    if recordsNames {
      planned.settings.author = moduleOptions.settings.author
      planned.settings.company = moduleOptions.settings.company
    }
    if recorded.map({ $0.settings.project != nil }) ?? true || options.projectGiven || writes {
      planned.settings.project = moduleOptions.settings.project
    }
    // An earlier modulegen's entry without tests keeps them out, and says so in the record once
    // a run writes its files, as the headers' names.
    planned.settings.noTests =
      recordsNames || options.tests != nil
      ? options.recordsNoTests(recorded) : recorded?.settings.noTests ?? false
    var stale: [StaleFile] = []
    if let record, let recorded {
      let planned = Set(files.map { record.recordedPath($0.path) })
      let candidates = moduleOptions.includeTests ? recorded.allFiles : recorded.files
      for path in candidates.keys.sorted() where !planned.contains(path) {
        stale.append(
          staleFile(
            path, hash: candidates[path]!, module: module.name, record: record,
            fileSystem: fileSystem))
      }
    }
    let testsLackTheApp =
      rendering.template.manifest.variables == .modulegen && rendering.package == nil
      && moduleOptions.settings.testableModule.isEmpty && files.contains { $0.role == .test }
    return ModulePlan(
      module: planned, files: files, stale: stale,
      notes: recorded.map {
        Self.changes(
          from: $0, to: planned,
          noTests: (options.recordedNoTests($0), options.recordsNoTests($0)))
      } ?? [],
      testsLackTheApp: testsLackTheApp)
  }

  /// What a run changes of a recorded module, said as a note: its template, each parameter
  /// the spec or `--set` gives another value ("binding: combine → observation"), or the
  /// template no longer has or newly has, and the headers' author, company and project and whether it
  /// has tests (`noTests`: as recorded, and now), as the command line changes them.
  static func changes(
    from recorded: GenerationRecord.Module, to planned: PlannedModule,
    noTests: (recorded: Bool, now: Bool)
  ) -> [Diagnostic] {
    var changes: [String] = []
    if recorded.template != planned.template {
      changes.append("template: \(recorded.template) → \(planned.template)")
    } else {
      // A parameter a new version of the template dropped or added is said too.
      let before = Dictionary(recorded.params.map { ($0.name, $0.value) }) { a, _ in a }
      let now = Set(planned.params.map(\.name))
      for param in recorded.params where !now.contains(param.name) {
        changes.append("\(param.name): \(param.value) → (dropped: no longer a parameter)")
      }
      for param in planned.params {
        guard let old = before[param.name] else {
          // Not for a module recorded without parameters (a Generamba template's, recorded
          // before its custom parameters were): it has no new one, its record has none yet.
          if !recorded.params.isEmpty { changes.append("\(param.name): (new) → \(param.value)") }
          continue
        }
        guard old != param.value else { continue }
        changes.append("\(param.name): \(old) → \(param.value)")
      }
    }
    // What the command line chose and the record keeps (a record written before it kept the
    // headers' names has none to change).
    func header(_ name: String, _ old: String?, _ new: String?) {
      guard let old, let new, old != new else { return }
      changes.append("\(name): \(old.isEmpty ? "(none)" : old) → \(new.isEmpty ? "(none)" : new)")
    }
    header("author", recorded.settings.author, planned.settings.author)
    header("company", recorded.settings.company, planned.settings.company)
    header("project", recorded.settings.project, planned.settings.project)
    if noTests.recorded != noTests.now {
      changes.append(
        noTests.now ? "test files: generated → none" : "test files: none → generated")
    }
    var notes: [Diagnostic] = []
    if recorded.template == planned.template, let version = planned.templateVersion,
      isOlder(version, than: recorded.templateVersion)
    {
      notes.append(
        Diagnostic(
          .warning,
          message:
            "module '\(planned.name)' was generated with template '\(planned.template)' \(recorded.templateVersion), newer than the \(version) found here ('modulegen templates list' says where it is); generating it again takes it back to \(version)"
        ))
    }
    guard !changes.isEmpty else { return notes }
    return notes + [
      Diagnostic(
        .note,
        message:
          "module '\(planned.name)' changes \(changes.joined(separator: ", ")) (was recorded in \(GenerationRecord.fileName))"
      )
    ]
  }

  /// Whether a template version (MAJOR.MINOR.PATCH) is older than a recorded one; false when
  /// either is not such a version (a recorded template hash).
  static func isOlder(_ version: String, than recorded: String) -> Bool {
    guard TemplateManifest.isVersion(version), TemplateManifest.isVersion(recorded) else {
      return false
    }
    func numbers(_ text: String) -> [Int] { text.split(separator: ".").map { Int($0) ?? 0 } }
    return numbers(version).lexicographicallyPrecedes(numbers(recorded))
  }

  /// The module rendered for `date`, or the files rendered for the same inputs earlier in the
  /// run (a plan made again under the lock renders nothing again).
  mutating func cachedRender(
    _ module: ModuleSpec, date: String, record: GenerationRecord?, options: GenerationOptions
  ) throws -> Rendering {
    let recorded = record?.modules[module.name]
    let key = RenderingCache.Key(module, date: date, recorded: recorded)
    if let cached = renderings.values[module.name], cached.key == key { return cached.rendering }
    var rendering = try render(
      module, date: date, recorded: recorded,
      recordDirectory: recordDirectory(options), options: options)
    placeSharedFiles(of: &rendering, record: record)
    renderings.values[module.name] = (key, rendering)
    return rendering
  }

  /// The date a module is rendered with first: the record's, else the run's (`planModule`
  /// may take another from the headers of its existing files).
  static func firstDate(of recorded: GenerationRecord.Module?, options: GenerationOptions)
    -> String
  {
    recorded?.created ?? options.settings.date
  }

  /// The folder of the generation record, which its paths are relative to.
  func recordDirectory(_ options: GenerationOptions) -> String {
    config?.directory ?? options.currentDirectory
  }

  /// Renders the files of the modules not rendered yet all at once, on every core, so that
  /// planning them finds them rendered: first each module's context and paths, then every
  /// file. A module that fails is left out: planning it renders it again and reports its
  /// problem in its turn.
  mutating func renderAhead(
    _ modules: [ModuleSpec], options: GenerationOptions, record: GenerationRecord?
  ) {
    // Keys and inputs side by side, walked by index: arrays of tuples would be types the
    // runtime makes on first use, at every start.
    var keys: [RenderingCache.Key] = []
    var inputs: [ModuleInputs] = []
    for module in modules {
      let recorded = record?.modules[module.name]
      let key = RenderingCache.Key(
        module, date: Self.firstDate(of: recorded, options: options), recorded: recorded)
      if renderings.values[module.name]?.key == key { continue }
      guard
        let moduleInputs = try? self.inputs(
          module, date: key.date, recorded: recorded,
          recordDirectory: recordDirectory(options), options: options)
      else { continue }
      keys.append(key)
      inputs.append(moduleInputs)
    }
    let (config, folders, directory) = (config, outputFolders, recordDirectory(options))
    let prepared = Array(keys.indices).concurrentMap { [keys, inputs] index in
      let (module, inputs) = (keys[index].module, inputs[index])
      return try? Self.prepare(
        module, inputs: inputs, context: Self.context(module, inputs: inputs, config: config),
        recordDirectory: directory, config: config, folders: folders)
    }
    let pending = prepared.compactMap { $0 }
    // Threads for many modules, not within one: a module's dozen files render in about a
    // millisecond, less than what a second thread costs the process to start and to share.
    let texts = pending.flatMap(\.contents).concurrentMap(perThread: 16) { content in
      Result { try content.render() }
    }
    var next = 0
    for index in prepared.indices {
      guard let module = prepared[index] else { continue }
      let range = next..<next + module.contents.count
      next = range.upperBound
      // A module that fails renders again, alone, where its error is reported.
      guard let rendered = try? texts[range].map({ try $0.get() }) else { continue }
      let rendering = module.filled(with: rendered)
      guard (try? EntityNames.check(keys[index].module, rendering: rendering)) != nil,
        // Its roles' shared methods are checked against a probe that it renders alone.
        SharedRoleMethods.pairs(in: keys[index].module).isEmpty
      else { continue }
      renderings.values[keys[index].module.name] = (keys[index], rendering)
    }
    // In the modules' order, every plan: the first module's shared file is the others'.
    sharedFiles.chosen.removeAll()
    for module in modules {
      guard var entry = renderings.values[module.name] else { continue }
      placeSharedFiles(of: &entry.rendering, record: record)
      renderings.values[module.name] = entry
    }
  }

  /// What happens to a planned file, given what is on disk and what the record says.
  static func action(
    for file: PlannedFile, existing: [UInt8]?, recordedHash: String?, force: Bool
  ) -> PlannedFile.Action {
    let action = file.action(over: existing, force: false)
    guard action == .conflict, let existing else { return action }
    // The developer's file, even with `--force`: only `update` brings changes into it.
    if file.regenerate == .once { return .keep }
    // As modulegen generated it: nobody's edits are lost by regenerating it.
    if let recordedHash, GenerationRecord.hash(existing) == recordedHash { return .update }
    return force ? .overwrite : .conflict
  }

  /// The files of the modules a full run of their spec no longer declares (`removed`, from
  /// `removedModules`): all of them are stale.
  func staleModules(_ record: GenerationRecord, removed: [String]) -> [StaleFile] {
    var stale: [StaleFile] = []
    for name in removed {
      guard let module = record.modules[name] else { continue }
      let files = module.allFiles
      for path in files.keys.sorted() {
        stale.append(
          Self.staleFile(
            path, hash: files[path]!, module: name, record: record, fileSystem: fileSystem))
      }
    }
    return stale
  }

  /// The recorded modules, sorted, that a full run of their spec no longer declares.
  func removedModules(
    _ record: GenerationRecord, planned: [PlannedModule], options: GenerationOptions
  ) -> [String] {
    let specs = Set(options.completeSpecFiles.map(record.recordedPath))
    guard !specs.isEmpty else { return [] }
    let names = Set(planned.map(\.name))
    return record.modules.keys.sorted().filter { name in
      guard !names.contains(name), let spec = record.modules[name]?.settings.spec else {
        return false
      }
      return specs.contains(spec)
    }
  }

  private static func staleFile(
    _ path: String, hash: String, module: String, record: GenerationRecord,
    fileSystem: any FileSystem
  ) -> StaleFile {
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

  /// Files on disk that the record does not have: `check` reports them. `planned`: files of a
  /// module's plan that its record lacks (a record cut short or edited by hand, a module the
  /// record lost: `update` has no base for them), which `gen` records; `otherParameters`: files
  /// the modules' templates write under other values of their choice and bool parameters, and
  /// that neither the plan nor the record has (left by a run whose record was lost), which no
  /// run writes or removes. Absolute paths, sorted.
  func unrecordedFiles(
    in plan: Plan, modules: [ModuleSpec], options: GenerationOptions, record: GenerationRecord
  ) -> (planned: [String], otherParameters: [String]) {
    let byModule = plan.filesByModule
    let specs = Dictionary(modules.map { ($0.name, $0) }) { a, _ in a }
    var found: Set<String> = []
    var other: Set<String> = []
    for planned in plan.modules {
      // A shared file is recorded by the module that writes it. A module a record of other
      // modules lacks (a merge resolved with one side's record, `forget`) has none of its
      // files; without any record (files Generamba or a modulegen before the record wrote),
      // there is nothing to disagree with.
      if let recorded = record.modules[planned.name]?.allFiles
        ?? (record.modules.isEmpty ? nil : [:])
      {
        for file in byModule[planned.name] ?? []
        where !file.isShared && recorded[record.recordedPath(file.path)] == nil
          && fileSystem.fileExists(atPath: file.path)
        {
          found.insert(file.path)
        }
      }
      guard let spec = specs[planned.name], let template = compiled[planned.template],
        template.manifest.variables == .modulegen
      else { continue }
      let files = byModule[planned.name] ?? []
      let known = Set(files.map(\.path)).union(
        (record.modules[planned.name]?.allFiles.keys).map { $0.map(record.absolutePath) } ?? [])
      let roots = Dictionary(files.map { ($0.role, $0.root) }) { a, _ in a }
      // A path that does not use the parameters is the same under every combination.
      let varying = template.files.filter { $0.entry.output.contains("params") }
      let combinations =
        varying.isEmpty ? [[]] : template.manifest.choiceCombinations
      for (index, combination) in combinations.enumerated() {
        var params = planned.params.map { ($0.name, $0.value) }
        for (name, value) in combination {
          guard let i = params.firstIndex(where: { $0.0 == name }) else { continue }
          params[i].1 =
            template.manifest.parameters.first { $0.name == name }?.kind == .bool
            ? .bool(value == "true") : .string(value)
        }
        let context = TemplateContext.make(
          module: spec, template: planned.template, params: params, settings: options.settings,
          templateVersion: planned.templateVersion)
        // A shared file is the other modules' too: theirs to record.
        for file in index == 0 ? template.files : varying where !file.entry.isShared {
          guard let root = roots[file.entry.role],
            let relative = try? file.renderOutput(context).trimmingCharacters(),
            let components = try? PathSafety.components(of: relative)
          else { continue }
          let path = joinPath(root, components.joined(separator: "/"))
          if !known.contains(path) && fileSystem.fileExists(atPath: path)
            && !fileSystem.isDirectory(atPath: path)
          {
            other.insert(path)
          }
        }
      }
    }
    return (found.sorted(), other.subtracting(found).sorted())
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
  /// `sha256:` and a hash of every file of the template and of the shared snippets it can use:
  /// the built-in ones, but for a Generamba template, whose snippets are its own.
  var contentHash: String {
    var sources = [("", source)]
    if manifest.variables != .generamba { sources.append(("common/", .builtin("common"))) }
    return Self.contentHash(of: sources)
  }

  /// The hash of the files of `sources`, each path after its folder's prefix.
  static func contentHash(of sources: [(prefix: String, source: TemplateSource)]) -> String {
    var bytes: [UInt8] = []
    for (prefix, source) in sources {
      for path in source.allFiles() {
        bytes += Array((prefix + path).utf8) + [0]
        bytes += Array((source.read(path) ?? "").utf8) + [0]
      }
    }
    return GenerationRecord.hash(bytes)
  }
}
