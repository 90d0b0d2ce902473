extension String {
  /// The text without the whitespace (spaces, tabs, line breaks, any Unicode white space) at
  /// either end.
  func trimmingCharacters() -> String {
    var s = Substring(self)
    while s.first?.isWhitespace == true { s.removeFirst() }
    while s.last?.isWhitespace == true { s.removeLast() }
    return String(s)
  }
}
