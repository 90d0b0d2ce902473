/// A tag name the parser tells apart: every tag's (`TemplateParser.tag(_:)` says how each
/// is parsed), the end tag of every block, and the words that continue a block. The lexer resolves
/// a tag's name once, so the parser compares names without making or hashing a `String`; any
/// other name is read from the source where an error reports it.
enum TagName: String, CaseIterable {
  case inlineComment = "#"
  case assign, `break`, capture, endcapture, `case`, endcase, comment, endcomment, `continue`
  case cycle, decrement, doc, enddoc, echo, `for`, endfor, `if`, endif, ifchanged, endifchanged
  case include, increment, liquid, raw, endraw, render, tablerow, endtablerow, unless, endunless
  case `else`, elsif, when

  /// The known name whose text is the bytes of `range` in `bytes`, or nil.
  static func named(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> TagName? {
    guard range.count < byLength.count else { return nil }
    // The names of the same length are few, and most differ in their first byte: compared
    // byte by byte (`elementsEqual` on the slices cost several times more).
    candidates: for (text, name) in byLength[range.count] {
      for i in text.indices where text[i] != bytes[range.lowerBound + i] { continue candidates }
      return name
    }
    return nil
  }

  /// Every name's bytes, found under the name's length.
  private static let byLength: [[(text: [UInt8], name: TagName)]] = {
    var table: [[(text: [UInt8], name: TagName)]] = []
    for name in allCases {
      let text = Array(name.rawValue.utf8)
      while table.count <= text.count { table.append([]) }
      table[text.count].append((text, name))
    }
    return table
  }()
}
