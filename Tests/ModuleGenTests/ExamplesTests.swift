import Foundation
import Testing

@testable import ModuleGen

/// Examples/<template>/ holds the Home module as each built-in template generates it, and the
/// spec used (Home.yml). The test regenerates each and compares byte for byte, in both
/// directions. `MODULEGEN_RECORD=1` re-records the examples, and fails, so that a recording is
/// never silently accepted.
@Suite struct ExamplesTests {
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples").path

  static func files(under folder: String) -> [String] {
    ((FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []).filter {
      path in
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory)
      return !isDirectory.boolValue && path != "Home.yml"
    }.sorted()
  }

  @Test(arguments: BuiltinTemplates.names)
  func exampleMatches(_ template: String) throws {
    let folder = Self.examples + "/" + template
    let specPath = folder + "/Home.yml"
    let record = ProcessInfo.processInfo.environment["MODULEGEN_RECORD"] != nil
    if record && !FileManager.default.fileExists(atPath: specPath) {
      try write("name: Home\ntemplate: \(template)\n", to: specPath)
    }
    let spec = try SpecDecoder.decode(
      try String(contentsOfFile: specPath, encoding: .utf8), file: specPath)
    var generator = Generator(
      library: TemplateLibrary(folders: []), config: nil, fileSystem: LocalFileSystem())
    var options = GenerationOptions(
      settings: GenerationSettings(
        author: "modulegen", company: "Example", project: "App", date: "2026-01-01"),
      currentDirectory: folder)
    options.force = true
    let plan = try generator.plan(spec.modules, options: options)
    let generated = Dictionary(
      uniqueKeysWithValues: plan.files.map {
        (String($0.path.dropFirst(folder.count + 1)), $0.bytes)
      })
    if record {
      for path in Self.files(under: folder) where generated[path] == nil {
        try FileManager.default.removeItem(atPath: folder + "/" + path)
      }
      for (path, bytes) in generated {
        try write(String(decoding: bytes, as: UTF8.self), to: folder + "/" + path)
      }
      Issue.record("re-recorded Examples/\(template); review the diff and run the tests again")
      return
    }
    #expect(
      Self.files(under: folder) == generated.keys.sorted(),
      "the files of Examples/\(template) differ")
    for (path, bytes) in generated {
      #expect(
        FileManager.default.contents(atPath: folder + "/" + path) == Data(bytes),
        "Examples/\(template)/\(path) differs; MODULEGEN_RECORD=1 re-records")
    }
  }
}
