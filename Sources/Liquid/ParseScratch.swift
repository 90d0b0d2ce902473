/// What a parse reuses from one markup to the next, on the one thread that parses: shared by a
/// template's parser (and the parser of its `{% liquid %}` lines) and every `ExpressionParser`
/// it makes.
final class ParseScratch {
  /// The tokens of the markups being read, lexed one markup after another into one array: an
  /// expression's tokens cost no allocation of their own (an array for each markup cost about a
  /// twentieth of parsing). A tag's tokens are dropped once it is parsed, body and all, so the
  /// array holds only the markups of the tags open around the one being read, and its room is
  /// kept for the next.
  ///
  /// `@exclusivity(unchecked)`, as `names`: Swift would otherwise check at run time, at each
  /// token read, that no two accesses overlap; a parse reads and appends one token at a time.
  @exclusivity(unchecked) var tokens: [ExpressionToken] = []
  /// The names read so far.
  @exclusivity(unchecked) var names = NameTable()

  init() {
    // More than the markups of most nests of tags take.
    tokens.reserveCapacity(64)
  }

  /// Drops the tokens after the first `count`, keeping their room: those of a tag or an output
  /// parsed, which no parser reads again.
  func dropTokens(after count: Int) {
    tokens.removeLast(tokens.count - count)
  }
}
