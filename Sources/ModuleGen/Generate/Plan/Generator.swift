import Diagnostics
import HexDigits
import Liquid

/// Renders modules into a plan: resolves templates and parameters, renders every file and
/// path, checks that no path leaves its output folder, and compares with the disk.
package struct Generator {
  package var library: TemplateLibrary
  package var config: ProjectConfig?
  package var fileSystem: any FileSystem
  var compiled: [String: CompiledTemplate] = [:]
  /// Output folders and file paths: rendered, checked, and where existing folders really lead
  /// (found again for each plan).
  var outputFolders: OutputFolders
  /// The Generamba templates of the run (`.rambaspec`), compiled per module.
  let generambaTemplates = GenerambaTemplates()

  /// Hashes of templates without a version, computed once per run.
  let templateHashes = HashCache()

  /// The last rendering of each module, with what it was rendered from.
  let renderings = RenderingCache()

  final class RenderingCache {
    struct Key: Equatable {
      var module: ModuleSpec
      var date: String
      var params: [PlannedModule.Param]
      var template: String?
      var settings: RecordedSettings?
      var noTests: Bool

      init(_ module: ModuleSpec, date: String, recorded: GenerationRecord.Module?) {
        self.module = module
        self.date = date
        params = recorded?.params ?? []
        template = recorded?.template
        settings = recorded?.settings
        noTests = recorded.map { $0.settings.noTests || $0.isEarlierWithoutTests } ?? false
      }
    }
    var values: [String: (key: Key, rendering: Rendering)] = [:]
  }

  final class HashCache {
    var values: [String: String] = [:]
  }

  /// The package edits of the run, by package, modules and manifest content.
  let packageCache = PackageCache()

  /// The `shared: true` files the plan's modules use (`placeSharedFiles`).
  let sharedFiles = SharedFiles()

  final class PackageCache {
    var values: [String: PackageTargets] = [:]
  }

  package init(library: TemplateLibrary, config: ProjectConfig?, fileSystem: any FileSystem) {
    self.library = library
    self.config = config
    self.fileSystem = fileSystem
    self.outputFolders = OutputFolders(containment: PathContainment(fileSystem: fileSystem))
  }

  /// A module the record has under a name in other Unicode bytes ("é" precomposed, or "e" and a
  /// combining accent): the same name to Swift, whose strings compare so, but another folder to
  /// the file system, so that generating it would leave the recorded one's files unknown.
  static func spelledOtherwise(_ module: ModuleSpec, in record: GenerationRecord) -> Diagnostic? {
    guard let index = record.modules.index(forKey: module.name) else { return nil }
    let recorded = record.modules[index].key
    guard !recorded.utf8.elementsEqual(module.name.utf8) else { return nil }
    func scalars(_ name: String) -> String {
      name.unicodeScalars.filter { !$0.isASCII }.map { "U+" + $0.value.scalarHexDigits }
        .joined(separator: " ")
    }
    return Diagnostic(
      message:
        "module '\(module.name)' is spelled with other Unicode characters (\(scalars(module.name))) than the '\(recorded)' \(GenerationRecord.fileName) records (\(scalars(recorded))): the file system would see another module; write its name as recorded",
      location: module.location)
  }

  package mutating func plan(
    _ modules: [ModuleSpec], options: GenerationOptions, record: GenerationRecord? = nil
  ) throws -> Plan {
    outputFolders.containment = PathContainment(fileSystem: fileSystem)
    var files: [PlannedFile] = []
    var planned: [PlannedModule] = []
    var stale: [StaleFile] = []
    var testsLackTheApp = false
    var problems: [Diagnostic] = []
    var notes: [Diagnostic] = []
    let header = config?.header.map { HeaderOverride(text: $0, map: config?.headerMap) }
    if let record {
      problems += modules.compactMap { Self.spelledOtherwise($0, in: record) }
      if !problems.isEmpty { throw DiagnosticList(problems) }
    }
    renderAhead(modules, options: options, record: record)
    let ready = plansOfModulesRenderedAhead(modules, options: options, record: record)
    for (module, ready) in zip(modules, ready) {
      guard
        let result = try collectingProblems(
          into: &problems, templateErrors: { header?.relocate($0) ?? $0 },
          { try ready?.get() ?? planModule(module, options: options, record: record) })
      else { continue }
      planned.append(result.module)
      files += result.files
      stale += result.stale
      notes += result.notes
      testsLackTheApp = testsLackTheApp || result.testsLackTheApp
    }
    // A problem shared by every module (a template's, the config's) is reported once.
    var seen: Set<String> = []
    problems = problems.filter { seen.insert($0.description).inserted }
    if !problems.isEmpty { throw DiagnosticList(problems) }
    // Where each path is first planned (a position in `files`), and each path in lower case:
    // paths that differ only in case are one file where the file system ignores case (macOS's
    // by default), and there the second would replace the first.
    var byPath: [String: Int] = [:]
    var byLowercasedPath: [String: Int] = [:]
    byPath.reserveCapacity(files.count)
    byLowercasedPath.reserveCapacity(files.count)
    var repeated: Set<Int> = []
    func shown(_ index: Int) -> String {
      PathSafety.shown(files[index].path, from: options.currentDirectory)
    }
    for index in files.indices {
      guard let first = byPath[files[index].path] else {
        byPath[files[index].path] = index
        if let other = byLowercasedPath.updateValue(index, forKey: files[index].path.lowercased()) {
          let modules =
            files[other].module == files[index].module
            ? "module '\(files[index].module)' would write"
            : "modules '\(files[other].module)' and '\(files[index].module)' would write"
          throw Diagnostic(
            message:
              "\(modules) '\(shown(other))' and '\(shown(index))', which differ only in case: one file on a file system that ignores case, as macOS's does by default"
          )
        }
        continue
      }
      // A file the modules share is written once, as the first module renders it.
      if files[first].isShared && files[index].isShared {
        repeated.insert(index)
        continue
      }
      throw Diagnostic(
        message:
          "modules '\(files[first].module)' and '\(files[index].module)' would both write '\(shown(index))'"
      )
    }
    if !repeated.isEmpty {
      files = files.indices.filter { !repeated.contains($0) }.map { files[$0] }
    }
    try refuseLinksToOtherModules(files, record: record)
    // The recorded modules a full run of their spec no longer declares.
    let removed = record.map { removedModules($0, planned: planned, options: options) } ?? []
    if let record { stale += staleModules(record, removed: removed) }
    // A shared file stays while a module of the plan or of the record still has it. A module
    // the run no longer generates (its spec does not declare it) drops it from its own entry
    // (`elsewhere`): its entry is not made again, and would keep it, and itself, for good. Of
    // such modules only, the first by name keeps it stale, for the others: it is pruned once.
    let holders = stale.isEmpty ? [:] : record.map(Self.modulesByRecordedPath) ?? [:]
    let plannedNames = Set(planned.map(\.name))
    let removedNames = Set(removed)
    stale = stale.compactMap { file in
      let others = record.map { holders[$0.recordedPath(file.path), default: []] } ?? []
      if plannedNames.contains(file.module) {
        return byPath[file.path] != nil || others.contains { $0 != file.module } ? nil : file
      }
      let kept =
        byPath[file.path] != nil
        || others.contains {
          $0 != file.module && (!removedNames.contains($0) || $0 < file.module)
        }
      guard kept else { return file }
      var file = file
      file.state = .elsewhere
      return file
    }
    stale = Self.leavingFilesOfThePlan(stale, files: files, planned: plannedNames)
    let leftOver = record.map { staleRegistrations($0, planned: planned, removed: removed) } ?? []
    // Outside the record's folder, a registration is removed only from a file the run's
    // modules register in: the record, which anyone can edit, never has a file elsewhere edited.
    let top = recordDirectory(options)
    let registered = Set(planned.flatMap(\.registrations).map(\.path))
    let mayEdit = { (registration: PlannedRegistration) in
      PathSafety.isInside(registration.path, top) || registered.contains(registration.path)
    }
    let prunedRegistrations = options.prune ? leftOver.filter(mayEdit) : []
    let refusedRegistrations = options.prune ? leftOver.filter { !mayEdit($0) } : []
    let edits = try registrationEdits(
      planned.flatMap(\.registrations), removing: prunedRegistrations, options: options)
    files += edits.map(\.file)
    let packages = try packageEdits(
      planned, files: files, specs: modules, options: options, record: record)
    files += packages.map(\.file)
    var plan = Plan(
      files: files, modules: planned, stale: stale,
      notes: generambaTemplates.notes
        + generambaTemplates.ownershipNotes(for: files, modules: planned) + notes
        + packages.flatMap(\.notes))
    plan.registrationEdits = edits
    plan.packageTargets = packages
    plan.staleRegistrations = leftOver
    plan.prunedRegistrations = prunedRegistrations
    plan.refusedRegistrations = refusedRegistrations
    plan.force = options.force
    plan.testsLackTheApp = testsLackTheApp
    return plan
  }

  // MARK: - One module

  private mutating func template(
    named name: String, for module: ModuleSpec, options: GenerationOptions,
    location: SourceLocation?
  ) throws -> CompiledTemplate {
    if let cached = compiled[name] { return cached }
    if let generamba = try generambaTemplates.template(
      named: name, module: module, config: config, options: options, library: library)
    {
      return generamba
    }
    let template: CompiledTemplate
    do {
      template = try library.compile(
        named: name, header: config?.header, headerMap: config?.headerMap)
    } catch var error as Diagnostic where error.location == nil {
      error.location = location
      // A Generamba project's templates are installed, not committed (`Templates/` is often
      // ignored): one its config declares but that is not there is one to install.
      if let declared = config?.generamba?.templates.first(where: { $0.name == name }),
        library.source(named: name) == nil
      {
        error.message += Self.declaredTemplateMissingMessage
        error.location = location ?? declared.location
      }
      throw error
    }
    compiled[name] = template
    return template
  }

  /// The module's template, resolved parameters and rendered files, for a date.
  struct Rendering {
    var template: CompiledTemplate
    var params: [(String, ModuleSpec.ParamValue)]
    var files: [PlannedFile]
    /// The output folders given on the command line (now or when the module was recorded).
    var output: String?
    var testsOutput: String?
    /// The local Swift package (absolute) the module becomes a target of.
    var package: String? = nil
    /// The snippets its template registers in the app's files.
    var registrations: [PlannedRegistration] = []
    /// The description given on the command line (now or when the module was recorded), for a
    /// module no spec declares.
    var description: String? = nil
  }

  /// A module's files with their paths, their texts still to render.
  struct PendingRendering {
    /// Its files' `bytes` and `renderedHash` are not set yet.
    var rendering: Rendering
    /// For each file of `rendering`, in order.
    var contents: [FileContent]

    /// The rendering, with the rendered texts (in the order of `contents`).
    func filled(with texts: [RenderedText]) -> Rendering {
      var rendering = rendering
      for (i, text) in texts.enumerated() {
        rendering.files[i].bytes = text.bytes
        rendering.files[i].renderedHash = text.hash
      }
      return rendering
    }
  }

  /// A file's template and the context it renders with: rendered on any thread.
  struct FileContent: Sendable {
    var template: Template
    /// The module's variables, shared by its files; each file's own name is set as it renders.
    var context: LiquidObject
    var fileName: String
    /// Whether the file's name is also the top-level `file_name` (modulegen's templates; a
    /// Generamba template has only `module_info.file_name`).
    var setsFileName: Bool
    /// The modules the file must not import, when its template says so.
    var forbiddenImports: ForbiddenImports?

    func render() throws -> RenderedText {
      var context = context
      Self.setFileName(fileName, in: &context, topLevel: setsFileName)
      let text = try template.render(context)
      try forbiddenImports?.check(text)
      let bytes = Array(text.utf8)
      return RenderedText(bytes: bytes, hash: GenerationRecord.hash(bytes))
    }

    static func setFileName(_ name: String, in context: inout LiquidObject, topLevel: Bool) {
      if topLevel { context["file_name"] = .string(name) }
      if case .object(var info) = context["module_info"] {
        info["file_name"] = .string(name)
        context["module_info"] = .object(info)
      }
    }
  }

  struct RenderedText: Sendable {
    var bytes: [UInt8]
    var hash: String
  }

  /// `recorded`: the module's entry in the generation record (in `recordDirectory`), whose
  /// parameters and command-line output folders the module keeps unless they are set again.
  mutating func render(
    _ module: ModuleSpec, date: String, recorded: GenerationRecord.Module?,
    recordDirectory: String, options: GenerationOptions
  ) throws -> Rendering {
    let pending = try prepare(
      module, date: date, recorded: recorded, recordDirectory: recordDirectory, options: options)
    do {
      let rendering = pending.filled(with: try pending.contents.map { try $0.render() })
      try EntityNames.check(module, rendering: rendering)
      let pairs = SharedRoleMethods.pairs(in: module)
      if !pairs.isEmpty {
        var probe = TemplateShape.probe(
          named: module.name, template: rendering.template.manifest.name)
        probe.params = rendering.params.map { ModuleSpec.Param(name: $0.0, value: $0.1) }
        // A custom template that cannot render the probe's markers is not checked.
        if let probed = try? render(
          probe, date: date, recorded: nil, recordDirectory: recordDirectory, options: options)
        {
          try SharedRoleMethods.check(pairs, probe: probed, module: module)
        }
      }
      return rendering
    } catch {
      // Snippets parsed on first use: a broken one is reported as compiling up front does.
      try pending.rendering.template.checkEveryPartial()
      throw error
    }
  }

  /// Everything of a module's rendering but its files' texts: the template, the parameters,
  /// and each file's path and context.
  mutating func prepare(
    _ module: ModuleSpec, date: String, recorded: GenerationRecord.Module?,
    recordDirectory: String, options: GenerationOptions
  ) throws -> PendingRendering {
    let inputs = try self.inputs(
      module, date: date, recorded: recorded, recordDirectory: recordDirectory, options: options)
    return try Self.prepare(
      module, inputs: inputs, context: Self.context(module, inputs: inputs, config: config),
      recordDirectory: recordDirectory, config: config, folders: outputFolders)
  }

  /// What a module renders with, but its variables: its template, its parameters and the
  /// options with its creation date.
  struct ModuleInputs: Sendable {
    /// The name the module or the config gives its template.
    var templateName: String
    var template: CompiledTemplate
    var params: [(String, ModuleSpec.ParamValue)]
    var options: GenerationOptions
    /// The module's recorded entry, when it was recorded with this template.
    var recorded: GenerationRecord.Module?
    /// The local Swift package (absolute) the module becomes a target of.
    var package: String?
    var isGenerambaTemplate: Bool { template.manifest.variables == .generamba }

    /// The module with its recorded description when nothing gives one: a module no spec
    /// declares keeps the one given on the command line (`--description`) when it was recorded.
    func described(_ module: ModuleSpec) -> ModuleSpec {
      guard module.description == nil, module.specFile == nil,
        let description = recorded?.settings.description
      else { return module }
      var module = module
      module.description = description
      return module
    }
  }

  mutating func inputs(
    _ module: ModuleSpec, date: String, recorded: GenerationRecord.Module?,
    recordDirectory: String, options: GenerationOptions
  ) throws -> ModuleInputs {
    guard let templateName = module.template ?? config?.template else {
      throw Diagnostic(
        message:
          "module '\(module.name)' names no template, and there is no default 'template' in .modulegen.yml",
        location: module.location)
    }
    // The module's creation date, whatever the run's date is, and what its record keeps of
    // the command line it was generated with.
    var options = options.forModule(recorded)
    options.settings.date = date
    let package = try packageFolder(
      of: module, recorded: recorded, recordDirectory: recordDirectory, options: options)
    // A target of its own package: its tests `@testable import` the module's target.
    if package != nil { options.settings.module = module.name }
    let template: CompiledTemplate
    do {
      template = try self.template(
        named: templateName, for: module, options: options,
        location: module.template != nil
          ? module.templateLocation : config?.locations.values["template"])
    } catch var error as Diagnostic
      where module.specFile == nil && recorded != nil && module.template == recorded?.template
      && library.source(named: templateName) == nil
    {
      // A template removed since the module was generated from it: the module is named, and
      // the way on.
      error.message += Self.recordedTemplateMissingMessage(module: module.name)
      throw error
    }
    // Recorded values belong to the module they were recorded for, with its template.
    let recorded = recorded?.template == template.manifest.name ? recorded : nil
    // A Generamba template's custom parameters are free-form, and recorded as they were given.
    let params =
      template.manifest.variables == .generamba
      ? GenerambaContext.parameters(
        module: module, config: config, options: options, recorded: recorded?.params ?? [])
      : try resolveParams(
        module, template.manifest, recorded: recorded,
        recordedWithThisTemplate: recorded.map {
          !$0.params.isEmpty
            && $0.templateVersion == (template.manifest.version ?? templateHash(template))
        } ?? false, recordDirectory: recordDirectory, options: options)
    return ModuleInputs(
      templateName: templateName, template: template, params: params, options: options,
      recorded: recorded, package: package)
  }

  /// The variables a module's files render with. Reads nothing but its arguments: a batch
  /// makes its modules' contexts on every core.
  static func context(_ module: ModuleSpec, inputs: ModuleInputs, config: ProjectConfig?)
    -> LiquidObject
  {
    let module = inputs.described(module)
    return inputs.isGenerambaTemplate
      ? GenerambaContext.make(
        module: module, config: config, options: inputs.options, parameters: inputs.params)
      : TemplateContext.make(
        module: module, template: inputs.template.manifest.name, params: inputs.params,
        settings: inputs.options.settings, templateVersion: inputs.template.manifest.version)
  }

  /// The module's files planned from its inputs and context: their paths, checked, and the
  /// context each renders with.
  /// Reads nothing but its arguments and the disk: a batch prepares its modules on every core.
  static func prepare(
    _ module: ModuleSpec, inputs: ModuleInputs, context: LiquidObject, recordDirectory: String,
    config: ProjectConfig?, folders: OutputFolders
  ) throws -> PendingRendering {
    let module = inputs.described(module)
    let (templateName, template, params, options, recorded, package) = (
      inputs.templateName, inputs.template, inputs.params, inputs.options, inputs.recorded,
      inputs.package
    )
    let generamba = inputs.isGenerambaTemplate
    // Output folder patterns use modulegen's variables (`{{ module }}`) for every template.
    let patternContext =
      generamba
      ? GenerambaContext.patternContext(
        module: module, template: templateName, parameters: params, options: options) : context

    let projectBase = config?.directory ?? options.currentDirectory
    // A folder given on the command line is recorded, and used again when no option or spec
    // says otherwise.
    let recordedOutput =
      options.output == nil && module.output == nil ? recorded?.settings.output : nil
    let recordedTestsOutput =
      options.testsOutput == nil && module.testsOutput == nil ? recorded?.settings.testsOutput : nil
    // In a package, the module's folders are its targets' unless something says otherwise.
    let packageFolders = package.map { PackageTargets.folders(in: $0) }
    // The default folders (./NAME, ./NAMETests) of a new module are the current folder's: from
    // another folder than the record's (below the config's), they are recorded as --output's
    // are, so that a run from anywhere (CI's, from the top) finds the module where it is. A
    // recorded module's are the record's folder's, where it was recorded without them, unless
    // its files are the current folder's (an earlier modulegen recorded it without them).
    let here = normalizePath(options.currentDirectory)
    let top = normalizePath(recordDirectory)
    var defaultBase = here
    if let recorded, here != top {
      let below = PathSafety.relative(here, climbingFrom: top) + "/"
      if !recorded.files.keys.contains(where: { $0.hasPrefix(below) })
        && !recorded.testFiles.keys.contains(where: { $0.hasPrefix(below) })
      {
        defaultBase = top
      }
    }
    let defaultCode =
      defaultBase != top && options.output == nil && module.output == nil
      && packageFolders == nil && config?.output == nil
    let defaultTests =
      defaultBase != top && options.testsOutput == nil && module.testsOutput == nil
      && packageFolders == nil && config?.testsOutput == nil
    let codeRoot = try folders.root(
      options.output.map { ($0, options.currentDirectory, nil) }
        ?? module.output.map { ($0, projectBase, module.outputLocation) }
        ?? packageFolders.map { ($0.code, "/", nil) }
        ?? config?.output.map { ($0, projectBase, config?.locations.values["output"]) }
        ?? (Self.defaultOutput, defaultBase, nil),
      recorded: recordedOutput.map { GenerationRecord.absolutePath($0, in: recordDirectory) },
      context: patternContext, what: Self.outputFolder, record: recordDirectory,
      option: options.output.map { _ in options.outputOption })
    let testsRoot = try folders.root(
      options.testsOutput.map { ($0, options.currentDirectory, nil) }
        ?? module.testsOutput.map { ($0, projectBase, module.testsOutputLocation) }
        ?? packageFolders.map { ($0.tests, "/", nil) }
        ?? config?.testsOutput.map { ($0, projectBase, config?.locations.values["tests_output"]) }
        ?? (Self.defaultTestsOutput, defaultBase, nil),
      recorded: recordedTestsOutput.map { GenerationRecord.absolutePath($0, in: recordDirectory) },
      context: patternContext, what: Self.testsOutputFolder, record: recordDirectory,
      option: options.testsOutput.map { _ in options.testsOutputOption })

    var files: [PlannedFile] = []
    var contents: [FileContent] = []
    // What a file's `when` and output path see: the name of the file planned before it.
    var pathContext = context
    var links:
      [(path: String, target: String, relative: String, entry: TemplateManifest.FileEntry)] = []
    // The entry that renders each path: two of one template that render one path are its error.
    var entryOfPath: [String: TemplateManifest.FileEntry] = [:]
    for file in template.files {
      if file.entry.role == .test && !options.includeTests { continue }
      guard try file.isIncluded(pathContext) else { continue }
      let relative = try file.renderOutput(pathContext).trimmingCharacters()
      let moduleRoot = file.entry.role == .code ? codeRoot : testsRoot
      let root =
        file.entry.isShared && package == nil
        ? Self.sharedRoot(moduleRoot, module: module.name) : moduleRoot
      let (path, linkTarget) = try folders.safePath(
        relative, in: root, entry: file.entry, template: template)
      if let other = entryOfPath.updateValue(file.entry, forKey: path) {
        throw folders.refusal(
          relative, why: "'\(other.template)' renders too (one file cannot hold both)",
          entry: file.entry, template: template)
      }
      if let linkTarget {
        links.append((path, linkTarget, relative, file.entry))
      }
      let fileName = lastPathComponent(path)
      FileContent.setFileName(fileName, in: &pathContext, topLevel: !generamba)
      let forbidden =
        file.entry.neverImports.isEmpty
        ? nil
        : ForbiddenImports(
          modules: file.entry.neverImports, fileName: fileName,
          template: template.manifest.name, module: module)
      contents.append(
        FileContent(
          template: file.content, context: context, fileName: fileName, setsFileName: !generamba,
          forbiddenImports: forbidden))
      var planned = PlannedFile(
        module: module.name, role: file.entry.role,
        regenerate: file.entry.isShared ? .once : file.entry.regenerate,
        root: root, path: path, bytes: [], action: .create)
      planned.isResource = file.entry.isResource
      planned.isShared = file.entry.isShared
      planned.templateFile = template.source.displayPath(file.entry.template)
      planned.linkTarget = linkTarget
      files.append(planned)
    }
    try folders.refuseLinksBetween(
      files, links: links, recordDirectory: recordDirectory, template: template)
    var registrations: [PlannedRegistration] = []
    if !generamba {
      for registration in template.registrations {
        if let planned = try registration.render(
          context, module: module.name, base: projectBase, refusing: folders.refusing)
        {
          registrations.append(planned)
        }
      }
    }
    let rendering = Rendering(
      template: template, params: params, files: files,
      output: options.output != nil || defaultCode
        ? codeRoot : recordedOutput.map { _ in codeRoot },
      testsOutput: options.testsOutput != nil || defaultTests
        ? testsRoot : recordedTestsOutput.map { _ in testsRoot }, package: package,
      registrations: registrations, description: module.specFile == nil ? module.description : nil)
    return PendingRendering(rendering: rendering, contents: contents)
  }

  /// `stale` without the files that are files of the plan under another path: through a
  /// symbolic link, or in other letters' case on a file system that ignores it (macOS's): `gen
  /// --prune` removed a file the plan writes. Told by device and inode, of the files there are,
  /// looked at only when there is a stale file on disk.
  static func leavingFilesOfThePlan(
    _ stale: [StaleFile], files: [PlannedFile], planned: Set<String>
  ) -> [StaleFile] {
    guard stale.contains(where: \.isStillThere) else {
      return stale
    }
    func identity(_ path: String) -> [UInt64]? {
      FileSignature(currentOf: path).map { [$0.device, $0.inode] }
    }
    let ofThePlan = Set(files.compactMap { identity($0.path) })
    return stale.compactMap { file in
      guard file.isStillThere,
        let id = identity(file.path), ofThePlan.contains(id)
      else { return file }
      // The plan's module records it again; a module the run no longer generates drops it.
      guard !planned.contains(file.module) else { return nil }
      var file = file
      file.state = .elsewhere
      return file
    }
  }

  /// The modules that record each path (the record's folder-relative paths): several for a
  /// file the modules share.
  static func modulesByRecordedPath(_ record: GenerationRecord) -> [String: [String]] {
    var modules: [String: [String]] = [:]
    for (name, module) in record.modules {
      for path in module.files.keys { modules[path, default: []].append(name) }
      for path in module.testFiles.keys { modules[path, default: []].append(name) }
    }
    return modules
  }

  /// What messages about the output folders call them.
  static let outputFolder = "output folder"
  static let testsOutputFolder = "tests output folder"

  /// The output folders' patterns when no option, spec or config sets them.
  static let defaultOutput = "{{ module }}"
  static let defaultTestsOutput = "{{ module }}Tests"

  /// Renders the config's output patterns for a module without a template, as `validate`
  /// checks a config whose default template is missing; patterns that use parameters are left
  /// to the specs that name their template.
  func checkConfigPatterns(for module: ModuleSpec, options: GenerationOptions) throws {
    guard let config else { return }
    let context = TemplateContext.make(
      module: module, template: "", params: [], settings: options.settings)
    let base = config.directory ?? options.currentDirectory
    var problems: [Diagnostic] = []
    for (key, pattern, what) in [
      ("output", config.output, Self.outputFolder),
      ("tests_output", config.testsOutput, Self.testsOutputFolder),
    ] {
      guard let pattern, !pattern.contains("params") else { continue }
      _ = try collectingProblems(into: &problems) {
        try outputFolders.root(
          (pattern, base, config.locations.values[key]), context: context, what: what,
          record: recordDirectory(options))
      }
    }
    if !problems.isEmpty { throw DiagnosticList(problems) }
  }

  // MARK: - Parameters

  /// Said after "no template named …" for a template the config's `templates:` declares.
  static let declaredTemplateMissingMessage =
    "; 'templates:' declares it, and 'modulegen templates install' installs it (as 'generamba template install' did)"

  /// Said after "no template named …" for a module recorded with that template.
  static func recordedTemplateMissingMessage(module: String) -> String {
    "; \(GenerationRecord.fileName) records '\(module)' as generated from it: restore the template, or name another (gen \(module) TEMPLATE; --prune then removes the files it no longer has)"
  }

  /// Where a recorded value comes from, in a message about it: with the way to replace it.
  static func recordedOrigin(module: String, parameter: String) -> String {
    "recorded for '\(module)' in \(GenerationRecord.fileName); --set \(parameter)=VALUE replaces it"
  }

  /// The template's defaults, then the config's values for parameters the template declares,
  /// then the values recorded for the module, then the spec's, then `--set`.
  private func resolveParams(
    _ module: ModuleSpec, _ manifest: TemplateManifest, recorded: GenerationRecord.Module?,
    recordedWithThisTemplate: Bool, recordDirectory: String, options: GenerationOptions
  ) throws
    -> [(String, ModuleSpec.ParamValue)]
  {
    var values: [String: ModuleSpec.ParamValue] = [:]
    for parameter in manifest.parameters { values[parameter.name] = parameter.defaultValue }
    var problems: [Diagnostic] = []
    /// `location`: the value's; `nameLocation`: the name's, for a name the template lacks;
    /// `fromRecord`: a value the record gives, located in its text when there is a problem.
    func set(
      _ name: String, _ value: ModuleSpec.ParamValue, location: SourceLocation?,
      nameLocation: SourceLocation? = nil, strict: Bool, origin: String, fromRecord: Bool = false
    ) {
      // Read from the record's text only for a problem: a run reads no locations otherwise.
      func recorded(ofName: Bool) -> SourceLocation? {
        guard fromRecord else { return nil }
        let path = joinPath(recordDirectory, GenerationRecord.fileName)
        return GenerationRecord.parameterLocation(
          name, ofName: ofName, module: module.name, atPath: path,
          shown: PathSafety.shown(path, from: options.currentDirectory), fileSystem: fileSystem)
      }
      func problemLocation() -> SourceLocation? { location ?? recorded(ofName: false) }
      guard let parameter = manifest.parameters.first(where: { $0.name == name }) else {
        if strict {
          // One the record gives was mistyped there: `--set` would not take that name either.
          var message =
            fromRecord
            ? "template '\(manifest.name)'\(manifest.version.map { " " + $0 } ?? "") has no parameter '\(name)', which \(GenerationRecord.fileName) records for '\(module.name)' with \(manifest.version == nil ? "the template as it is" : "that version of it")"
            : "template '\(manifest.name)' has no parameter '\(name)' (\(origin))"
          let known = manifest.parameters.map(\.name)
          message +=
            known.isEmpty ? "; it takes none" : "; it takes: \(known.joined(separator: ", "))"
          message += didYouMean(name, in: known)
          problems.append(
            Diagnostic(
              message: message, location: nameLocation ?? recorded(ofName: true) ?? location))
        }
        return
      }
      switch (parameter.kind, value) {
      case (.bool, .bool): values[name] = value
      case (.bool, .string(let s))
      where ["true", "yes", "on", "false", "no", "off"].contains(s.lowercased()):
        values[name] = .bool(["true", "yes", "on"].contains(s.lowercased()))
      case (.bool, _):
        problems.append(
          Diagnostic(
            message:
              "parameter '\(name)' of template '\(manifest.name)' is true or false, not '\(value)' (\(origin))",
            location: problemLocation()))
      case (.choice, _):
        let text = value.misreadWord(at: location) ?? value.description
        guard parameter.values.contains(text) else {
          var message =
            "'\(text)' is not a value of '\(name)' (\(origin)); template '\(manifest.name)' allows: \(parameter.values.joined(separator: ", "))"
          message += didYouMean(text, in: parameter.values)
          problems.append(Diagnostic(message: message, location: problemLocation()))
          return
        }
        values[name] = .string(text)
      case (.string, _):
        // Text as the file writes it: a plain `yes` or `010` is the word, not YAML's true or 8.
        values[name] = .string(value.misreadWord(at: location) ?? value.description)
      }
    }
    // A value the spec or --set gives replaces the config's and the record's unread, so that
    // giving one mends a value a new version of the template no longer takes.
    let given = Set(module.params.map(\.name) + options.setParams.map(\.0))
    for param in config?.params ?? [] where !given.contains(param.name) {
      set(
        param.name, param.value, location: param.location, strict: false, origin: ".modulegen.yml")
    }
    // The module's own values, as recorded: kept unless the spec or --set changes them. The
    // template they were recorded with (its version, or for one without, its hash) has every
    // one of them: a name it lacks was mistyped in the record (a later version that dropped it
    // is only noted).
    for param in recorded?.params ?? [] where !given.contains(param.name) {
      set(
        param.name, param.value, location: nil, strict: recordedWithThisTemplate,
        origin: Self.recordedOrigin(module: module.name, parameter: param.name), fromRecord: true)
    }
    for param in module.params {
      set(
        param.name, param.value, location: param.location, nameLocation: param.nameLocation,
        strict: true, origin: "module spec")
    }
    for (name, text) in options.setParams {
      set(name, .string(text), location: nil, strict: true, origin: "--set")
    }
    for parameter in manifest.parameters where values[parameter.name] == nil {
      problems.append(
        Diagnostic(
          message:
            "template '\(manifest.name)' needs parameter '\(parameter.name)'; set it with --set \(parameter.name)=VALUE"
        ))
    }
    if !problems.isEmpty { throw DiagnosticList(problems) }
    return manifest.parameters.map { ($0.name, values[$0.name]!) }
  }
}
