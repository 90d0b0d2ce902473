import Foundation
import Testing

@testable import ModuleGen

/// `resource: true` in a template.yml (Generamba's `is_resource`): the file goes to its
/// target's Resources phase whatever its type.
@Suite struct ResourceEntryTests {
  static let manifest = """
    name: notes
    files:
      - template: view.liquid
        output: "{{ module }}View.swift"
      - template: notes.liquid
        output: "{{ module }}Notes.txt"
        resource: true
      - template: data.liquid
        output: "{{ module }}Data.txt"
        resource: false

    """

  @Test func theManifestReadsTheFlag() throws {
    let manifest = try TemplateManifest.decode(Self.manifest, file: "template.yml")
    #expect(manifest.files.map(\.isResource) == [false, true, false])
  }

  @Test func aFlagThatIsNotABooleanIsAnError() throws {
    let text = Self.manifest.replacingOccurrences(of: "resource: true", with: "resource: maybe")
    do {
      _ = try TemplateManifest.decode(text, file: "template.yml")
      Issue.record("'resource: maybe' was accepted")
    } catch {
      #expect(
        error.diagnostics.map { $0.description.split(separator: "\n")[0] } == [
          "template.yml:7:15: error: files[1]: 'resource' must be true or false"
        ])
    }
  }

  @Test func isResourceInARambaspecIsAResource() throws {
    let spec = try Rambaspec.decode(
      """
      name: notes
      code_files:
        - {name: View.swift, path: view.liquid}
        - {name: Notes.txt, path: notes.liquid, is_resource: true}

      """, file: "notes.rambaspec")
    let (manifest, notes) = try spec.manifest(
      named: "notes", files: ["view.liquid", "notes.liquid"], displayRoot: "Templates/notes",
      flat: false)
    #expect(manifest.files.map(\.isResource) == [false, true])
    #expect(notes.isEmpty)
  }

  @Test func genPutsAFileMarkedResourceInTheResourcesPhase() throws {
    let dir = try XcodeGenTests().project()
    try write(Self.manifest, to: dir + "/Templates/notes/template.yml")
    for name in ["view", "notes", "data"] {
      try write("{{ module }} \(name)\n", to: dir + "/Templates/notes/\(name).liquid")
    }
    let gen = runTool(["gen", "Home", "notes", "--verbose"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(gen.out.contains("  add iOS/Modules/Home/HomeNotes.txt to target iOS (Resources)\n"))
    #expect(gen.out.contains("  add iOS/Modules/Home/HomeView.swift to target iOS (Sources)\n"))
    #expect(!gen.out.contains("HomeData.txt to target"))
    // Read back: the build file is in the iOS target's Resources phase, and only there.
    let text = try XcodeGenTests().projectFile(dir)
    let section = try #require(
      text.range(of: "/* Begin PBXResourcesBuildPhase section */").flatMap { start in
        text.range(of: "/* End PBXResourcesBuildPhase section */").map {
          String(text[start.upperBound..<$0.lowerBound])
        }
      })
    #expect(section.contains("/* HomeNotes.txt in Resources */,\n"))
    #expect(!section.contains("HomeData.txt"))
    #expect(text.components(separatedBy: "/* HomeNotes.txt in Resources */,").count == 2)
  }
}
