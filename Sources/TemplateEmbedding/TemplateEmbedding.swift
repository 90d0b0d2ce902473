// Writes the Swift source that embeds Templates/ in ModuleGen, so that a `modulegen` copied
// alone anywhere still has its built-in templates. A development tool: `swift run
// embed-templates` runs it, and EmbeddedTemplatesTests fails when the checked-in file is stale.
// Not part of the shipped library.

import Foundation

/// Turns `Templates/` into `BuiltinTemplates+Generated.swift`.
package enum TemplateEmbedding {
  /// The generated file, relative to the package root.
  package static let generatedFile = "Sources/ModuleGen/Templates/BuiltinTemplates+Generated.swift"

  /// The folder embedded, relative to the package root.
  package static let templatesFolder = "Templates"

  /// A package root without a `Templates/` folder.
  package struct NoTemplatesFolder: Error, CustomStringConvertible {
    package var root: String
    package var description: String {
      "no \(templatesFolder)/ folder in '\(root)': run from the package root or pass it"
    }
  }

  /// Every file under `Templates/` except its README, by relative path.
  package static func templateFiles(packageRoot: String) throws -> [String: String] {
    let base = packageRoot + "/" + templatesFolder
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: base, isDirectory: &isFolder), isFolder.boolValue
    else { throw NoTemplatesFolder(root: packageRoot) }
    var files: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: base)
    while let relative = enumerator?.nextObject() as? String {
      let full = base + "/" + relative
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory),
        !isDirectory.boolValue,
        relative != "README.md", !relative.hasPrefix(".")
      else { continue }
      files[relative] = try String(contentsOfFile: full, encoding: .utf8)
    }
    return files
  }

  /// Swift source that embeds `files` (relative path → text).
  package static func source(_ files: [String: String]) -> String {
    var out = """
      // swift-format-ignore-file
      // Generated from Templates/ by `swift run embed-templates` (Sources/EmbedTemplates).
      // Do not edit: edit Templates/ and run it again.

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

  /// Writes the generated file of the package at `packageRoot` from its `Templates/`; whether
  /// it changed.
  @discardableResult
  package static func write(packageRoot: String) throws -> Bool {
    let text = source(try templateFiles(packageRoot: packageRoot))
    let path = packageRoot + "/" + generatedFile
    if (try? String(contentsOfFile: path, encoding: .utf8)) == text { return false }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return true
  }
}
