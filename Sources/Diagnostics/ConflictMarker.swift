/// The lines version control (and `modulegen update`) leaves in a file whose merge is not
/// resolved: `<<<<<<< ours`, `|||||||`, `=======`, `>>>>>>> theirs`.
package enum ConflictMarker {
  /// The character a line's bytes (without its line break) repeat if the line is a conflict
  /// marker: seven of `<`, `|`, `=` or `>`, then nothing, a space or a carriage return; nil for
  /// any other line.
  package static func character(of line: some Collection<UInt8>) -> UInt8? {
    guard let first = line.first,
      first == UInt8(ascii: "<") || first == UInt8(ascii: "|") || first == UInt8(ascii: "=")
        || first == UInt8(ascii: ">")
    else { return nil }
    let marker = line.prefix(7)
    guard marker.count == 7, marker.allSatisfy({ $0 == first }) else { return nil }
    let next = line.dropFirst(7).first
    return next == nil || next == UInt8(ascii: " ") || next == UInt8(ascii: "\r") ? first : nil
  }
}
