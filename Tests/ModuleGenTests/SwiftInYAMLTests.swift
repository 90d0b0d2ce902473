import Testing

@testable import ModuleGen

/// Swift written as one-line YAML, where YAML reads its punctuation as its own, gets one error
/// that names the value, the character and both fixes (quoting, or the block form), at the
/// character, and no second error about what YAML made of the rest: when `gen` reads the spec
/// and when `validate` reads on past a syntax error.
@Suite struct SwiftInYAMLTests {
  static let head = "name: Home\ntemplate: viper\n"

  static func entitiesFix(_ entity: String) -> String {
    "write the entities as Swift (entities: | then struct \(entity) { … })"
  }

  static func methodsFix(_ key: String) -> String {
    "write the methods as a block (\(key): | then one declaration per line)"
  }

  static let keyAndValue = "which YAML reads as a key and its value"

  /// Spec after `head` → the one error, with its location and the line under it.
  static let cases: [(String, String)] = [
    (
      "entities:\n  HomeItem: {id: UUID, title: String, subtitle: String?}\n",
      "a.yml:4:55: error: 'String?' has '?', which YAML reads as a key indicator inside '{…}' or '[…]'; quote it (subtitle: \"String?\") or \(entitiesFix("HomeItem"))\n  HomeItem: {id: UUID, title: String, subtitle: String?}\n                                                      ^"
    ),
    (
      "entities: {HomeItem: {id: UUID, note: String? }}\n",
      "a.yml:3:45: error: 'String?' has '?', which YAML reads as a key indicator inside '{…}' or '[…]'; quote it (note: \"String?\") or \(entitiesFix("HomeItem"))\nentities: {HomeItem: {id: UUID, note: String? }}\n                                            ^"
    ),
    (
      "entities:\n  HomeItem: {id: UUID, tags: [String]}\n",
      "a.yml:4:30: error: entities.HomeItem.tags: '[String]' has '[', which YAML reads as the start of a list; quote it (tags: \"[String]\") or \(entitiesFix("HomeItem"))\n  HomeItem: {id: UUID, tags: [String]}\n                             ^"
    ),
    (
      "entities:\n  Item:\n    counts: [String: Int]\n",
      "a.yml:5:13: error: entities.Item.counts: '[String: Int]' has '[', which YAML reads as the start of a list; quote it (counts: \"[String: Int]\") or \(entitiesFix("Item"))\n    counts: [String: Int]\n            ^"
    ),
    (
      "entities:\n  Item:\n    point: (x: Int, y: Int)\n",
      "a.yml:5:14: error: '(x: Int, y: Int)' has ': ', \(keyAndValue); quote it (point: \"(x: Int, y: Int)\") or \(entitiesFix("Item"))\n    point: (x: Int, y: Int)\n             ^"
    ),
    (
      "entities:\n  Item: {handler: @escaping () -> Void}\n",
      "a.yml:4:19: error: '@escaping () -> Void' has '@', which YAML reserves at the start of a value; quote it (handler: \"@escaping () -> Void\") or \(entitiesFix("Item"))\n  Item: {handler: @escaping () -> Void}\n                  ^"
    ),
    (
      "interactor: [fetch() -> Result<Void, any Error>]\n",
      "a.yml:3:36: error: interactor[0]: 'fetch() -> Result<Void, any Error>' has ',', where YAML ends an item inside '{…}' or '[…]'; quote it (\"fetch() -> Result<Void, any Error>\") or \(methodsFix("interactor"))\ninteractor: [fetch() -> Result<Void, any Error>]\n                                   ^"
    ),
    (
      "interactor: [fetch() async throws -> [Item]]\n",
      "a.yml:3:38: error: 'fetch() async throws -> [Item]' has '[', which YAML reads as the start of a nested collection inside '{…}' or '[…]'; quote it (\"fetch() async throws -> [Item]\") or \(methodsFix("interactor"))\ninteractor: [fetch() async throws -> [Item]]\n                                     ^"
    ),
    (
      "presenter: didSelect(at index: Int)\n",
      "a.yml:3:30: error: 'didSelect(at index: Int)' has ': ', \(keyAndValue); quote it (presenter: \"didSelect(at index: Int)\") or \(methodsFix("presenter"))\npresenter: didSelect(at index: Int)\n                             ^"
    ),
    (
      "view: [display(items: [String])]\n",
      "a.yml:3:21: error: 'display(items: [String])' has ': ', \(keyAndValue); quote it (\"display(items: [String])\") or \(methodsFix("view"))\nview: [display(items: [String])]\n                    ^"
    ),
    (
      "view: [show(), \"load(id: Int)\", load(name: String)]\n",
      "a.yml:3:42: error: view[2]: 'load(name: String)' has ': ', \(keyAndValue); quote it (\"load(name: String)\") or \(methodsFix("view"))\nview: [show(), \"load(id: Int)\", load(name: String)]\n                                         ^"
    ),
    (
      "view:\n  - display(items: [Item])\n",
      "a.yml:4:18: error: 'display(items: [Item])' has ': ', \(keyAndValue); quote it (- \"display(items: [Item])\") or \(methodsFix("view"))\n  - display(items: [Item])\n                 ^"
    ),
    (
      "view_model:\n- load(id: Int) -> [Item]\n",
      "a.yml:4:10: error: view_model[0]: 'load(id: Int) -> [Item]' has ': ', \(keyAndValue); quote it (- \"load(id: Int) -> [Item]\") or \(methodsFix("view_model"))\n- load(id: Int) -> [Item]\n         ^"
    ),
    (
      "router:\n  - show(title: String = \"a\")\n",
      "a.yml:4:15: error: router[0]: 'show(title: String = \"a\")' has ': ', \(keyAndValue); quote it (- 'show(title: String = \"a\")') or \(methodsFix("router"))\n  - show(title: String = \"a\")\n              ^"
    ),
  ]

  @Test(arguments: cases) func genGetsOneError(_ spec: String, _ expected: String) {
    do {
      _ = try SpecDecoder.decode(Self.head + spec, file: "a.yml")
      Issue.record("expected an error")
    } catch {
      #expect(error.diagnostics.map(\.description) == [expected])
    }
  }

  @Test(arguments: cases) func validateGetsOneError(_ spec: String, _ expected: String) throws {
    let dir = try makeTemporaryDirectory()
    try write(Self.head + spec, to: dir + "/a.yml")
    let result = runTool(["validate", "a.yml"], in: dir)
    #expect(result.code == 1)
    #expect(result.err == expected + "\n1 error in a.yml\n")
  }

  /// Quoted, the same values read; and punctuation that is not Swift's problem keeps YAML's
  /// own message.
  @Test func quotedValuesReadAndOtherErrorsStay() throws {
    let module = try SpecDecoder.decode(
      Self.head
        + "entities: {HomeItem: {id: UUID, subtitle: \"String?\", tags: \"[String]\"}}\n"
        + "interactor: [\"fetch() -> Result<Void, any Error>\", 'load(id: Int)']\n",
      file: "a.yml"
    ).modules[0]
    #expect(module.entities.first?.fields.map(\.type) == ["UUID", "String?", "[String]"])
    #expect(module.roles[.interactor]?.map(\.selector) == ["fetch()", "load(id:)"])
    do {
      _ = try SpecDecoder.decode(Self.head + "params: {ui: [uikit}\n", file: "a.yml")
      Issue.record("expected an error")
    } catch {
      #expect(error.diagnostics.map(\.message) == ["expected ',' or ']' in a flow list"])
    }
    // A string left open on a role's line: YAML's message, not a Swift one.
    do {
      _ = try SpecDecoder.decode(Self.head + "view: \"show(x: \\\n", file: "a.yml")
      Issue.record("expected an error")
    } catch {
      #expect(error.diagnostics.map(\.message) == ["quoted string is not terminated"])
    }
  }

  /// A key indented by mistake below a block: its `|` (or `>-`) is the block form, not Swift
  /// that YAML misread, so the error is YAML's own, about the indentation, and never says to
  /// quote the `|`.
  static let misindentedKeys: [(String, String)] = [
    (
      "view: |\n  func a()\n interactor: |\n  func b()\n",
      "a.yml:5:2: error: unexpected indentation: this line is indented more than the keys above it\n interactor: |\n ^"
    ),
    (
      "entities: |\n  struct A {}\n router: >-\n  func c()\n",
      "a.yml:5:2: error: unexpected indentation: this line is indented more than the keys above it\n router: >-\n ^"
    ),
  ]

  @Test(arguments: misindentedKeys)
  func aMisindentedKeyKeepsYAMLsMessage(_ spec: String, _ expected: String) throws {
    do {
      _ = try SpecDecoder.decode(Self.head + spec, file: "a.yml")
      Issue.record("expected an error")
    } catch {
      #expect(error.diagnostics.map(\.description) == [expected])
    }
    let dir = try makeTemporaryDirectory()
    try write(Self.head + spec, to: dir + "/a.yml")
    let result = runTool(["validate", "a.yml"], in: dir)
    #expect(result.code == 1)
    #expect(result.err == expected + "\n1 error in a.yml\n")
  }

  /// A list item indented deeper than the one above: YAML folds it into that item, and the
  /// error is at the line it is on, saying so (it was at the first line, past its end).
  @Test func anItemIndentedDeeperIsShownWhereItIs() throws {
    let spec = "view:\n  - showA()\n    - showB()\n"
    let dir = try makeTemporaryDirectory()
    try write(Self.head + spec, to: dir + "/a.yml")
    let result = runTool(["validate", "a.yml"], in: dir)
    #expect(result.code == 1)
    #expect(
      result.err
        == """
        a.yml:5:5: error: view[0]: unexpected '- showB()' after the signature\(SpecDecoder.foldedLineHint)
            - showB()
            ^
        1 error in a.yml

        """)
    // A value's place on its one line is where it was.
    try write(Self.head + "view:\n  - showA() extra\n", to: dir + "/b.yml")
    #expect(
      runTool(["validate", "b.yml"], in: dir).err.hasPrefix(
        "b.yml:4:13: error: view[0]: unexpected 'extra' after the signature\n"))
  }

  /// Cut anywhere, the cases still read to errors: the explanation never runs off a line.
  @Test func everyPrefixReads() {
    for (spec, _) in Self.cases {
      let text = Array(Self.head + spec)
      for end in 0...text.count {
        let prefix = String(text[..<end])
        _ = try? SpecDecoder.decode(prefix, file: "a.yml")
        _ = SyntaxRecovery.recover(prefix, file: "a.yml").errors.map {
          SwiftInYAML.explain($0, source: prefix)
        }
      }
    }
  }
}
