import Diagnostics

/// A module's snippet for a file of the app, rendered: what a `register:` entry inserts after
/// its marker line (or, pruned, removes).
package struct PlannedRegistration: Sendable, Equatable {
  package var module: String
  /// The file's absolute path.
  package var path: String
  /// The line the snippet goes after.
  package var marker: String
  /// The rendered snippet.
  package var text: String
  package var sorted = false
  /// Where the entry's `marker` and `file` are in its manifest, for errors.
  var markerLocation: SourceLocation? = nil
  var fileLocation: SourceLocation? = nil

  package static func == (a: Self, b: Self) -> Bool {
    a.module == b.module && a.path == b.path && a.marker == b.marker && a.text == b.text
      && a.sorted == b.sorted
  }

  /// The snippet's lines, without the blank lines around them.
  var lines: [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
    }
    while lines.last?.trimmingCharacters().isEmpty == true { lines.removeLast() }
    while lines.first?.trimmingCharacters().isEmpty == true { lines.removeFirst() }
    return lines
  }

  /// As the generation record keeps it, with `path` relative to the record's folder.
  func recorded(in record: GenerationRecord) -> GenerationRecord.Registration {
    GenerationRecord.Registration(file: record.recordedPath(path), marker: marker, text: text)
  }
}

extension PlannedRegistration {
  /// A registration's file does not exist; `markers`: every marker the run needs in it.
  static func fileMissingMessage(module: String, markers: [String], shown: String) -> String {
    let lines =
      markers.count == 1
      ? "the line '\(markers[0])'"
      : "the lines " + markers.dropLast().map { "'\($0)'" }.joined(separator: ", ")
        + " and '\(markers[markers.count - 1])'"
    return
      "module '\(module)' is registered in '\(shown)', which does not exist: create it with \(lines) where registrations go"
  }

  /// A registration's file has no marker line.
  static func markerMissingMessage(module: String, marker: String, shown: String) -> String {
    "'\(shown)' has no line '\(marker)', after which module '\(module)' is registered: add that line where registrations go"
  }
}
