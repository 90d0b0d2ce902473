/// Built-in templates are embedded in the binary, so that a `modulegen` copied alone anywhere
/// still has them. `Templates/` in the repository is the single source: the embedded copy
/// (`BuiltinTemplates+Generated.swift`) is generated from it by `swift run embed-templates`
/// (Sources/TemplateEmbedding), and EmbeddedTemplatesTests fails when the two differ.
package enum BuiltinTemplates {
  /// Template names: the folders with a `template.yml`. Found once: a run asks several times
  /// (the help of `gen`, each template looked up by name).
  package static let names: [String] = files.keys.compactMap { path in
    guard path.hasSuffix(manifestSuffix) else { return nil }
    let folder = path.dropLast(manifestSuffix.count)
    return folder.isEmpty || folder.contains("/") ? nil : String(folder)
  }.sorted()

  private static let manifestSuffix = "/template.yml"
}
