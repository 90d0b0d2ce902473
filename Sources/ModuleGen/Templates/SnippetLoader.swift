import Diagnostics
import Liquid

/// Finds partials in a template's `snippets/` folder.
struct SnippetLoader: PartialLoader {
  var source: TemplateSource

  func loadPartial(named name: String) throws(LiquidError) -> (text: String, displayName: String)? {
    guard (try? PathSafety.components(of: name)) != nil else {
      throw LiquidError(.syntax, "partial name '\(name)' must be a relative path inside snippets/")
    }
    let file = name.hasSuffix(".liquid") ? "snippets/\(name)" : "snippets/\(name).liquid"
    do throws(Diagnostic) {
      return try source.load(file).map { ($0, source.displayPath(file)) }
    } catch {
      throw LiquidError(.syntax, error.message, location: error.location)
    }
  }

  var searchDescription: String { " (looked in \(source.displayPath("snippets/")))" }
}
