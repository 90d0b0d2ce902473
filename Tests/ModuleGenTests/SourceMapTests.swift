import DataFormats
import Testing

@testable import ModuleGen

/// Where a position inside a block value (`presenter: |`) stands in its file: a spec's block of
/// methods asks for the line of each one.
@Suite struct SourceMapTests {
  /// Every line of two long blocks, each indented its own way, is found at its line of the file
  /// with its column after the block's indentation, asked in any order and more than once.
  @Test func everyLineOfLongBlocksIsFound() throws {
    var text = "name: Home\npresenter: |\n"
    let count = 300
    for i in 0..<count { text += "    " + String(repeating: " ", count: i % 3) + "m\(i)()\n" }
    text += "interactor: |2\n"
    for i in 0..<count { text += "     " + "i\(i)()\n" }
    let root = try YAMLReader.read(text, file: "spec.yml")
    let map = SourceMap(text: text)
    let presenter = try #require(root["presenter"])
    let interactor = try #require(root["interactor"])
    for i in Array(0..<count).reversed() + [0, count - 1] {
      let location = map.locate(presenter, line: i, column: i % 3 + 1)
      #expect(location.line == 3 + i)
      #expect(location.column == 4 + i % 3 + 2)
      #expect(location.lineText == "    " + String(repeating: " ", count: i % 3) + "m\(i)()")
      let other = map.locate(interactor, line: i, column: 3)
      #expect(other.line == 4 + count + i)
      #expect(other.column == 2 + 3 + 1)
      #expect(other.lineText == "     i\(i)()")
    }
  }

  /// A line past the end of the file is left at the value's own location.
  @Test func aLinePastTheFileIsTheValuesLocation() throws {
    let text = "presenter: |\n  load()\n"
    let root = try YAMLReader.read(text, file: "spec.yml")
    let presenter = try #require(root["presenter"])
    let location = SourceMap(text: text).locate(presenter, line: 5, column: 0)
    #expect(location == presenter.location)
  }
}
