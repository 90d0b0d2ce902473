import Foundation
import Testing

@testable import XcodeProject

/// Every real project reads (objectVersion 46 through 77) and writes back byte for byte.
@Suite struct RoundTripTests {
  static let versions: [String: Int] = [
    "FileSharedAcrossTargets/FileSharedAcrossTargets.xcodeproj": 56,
    "SynchronizedRootGroups/SynchronizedRootGroups.xcodeproj": 73,
    "TargetWithCustomBuildRules/TargetWithCustomBuildRules.xcodeproj": 56,
    "WithoutWorkspace/WithoutWorkspace.xcodeproj": 46,
    "Xcode16/Test.xcodeproj": 77,
    "Xcode16/copy.xcodeproj": 77,
    "iOS/AppWithExtensions/AppWithExtensions.xcodeproj": 50,
    "iOS/Project.xcodeproj": 52,
    "iOS/ProjectWithXCLocalSwiftPackageReference.xcodeproj": 60,
    "iOS/ProjectWithoutProductsGroup.xcodeproj": 48,
  ]

  @Test(arguments: Fixtures.projects) func readAndWrittenBackByteForByte(_ name: String) throws {
    let bytes = try Fixtures.bytes(name)
    let project = try XcodeProject(bytes: bytes, file: name)
    #expect(project.objectVersion == Self.versions[name])
    #expect(project.bytes == bytes)
    let plan = try project.plan(adding: [])
    #expect(plan.isEmpty)
    // Read from the file's path: the same bytes, the same plan.
    let read = try XcodeProject(contentsOfFile: Fixtures.path(name), file: name)
    #expect(read.bytes == bytes)
    #expect(try read.plan(adding: []).apply() == bytes)
    #expect(plan.apply() == bytes)
  }

  @Test func targetsAreListedInTheProjectsOrder() throws {
    let project = try Fixtures.project("iOS/AppWithExtensions/AppWithExtensions.xcodeproj")
    #expect(
      project.targets.map(\.name) == [
        "AppWithExtensions", "TodayViewExtension", "WatchApp", "WatchApp Extension",
        "MessagesExtension",
      ])
    let ios = try Fixtures.project("iOS/Project.xcodeproj")
    #expect(ios.targets.map(\.isTest) == [false, true])
    let swiftPM = try Fixtures.project("WithoutWorkspace/WithoutWorkspace.xcodeproj")
    #expect(
      swiftPM.targets.map { "\($0.name) \($0.canHoldFiles)" } == [
        "WithoutWorkspacePackageDescription true", "WithoutWorkspaceTests true",
        "WithoutWorkspace true", "WithoutWorkspacePackageTests false",
      ])
  }

  @Test func unknownObjectsAndKeysAreKeptAsValues() throws {
    let project = try Fixtures.project("iOS/Project.xcodeproj")
    let rule = project.object("6B7542351FE9CEDE003DFC29")
    #expect(rule?["script"]?.string == "$TOOL_PATH/transform")
    #expect(rule?["outputFiles"] == .array([.string("$(DERIVED_FILE_DIR)/CompiledRule")]))
    #expect(
      project.object("23BB67521EE325E600BE9E79")?["shellScript"]?.string == "echo \"/test\"\n")
  }

  /// A project file read from its path, empty or not; an error that names the file when it
  /// cannot be read at all.
  @Test func projectFilesAreReadFromTheirPath() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "read-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let empty = folder.appendingPathComponent("empty.pbxproj")
    try Data().write(to: empty)
    let cases = [
      (empty.path, "p:1:1: error: unexpected end of file, expected '{'"),
      (
        folder.appendingPathComponent("missing").path,
        "p: error: cannot read the project file: No such file or directory"
      ),
      (folder.path, "p: error: cannot read the project file: Is a directory"),
    ]
    for (path, message) in cases {
      #expect(throws: XcodeProjectError.self) { try XcodeProject(contentsOfFile: path, file: "p") }
      do {
        _ = try XcodeProject(contentsOfFile: path, file: "p")
      } catch {
        #expect(error.description == message)
      }
    }
  }

  /// The project is read into memory: another tool emptying the file afterwards changes
  /// nothing in what was read, planned and written (a mapped file would stop the process).
  @Test func aFileEmptiedAfterReadingChangesNothing() throws {
    let name = "iOS/Project.xcodeproj"
    let bytes = try Fixtures.bytes(name)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emptied-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("project.pbxproj").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let project = try XcodeProject(contentsOfFile: path, file: name)
    #expect(truncate(path, 0) == 0)
    let files = [
      ProjectFileSet(folder: "iOS/Home", files: ["Home.swift"], targets: ["iOS"])
    ]
    let expected = try XcodeProject(bytes: bytes, file: name).plan(adding: files).apply()
    let plan = try project.plan(adding: files)
    var written: [UInt8] = []
    plan.write { written.append(contentsOf: $0) }
    #expect(written == expected)
    #expect(project.bytes == bytes)
  }
}
