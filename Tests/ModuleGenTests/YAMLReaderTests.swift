import DataFormats
import Diagnostics
import Liquid
import Testing

@testable import DataFormats
@testable import ModuleGen

@Suite struct YAMLReaderTests {
  func json(_ yaml: String) -> String {
    do {
      return try YAMLReader.read(yaml, file: "f.yml").liquidValue.jsonText
    } catch {
      return "ERROR " + error.description
    }
  }

  @Test func nodesKnowTheirLocations() throws {
    let root = try YAMLReader.read("a: 1\nlist:\n  - x\n  - {k: v}\n", file: "f.yml")
    #expect(root["a"]?.location.description == "f.yml:1:4")
    guard case .array(let items) = root["list"]?.value else { throw Failure() }
    #expect(items[1].location.description == "f.yml:4:5")
    #expect(items[1]["k"]?.location.description == "f.yml:4:9")
    guard case .object(let pairs) = root.value else { throw Failure() }
    #expect(pairs[1].keyLocation.description == "f.yml:2:1")
  }

  @Test func keysStayInSourceOrder() {
    #expect(json("z: 1\na: 2\nm: 3") == #"{"z":1,"a":2,"m":3}"#)
  }

  @Test func scalarsResolveAsYAML11() {
    #expect(
      json("[yes, No, on, ~, '', 0o7, 0755, 0x1f, 1_000, 1:30, 1.5, 1e5, .5, -.inf]")
        == #"[true,false,true,null,"","0o7",493,31,1000,90,1.5,"1e5",0.5,null]"#)
  }

  @Test func signaturesInBlockScalarsStayText() {
    #expect(
      json("view: |\n  func display(items: [Item])\n  func showLoading()\n")
        == #"{"view":"func display(items: [Item])\nfunc showLoading()\n"}"#)
  }

  static let errors: [(String, String)] = [
    ("a: 1\n\tb: 2", "f.yml:2:1: error: tabs are not allowed for indentation; use spaces"),
    ("a: 1\na: 2", "f.yml:2:1: error: duplicate key 'a' (first defined at line 1)"),
    (
      "a:\n    b: 1\n  c: 2",
      "f.yml:3:3: error: this line is indented less than the keys of 'a' above it (column 5): indent it as they are"
    ),
    // A key indented deeper than the keys above it goes on with the value above it.
    (
      "a: 1\n  b: 2",
      "f.yml:2:3: error: this line goes on with the value '1' above it, and its ': ' makes it look like a mapping: if it is a key, indent it as the keys above it; else quote the value (or write it as a block with '|')"
    ),
    // A Swift signature written over lines: the value goes on, and is to be quoted.
    (
      "view:\n  - showA(\n      a: Int)",
      "f.yml:3:7: error: this line goes on with the value 'showA(' above it, and its ': ' makes it look like a mapping: if it is a key, indent it as the keys above it; else quote the value (or write it as a block with '|')"
    ),
    (
      "params:\n  ui: swiftui\n   tests: xctest",
      "f.yml:3:4: error: this line goes on with the value 'swiftui' above it, and its ': ' makes it look like a mapping: if it is a key, indent it as the keys above it; else quote the value (or write it as a block with '|')"
    ),

    // A line short of the items above it, deeper than their key, is told where they stand.
    (
      "list:\n  - a\n - b",
      "f.yml:3:2: error: this list item is indented less than the items of 'list' above it (column 3): indent it as they are"
    ),
    (
      "a: [x]\n - b",
      "f.yml:2:2: error: unexpected indentation: this line is indented more than the keys above it"
    ),
    (
      "list:\n  - a\n c: d",
      "f.yml:3:2: error: unexpected indentation: this line is indented more than the keys above it"
    ),
    ("a: [1, 2", "f.yml:1:4: error: the list '[' is never closed with ']'"),
    ("a: {x: 1 y: 2}", "f.yml:1:11: error: expected ',' or '}' in a flow mapping"),
    // A Liquid pattern unquoted: YAML reads '{{' as a mapping for a key.
    (
      "output: {{ module }}/Code  # the module's folder",
      "f.yml:1:9: error: '{{' starts a mapping in a mapping to YAML, not a Liquid tag; quote the value (\"{{ module }}/Code\")"
    ),
    (
      "register:\n  - snippet: {{ module | camel_case }}: \"x\"",
      "f.yml:2:14: error: '{{' starts a mapping in a mapping to YAML, not a Liquid tag; quote the value ('{{ module | camel_case }}: \"x\"')"
    ),
    // The file ends in an open list or mapping: at its bracket, as a line that goes on.
    ("a: [", "f.yml:1:4: error: the list '[' is never closed with ']'"),
    ("a: [x,\n", "f.yml:1:4: error: the list '[' is never closed with ']'"),
    ("a: [x: ", "f.yml:1:4: error: the list '[' is never closed with ']'"),
    ("- {", "f.yml:1:3: error: the mapping '{' is never closed with '}'"),
    ("a: {b: ", "f.yml:1:4: error: the mapping '{' is never closed with '}'"),
    // What PyYAML refuses, and this reader read as text.
    (
      "a: ]",
      "f.yml:1:4: error: ']' cannot start a value outside a flow collection ('[…]', '{…}'); quote the value"
    ),
    (
      "a:\n  - }",
      "f.yml:2:5: error: '}' cannot start a value outside a flow collection ('[…]', '{…}'); quote the value"
    ),
    (
      "a: ,x",
      "f.yml:1:4: error: ',' cannot start a value outside a flow collection ('[…]', '{…}'); quote the value"
    ),
    ("a: =", "f.yml:1:4: error: " + YAMLReader.valueKeyMessage),
    ("a: [x, =]", "f.yml:1:8: error: " + YAMLReader.valueKeyMessage),
    (
      "name: Home\ntemplate: vi\u{7F}per",
      "f.yml:2:13: error: control character U+007F is not allowed in YAML; remove it, or write it as an escape in a double-quoted string (\"\\u007F\")"
    ),
    (
      "a: \"x\u{1}\" # \u{C}",
      "f.yml:1:6: error: control character U+0001 is not allowed in YAML; remove it, or write it as an escape in a double-quoted string (\"\\u0001\")"
    ),
    // A CR alone is a line break to YAML (PyYAML reads 'a: 1\rb: 2' as two keys): refused,
    // where it was an indentation error on a line that showed both.
    ("a: 1\rb: 2\r", "f.yml:1:5: error: " + YAMLReader.carriageReturnMessage),
    ("a: 1\r\nb: \"x\ry\"\r\n", "f.yml:2:6: error: " + YAMLReader.carriageReturnMessage),
    (
      "# \u{9F}",
      "f.yml:1:3: error: control character U+009F is not allowed in YAML; remove it, or write it as an escape in a double-quoted string (\"\\u009F\")"
    ),
    // A list or mapping left open is at its bracket, not at the next key or entry that the
    // reader took as its next item; an item that does not belong, deeper, is where it is.
    ("a: [1, 2\nb: 3\nc: 4", "f.yml:1:4: error: the list '[' is never closed with ']'"),
    (
      "- {x: 1, y: 2\n- {x: 3, y: 4}",
      "f.yml:1:3: error: the mapping '{' is never closed with '}'"
    ),
    (
      "a:\n  b: [1, 2\n  c: 3\n  d: 4\n",
      "f.yml:2:6: error: the list '[' is never closed with ']'"
    ),
    ("a: [\"x\",\n  \"y\" \"z\"]", "f.yml:2:7: error: expected ',' or ']' in a flow list"),
    ("a: \"open", "f.yml:1:4: error: quoted string is not terminated"),
    ("a: \"\\q\"", "f.yml:1:5: error: unknown escape '\\q' in a double-quoted string"),
    ("a: &x 1", "f.yml:1:4: error: anchors (&name) are not supported"),
    ("a: *x", "f.yml:1:4: error: aliases (*name) are not supported"),
    ("a: !!int 1", "f.yml:1:4: error: tags (!tag) are not supported"),
    ("a: 1\n---\nb: 2", "f.yml:2:1: error: multiple documents in one file are not supported"),
    (
      "a: b: c",
      "f.yml:1:4: error: a mapping cannot start on the same line as its key; start it on the next line"
    ),
    (
      "key: - a",
      "f.yml:1:6: error: a list cannot start on the same line as its key; start it on the next line"
    ),
    (
      "a: 99999999999999999999",
      "f.yml:1:4: error: " + YAMLReader.integerTooLargeMessage("99999999999999999999")
    ),
  ]

  /// What modulegen writes in JSON's syntax and reads back as YAML (the record, with values
  /// from `--set`) escapes every character YAML refuses unescaped.
  @Test func writtenJSONTextReadsBackAsYAML() throws {
    let text = "a\u{1}b\u{7F}c\u{85}d\u{9F}e\u{FFFE}\r\n"
    let written = "value: " + LiquidValue.string(text).jsonText
    #expect(written == "value: \"a\\u0001b\\u007fc\\u0085d\\u009fe\\ufffe\\r\\n\"")
    #expect(try YAMLReader.read(written, file: "f.yml")["value"]?.value == .string(text))
  }

  @Test(arguments: errors) func errorsHaveExactLocations(_ yaml: String, _ expected: String) {
    let output = json(yaml)
    #expect(output.split(separator: "\n").first.map(String.init) == "ERROR " + expected)
  }

  static let tab = "tabs are not allowed outside quotes, block scalars and comments; use spaces"
  static let merge =
    "'<<' is YAML's merge key, which is not supported; quote it ('<<') to mean the text"

  /// Where PyYAML refuses a document, so does the reader (the differential test checks the
  /// same documents against PyYAML itself, in Fixtures/yaml/refused).
  static let refusedAsPyYAMLRefuses: [(String, String)] = [
    (
      "a: %x",
      "f.yml:1:4: error: '%' is reserved in YAML and cannot start a plain value; quote the value"
    ),
    (
      "a: [b, %x]",
      "f.yml:1:8: error: '%' is reserved in YAML and cannot start a plain value; quote the value"
    ),
    ("<<: 1", "f.yml:1:1: error: \(merge)"),
    ("a: <<", "f.yml:1:4: error: \(merge)"),
    ("a: {<<: 1}", "f.yml:1:5: error: \(merge)"),
    ("a: [b, <<]", "f.yml:1:8: error: \(merge)"),
    (
      "a: [a, |]",
      "f.yml:1:8: error: '|' cannot start a value inside a flow collection; quote the value"
    ),
    (
      "a: [>b]",
      "f.yml:1:5: error: '>' cannot start a value inside a flow collection; quote the value"
    ),
    (
      "a: [#b]",
      "f.yml:1:5: error: '#' cannot start a value inside a flow collection; quote the value"
    ),
    (
      "a: [:b]",
      "f.yml:1:5: error: ':' cannot start a value inside a flow collection; quote the value"
    ),
    (
      "a: [- a]", "f.yml:1:5: error: a block list item ('- ') cannot stand inside a flow collection"
    ),
    ("a: b\tc", "f.yml:1:5: error: \(tab)"),
    ("a: b \tc", "f.yml:1:6: error: \(tab)"),
    ("a\tb: c", "f.yml:1:2: error: \(tab)"),
    ("a: b\t# comment", "f.yml:1:5: error: \(tab)"),
    ("a: b\t", "f.yml:1:5: error: \(tab)"),
    ("a:\tb", "f.yml:1:3: error: \(tab)"),
    ("- a\n-\tb", "f.yml:2:2: error: \(tab)"),
    ("a: 'x'\t", "f.yml:1:7: error: \(tab)"),
    ("'a'\t: 1", "f.yml:1:4: error: \(tab)"),
    ("a: [b,\tc]", "f.yml:1:7: error: \(tab)"),
    ("a: [b]\t", "f.yml:1:7: error: \(tab)"),
    ("a: b\n\t\n", "f.yml:2:1: error: tabs are not allowed for indentation; use spaces"),
    ("a: b\n  \t # c\n", "f.yml:2:3: error: tabs are not allowed for indentation; use spaces"),
    ("a: |\n  x\n\t\n  y\n", "f.yml:3:1: error: tabs are not allowed for indentation; use spaces"),
    ("a: |\n\tx\n", "f.yml:2:1: error: tabs are not allowed for indentation; use spaces"),
    ("a: [b?]", "f.yml:1:6: error: expected ',' or ']' in a flow list"),
    ("a: [b?c]", "f.yml:1:6: error: expected ',' or ']' in a flow list"),
    ("a: {b?: c}", "f.yml:1:6: error: expected ',' or '}' in a flow mapping"),
    ("a: [?b]", "f.yml:1:5: error: complex keys ('? key') are not supported"),
    ("a: 0b_", "f.yml:1:4: error: '0b_' is an integer with no digits; quote it to mean the text"),
    ("a: 0x_", "f.yml:1:4: error: '0x_' is an integer with no digits; quote it to mean the text"),
  ]

  @Test(arguments: refusedAsPyYAMLRefuses) func refusedWherePyYAMLRefuses(
    _ yaml: String, _ expected: String
  ) {
    #expect(json(yaml).split(separator: "\n").first.map(String.init) == "ERROR " + expected)
  }

  /// Tabs stay allowed where PyYAML allows them, and PyYAML's corners read as it reads them.
  @Test func cornersReadAsPyYAMLReadsThem() {
    #expect(json("a: ._5") == #"{"a":"._5"}"#)
    #expect(json("a: [._5, ._, .5_, .5, -.5, 1._5]") == #"{"a":["._5","._",0.5,0.5,"-.5",1.5]}"#)
    #expect(json("a: \"x\ty\"\nb: 'x\ty'") == #"{"a":"x\ty","b":"x\ty"}"#)
    #expect(json("a: b # \tcomment") == #"{"a":"b"}"#)
    #expect(json("a: |\n  x\n  \ty\n") == #"{"a":"x\n\ty\n"}"#)
    #expect(json("a: |\n  \tx\n") == #"{"a":"\tx\n"}"#)
    #expect(json("a: b\n  %c") == #"{"a":"b %c"}"#)
    #expect(json("a: [-b, -, a:b, b%c]") == #"{"a":["-b","-","a:b","b%c"]}"#)
    #expect(json("a: b?c") == #"{"a":"b?c"}"#)
    #expect(json("'<<': 1") == #"{"<<":1}"#)
  }

  /// Every word YAML 1.1 reads as null, a boolean or a special number, by each first character
  /// such words have; other words, even those that begin like one, stay text.
  @Test func specialWordsResolveAndOthersStayText() {
    #expect(
      json("[~, null, Null, NULL, yes, Yes, YES, true, True, TRUE, on, On, ON]")
        == #"[null,null,null,null,true,true,true,true,true,true,true,true,true]"#)
    #expect(
      json("[no, No, NO, false, False, FALSE, off, Off, OFF]")
        == #"[false,false,false,false,false,false,false,false,false]"#)
    #expect(
      json("[.inf, .Inf, .INF, +.inf, +.Inf, +.INF, -.inf, -.Inf, -.INF, .nan, .NaN, .NAN]")
        == "[" + Array(repeating: "null", count: 12).joined(separator: ",") + "]")
    #expect(
      json("[nope, yess, trueish, once, offset, nil, ~x, uikit, always, choice, x, Z]")
        == #"["nope","yess","trueish","once","offset","nil","~x","uikit","always","choice","x","Z"]"#
    )
  }

  /// A value on one line is its bytes; a value on several is folded, as PyYAML folds it.
  @Test func plainAndQuotedValuesOnOneLineOrSeveral() {
    #expect(json("a: one two  \nb: x") == #"{"a":"one two","b":"x"}"#)
    #expect(json("a: one\n  two\n\n  three\n") == #"{"a":"one two\nthree"}"#)
    #expect(
      json("a: 'it''s'\nb: \"x\\ty\"\nc: \"\"\nd: ''") == #"{"a":"it's","b":"x\ty","c":"","d":""}"#)
    #expect(json("a: \"one\n  two\"\nb: 'é ü'") == #"{"a":"one two","b":"é ü"}"#)
  }

  /// A duplicate key is found however long the mapping is (the first keys are compared one by
  /// one, later ones looked up), block or flow, with where its first is.
  @Test(arguments: [3, 15, 16, 17, 40]) func duplicateKeysInLongMappings(_ duplicated: Int) {
    let keys = (0..<30).map { "k\($0)" }
    let block = keys.map { "\($0): 1" }.joined(separator: "\n") + "\nk\(duplicated): 2\n"
    let flow = "{" + keys.map { "\($0): 1" }.joined(separator: ", ") + ", k\(duplicated): 2}"
    guard duplicated < keys.count else {
      #expect(json(block).hasPrefix("{\"k0\":1,"))
      #expect(json(flow).hasSuffix(",\"k40\":2}"))
      return
    }
    #expect(
      json(block).split(separator: "\n").first.map(String.init)
        == "ERROR f.yml:31:1: error: duplicate key 'k\(duplicated)' (first defined at line \(duplicated + 1))"
    )
    let column = flow.utf8.count - "k\(duplicated): 2}".utf8.count + 1
    #expect(
      json(flow).split(separator: "\n").first.map(String.init)
        == "ERROR f.yml:1:\(column): error: duplicate key 'k\(duplicated)' (first defined at line 1)"
    )
  }

  /// The reader is handed text whose BOM the file reader kept; it skips it.
  @Test func byteOrderMarkIsSkipped() {
    #expect(json("\u{FEFF}a: 1\nb: 2") == #"{"a":1,"b":2}"#)
  }

  /// Locations are found when read, from the document and an offset: correct on long lines,
  /// after CRLF and after multi-byte characters, and equal to eagerly made ones.
  @Test func deferredLocationsMatchTheSource() throws {
    let line = "{" + (0..<2000).map { "k\($0): [é, x\($0)]" }.joined(separator: ", ") + "}"
    let root = try YAMLReader.read("first: 1\r\nsecond: " + line + "\r\n", file: "f.yml")
    guard case .object(let pairs) = root["second"]?.value,
      case .array(let items) = pairs[1999].value.value
    else { throw Failure() }
    let text = "second: " + line
    let expectedColumn =
      text.distance(from: text.startIndex, to: text.range(of: "x1999")!.lowerBound) + 1
    #expect(items[1].location.line == 2)
    #expect(items[1].location.column == expectedColumn)
    #expect(items[1].location.lineText == "second: " + line)
    #expect(
      items[1].location
        == SourceLocation(
          file: "f.yml", line: 2, column: expectedColumn, lineText: "second: " + line))
    #expect(items[1].location.movedRight(by: 2).column == expectedColumn + 2)
    #expect(root["first"]?.location.description == "f.yml:1:8")
    #expect(root["first"]?.location.lineText == "first: 1")
  }

  /// The reader finds a column by looking back only as far as the line it found last is known
  /// to run: every offset, asked for in any order (on, then ahead of, then behind what it found
  /// last, as a look ahead does), has the column of the line that holds it.
  @Test(arguments: [
    "", "a", "\n", "a: 1\nb:\n  - x\n\n    y: 2\n", "x\r\n  y\r\n\n\n z", "  \n  \n",
  ])
  func columnsInAnyOrderAreThoseOfTheirLines(_ text: String) {
    let bytes = Array(text.utf8)
    let lines = SourceLines(bytes)
    func expected(_ offset: Int) -> Int { offset - lines.lineStart(of: offset) }
    let offsets = Array(0...bytes.count)
    var orders = [offsets, offsets.reversed(), offsets.flatMap { [$0, $0] }]
    // Each offset after every other, both ways.
    orders.append(offsets.flatMap { a in offsets.flatMap { [a, $0] } })
    for order in orders {
      var reader = YAMLReader(bytes: bytes, file: "f.yml")
      #expect(order.map { reader.column($0) } == order.map(expected), "\(order)")
    }
  }

  /// Plain keys and values pass over the bytes that change nothing (above '#', but ':') in a
  /// loop of their own: the bytes it stops at, after a run of others, still end, continue or
  /// refuse the text where they did.
  @Test(arguments: [
    ("key/x.swift: sha256:ab09", #"{"key/x.swift":"sha256:ab09"}"#),
    ("a$b%c: d$e\"f!g", #"{"a$b%c":"d$e\"f!g"}"#),
    ("ab:cd: ef:gh", #"{"ab:cd":"ef:gh"}"#),
    ("ab#cd: ef#gh # note", #"{"ab#cd":"ef#gh"}"#),
    ("é/ü: ñ ☃ x", #"{"é/ü":"ñ ☃ x"}"#),
    ("key: abc\n  def/ghi\n\n  jkl", #"{"key":"abc def/ghi\njkl"}"#),
    ("abc\tdef: 1", "ERROR f.yml:1:4: error: \(YAMLReaderTests.tab)"),
    ("key: abcdef\tx", "ERROR f.yml:1:12: error: \(YAMLReaderTests.tab)"),
    (
      "key: abcdef\n  ghijkl: x",
      "ERROR f.yml:2:3: error: this line goes on with the value 'abcdef' above it, and its ': ' makes it look like a mapping: if it is a key, indent it as the keys above it; else quote the value (or write it as a block with '|')"
    ),
  ])
  func plainTextStopsAtTheBytesThatMatter(_ yaml: String, _ expected: String) {
    #expect(json(yaml).split(separator: "\n").first.map(String.init) == expected)
  }
}

struct Failure: Error {}
