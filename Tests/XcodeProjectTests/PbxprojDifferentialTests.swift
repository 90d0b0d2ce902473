import Foundation
import PbxprojReader
import Testing

@testable import XcodeProject

/// Adds a module to each real project and has an independent reader, the PyPI package
/// `pbxproj` (and the `openstep_parser` it reads with), read the result back: every new file
/// must be in the expected group and targets, and every object that was there must be as it
/// was, except for the lists that gained the new objects. The same reader checks that ours
/// reads each project into the same values.
@Suite struct PbxprojDifferentialTests {
  /// The reader's facts by path (`PbxprojReader`); nil when it is not installed.
  static func facts(_ paths: [String]) throws -> [String: [String: Any]]? {
    try PbxprojReader.facts(paths)
  }

  /// Skips (locally) or fails (in CI) when the reader is missing.
  static func requireReader() -> Bool {
    #expect(!PbxprojReader.isRequired, "\(PbxprojReader.missing)")
    print(PbxprojReader.skipped)
    return false
  }

  /// One module added to one project, and what the reader must then see for each new file:
  /// `path | group | targets` (targets as `Target:Phase`, comma-separated).
  struct Case: CustomTestStringConvertible, Sendable {
    var project: String
    var sets: [ProjectFileSet]
    var expected: [String]
    var testDescription: String { project }
  }

  static let cases: [Case] = [
    Case(
      project: "iOS/Project.xcodeproj",
      sets: [
        ProjectFileSet(
          folder: "iOS/Modules/Home",
          files: [
            "HomeView.swift", "HomePresenter.swift", "Views/HomeCell.xib", "en.lproj/Home.strings",
            "Base.lproj/Home.strings", "Home.h", "Resources/Home.xcassets/Contents.json",
          ], targets: ["iOS"]),
        ProjectFileSet(
          folder: "iOSTests/HomeTests", files: ["HomeTests.swift"], targets: ["iOSTests"],
          isTests: true),
      ],
      expected: [
        "iOS/Modules/Home/HomeView.swift | iOS/Modules/Home | iOS:Sources",
        "iOS/Modules/Home/HomePresenter.swift | iOS/Modules/Home | iOS:Sources",
        "iOS/Modules/Home/Views/HomeCell.xib | iOS/Modules/Home/Views | iOS:Resources",
        "iOS/Modules/Home/en.lproj/Home.strings | iOS/Modules/Home/Home.strings | iOS:Resources",
        "iOS/Modules/Home/Base.lproj/Home.strings | iOS/Modules/Home/Home.strings | iOS:Resources",
        "iOS/Modules/Home/Home.h | iOS/Modules/Home | ",
        "iOS/Modules/Home/Resources/Home.xcassets | iOS/Modules/Home/Resources | iOS:Resources",
        "iOSTests/HomeTests/HomeTests.swift | iOSTests/HomeTests | iOSTests:Sources",
      ]),
    Case(
      project: "iOS/ProjectWithXCLocalSwiftPackageReference.xcodeproj",
      sets: [
        ProjectFileSet(folder: "iOS/GroupWithoutFolder", files: ["Home.swift"], targets: ["iOS"]),
        // Files the project has: only new memberships.
        ProjectFileSet(
          folder: "iOS", files: ["AppDelegate.swift", "Base.lproj/Main.storyboard"],
          targets: ["iOSTests"]),
      ],
      expected: [
        "iOS/GroupWithoutFolder/Home.swift | iOS/GroupWithoutFolder | iOS:Sources",
        "iOS/AppDelegate.swift | iOS | iOS:Sources, iOSTests:Sources",
        "iOS/Base.lproj/Main.storyboard | iOS/Main.storyboard | iOS:Resources, iOSTests:Resources",
      ]),
    Case(
      project: "iOS/ProjectWithoutProductsGroup.xcodeproj",
      sets: [ProjectFileSet(folder: "App/Home", files: ["Home.swift"], targets: [])],
      expected: ["App/Home/Home.swift | App/Home | "]),
    Case(
      project: "iOS/AppWithExtensions/AppWithExtensions.xcodeproj",
      sets: [
        ProjectFileSet(
          folder: "AppWithExtensions/Modules/Home", files: ["HomeView.swift", "Home.storyboard"],
          targets: ["AppWithExtensions", "TodayViewExtension"]),
        // WatchApp has no Sources phase: one is made.
        ProjectFileSet(folder: "WatchApp/Home", files: ["HomeModel.swift"], targets: ["WatchApp"]),
        // Into an existing group, beside files already there.
        ProjectFileSet(
          folder: "WatchApp Extension", files: ["Home Row.swift"], targets: ["WatchApp Extension"]),
      ],
      expected: [
        "AppWithExtensions/Modules/Home/HomeView.swift | AppWithExtensions/Modules/Home | AppWithExtensions:Sources, TodayViewExtension:Sources",
        "AppWithExtensions/Modules/Home/Home.storyboard | AppWithExtensions/Modules/Home | AppWithExtensions:Resources, TodayViewExtension:Resources",
        "WatchApp/Home/HomeModel.swift | WatchApp/Home | WatchApp:Sources",
        "WatchApp Extension/Home Row.swift | WatchApp Extension | WatchApp Extension:Sources",
      ]),
    Case(
      project: "FileSharedAcrossTargets/FileSharedAcrossTargets.xcodeproj",
      sets: [
        ProjectFileSet(
          folder: "FileSharedAcrossTargets/Home", files: ["Home.swift", "Home.h"],
          targets: ["FileSharedAcrossTargets", "FileSharedAcrossTargetsTests"]),
        ProjectFileSet(
          folder: "FileSharedAcrossTargetsTests/Home", files: ["HomeTests.swift"],
          targets: ["FileSharedAcrossTargetsTests"], isTests: true),
      ],
      expected: [
        "FileSharedAcrossTargets/Home/Home.swift | FileSharedAcrossTargets/Home | FileSharedAcrossTargets:Sources, FileSharedAcrossTargetsTests:Sources",
        "FileSharedAcrossTargets/Home/Home.h | FileSharedAcrossTargets/Home | ",
        "FileSharedAcrossTargetsTests/Home/HomeTests.swift | FileSharedAcrossTargetsTests/Home | FileSharedAcrossTargetsTests:Sources",
      ]),
    Case(
      project: "TargetWithCustomBuildRules/TargetWithCustomBuildRules.xcodeproj",
      sets: [
        ProjectFileSet(
          folder: "TargetWithCustomBuildRules/Home", files: ["Home.m", "Home.h", "Home.json"],
          targets: ["TargetWithCustomBuildRules"])
      ],
      expected: [
        "TargetWithCustomBuildRules/Home/Home.m | TargetWithCustomBuildRules/Home | TargetWithCustomBuildRules:Sources",
        "TargetWithCustomBuildRules/Home/Home.h | TargetWithCustomBuildRules/Home | ",
        // The target has no Resources phase: one is made.
        "TargetWithCustomBuildRules/Home/Home.json | TargetWithCustomBuildRules/Home | TargetWithCustomBuildRules:Resources",
      ]),
    Case(
      project: "WithoutWorkspace/WithoutWorkspace.xcodeproj",
      sets: [
        ProjectFileSet(
          folder: "Sources/WithoutWorkspace/Home", files: ["Home.swift"],
          targets: ["WithoutWorkspace"]),
        ProjectFileSet(
          folder: "Sources/Other", files: ["Other.swift"], targets: ["WithoutWorkspace"]),
        ProjectFileSet(
          folder: "Tests/WithoutWorkspaceTests/Home", files: ["HomeTests.swift"],
          targets: ["WithoutWorkspaceTests"], isTests: true),
      ],
      expected: [
        "Sources/WithoutWorkspace/Home/Home.swift | Sources/WithoutWorkspace/Home | WithoutWorkspace:Sources",
        // SwiftPM's "Sources" group has no folder of its own: the new group goes inside it.
        "Sources/Other/Other.swift | Sources/Other | WithoutWorkspace:Sources",
        "Tests/WithoutWorkspaceTests/Home/HomeTests.swift | Tests/WithoutWorkspaceTests/Home | WithoutWorkspaceTests:Sources",
      ]),
    Case(
      project: "SynchronizedRootGroups/SynchronizedRootGroups.xcodeproj",
      sets: [
        // In the synchronized folder: no change.
        ProjectFileSet(
          folder: "SynchronizedRootGroups/Home", files: ["Home.swift"],
          targets: ["SynchronizedRootGroups"]),
        ProjectFileSet(
          folder: "Shared/Home", files: ["Shared.swift"], targets: ["SynchronizedRootGroups"]),
      ],
      expected: [
        "Shared/Home/Shared.swift | Shared/Home | SynchronizedRootGroups:Sources"
      ]),
    Case(
      project: "Xcode16/Test.xcodeproj",
      sets: [
        ProjectFileSet(folder: "Test/Home", files: ["Home.swift"], targets: ["Test"]),
        ProjectFileSet(folder: "TestTests/Home", files: ["HomeTests.swift"], targets: ["Test"]),
      ],
      expected: ["TestTests/Home/HomeTests.swift | TestTests/Home | Test:Sources"]),
    Case(
      project: "Xcode16/copy.xcodeproj",
      sets: [ProjectFileSet(folder: "Home", files: ["Home.swift", "Home.xib"], targets: ["Test"])],
      expected: [
        "Home/Home.swift | Home | Test:Sources",
        "Home/Home.xib | Home | Test:Resources",
      ]),
  ]

  @Test func everyProjectHasACase() {
    #expect(Set(Self.cases.map(\.project)) == Set(Fixtures.projects))
  }

  /// The project files before and after each case's edit, in a temporary folder, and the
  /// reader's facts about all of them from one run of the harness (Python starts once).
  static let run: HarnessRun? = {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pbxproj-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      var paths: [String] = []
      for (index, test) in cases.enumerated() {
        let original = try Fixtures.bytes(test.project)
        let edited = try XcodeProject(bytes: original, file: test.project).plan(adding: test.sets)
          .apply()
        let before = folder.appendingPathComponent("\(index)-before.pbxproj")
        let after = folder.appendingPathComponent("\(index)-after.pbxproj")
        try Data(original).write(to: before)
        try Data(edited).write(to: after)
        paths += [before.path, after.path]
      }
      paths += Fixtures.projects.map(Fixtures.path)
      let facts = try facts(paths)
      try? FileManager.default.removeItem(at: folder)
      return HarnessRun(folder: folder, facts: facts)
    } catch {
      try? FileManager.default.removeItem(at: folder)
      return nil
    }
  }()

  /// The harness's facts, read once; the files are gone, their paths are the keys.
  final class HarnessRun: @unchecked Sendable {
    let folder: URL
    let facts: [String: [String: Any]]?

    init(folder: URL, facts: [String: [String: Any]]?) {
      self.folder = folder
      self.facts = facts
    }
  }

  @Test(arguments: cases.indices) func theReaderSeesTheNewFilesAndNothingElseChanged(_ index: Int)
    throws
  {
    let test = Self.cases[index]
    guard let run = Self.run else {
      Issue.record("the edits or the harness failed")
      return
    }
    guard let facts = run.facts else {
      _ = Self.requireReader()
      return
    }
    let before = run.folder.appendingPathComponent("\(index)-before.pbxproj")
    let after = run.folder.appendingPathComponent("\(index)-after.pbxproj")
    guard let old = facts[before.path], let new = facts[after.path],
      let oldObjects = old["objects"] as? [String: Any],
      let newObjects = new["objects"] as? [String: Any],
      let newFiles = new["files"] as? [String: [String: Any]]
    else {
      Issue.record("the harness gave no facts")
      return
    }

    // Nothing removed; every old object as it was, but for lists that gained new objects.
    let added = Set(newObjects.keys).subtracting(oldObjects.keys)
    #expect(Set(oldObjects.keys).isSubset(of: newObjects.keys))
    for (id, value) in oldObjects {
      guard let before = value as? [String: Any], let after = newObjects[id] as? [String: Any]
      else { continue }
      for key in Set(before.keys).union(after.keys) {
        if before[key].map(Self.value) == after[key].map(Self.value) { continue }
        let isa = before["isa"] as? String ?? "?"
        let allowed = [
          "PBXGroup.children", "PBXVariantGroup.children", "PBXNativeTarget.buildPhases",
          "PBXSourcesBuildPhase.files", "PBXResourcesBuildPhase.files",
        ]
        guard allowed.contains(isa + "." + key), let old = before[key] as? [String],
          let new = after[key] as? [String]
        else {
          Issue.record("\(test.project): \(isa) \(id) changed its \(key)")
          continue
        }
        #expect(
          new.filter { !added.contains($0) } == old, "\(isa) \(id).\(key) lost or moved items")
      }
    }

    // Every expected file where it belongs (new or not), and no other new file.
    var byPath: [String: String] = [:]
    var newPaths: [String] = []
    for (id, file) in newFiles {
      let path = file["path"] as? String ?? "?"
      let group = file["group"] as? String ?? "?"
      let targets = (file["targets"] as? [String] ?? []).joined(separator: ", ")
      byPath[path] = "\(path) | \(group) | \(targets)".trimmingCharacters(in: .whitespaces)
      if added.contains(id) {
        newPaths.append(path)
        #expect(
          file["type"] as? String == FileType.of(path).identifier, "\(path) has the wrong type")
      }
    }
    let expected = test.expected.map { $0.trimmingCharacters(in: .whitespaces) }
    let expectedPaths = expected.map { $0.components(separatedBy: " | ")[0] }
    #expect(Set(newPaths).isSubset(of: expectedPaths), "unexpected new files")
    for (line, path) in zip(expected, expectedPaths) {
      #expect(byPath[path] == line)
    }
  }

  @Test(arguments: Fixtures.projects) func ourReaderReadsWhatTheirsReads(_ project: String) throws {
    guard let run = Self.run else {
      Issue.record("the edits or the harness failed")
      return
    }
    guard let facts = run.facts else {
      _ = Self.requireReader()
      return
    }
    guard let theirs = facts[Fixtures.path(project)]?["objects"].map(Self.value) else {
      Issue.record("the harness gave no objects")
      return
    }
    guard let ours = try Fixtures.project(project).plist["objects"] else {
      Issue.record("no objects")
      return
    }
    #expect(Self.sorted(ours) == theirs)
  }

  /// A value from the JSON reader, with dictionaries sorted by key.
  static func value(_ json: Any) -> PlistValue {
    if let text = json as? String { return .string(text) }
    if let items = json as? [Any] { return .array(items.map(value)) }
    if let entries = json as? [String: Any] {
      return .dictionary(entries.keys.sorted().map { PlistValue.Entry($0, value(entries[$0]!)) })
    }
    return .string("\(json)")
  }

  /// Our value with dictionaries sorted by key (the last of a repeated key kept, as theirs does).
  static func sorted(_ value: PlistValue) -> PlistValue {
    switch value {
    case .string, .data: return value
    case .array(let items): return .array(items.map(sorted))
    case .dictionary(let entries):
      var last: [String: PlistValue] = [:]
      for entry in entries { last[entry.key] = sorted(entry.value) }
      return .dictionary(last.keys.sorted().map { PlistValue.Entry($0, last[$0]!) })
    }
  }
}
