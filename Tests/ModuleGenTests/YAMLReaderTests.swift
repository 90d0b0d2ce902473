import Liquid
import Testing

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
      "f.yml:3:3: error: unexpected indentation: this line is indented more than the keys above it"
    ),
    (
      "a: 1\n  b: 2",
      "f.yml:2:4: error: a ': ' in a plain value makes it look like a mapping; quote the value"
    ),
    (
      "list:\n  - a\n - b",
      "f.yml:3:2: error: unexpected indentation: this line is indented more than the keys above it"
    ),
    ("a: [1, 2", "f.yml:1:4: error: the list '[' is never closed with ']'"),
    ("a: {x: 1 y: 2}", "f.yml:1:11: error: expected ',' or '}' in a flow mapping"),
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
      "f.yml:1:4: error: integer '99999999999999999999' does not fit in 64 bits"
    ),
  ]

  @Test(arguments: errors) func errorsHaveExactLocations(_ yaml: String, _ expected: String) {
    let output = json(yaml)
    #expect(output.split(separator: "\n").first.map(String.init) == "ERROR " + expected)
  }
}

struct Failure: Error {}
