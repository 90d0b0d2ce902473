import Diagnostics
import Liquid

/// Finds partials in the `snippets/` folders of templates.
struct SnippetLoader: PartialLoader {
  /// The folders' sources, searched in order (a template's own snippets, then the shared ones):
  /// a name is checked and made a file name once for all of them.
  var sources: [TemplateSource]

  func loadPartial(named name: String) throws(LiquidError) -> (text: String, displayName: String)? {
    guard (try? PathSafety.components(of: name)) != nil else {
      throw LiquidError(.syntax, "partial name '\(name)' must be a relative path inside snippets/")
    }
    var file = "snippets/"
    file += name
    if !name.hasSuffix(".liquid") { file += ".liquid" }
    for source in sources {
      do throws(Diagnostic) {
        if let text = try source.load(file) { return (text, source.displayPath(file)) }
      } catch {
        throw LiquidError(.syntax, error.message, location: error.location)
      }
    }
    return nil
  }

  var searchDescription: String {
    " (looked in \(sources.map { $0.displayPath("snippets/") }.joined(separator: " and ")))"
  }

  /// The snippets of every folder, without `snippets/` and `.liquid`.
  var partialNames: [String] {
    sources.flatMap { source in
      source.allFiles().compactMap { file -> String? in
        guard file.hasPrefix("snippets/"), file.hasSuffix(".liquid") else { return nil }
        return String(file.dropFirst("snippets/".count).dropLast(".liquid".count))
      }
    }
  }
}
