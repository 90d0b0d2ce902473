import Liquid
import Testing

@testable import ModuleGen

@Suite struct UnifiedDiffTests {
  @Test func hunksWithContext() {
    let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
    let new = old.replacingAll("line 5\n", with: "line five\n")
    #expect(
      UnifiedDiff.make(old: old, new: new, oldName: "a/f", newName: "b/f") == """
        --- a/f
        +++ b/f
        @@ -2,7 +2,7 @@
         line 2
         line 3
         line 4
        -line 5
        +line five
         line 6
         line 7
         line 8

        """)
  }

  @Test func aNewFile() {
    #expect(
      UnifiedDiff.make(old: "", new: "a\nb\n", oldName: "/dev/null", newName: "b/f")
        == "--- /dev/null\n+++ b/f\n@@ -0,0 +1,2 @@\n+a\n+b\n")
  }

  @Test func identicalTextsHaveNoHunks() {
    #expect(
      UnifiedDiff.make(old: "a\n", new: "a\n", oldName: "a", newName: "b") == "--- a\n+++ b\n")
  }
}

@Suite struct ModuleNameTests {
  static let cases: [(String, Bool, ModuleName.Outcome)] = [
    ("Home", false, .valid("Home")),
    ("home", false, .changed("Home", note: "module name 'home' was capitalized to 'Home'")),
    ("HomeScreen2", false, .valid("HomeScreen2")),
    (
      "home screen", true,
      .changed("HomeScreen", note: "module name 'home screen' was converted to 'HomeScreen'")
    ),
    (
      "Home-Screen", true,
      .changed("HomeScreen", note: "module name 'Home-Screen' was converted to 'HomeScreen'")
    ),
    ("1Home", false, .invalid("module name '1Home' must start with a letter")),
    ("class", false, .invalid("module name 'class' is a Swift keyword; choose another name")),
    ("Self", false, .invalid("module name 'Self' is a Swift keyword; choose another name")),
    ("Type", false, .invalid("module name 'Type' is a Swift keyword; choose another name")),
    ("Home_Screen_2", false, .valid("Home_Screen_2")),
    (" Home\t", false, .valid("Home")),
    ("Éclair", false, .valid("Éclair")),
    ("", false, .invalid("the module name is empty")),
    ("../Home", false, .invalid("module name '../Home' must not contain path separators")),
  ]

  @Test(arguments: cases) func normalize(
    _ raw: String, _ convert: Bool, _ expected: ModuleName.Outcome
  ) {
    #expect(ModuleName.normalize(raw, convert: convert) == expected)
  }
}

@Suite struct ValidUTF8Tests {
  @Test func validBytesAreTheirText() {
    #expect(String(validUTF8: Array("Hé 🏠\u{0}x".utf8)) == "Hé 🏠\u{0}x")
    #expect(String(validUTF8: [UInt8]()) == "")
  }

  // Each is replaced by U+FFFD when decoded; the truncated four-byte sequence and the encoded
  // surrogate are three bytes, as long as the replacement, so only the comparison finds them.
  @Test(arguments: [[0x80], [0x61, 0xFF], [0xF0, 0x9F, 0x8F], [0xED, 0xA0, 0x80], [0xC0, 0xAF]])
  func invalidBytesAreNil(bytes: [UInt8]) {
    #expect(String(validUTF8: bytes) == nil)
  }
}
