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
  /// The nodes of the blocks being read, the innermost last: a block's nodes are collected here
  /// and moved once into an array of exactly their number (an array of its own grown by
  /// doubling for each block cost most of what a parse keeps).
  @exclusivity(unchecked) var nodes: [any Node] = []

  init() {
    // More than the markups of most nests of tags take.
    tokens.reserveCapacity(64)
    nodes.reserveCapacity(64)
  }

  /// The nodes after the first `count`, taken off the stack: a block's.
  func takeNodes(after count: Int) -> [any Node] {
    let taken = nodes.count - count
    guard taken > 0 else { return [] }
    // Moved off the stack, the last first, into an array made for them: no node is copied (nor
    // boxed again, as appending what `removeLast()` returns did), and `Array(nodes[count...])`
    // would share the stack's whole buffer when `count` is 0, the stack then copying itself to
    // drop them.
    return [any Node](unsafeUninitializedCapacity: taken) { block, initialized in
      for index in block.indices.reversed() {
        block.initializeElement(at: index, to: nodes.removeLast())
      }
      initialized = taken
    }
  }

  /// Drops the tokens after the first `count`, keeping their room: those of a tag or an output
  /// parsed, which no parser reads again.
  func dropTokens(after count: Int) {
    tokens.removeLast(tokens.count - count)
  }
}
