import DataFormats
import Diagnostics

/// Where the record's text says something, for an error about it. The decoded record keeps no
/// locations (a record of 1,000 modules would carry them all for nothing): the text is read
/// again when an error needs one.
extension GenerationRecord {
  /// The value of `key` in the entry of `module`, in the record's text (either side of a
  /// record with merge conflict markers); nil when the text does not have it.
  static func location(of key: String, module: String, in text: String, file: String)
    -> SourceLocation?
  {
    entry(of: module, in: text, file: file)?[key]?.location
  }

  /// The entry of `module` in the record's text (on either side of merge conflict markers).
  private static func entry(of module: String, in text: String, file: String) -> DataNode? {
    var texts = [text]
    if mayHaveConflictMarkers(text),
      let sides = conflictSides(text.split(separator: "\n", omittingEmptySubsequences: false))
    {
      texts = [sides.ours, sides.theirs]
    }
    for text in texts {
      if let node = (try? DataFile.parse(text, file: file))?["modules"]?[module] { return node }
    }
    return nil
  }

  /// Where the record at `path` (shown as `shown`) gives the parameter `name` of `module`: its
  /// name (`ofName`) or its value; nil when it cannot be read or does not have it.
  static func parameterLocation(
    _ name: String, ofName: Bool, module: String, atPath path: String, shown: String,
    fileSystem: any FileSystem
  ) -> SourceLocation? {
    guard let text = try? fileSystem.readText(atPath: path, displayPath: shown),
      case .object(let pairs) = entry(of: module, in: text, file: shown)?["params"]?.value,
      let pair = pairs.first(where: { $0.key == name })
    else { return nil }
    return ofName ? pair.keyLocation : pair.value.location
  }

  /// `location(of:module:in:file:)` in the record's file as it is on disk now (shown as
  /// `shown`); nil when it cannot be read.
  func location(of key: String, module: String, shown: String, fileSystem: any FileSystem)
    -> SourceLocation?
  {
    guard let text = try? fileSystem.readText(atPath: path, displayPath: shown) else { return nil }
    return Self.location(of: key, module: module, in: text, file: shown)
  }
}
