import Diagnostics
import Liquid

/// The project's `header` setting, as the `header` partial.
struct HeaderOverride: PartialLoader {
  var text: String
  /// Where the setting is in the config.
  var map: ScalarMap?

  var displayName: String { "\(map?.origin.file ?? ".modulegen.yml") (header)" }

  func loadPartial(named name: String) throws(LiquidError) -> (text: String, displayName: String)? {
    name == "header" ? (text, displayName) : nil
  }

  /// A problem inside the header, at its line in the config (and without the "included from"
  /// notes, which would make the same problem look different for every file).
  func relocate(_ diagnostic: Diagnostic) -> Diagnostic {
    guard let location = diagnostic.location, location.file == displayName else {
      return diagnostic
    }
    guard let map else { return Diagnostic(message: diagnostic.message, location: location) }
    return Diagnostic(
      message: "in the 'header' setting: \(diagnostic.message)",
      location: map.location(line: location.line, column: location.column))
  }
}
