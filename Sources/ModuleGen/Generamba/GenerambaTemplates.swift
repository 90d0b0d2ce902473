import Diagnostics
import Liquid

/// The Generamba templates of one run: each found once, its `.rambaspec` rendered with each
/// module's variables, and each distinct rendering compiled once.
final class GenerambaTemplates {
  private var sources: [String: TemplateSource?] = [:]
  private var specTemplates: [String: Template] = [:]
  private var compiled: [String: CompiledTemplate] = [:]
  private var seenTemplates: Set<String> = []
  private var noteTexts: Set<String> = []
  /// Notes about the templates used (case-insensitive paths, keys modulegen has no use for),
  /// each once.
  private(set) var notes: [Diagnostic] = []
  /// Per template, the note that the files a developer fills in are theirs once created: said
  /// by a run that creates one of them (`ownershipNotes(for:)`), not on every run (`check` in
  /// CI, a `gen` that keeps them).
  private var ownership: [String: Diagnostic] = [:]
  /// Whether the run used a Generamba template.
  private(set) var used = false

  /// The template called `name` compiled for `module`; nil when it is not a Generamba template.
  func template(
    named name: String, module: ModuleSpec, config: ProjectConfig?, options: GenerationOptions,
    library: TemplateLibrary
  ) throws -> CompiledTemplate? {
    let source: TemplateSource
    if let known = sources[name] {
      guard let known else { return nil }
      source = known
    } else {
      let found = library.source(named: name)
      sources[name] = found?.rambaspec == nil ? TemplateSource?.none : found
      guard let found, found.rambaspec != nil else { return nil }
      source = found
    }
    used = true
    let context = GenerambaContext.make(module: module, config: config, options: options)
    let template = try Self.compile(
      source, named: name, context: context, flat: config?.generamba?.createLogicalGroups ?? false,
      cache: self)
    if seenTemplates.insert(name).inserted {
      let spec = try rambaspec(source, context: context)
      let developerFiles = (spec.codeFiles + spec.testFiles).filter {
        $0.path != nil && GenerambaOwnership.regenerate(forEntryNamed: $0.name) == .once
      }
      if !developerFiles.isEmpty {
        let message = GenerambaOwnership.developerFilesMessage(
          template: name, files: developerFiles.map(\.name))
        ownership[name] = Diagnostic(.note, message: message)
      }
      if let config {
        addNotes(
          GenerambaDependencies.check(
            spec.dependencies, template: name, config: config, fileSystem: library.fileSystem))
      }
    }
    return template
  }

  /// The ownership notes of the templates whose developer files `plan` creates.
  func ownershipNotes(for files: [PlannedFile], modules: [PlannedModule]) -> [Diagnostic] {
    guard !ownership.isEmpty else { return [] }
    let creating = Set(
      files.filter { $0.action == .create && $0.regenerate == .once }.map(\.module))
    let templates = Set(modules.filter { creating.contains($0.name) }.map(\.template))
    return ownership.filter { templates.contains($0.key) }.sorted { $0.key < $1.key }.map(\.value)
  }

  private func addNotes(_ new: [Diagnostic]) {
    for note in new where noteTexts.insert(note.description).inserted { notes.append(note) }
  }

  /// The .rambaspec rendered with `context` and read.
  private func rambaspec(_ source: TemplateSource, context: LiquidObject) throws -> Rambaspec {
    let rendered = try renderedSpec(source, context: context)
    return try Rambaspec.decode(rendered.text, file: rendered.file)
  }

  private func renderedSpec(_ source: TemplateSource, context: LiquidObject) throws -> (
    text: String, file: String
  ) {
    let file = source.rambaspec ?? ""
    let shown = source.displayPath(file)
    guard let text = source.read(file) else {
      throw Diagnostic(message: LocalFileSystem.cannotReadMessage(shown))
    }
    let template: Template
    if let parsed = specTemplates[shown] {
      template = parsed
    } else {
      do {
        template = try Template(
          parsing: text, name: shown, environment: LiquidEnvironment(filters: .moduleGen))
      } catch {
        throw GenerambaLiquidHints.explain(error.diagnostic)
      }
      specTemplates[shown] = template
    }
    return (try template.render(context), shown)
  }

  /// Renders the .rambaspec, reads it, turns it into a manifest and parses every file, or
  /// returns the template compiled for the same rendering before.
  static func compile(
    _ source: TemplateSource, named name: String, context: LiquidObject, flat: Bool,
    cache: GenerambaTemplates = GenerambaTemplates()
  ) throws -> CompiledTemplate {
    let rendered = try cache.renderedSpec(source, context: context)
    let key = "\(flat)\u{0}\(source.displayRoot)\u{0}\(rendered.text)"
    if let template = cache.compiled[key] { return template }
    let spec = try Rambaspec.decode(rendered.text, file: rendered.file)
    let (manifest, notes) = try spec.manifest(
      named: name, files: source.allFiles(), displayRoot: source.displayRoot, flat: flat)
    cache.addNotes(notes)
    let template: CompiledTemplate
    do {
      template = try CompiledTemplate.compile(
        manifest, from: source, manifestPath: rendered.file, header: nil)
    } catch let error as DiagnosticList {
      throw DiagnosticList(error.diagnostics.map(GenerambaLiquidHints.explain), file: error.file)
    }
    cache.compiled[key] = template
    return template
  }
}
