import DataFormats
import Testing

@testable import ModuleGen

/// The YAML migrate writes reads back as the same strings.
@Suite struct YAMLTextTests {
  @Test(arguments: [
    "AcmeApp", "Jane Appleseed", "yes", "No", "null", "~", "1.0", "0x1F", "-3", ".5", "a: b",
    "#x", "{{ module }}", "say \"hi\"", "back\\slash", "tab\there", "line\nbreak", "\u{7F}",
    "\u{85}", "\u{9B}", "\u{FEFF}x", "Café", "", " lead", "trail ", "-x", "@at", "Sources/App",
  ])
  func readsBack(text: String) throws {
    let node = try YAMLReader.read("key: \(YAMLText.scalar(text))\n", file: "t.yml")
    #expect(node["key"]?.value == .string(text), "\(YAMLText.scalar(text))")
    let list = try YAMLReader.read("key: \(YAMLText.list([text, "b"]))\n", file: "t.yml")
    #expect(list["key"]?.liquidValue == .array([.string(text), .string("b")]))
  }
}
