import Diagnostics
import Liquid

/// A template's `register:` entry with its file pattern, snippet and condition parsed.
struct CompiledRegistration: Sendable {
  var entry: TemplateManifest.Registration
  var file: Template
  var snippet: Template
  var condition: Template?

  /// Parses the entries of `manifest`; a problem in one is reported where it is in the manifest.
  static func compile(
    _ manifest: TemplateManifest, manifestPath: String, environment: LiquidEnvironment,
    problems: inout [Diagnostic]
  ) -> [CompiledRegistration] {
    var compiled: [CompiledRegistration] = []
    for (i, entry) in manifest.registrations.enumerated() {
      let name = "\(manifestPath) (register[\(i)])"
      func parse(_ text: String, _ map: ScalarMap, _ what: String, prefix: String = "")
        -> Template?
      {
        let suffix = prefix.isEmpty ? "" : " %}1{% endif %}"
        do {
          return try Template(
            parsing: prefix + text + suffix, name: "\(name) \(what)", environment: environment)
        } catch {
          problems.append(
            map.diagnostic(
              for: error, named: "\(name) \(what)", prefixLength: prefix.count,
              message: { "invalid '\(what)' of a registration: \($0)" }))
          return nil
        }
      }
      guard let file = parse(entry.file, entry.fileMap, "file"),
        let snippet = parse(entry.snippet, entry.snippetMap, "snippet")
      else { continue }
      var condition: Template?
      if let when = entry.when, let map = entry.whenMap {
        guard
          let parsed = parse(
            when, map, "when", prefix: CompiledTemplate.CompiledFile.conditionPrefix)
        else { continue }
        condition = parsed
      }
      compiled.append(
        CompiledRegistration(entry: entry, file: file, snippet: snippet, condition: condition))
    }
    return compiled
  }

  /// The entry for a module: its file's path (absolute, resolved against `base`) and its
  /// snippet rendered with `context`; nil when its condition does not hold. `refusing`: a
  /// refused path's message with what it did to the run (`OutputFolders.refusing`).
  func render(
    _ context: LiquidObject, module: String, base: String, refusing: (String) -> String
  ) throws -> PlannedRegistration? {
    if let condition, let map = entry.whenMap {
      do {
        guard try condition.render(context) == "1" else { return nil }
      } catch {
        throw map.diagnostic(
          for: error, named: condition.name,
          prefixLength: CompiledTemplate.CompiledFile.conditionPrefix.count,
          message: { "in the 'when' condition of a registration: \($0)" })
      }
    }
    let path: String
    let text: String
    do {
      let rendered = try file.render(context).trimmingCharacters()
      text = try snippet.render(context)
      do {
        path = try PathSafety.resolve(
          rendered, against: base,
          rules: PathSafety.rules(forPattern: entry.file, allowsTrailingSlash: false))
      } catch {
        throw Diagnostic(
          message: refusing(
            "the registration file '\(entry.file)' renders as '\(rendered)', which \(error.phrase(inside: "the project's folder"))"
          ),
          location: entry.fileMap.origin)
      }
    } catch let error as LiquidError {
      let map = error.location?.file == file.name ? entry.fileMap : entry.snippetMap
      throw map.diagnostic(
        for: error, named: error.location?.file ?? snippet.name,
        message: { "in a registration: \($0)" })
    }
    return PlannedRegistration(
      module: module, path: path, marker: entry.marker, text: text, sorted: entry.sorted,
      markerLocation: entry.markerLocation, fileLocation: entry.fileMap.origin)
  }
}
