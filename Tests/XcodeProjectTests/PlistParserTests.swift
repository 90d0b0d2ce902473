import Diagnostics
import Testing

@testable import XcodeProject

/// The reader on every form of value the format has, and its errors with their places.
@Suite struct PlistParserTests {
  func parse(_ text: String) throws(XcodeProjectError) -> PlistValue {
    let bytes = Array(text.utf8)
    let result = try bytes.withUnsafeBufferPointer { buffer throws(XcodeProjectError) in
      try PlistParser.parse(buffer, file: "t")
    }
    return PlistValue(at: 0, tokens: result.tokens, bytes: bytes)
  }

  /// The typed token numbers and byte offsets take no more memory than the integers they wrap: a
  /// token is twelve bytes and an object's record 24, as a project of 20,000 files has half a
  /// million tokens.
  @Test func typedHandlesKeepTheSizes() {
    #expect(MemoryLayout<TokenIndex>.size == 4)
    #expect(MemoryLayout<ByteOffset>.size == 4)
    #expect(MemoryLayout<PlistToken>.stride == 12)
    #expect(MemoryLayout<ObjectRecord>.stride == 24)
  }

  @Test func everyKindOfValue() throws {
    let text = #"""
      // !$*UTF8*$!
      {
      	a = b;
      	"quoted key" = "with \"escapes\" \\ \n \t \U00e9 \101 \q";
      	list = (one, "two", (nested), {k = v;}, );
      	noTrailingComma = (a, b);
      	empty = ();
      	dict = {};
      	data = <0fbd 7a>;
      	utf8 = "Café ☕ 马旭";
      	/* comment */ c = d; // line comment
      	slash = /bin/sh;
      	glued = x/*a comment right after*/;
      	"$(SRCROOT)" = "";
      	number = 2147483647;
      	dotted = com.apple.product-type.application;
      }
      """#
    let expected = PlistValue.dictionary([
      .init("a", .string("b")),
      .init("quoted key", .string("with \"escapes\" \\ \n \t é A q")),
      .init(
        "list",
        .array([
          .string("one"), .string("two"), .array([.string("nested")]),
          .dictionary([.init("k", .string("v"))]),
        ])),
      .init("noTrailingComma", .array([.string("a"), .string("b")])),
      .init("empty", .array([])),
      .init("dict", .dictionary([])),
      .init("data", .data([0x0F, 0xBD, 0x7A])),
      .init("utf8", .string("Café ☕ 马旭")),
      .init("c", .string("d")),
      .init("slash", .string("/bin/sh")),
      .init("glued", .string("x")),
      .init("$(SRCROOT)", .string("")),
      .init("number", .string("2147483647")),
      .init("dotted", .string("com.apple.product-type.application")),
    ])
    #expect(try parse(text) == expected)
  }

  @Test func sectionMarkersAreKeptOnlyAmongTheObjects() throws {
    let text = """
      {
      /* Begin Outside section */
      	objects = {
      /* Begin PBXGroup section */
      		A /* Begin Not section */ = {isa = PBXGroup; /* Begin Inner section */};
      /* End PBXGroup section */
      	};
      }
      """
    let bytes = Array(text.utf8)
    let result = try bytes.withUnsafeBufferPointer { buffer throws(XcodeProjectError) in
      try PlistParser.parse(buffer, file: "t")
    }
    let names = result.sectionMarkers.map {
      ($0.isBegin ? "Begin " : "End ") + String(decoding: bytes[$0.name], as: UTF8.self)
    }
    #expect(names == ["Begin PBXGroup", "Begin Not", "End PBXGroup"])
  }

  /// Input → the error exactly as printed.
  static let errors: [(String, String)] = [
    ("", "t:1:1: error: unexpected end of file, expected '{'"),
    ("{ a = b; ", "t:1:10: error: unexpected end of file, expected a key or '}'"),
    ("{ a b; }", "t:1:5: error: unexpected 'b', expected '=' after the key"),
    ("{ a = b }", "t:1:9: error: unexpected '}', expected ';' after the value"),
    ("{ a = (b c); }", "t:1:10: error: unexpected 'c', expected ',' or ')'"),
    ("{ a = (b, ; }", "t:1:11: error: unexpected ';', expected a value or ')'"),
    ("{ a = ; }", "t:1:7: error: unexpected ';', expected a value"),
    ("{ = b; }", "t:1:3: error: unexpected '=', expected a key or '}'"),
    ("{ a = \"unterminated; }", "t:1:7: error: unterminated string: no closing '\"'"),
    ("{ a = b; /* never closed", "t:1:10: error: unterminated comment: no closing '*/'"),
    ("{ a = b; } extra", "t:1:12: error: unexpected text after the end of the project"),
    ("{ a = <0g>; }", "t:1:7: error: invalid data: expected hexadecimal digits and a closing '>'"),
    ("{\n\ta = b;\n\tc = d\n}", "t:4:1: error: unexpected '}', expected ';' after the value"),
    ("{ a = b; é = c; }", "t:1:10: error: unexpected 'é', expected a key or '}'"),
    ("{ a = b;\u{01} }", "t:1:9: error: unexpected control character 0x01, expected a key or '}'"),
    ("{ a = b\n; c = \n}", "t:3:1: error: unexpected '}', expected a value"),
    // A file git left conflicted: the marker, not what the marker's bytes would have been.
    (
      "{\n\tlist = (\n<<<<<<< HEAD\n\t\tA,\n=======\n\t\tB,\n>>>>>>> feature\n\t);\n}",
      "t:3:1: error: unresolved merge conflict: keep the lines each side needs and delete the '<<<<<<<', '=======' and '>>>>>>>' lines"
    ),
    (
      "{\r\n\ta = b;\r\n=======\r\n}",
      "t:3:1: error: unresolved merge conflict: keep the lines each side needs and delete the '<<<<<<<', '=======' and '>>>>>>>' lines"
    ),
    (
      "{\n<<<<<<<< a\n}",
      "t:2:1: error: unexpected '<', expected a key or '}'"
    ),
    (
      String(repeating: "(", count: 300),
      "t:1:257: error: values are nested more than 256 levels deep"
    ),
  ]

  @Test(arguments: errors) func errorsNameTheLineAndColumn(_ input: String, _ message: String) {
    #expect(throws: XcodeProjectError.self) { try parse(input) }
    do {
      _ = try parse(input)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func theErrorKeepsTheLineForTheCaret() {
    do {
      _ = try parse("{\n\ta = b;\n\tc = d\n\te = f;\n}")
      Issue.record("no error")
    } catch {
      #expect(
        error.location == SourceLocation(file: "t", line: 4, column: 2, lineText: "\te = f;"))
    }
  }

  static let notProjects: [(String, String)] = [
    ("( a )", "t:1:1: error: not an Xcode project: it does not start with '{'"),
    ("{ a = b; }", "t:1:1: error: not an Xcode project: it has no 'objects' dictionary"),
    ("{ objects = {}; }", "t:1:1: error: not an Xcode project: it has no 'rootObject'"),
    (
      "{ objects = {}; rootObject = X; }",
      "t:1:30: error: 'rootObject' refers to object X, which the project does not have"
    ),
    (
      "{ objects = { X = { isa = PBXGroup; }; }; rootObject = X; }",
      "t:1:56: error: not an Xcode project: its root object is a PBXGroup, not a PBXProject"
    ),
  ]

  @Test(arguments: notProjects) func projectsNeedAProjectObject(_ input: String, _ message: String)
  {
    do {
      _ = try XcodeProject(text: input, file: "t")
      Issue.record("no error for \(input)")
    } catch {
      #expect(error.description == message)
    }
  }

  /// Unquoted text ends at the first byte that cannot be in it, or at a `/` that starts a
  /// comment, wherever it lies in the eight bytes read at once.
  @Test func unquotedTextEndsWhereTheByteRuleSays() {
    func expectedEnd(_ bytes: [UInt8], from start: Int) -> Int {
      var end = start
      while end < bytes.count {
        let byte = bytes[end]
        let startsComment =
          byte == .slash && end + 1 < bytes.count
          && (bytes[end + 1] == .slash || bytes[end + 1] == .star)
        guard byte.isBareText && !startsComment else { break }
        end += 1
      }
      return end
    }
    var cases: [[UInt8]] = []
    for byte in 0...255 {
      for position in 0..<12 {
        var bytes = Array("abcdefghijklmnopqrstuv".utf8)
        bytes[position] = UInt8(byte)
        cases.append(bytes)
      }
    }
    for text in ["a/b/c/d/e/f/g/h/i/j/k", "abc//def", "abcdefg/*x*/", "/bin/sh;", "x/", "é"] {
      cases.append(Array(text.utf8))
    }
    for bytes in cases {
      bytes.withUnsafeBufferPointer { buffer in
        ByteClass.table.withUnsafeBufferPointer { classes in
          let parser = PlistParser(bytes: buffer, file: "t")
          for start in 0..<min(3, bytes.count) {
            #expect(
              parser.textEnd(from: start, classes: classes) == expectedEnd(bytes, from: start),
              "\(bytes) from \(start)")
          }
        }
      }
    }
  }
}
