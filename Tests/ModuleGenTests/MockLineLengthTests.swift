import Foundation
import Testing

@testable import ModuleGen

/// The generated mocks keep to the built-in style's line length for a module with a long name,
/// in every combination of each template's parameters, for the typical screen and for a spec
/// with every signature form: swift format neither breaks nor reports a long string literal,
/// so a message that names the mock and its stubs must not be one.
@Suite struct MockLineLengthTests {
  static let longName = "UserProfileSettings"

  @Test(arguments: BuiltinTemplates.names)
  func mockLinesKeepToTheStylesLength(_ name: String) throws {
    let style = GeneratedPackage.root.appendingPathComponent("Templates/common/swift-format.json")
    let limit = try GeneratedCodeTests.lineLength(style: style.path)
    var rich = try GeneratedPackage.richModule(for: name)
    rich.name = Self.longName
    let manifest = try CompiledTemplate.compile(.builtin(name)).manifest
    var mocks = 0
    for combination in manifest.choiceCombinations {
      for var module in [ModuleSpec(name: Self.longName), rich] {
        module.template = name
        var generator = Generator(
          library: TemplateLibrary(folders: []), config: nil, fileSystem: LocalFileSystem())
        var options = GenerationOptions(
          settings: GenerationSettings(author: "modulegen", project: "App", date: "2026-01-01"),
          currentDirectory: try makeTemporaryDirectory())
        options.setParams = combination
        let plan = try generator.plan([module], options: options)
        for file in plan.files where file.path.hasSuffix("Mocks.swift") {
          mocks += 1
          let long = GeneratedCodeTests.lines(
            longerThan: limit, text: String(decoding: file.bytes, as: UTF8.self))
          #expect(
            long.isEmpty, "\(name) \(combination) \(file.path):\n\(long.joined(separator: "\n"))")
        }
      }
    }
    #expect(mocks == 2 * manifest.choiceCombinations.count)
  }
}
