import DataFormats
import Diagnostics

/// Reads a data file, JSON or YAML, into nodes with locations.
package enum DataFile {
  package static func read(atPath path: String, displayPath: String, fileSystem: any FileSystem)
    throws(Diagnostic) -> DataNode
  {
    let text = try fileSystem.readText(atPath: path, displayPath: displayPath)
    return try parse(text, file: displayPath)
  }

  /// JSON for `.json` files; YAML otherwise (JSON is YAML, but JSON's own reader is stricter
  /// and faster).
  package static func parse(_ text: String, file: String) throws(Diagnostic) -> DataNode {
    if isJSON(file) { return try JSONReader.read(text, file: file) }
    return try YAMLReader.read(text, file: file)
  }

  /// Whether `file` is read as JSON.
  static func isJSON(_ file: String) -> Bool { file.lowercased().hasSuffix(".json") }
}
