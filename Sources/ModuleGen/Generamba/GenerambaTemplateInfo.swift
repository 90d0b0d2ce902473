import Diagnostics
import Liquid

/// What `templates list` and `templates show` tell of a Generamba template: its .rambaspec
/// rendered without variables, as Generamba's installer reads it.
enum GenerambaTemplateInfo {
  static func read(_ source: TemplateSource) throws -> Rambaspec {
    let file = source.rambaspec ?? ""
    let shown = source.displayPath(file)
    guard let text = source.read(file) else {
      throw Diagnostic(message: LocalFileSystem.cannotReadMessage(shown))
    }
    let rendered: String
    do {
      rendered = try Template(
        parsing: text, name: shown, environment: LiquidEnvironment(filters: .moduleGen)
      ).render()
    } catch {
      throw GenerambaLiquidHints.explain(error.diagnostic)
    }
    return try Rambaspec.decode(rendered, file: shown)
  }

  /// The summary `templates list` shows for a .rambaspec (nil if it cannot be read).
  static func summary(_ spec: Rambaspec?) -> String {
    spec?.summary.map { $0 + " (Generamba)" } ?? "(Generamba template)"
  }

  /// The custom parameters the template's files and .rambaspec use.
  static func customParameters(_ source: TemplateSource) -> [String] {
    var names: [String] = []
    let marker = Array("custom_parameters.")
    for file in source.allFiles() {
      guard let text = source.read(file), text.contains("custom_parameters.") else { continue }
      let chars = Array(text)
      var i = 0
      while i + marker.count <= chars.count {
        if Array(chars[i..<(i + marker.count)]) == marker {
          let name = String(
            chars[(i + marker.count)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
          if !name.isEmpty && !names.contains(name) { names.append(name) }
          i += marker.count
        } else {
          i += 1
        }
      }
    }
    return names.sorted()
  }
}
