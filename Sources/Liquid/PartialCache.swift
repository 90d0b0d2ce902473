import BackgroundWork

/// When the partials that templates name are parsed.
public enum PartialParsing: Sendable {
  /// With the templates: every partial named by a literal, and every partial those name, so
  /// that a missing or broken partial is an error of parsing, whether a render reaches it or not.
  case upFront
  /// The first time a render reaches each, once for all the renders of the templates parsed
  /// together, on any thread: a missing or broken partial is an error of the render that reaches
  /// it. Parsing costs only what rendering uses.
  case onFirstUse
}

/// The partials of templates parsed together, shared by all their renders, on every thread.
final class PartialCache: Sendable {
  /// Parsed with the templates; read without the lock.
  private let upFront: [Name: ParsedPartial]
  /// Parsed as renders reached them.
  private let found = Locked<[Name: ParsedPartial]>([:])

  init(upFront: [Name: ParsedPartial]) {
    self.upFront = upFront
  }

  subscript(name: Name) -> ParsedPartial? {
    upFront[name] ?? found.withLock { $0[name] }
  }

  /// Keeps `partial` for the renders to come. Two threads may parse the same partial at once:
  /// they parse the same, and either is kept.
  func keep(_ partial: ParsedPartial, named name: Name) {
    found.withLock { $0[name] = partial }
  }
}
