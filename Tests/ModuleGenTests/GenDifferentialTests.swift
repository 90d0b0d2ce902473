import Foundation
import PbxprojReader
import Testing

/// `modulegen gen` with a real project, read back by the independent reader (the PyPI package
/// `pbxproj`, see `PbxprojDifferentialTests`): every generated file is in the group of its
/// folder and in its own targets only (code in the app, tests in the test bundle), and no
/// object that was there changed but for the lists that gained the new ones.
@Suite struct GenDifferentialTests {
  /// The Xcode-written project the module joins, from the Xcode project library's fixtures.
  static let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(
      "XcodeProjectTests/Fixtures/xcodeproj/iOS/Project.xcodeproj")

  /// The reader's facts about the project before and after; nil (the test skipped, or failed
  /// in CI) when the reader is not installed.
  static func facts(before: String, after: String) throws -> [String: [String: Any]]? {
    if let facts = try PbxprojReader.facts([before, after]) { return facts }
    #expect(!PbxprojReader.isRequired, "\(PbxprojReader.missing)")
    print(PbxprojReader.skipped)
    return nil
  }

  @Test func theReaderSeesEveryGeneratedFileInItsGroupAndTarget() throws {
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("modulegen-gen-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: Self.project.path,
      toPath: dir + "/Project.xcodeproj")
    try """
    xcodeproj: Project.xcodeproj
    module: iOS
    output: iOS/Modules/{{ module }}
    tests_output: iOSTests/{{ module }}Tests

    """.write(toFile: dir + "/.modulegen.yml", atomically: true, encoding: .utf8)
    let result = runTool(["gen", "Home", "mvvm", "--date", "2026-01-01"], in: dir)
    #expect(result.code == 0, "\(result.err)")

    let after = dir + "/Project.xcodeproj/project.pbxproj"
    let before = Self.project.appendingPathComponent("project.pbxproj").path
    guard let facts = try Self.facts(before: before, after: after) else { return }
    guard let old = facts[before]?["objects"] as? [String: Any],
      let new = facts[after]?["objects"] as? [String: Any],
      let oldFiles = facts[before]?["files"] as? [String: [String: Any]],
      let newFiles = facts[after]?["files"] as? [String: [String: Any]]
    else {
      Issue.record("the harness gave no facts")
      return
    }
    // Each new file: `path | group | targets`, as the reader sees it.
    let seen = newFiles.filter { oldFiles[$0.key] == nil }.values.map { file in
      let targets = (file["targets"] as? [String] ?? []).joined(separator: ", ")
      return "\(file["path"] as? String ?? "?") | \(file["group"] as? String ?? "?") | \(targets)"
    }.sorted()
    let code = [
      "Builder", "Contracts", "Entity", "Router", "Service", "ViewController", "ViewModel",
    ].map { "iOS/Modules/Home/Home\($0).swift | iOS/Modules/Home | iOS:Sources" }
    let tests = ["Mocks", "Tests"].map {
      "iOSTests/HomeTests/Home\($0).swift | iOSTests/HomeTests | iOSTests:Sources"
    }
    #expect(seen == (code + tests).sorted())
    // Every object that was there is still there; the only ones that changed are groups,
    // build phases and the project's main group lists that gained children or files.
    #expect(Set(old.keys).isSubset(of: new.keys))
    for (id, value) in old {
      guard let was = value as? [String: Any], let now = new[id] as? [String: Any] else {
        continue
      }
      if NSDictionary(dictionary: was).isEqual(to: now) { continue }
      let isa = was["isa"] as? String ?? ""
      #expect(
        ["PBXGroup", "PBXSourcesBuildPhase"].contains(isa), "\(id) (\(isa)) changed")
      for (key, item) in was where key != "children" && key != "files" {
        #expect(
          (now[key] as? NSObject)?.isEqual(item) == true, "\(id).\(key) changed")
      }
    }
  }

  /// A `.txt` file (no build phase by its type) that its template marks `resource: true`.
  @Test func theReaderSeesAFileMarkedResourceInTheResourcesPhase() throws {
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("modulegen-gen-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(
      atPath: dir + "/Templates/notes", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: Self.project.path,
      toPath: dir + "/Project.xcodeproj")
    let files = [
      ".modulegen.yml":
        "xcodeproj: Project.xcodeproj\ntemplates: Templates\noutput: iOS/Modules/{{ module }}\n",
      "Templates/notes/template.yml": """
      name: notes
      files:
        - {template: view.liquid, output: "{{ module }}View.swift"}
        - {template: notes.liquid, output: "{{ module }}Notes.txt", resource: true}
        - {template: notes.liquid, output: "{{ module }}Readme.txt"}

      """,
      "Templates/notes/view.liquid": "struct {{ module }}View {}\n",
      "Templates/notes/notes.liquid": "{{ module }}\n",
    ]
    for (path, text) in files {
      try text.write(toFile: dir + "/" + path, atomically: true, encoding: .utf8)
    }
    let result = runTool(["gen", "Home", "notes"], in: dir)
    #expect(result.code == 0, "\(result.err)")

    let after = dir + "/Project.xcodeproj/project.pbxproj"
    let before = Self.project.appendingPathComponent("project.pbxproj").path
    guard let facts = try Self.facts(before: before, after: after) else { return }
    guard let oldFiles = facts[before]?["files"] as? [String: [String: Any]],
      let newFiles = facts[after]?["files"] as? [String: [String: Any]]
    else {
      Issue.record("the harness gave no facts")
      return
    }
    let seen = newFiles.filter { oldFiles[$0.key] == nil }.values.map { file in
      let targets = (file["targets"] as? [String] ?? []).joined(separator: ", ")
      return "\(file["path"] as? String ?? "?") | \(targets)"
    }.sorted()
    #expect(
      seen == [
        "iOS/Modules/Home/HomeNotes.txt | iOS:Resources",
        "iOS/Modules/Home/HomeReadme.txt | ",
        "iOS/Modules/Home/HomeView.swift | iOS:Sources",
      ])
  }
}
