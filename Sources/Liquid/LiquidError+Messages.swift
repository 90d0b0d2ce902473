/// The messages the engine raises in more than one place (the lexer and the parser, parsing and
/// rendering), each worded once.
extension LiquidError {
  /// A block tag (`if`, `for`, `raw`…) without its end tag.
  static func unclosedTagMessage(_ tag: String) -> String {
    "'\(tag)' tag was never closed; expected '{% end\(tag) %}'"
  }

  /// A comparison operator the engine does not know.
  static func unknownOperatorMessage(_ text: String) -> String {
    "unknown operator '\(text)'"
  }

  /// A partial that is not there, with where it was looked for (`loader` nil: nowhere).
  static func partialNotFoundMessage(_ name: String, loader: (any PartialLoader)?) -> String {
    guard let loader else {
      return "partial '\(name)' not found: no partials folder is configured"
    }
    return "partial '\(name)' not found\(loader.searchDescription)"
      + didYouMean(name, in: loader.partialNames)
  }
}
