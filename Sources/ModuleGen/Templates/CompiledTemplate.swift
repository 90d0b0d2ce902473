import Diagnostics
import Liquid

/// A template with its manifest read and every file parsed: ready to render modules.
package struct CompiledTemplate: Sendable {
  package var manifest: TemplateManifest
  package var source: TemplateSource
  var files: [CompiledFile]
  /// The manifest's `register:` entries, parsed.
  var registrations: [CompiledRegistration] = []
  /// Where its files' `include` and `render` find partials: the config's `header:`, the
  /// template's snippets, then the built-in shared ones (but for a Generamba template).
  var partials: any PartialLoader
  /// When its partials are parsed on first use: the same template compiled with every partial
  /// parsed up front, for the problems that compiling it so reports.
  var compiledUpFront: (@Sendable () throws -> CompiledTemplate)?

  struct CompiledFile: Sendable {
    var entry: TemplateManifest.FileEntry
    var content: Template
    var output: Template
    var condition: Template?

    /// A `when` condition is parsed as `{% if CONDITION %}1{% endif %}`.
    static let conditionPrefix = "{% if "

    static func outputName(_ entry: TemplateManifest.FileEntry, _ manifest: String) -> String {
      manifest + " (output of \(entry.template))"
    }

    static func conditionName(_ entry: TemplateManifest.FileEntry, _ manifest: String) -> String {
      manifest + " (when of \(entry.template))"
    }

    /// Renders the output path; an error inside it is reported where it is in template.yml.
    func renderOutput(_ context: LiquidObject) throws -> String {
      do {
        return try output.render(context)
      } catch {
        throw entry.outputMap.diagnostic(
          for: error, named: output.name, message: { "in 'output' '\(entry.output)': \($0)" })
      }
    }

    /// Whether the file is generated; an error inside `when` is reported where it is.
    func isIncluded(_ context: LiquidObject) throws -> Bool {
      guard let condition, let when = entry.when, let map = entry.whenMap else { return true }
      do {
        return try condition.render(context) == "1"
      } catch {
        throw map.diagnostic(
          for: error, named: condition.name, prefixLength: Self.conditionPrefix.count,
          message: { "in the 'when' condition '\(when)': \($0)" })
      }
    }
  }

  /// Reads and parses everything; every problem in the manifest or a template is an error with
  /// its location. `header` replaces the `header` partial (the project config's header, which
  /// `headerMap` locates in the config for errors). With `partials: .onFirstUse`, the snippets
  /// are parsed as renders reach them: `checkEveryPartial()` finds the problems of the others.
  package static func compile(
    _ source: TemplateSource, header: String? = nil, partials: PartialParsing = .upFront
  ) throws -> CompiledTemplate {
    try compile(source, header: header, headerMap: nil, partials: partials)
  }

  static func compile(
    _ source: TemplateSource, header: String?, headerMap: ScalarMap?,
    partials: PartialParsing = .upFront
  ) throws -> CompiledTemplate {
    let manifestPath = source.displayPath("template.yml")
    guard let manifestText = try source.load("template.yml") else {
      throw Diagnostic(message: noManifestMessage(in: source.displayRoot))
    }
    let manifest = try TemplateManifest.decode(manifestText, file: manifestPath)
    return try compile(
      manifest, from: source, manifestPath: manifestPath, header: header, headerMap: headerMap,
      partials: partials)
  }

  /// Parses the files of a manifest already read (a template.yml, or a translated .rambaspec).
  static func compile(
    _ manifest: TemplateManifest, from source: TemplateSource, manifestPath: String,
    header: String?, headerMap: ScalarMap? = nil, partials: PartialParsing = .upFront
  ) throws -> CompiledTemplate {
    let generamba = manifest.variables == .generamba
    var loaders: [any PartialLoader] = []
    // A Generamba template's own `header` snippet is part of its output.
    let headerOverride = generamba ? nil : header.map { HeaderOverride(text: $0, map: headerMap) }
    if let headerOverride { loaders.append(headerOverride) }
    loaders.append(SnippetLoader(sources: generamba ? [source] : [source, .builtin("common")]))
    let partialLoader = ChainedPartialLoader(loaders: loaders)
    let environment = LiquidEnvironment(
      filters: .moduleGen, partialLoader: partialLoader, strictVariables: !generamba)
    var problems: [Diagnostic] = []
    // The entries whose files were read, and beside them each file's name and text (apart, so
    // that an entry, a large value, is copied only where it is kept).
    var entries: [TemplateManifest.FileEntry] = []
    var sources: [(name: String, text: String)] = []
    for entry in manifest.files {
      let text: String?
      do {
        text = try source.load(entry.template)
      } catch {
        // A problem inside the file (bytes that are not UTF-8) is reported where it is.
        problems.append(
          error.location == nil
            ? Diagnostic(
              message: "template file \(error.message)", location: entry.templateLocation)
            : Diagnostic(
              message: error.message, location: error.location,
              notes: ["note: named at \(entry.templateLocation)"]))
        continue
      }
      guard let text else {
        problems.append(
          Diagnostic(
            message: missingTemplateFileMessage(entry.template, in: source.displayRoot),
            location: entry.templateLocation))
        continue
      }
      entries.append(entry)
      sources.append((source.displayPath(entry.template), text))
    }
    // The files share their partials: parse them together, each partial once.
    var contents: [Template] = []
    do {
      contents = try Template.parseGroup(sources, environment: environment, partials: partials)
    } catch {
      // Report the problem of every file, not only the first.
      for file in sources {
        do {
          _ = try Template(parsing: file.text, name: file.name, environment: environment)
        } catch {
          problems.append(error.diagnostic)
        }
      }
      if problems.isEmpty { problems.append(error.diagnostic) }
    }
    var files: [CompiledFile] = []
    for (entry, content) in zip(entries, contents) {
      let output: Template
      do {
        output = try Template(
          parsing: entry.output, name: CompiledFile.outputName(entry, manifestPath),
          environment: environment)
      } catch {
        problems.append(
          entry.outputMap.diagnostic(
            for: error, named: CompiledFile.outputName(entry, manifestPath),
            message: { "invalid 'output' path '\(entry.output)': \($0)" }))
        continue
      }
      var condition: Template?
      if let when = entry.when, let map = entry.whenMap {
        do {
          condition = try Template(
            parsing: CompiledFile.conditionPrefix + when + " %}1{% endif %}",
            name: CompiledFile.conditionName(entry, manifestPath), environment: environment)
        } catch {
          problems.append(
            map.diagnostic(
              for: error, named: CompiledFile.conditionName(entry, manifestPath),
              prefixLength: CompiledFile.conditionPrefix.count,
              message: { "invalid 'when' condition '\(when)': \($0)" }))
          continue
        }
      }
      files.append(
        CompiledFile(entry: entry, content: content, output: output, condition: condition))
    }
    let registrations = CompiledRegistration.compile(
      manifest, manifestPath: manifestPath, environment: environment, problems: &problems)
    // The config's header is included by every file: its problem is reported once, in the
    // config.
    if let headerOverride { problems = problems.map(headerOverride.relocate) }
    var seen: Set<String> = []
    problems = problems.filter { seen.insert($0.description).inserted }
    if !problems.isEmpty { throw DiagnosticList(problems, file: source.displayRoot) }
    var compiled = CompiledTemplate(
      manifest: manifest, source: source, files: files, registrations: registrations,
      partials: partialLoader)
    if partials == .onFirstUse {
      compiled.compiledUpFront = {
        try compile(
          manifest, from: source, manifestPath: manifestPath, header: header,
          headerMap: headerMap)
      }
    }
    return compiled
  }

  /// Reports the problems of every partial as compiling with them parsed up front does (every
  /// file's, whether a render reaches it or not), when they were left to be parsed on first use:
  /// what a failed render calls, so that a broken snippet reads the same either way.
  func checkEveryPartial() throws {
    _ = try compiledUpFront?()
  }
}

extension CompiledTemplate {
  /// A template folder without its manifest; `folder` as the user wrote it.
  static func noManifestMessage(in folder: String) -> String { "no template.yml in '\(folder)'" }

  /// A file a manifest names that its template folder does not have; `root` as shown.
  static func missingTemplateFileMessage(_ file: String, in root: String) -> String {
    "template file '\(file)' is not in \(root)"
  }
}
