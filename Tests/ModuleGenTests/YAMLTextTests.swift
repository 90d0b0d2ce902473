import DataFormats
import Foundation
import Testing

@testable import ModuleGen

/// Every YAML file modulegen writes (the record, `.modulegen.yml`, `template.yml`, specs) spells
/// its strings with `YAMLText`: they read back as the same strings, with our reader and with
/// PyYAML, as keys, values and in flow collections.
@Suite struct YAMLTextTests {
  static let hostile = [
    "AcmeApp", "Jane Appleseed", "yes", "No", "y", "n", "null", "NULL", "~", "1.0", "0x1F", "-3",
    ".5",
    "1_000", "0o17", "1e3", ".inf", "2026-01-02", "a: b", "a:b", "git: https://x",
    "https://github.com/a/b", "key,comma", "[x]", "{y}", "a #b", "#x", "{{ module }}",
    "say \"hi\"", "'q'", "back\\slash", "tab\there", "line\nbreak", "cr\rlf", "\u{7F}", "\u{85}",
    "\u{9B}", "\u{FEFF}x", "\u{FFFE}", "\u{FFFF}", "\u{2028}", "\u{2029}", "Café", "Ünï", "",
    " lead",
    "trail ", "-", "- x", "-x", "? x", "!tag", "&a", "*a", "|", ">", "%", "`", "@at", "=",
    "<<", "sha256:0f", "Sources/App", "_a.b+c@d-e",
  ]

  /// One document with `text` as a key, a value, an item of a flow list and a value of a flow
  /// mapping, as the writers spell them.
  static func document(_ text: String) -> String {
    "\(YAMLText.key(text)): \(YAMLText.scalar(text))\n"
      + "list: \(YAMLText.list([text, "b"]))\n"
      + "map: {k: \(YAMLText.scalar(text, inFlow: true)), l: b}\n"
  }

  static func readsBack(_ node: DataNode, _ text: String) -> Bool {
    node[text]?.value == .string(text)
      && node["list"]?.liquidValue == .array([.string(text), .string("b")])
      && node["map"]?["k"]?.value == .string(text)
  }

  @Test(arguments: hostile)
  func readsBackWithOurReader(text: String) throws {
    let node = try YAMLReader.read(Self.document(text), file: "t.yml")
    #expect(Self.readsBack(node, text), "\(Self.document(text))")
  }

  @Test func readsBackWithPyYAML() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("yamltext-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    for (i, text) in Self.hostile.enumerated() {
      let path = folder.appendingPathComponent("\(i).yml").path
      try Self.document(text).write(toFile: path, atomically: false, encoding: .utf8)
      paths.append(path)
    }
    guard let answers = try YAMLDifferentialTests.pyyaml(paths) else {
      // CI installs PyYAML (.ci/run); there, a missing PyYAML is a failure, not a skip.
      #expect(ProcessInfo.processInfo.environment["CI"] == nil, "python3 with PyYAML is required")
      return
    }
    for (path, text) in zip(paths, Self.hostile) {
      let answer = answers[path]?["ok"]
      #expect(
        answer.map { Self.readsBack($0, text) } == true,
        "\(Self.document(text)): \(answer?.value ?? answers[path]?["error"]?.value ?? .null)")
    }
  }

  /// Plain when YAML reads the text back as the same string, else double-quoted; a key (and a
  /// value in a flow collection) also quotes a colon.
  @Test(arguments: [
    ("Home/HomeView.swift", "Home/HomeView.swift", "Home/HomeView.swift"),
    ("sha256:0f", "\"sha256:0f\"", "sha256:0f"), ("_a.b+c@d-e", "_a.b+c@d-e", "_a.b+c@d-e"),
    ("Yes", "\"Yes\"", "\"Yes\""), ("nULL", "\"nULL\"", "\"nULL\""),
    ("falsey", "falsey", "falsey"), ("a:", "\"a:\"", "\"a:\""), ("1a", "\"1a\"", "\"1a\""),
    ("", "\"\"", "\"\""), ("Ünï", "\"Ünï\"", "\"Ünï\""), ("a b", "\"a b\"", "\"a b\""),
    ("\u{FFFE}", "\"\\ufffe\"", "\"\\ufffe\""),
  ])
  func plainOrQuoted(_ text: String, _ key: String, _ value: String) {
    #expect(YAMLText.key(text) == key)
    #expect(YAMLText.scalar(text) == value)
    #expect(YAMLText.scalar(text, inFlow: true) == key)
  }
}
