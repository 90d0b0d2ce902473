/// What reading a project learned of one object of its `objects` dictionary, kept for every
/// object in file order (its `ObjectNumber`).
struct ObjectRecord: Sendable, Equatable {
  /// Read into tokens, or passed over (written on one line, see `PlistParser.lineObject`)
  /// and then what its first `isa` says it is.
  enum Kind: UInt8, Sendable {
    case tokenized
    /// Passed over: a `PBXFileReference`.
    case fileReference
    /// Passed over: a `PBXBuildFile`.
    case buildFile
    /// Passed over: anything else.
    case other
  }

  /// The token of its key, the ID (its value is the next token).
  var key: TokenIndex
  /// For a file reference passed over, `NameFilter.hash` of the name its path ends in; 0 when
  /// that needs reading the object to know.
  var pathHash: UInt32
  var kind: Kind
  /// `ObjectKey.mixedWords` of its ID when the ID is kept as words (`ObjectKey.isWords`),
  /// computed while the parser has the ID's bytes at hand so that indexing every object does
  /// not read the file again; 0 otherwise.
  var idHash: UInt64 = 0

  /// The token of its value: its dictionary, or the one token of an object passed over.
  var value: Int { Int(key) + 1 }
}
