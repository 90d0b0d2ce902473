/// Built-in templates are embedded in the binary, so that a `modulegen` copied alone anywhere
/// still has them. `Templates/` in the repository is the single source: the embedded copy is
/// generated from it (`MODULEGEN_RECORD=1 swift test --filter EmbeddedTemplates`) and a test
/// fails when the two differ.
package enum BuiltinTemplates {
  /// Template names: the folders with a `template.yml`.
  package static var names: [String] {
    files.keys.filter { $0.hasSuffix("/template.yml") && $0.split(separator: "/").count == 2 }
      .map { String($0.split(separator: "/")[0]) }.sorted()
  }

  /// Swift source that embeds `files` (relative path → text).
  package static func generateSource(_ files: [String: String]) -> String {
    var out = """
      // swift-format-ignore-file
      // Generated from Templates/ by `MODULEGEN_RECORD=1 swift test --filter EmbeddedTemplates`.
      // Do not edit: edit Templates/ and re-record.

      extension BuiltinTemplates {
        static let files: [String: String] = [

      """
    for path in files.keys.sorted() {
      let text = files[path]!
      var hashes = "#"
      // A raw string needs more #s than any `"""#…` or `\#…` in the text.
      while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
      out += "    \"\(path)\": \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes),\n"
    }
    out += "  ]\n}\n"
    return out
  }
}
