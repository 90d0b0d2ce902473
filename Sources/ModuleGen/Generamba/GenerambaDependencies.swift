import Diagnostics

/// A template's `dependencies`, checked against the Podfile and Cartfile the config names, as
/// Generamba does: a warning for each one missing, nothing else.
enum GenerambaDependencies {
  static func check(
    _ dependencies: [String], template: String, config: ProjectConfig, fileSystem: any FileSystem
  ) -> [Diagnostic] {
    guard !dependencies.isEmpty, let settings = config.generamba else { return [] }
    var warnings: [Diagnostic] = []
    let base = config.directory ?? "."
    for (kind, path, key) in [
      ("Podfile", settings.podfilePath, "podfile_path"),
      ("Cartfile", settings.cartfilePath, "cartfile_path"),
    ] {
      guard let path else { continue }
      guard let text = try? fileSystem.readText(atPath: joinPath(base, path)) else {
        warnings.append(
          Diagnostic(
            .warning,
            message:
              "cannot read the \(kind) '\(path)' (\(key)) to check the dependencies of template '\(template)'",
            location: settings.locations[key]))
        continue
      }
      let declared = kind == "Podfile" ? pods(in: text) : nil
      // Generamba compares pod names exactly, and looks for a Cartfile dependency anywhere in
      // the file's text.
      let missing = dependencies.filter { name in
        declared.map { !$0.contains(name) } ?? !text.contains(name)
      }
      if !missing.isEmpty {
        warnings.append(
          Diagnostic(
            .warning,
            message:
              "template '\(template)' needs \(missing.joined(separator: ", ")), missing in the \(kind) '\(path)'",
            location: settings.locations[key]))
      }
    }
    return warnings
  }

  /// The names of the `pod 'Name'` lines of a Podfile.
  static func pods(in text: String) -> Set<String> {
    var names: Set<String> = []
    for line in text.split(separator: "\n") {
      var rest = line.drop { $0 == " " || $0 == "\t" }
      guard rest.hasPrefix("pod"), rest.dropFirst(3).first.map({ $0 == " " || $0 == "(" }) == true
      else { continue }
      rest = rest.dropFirst(3).drop { $0 == " " || $0 == "(" }
      guard let quote = rest.first, quote == "'" || quote == "\"" else { continue }
      let name = rest.dropFirst().prefix { $0 != quote }
      // `pod 'Typhoon/Core'` declares Typhoon's subspec; Generamba compares the whole name.
      names.insert(String(name.split(separator: " ").first ?? name))
    }
    return names
  }
}
