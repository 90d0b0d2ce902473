/// Built-in templates are embedded in the binary, so that a `modulegen` copied alone anywhere
/// still has them. `Templates/` in the repository is the single source: the embedded copy
/// (`BuiltinTemplates+Generated.swift`) is generated from it by `swift run embed-templates`
/// (Sources/TemplateEmbedding), and EmbeddedTemplatesTests fails when the two differ.
package enum BuiltinTemplates {
  /// Template names: the folders with a `template.yml`.
  package static var names: [String] {
    files.keys.filter { $0.hasSuffix("/template.yml") && $0.split(separator: "/").count == 2 }
      .map { String($0.split(separator: "/")[0]) }.sorted()
  }
}
