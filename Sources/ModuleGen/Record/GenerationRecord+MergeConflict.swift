import Diagnostics

/// A record git left with merge conflict markers, as two branches that each added a module leave
/// it: both sides are read, and their modules together are the record (each module's base file is
/// its own, so those merged without conflict). The next run that writes writes it without the
/// markers.
extension GenerationRecord {
  static let conflictMarkersMessage =
    "merge conflict markers (read as the modules of both sides; 'modulegen gen' writes the record without them)"

  /// The lines of a record's text, without their breaks: `\n`, or `\r\n` (one `Character` in
  /// Swift, which splitting at "\n" does not split).
  static func lines(of text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
  }

  /// Whether a line of `text` starts with `<` or `>`, as a conflict marker does
  /// (`ThreeWayMerge.isConflictMarker`). Looked for byte by byte: splitting a record of 1,000
  /// modules into lines (by `Character`) to find none cost twice what decoding it costs.
  static func mayHaveConflictMarkers(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var lineStart = true
      for byte in bytes {
        if lineStart && (byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")) { return true }
        lineStart = byte == UInt8(ascii: "\n")
      }
      return false
    }
  }

  /// The record of both sides of a conflicted record's text; nil when `lines` have no
  /// conflict markers. A module both sides have differently is an error at its line.
  static func decodeBothSides(_ lines: [Substring], file: String, directory: String)
    throws(DiagnosticList) -> GenerationRecord?
  {
    guard let first = lines.firstIndex(where: ThreeWayMerge.isConflictMarker) else { return nil }
    guard let sides = conflictSides(lines) else {
      throw DiagnosticList(
        [
          Diagnostic(
            message:
              "the generation record has merge conflict markers that do not pair up (<<<<<<<, =======, >>>>>>>); keep the modules of both sides and remove the markers",
            location: SourceLocation(
              file: file, line: first + 1, column: 1, lineText: String(lines[first])))
        ], file: file)
    }
    var record = try decodeText(sides.ours, file: file, directory: directory)
    let theirs = try decodeText(sides.theirs, file: file, directory: directory)
    var problems: [Diagnostic] = []
    for (name, module) in theirs.modules.sorted(by: { $0.key < $1.key }) {
      guard let ours = record.modules[name] else {
        record.modules[name] = module
        continue
      }
      guard ours != module else { continue }
      let key = "  " + YAMLText.key(name) + ":"
      let line = lines.firstIndex { $0 == key } ?? first
      problems.append(
        Diagnostic(
          message:
            "both sides of the merge changed module '\(name)'; keep one side's lines of it (and the same side's in \(GenerationRecord.baseFolder)/\(name).\(BaseCopies.fileExtension)) and remove the markers",
          location: SourceLocation(
            file: file, line: line + 1, column: 3, lineText: String(lines[line]))))
    }
    if !problems.isEmpty { throw DiagnosticList(problems, file: file) }
    record.conflictMarkerLine = first + 1
    return record
  }

  /// Each side of a text with conflict markers: the whole text with the other side's lines, the
  /// merge base's (`|||||||`, diff3 style) and the markers blank, so that every line keeps its
  /// number in errors. Nil when the markers do not pair up.
  static func conflictSides(_ lines: [Substring]) -> (ours: String, theirs: String)? {
    enum Part { case both, ours, base, theirs }
    var part = Part.both
    var ours: [Substring] = []
    var theirs: [Substring] = []
    for line in lines {
      // A marker as git writes it, before a line break of \n or \r\n (a record checked out
      // with CRLF line endings).
      let marker = ConflictMarker.character(of: line.utf8)
      switch (part, marker) {
      case (.both, UInt8(ascii: "<")): part = .ours
      case (.ours, UInt8(ascii: "|")): part = .base
      case (.ours, UInt8(ascii: "=")), (.base, UInt8(ascii: "=")): part = .theirs
      case (.theirs, UInt8(ascii: ">")): part = .both
      case (_, nil):
        ours.append(part == .both || part == .ours ? line : "")
        theirs.append(part == .both || part == .theirs ? line : "")
        continue
      default: return nil
      }
      ours.append("")
      theirs.append("")
    }
    guard part == .both else { return nil }
    return (ours.joined(separator: "\n"), theirs.joined(separator: "\n"))
  }
}
