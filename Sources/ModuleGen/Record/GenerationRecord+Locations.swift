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
    location(in: module, of: text, file: file) { $0[key]?.location }
  }

  /// What `find` finds in the entry of `module` in the record's text, on the first side of
  /// merge conflict markers where it finds something.
  private static func location(
    in module: String, of text: String, file: String, _ find: (DataNode) -> SourceLocation?
  ) -> SourceLocation? {
    var texts = [text]
    if mayHaveConflictMarkers(text),
      let sides = conflictSides(lines(of: text))
    {
      texts = [sides.ours, sides.theirs]
    }
    for text in texts {
      if let entry = (try? DataFile.parse(text, file: file))?["modules"]?[module],
        let found = find(entry)
      {
        return found
      }
    }
    return nil
  }

  /// Where the record at `path` (shown as `shown`) gives the parameter `name` of `module`: its
  /// name (`ofName`) or its value; nil when it cannot be read or does not have it.
  static func parameterLocation(
    _ name: String, ofName: Bool, module: String, atPath path: String, shown: String,
    fileSystem: any FileSystem
  ) -> SourceLocation? {
    guard let text = try? fileSystem.readText(atPath: path, displayPath: shown) else {
      return nil
    }
    return location(in: module, of: text, file: shown) { entry in
      guard case .object(let pairs) = entry["params"]?.value,
        let pair = pairs.first(where: { $0.key == name })
      else { return nil }
      return ofName ? pair.keyLocation : pair.value.location
    }
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
