import HexDigits

extension ParsedArguments {
  /// The value of `--option`, refused if it holds a line break or another control character:
  /// it goes into one line of every file header (or of the config), where a line break would
  /// end the comment.
  func oneLineValue(_ option: CommandSpec.Option, command: String) throws -> String? {
    guard let value = value(option) else { return nil }
    if let scalar = value.unicodeScalars.first(where: {
      $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
    }) {
      let name =
        scalar == "\n"
        ? "a line break"
        : "the control character U+\(scalar.value.scalarHexDigits)"
      throw UsageError(
        "--\(option.name) takes one line of text; '\(value.debugDescription.dropFirst().dropLast())' contains \(name)",
        command: command)
    }
    return value
  }
}
