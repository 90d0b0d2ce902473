/// What reading a project learned of an object: read into tokens, or passed over (written on
/// one line, see `PlistParser.lineObject`), and then what its first `isa` says it is.
enum ObjectKind: UInt8, Sendable {
  /// Read into tokens.
  case tokenized
  /// Passed over: a `PBXFileReference`.
  case fileReference
  /// Passed over: a `PBXBuildFile`.
  case buildFile
  /// Passed over: anything else.
  case other
}
