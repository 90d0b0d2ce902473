import Testing

@testable import XcodeProject

/// Values written as Xcode writes them: bare when only `[A-Za-z0-9_$./]` (and neither `//` nor
/// `___`), else quoted with `\\ \" \n \t` escaped.
@Suite struct PlistTextTests {
  static let quoting: [(String, String)] = [
    ("a", "a"),
    ("a_a", "a_a"),
    ("$TOOL_PATH/transform", "$TOOL_PATH/transform"),
    ("Base.lproj/Main.storyboard", "Base.lproj/Main.storyboard"),
    ("10.3", "10.3"),
    ("", "\"\""),
    ("<group>", "\"<group>\""),
    ("a a", "\"a a\""),
    ("com.apple.product-type.application", "\"com.apple.product-type.application\""),
    ("gnu++0x", "\"gnu++0x\""),
    ("$(SRCROOT)/file", "\"$(SRCROOT)/file\""),
    ("___NAME___", "\"___NAME___\""),
    ("a//b", "\"a//b\""),
    ("马旭", "\"马旭\""),
    ("Café.swift", "\"Café.swift\""),
    ("say \"hi\"", "\"say \\\"hi\\\"\""),
    ("back\\slash", "\"back\\\\slash\""),
    ("line\nbreak\ttab", "\"line\\nbreak\\ttab\""),
  ]

  @Test(arguments: quoting) func valuesAreQuotedOnlyWhenNeeded(_ text: String, _ written: String) {
    #expect(PlistText.encode(text) == written)
  }

  @Test(arguments: quoting) func whatIsWrittenReadsBack(_ text: String, _ written: String) throws {
    let project = try XcodeProject(
      text: "{ objects = { R = { isa = PBXProject; v = \(written); }; }; rootObject = R; }",
      file: "t")
    #expect(project.object("R")?["v"]?.string == text)
  }

  @Test func someToolsQuoteEverything() {
    #expect(PlistText.encode("PBXGroup", quoteAll: true) == "\"PBXGroup\"")
  }

  @Test func commentsCannotEndEarly() {
    #expect(PlistText.comment("a */ b\nc") == "a *\\/ b c")
  }
}
