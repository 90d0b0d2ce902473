/// How a project file is laid out, so that inserted lines look like their neighbours. Xcode
/// writes tabs, `/* comment */` annotations and sections; some tools (such as the old
/// `swift package generate-xcodeproj`) write spaces, quote every value and have no sections.
struct ProjectStyle: Sendable, Equatable {
  /// The line ending: `\n`, or `\r\n` when the file uses it.
  var newline: String
  /// One level of indentation.
  var indent: String
  /// Xcode's layout: sections, comments, one-line build files and file references.
  var annotated: Bool
  /// Every value quoted, even where Xcode would not.
  var quoteAll: Bool

  static let xcode = ProjectStyle(newline: "\n", indent: "\t", annotated: true, quoteAll: false)

  init(newline: String, indent: String, annotated: Bool, quoteAll: Bool) {
    self.newline = newline
    self.indent = indent
    self.annotated = annotated
    self.quoteAll = quoteAll
  }

  /// The style of a parsed file; `quotesValues`: whether its first object quotes its `isa`.
  init(bytes: [UInt8], tokens: [PlistToken], annotated: Bool, quotesValues: Bool) {
    let firstNewline = bytes.firstIndex(of: .newline)
    newline =
      firstNewline.map { $0 > 0 && bytes[$0 - 1] == .carriageReturn } == true ? "\r\n" : "\n"
    // The indentation of the root dictionary's first key is one level.
    var indent = "\t"
    if tokens.count > 1 && tokens[0].kind == .dictionary && Int(tokens[0].next) > 1 {
      var start = tokens[1].sourceStart
      let end = start
      while start > 0 && (bytes[start - 1] == .space || bytes[start - 1] == .tab) { start -= 1 }
      if start < end && (start == 0 || bytes[start - 1] == .newline) {
        indent = String(decoding: bytes[start..<end], as: UTF8.self)
      }
    }
    self.indent = indent
    self.annotated = annotated
    // Without Xcode's annotations, follow how the first object writes its `isa`.
    self.quoteAll = !annotated && quotesValues
  }

  /// A value as this file writes it.
  func encode(_ text: String) -> String { PlistText.encode(text, quoteAll: quoteAll) }

  func indentation(_ levels: Int) -> String { String(repeating: indent, count: levels) }
}
