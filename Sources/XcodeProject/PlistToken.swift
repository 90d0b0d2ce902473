/// One value of a parsed property list, stored flat: a container is followed by its contents, and
/// `next` skips past them. Positions are byte offsets into the project file, so an edit can
/// touch exactly the bytes it means to and leave every other byte as it was.
struct PlistToken: Sendable {
  enum Kind: UInt8, Sendable {
    /// Unquoted text such as `PBXGroup` or `23766C091EAA3484007A9026`.
    case bare
    /// Quoted text without a backslash: its content is its bytes.
    case quoted
    /// Quoted text with backslash escapes, decoded on demand.
    case escaped
    /// `<0fbd7a...>`: kept as its bytes.
    case data
    /// `( ... )`: its items follow.
    case array
    /// `{ ... }`: its keys and values follow, alternating.
    case dictionary
    /// An object's `{ ... }` written on one line, checked but not read into tokens yet:
    /// nothing follows it, `start` and `end` are its brackets (`ProjectDocument.read` reads
    /// it).
    case deferred
  }

  /// The start offset in the low 29 bits, the kind in the top 3: twelve bytes a token, as a
  /// project of 20,000 files has half a million of them.
  private var startAndKind: UInt32
  /// Text and data: one past the content (the closing quote or `>`). Containers: the closing
  /// bracket.
  var end: ByteOffset
  /// The token after this value and everything inside it.
  var next: TokenIndex

  /// Files are at most this large, so that offsets fit in 29 bits.
  static let maximumFileSize = 1 << 29

  init(kind: Kind, start: ByteOffset, end: ByteOffset, next: TokenIndex) {
    self.startAndKind = UInt32(kind.rawValue) << 29 | start.rawValue
    self.end = end
    self.next = next
  }

  var kind: Kind {
    // Only `init` sets the top bits, always from a `Kind`: the bits are a valid raw value, and
    // this is the parser's hottest accessor.
    unsafeBitCast(UInt8(truncatingIfNeeded: startAndKind >> 29), to: Kind.self)
  }

  /// Text and data: the first byte of the content (inside the quotes or angle brackets).
  /// Containers: the opening bracket.
  var start: ByteOffset { ByteOffset(rawValue: startAndKind & 0x1FFF_FFFF) }

  var isText: Bool { kind.rawValue <= Kind.data.rawValue }

  var isDeferred: Bool { kind == .deferred }

  /// Where the value starts in the file, opening quote included.
  var sourceStart: Int {
    switch kind {
    case .quoted, .escaped, .data: Int(start) - 1
    case .bare, .array, .dictionary, .deferred: Int(start)
    }
  }

  /// One past where the value ends in the file, closing quote or bracket included.
  var sourceEnd: Int {
    kind == .bare ? Int(end) : Int(end) + 1
  }
}
