import Liquid

/// Where a template's files come from: a folder on disk, or the binary itself.
public struct TemplateSource: Sendable {
  public enum Kind: String, Sendable {
    case builtin = "built-in"
    case user
    case project
    case folder
  }

  public var kind: Kind
  /// How errors name the template's files: `Templates/viper`, `<built-in>/viper`.
  public var displayRoot: String
  /// The folder on disk; nil for built-in templates.
  public var directory: String?
  /// A file's text by its path relative to the template folder; nil if there is none.
  public var read: @Sendable (String) -> String?
  /// Every file's relative path, sorted.
  public var allFiles: @Sendable () -> [String]
  /// For a Generamba template (a folder `T` with `T.rambaspec` and no template.yml), the
  /// .rambaspec's file name; nil for a modulegen template.
  package var rambaspec: String? = nil

  public func displayPath(_ relative: String) -> String { joinPath(displayRoot, relative) }

  /// A template folder on disk.
  public static func directory(
    _ path: String, kind: Kind, displayRoot: String, fileSystem: any FileSystem
  ) -> TemplateSource {
    TemplateSource(
      kind: kind, displayRoot: displayRoot, directory: path,
      read: { relative in
        let full = joinPath(path, relative)
        guard fileSystem.fileExists(atPath: full), !fileSystem.isDirectory(atPath: full) else {
          return nil
        }
        return try? fileSystem.readText(atPath: full)
      },
      allFiles: {
        var result: [String] = []
        func walk(_ relative: String) {
          let full = joinPath(path, relative)
          for name in (try? fileSystem.contentsOfDirectory(atPath: full)) ?? []
          where !name.hasPrefix(".") {
            let child = relative.isEmpty ? name : relative + "/" + name
            if fileSystem.isDirectory(atPath: joinPath(path, child)) {
              walk(child)
            } else {
              result.append(child)
            }
          }
        }
        walk("")
        return result.sorted()
      })
  }

  /// A built-in template, from the files embedded in the binary.
  public static func builtin(_ name: String) -> TemplateSource {
    let prefix = name + "/"
    return TemplateSource(
      kind: .builtin, displayRoot: "<built-in>/\(name)", directory: nil,
      read: { BuiltinTemplates.files[prefix + $0] },
      allFiles: {
        BuiltinTemplates.files.keys.filter { $0.hasPrefix(prefix) }.map {
          String($0.dropFirst(prefix.count))
        }.sorted()
      })
  }
}

/// Finds partials in a template's `snippets/` folder.
struct SnippetLoader: PartialLoader {
  var source: TemplateSource

  func loadPartial(named name: String) throws(LiquidError) -> (text: String, displayName: String)? {
    guard !name.contains(".."), !name.hasPrefix("/") else {
      throw LiquidError(.syntax, "partial name '\(name)' must be a relative path inside snippets/")
    }
    let file = "snippets/" + (name.hasSuffix(".liquid") ? name : name + ".liquid")
    return source.read(file).map { ($0, source.displayPath(file)) }
  }

  var searchDescription: String { " (looked in \(source.displayPath("snippets/")))" }
}

/// Tries several partial loaders in order.
struct ChainedPartialLoader: PartialLoader {
  var loaders: [any PartialLoader]

  func loadPartial(named name: String) throws(LiquidError) -> (text: String, displayName: String)? {
    for loader in loaders {
      if let found = try loader.loadPartial(named: name) { return found }
    }
    return nil
  }

  var searchDescription: String { loaders.map(\.searchDescription).joined() }
}

/// A template with its manifest read and every file parsed: ready to render modules.
public struct CompiledTemplate: Sendable {
  public var manifest: TemplateManifest
  public var source: TemplateSource
  var files: [CompiledFile]

  struct CompiledFile: Sendable {
    var entry: TemplateManifest.FileEntry
    var content: Template
    var output: Template
    var condition: Template?
  }

  /// Reads and parses everything; every problem in the manifest or a template is an error with
  /// its location. `header` replaces the `header` partial (the project config's header).
  public static func compile(_ source: TemplateSource, header: String? = nil) throws
    -> CompiledTemplate
  {
    let manifestPath = source.displayPath("template.yml")
    guard let manifestText = source.read("template.yml") else {
      throw Diagnostic(message: "no template.yml in '\(source.displayRoot)'")
    }
    let manifest = try TemplateManifest.decode(manifestText, file: manifestPath)
    return try compile(manifest, from: source, manifestPath: manifestPath, header: header)
  }

  /// Parses the files of a manifest already read (a template.yml, or a translated .rambaspec).
  static func compile(
    _ manifest: TemplateManifest, from source: TemplateSource, manifestPath: String,
    header: String?
  ) throws -> CompiledTemplate {
    let generamba = manifest.variables == .generamba
    var loaders: [any PartialLoader] = []
    // A Generamba template's own `header` snippet is part of its output.
    if let header, !generamba { loaders.append(HeaderOverride(text: header)) }
    loaders.append(SnippetLoader(source: source))
    if !generamba { loaders.append(SnippetLoader(source: .builtin("common"))) }
    let environment = LiquidEnvironment(
      partialLoader: ChainedPartialLoader(loaders: loaders), strictVariables: !generamba)
    var problems: [Diagnostic] = []
    var sources: [(entry: TemplateManifest.FileEntry, name: String, text: String)] = []
    for entry in manifest.files {
      guard let text = source.read(entry.template) else {
        problems.append(
          Diagnostic(
            message: "template file '\(entry.template)' is not in \(source.displayRoot)",
            location: entry.location))
        continue
      }
      sources.append((entry, source.displayPath(entry.template), text))
    }
    // The files share their partials: parse them together, each partial once.
    var contents: [Template] = []
    do {
      contents = try Template.parseGroup(
        sources.map { ($0.name, $0.text) }, environment: environment)
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
    for (file, content) in zip(sources, contents) {
      let entry = file.entry
      do {
        let output = try Template(
          parsing: entry.output, name: manifestPath + " (output of \(entry.template))",
          environment: environment)
        var condition: Template?
        if let when = entry.when {
          do {
            condition = try Template(
              parsing: "{% if \(when) %}1{% endif %}", name: manifestPath, environment: environment)
          } catch {
            problems.append(
              Diagnostic(
                message: "invalid 'when' condition '\(when)': \(error.message)",
                location: entry.whenLocation ?? entry.location))
            continue
          }
        }
        files.append(
          CompiledFile(entry: entry, content: content, output: output, condition: condition))
      } catch {
        problems.append(error.diagnostic)
      }
    }
    if !problems.isEmpty { throw DiagnosticList(problems, file: source.displayRoot) }
    return CompiledTemplate(manifest: manifest, source: source, files: files)
  }
}

/// The project's `header` setting, as the `header` partial.
struct HeaderOverride: PartialLoader {
  var text: String

  func loadPartial(named name: String) throws(LiquidError) -> (text: String, displayName: String)? {
    name == "header" ? (text, ".modulegen.yml (header)") : nil
  }
}
