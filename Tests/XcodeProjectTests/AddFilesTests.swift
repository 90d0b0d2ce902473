import Foundation
import Testing

@testable import XcodeProject

/// Adding a module's files: the exact lines inserted (a golden file, re-recorded with
/// `MODULEGEN_RECORD=1`), the changes listed, idempotence, deterministic IDs, groups found by
/// their folders, and the errors that stop a plan before anything is planned.
@Suite struct AddFilesTests {
  static let golden = Fixtures.folder.deletingLastPathComponent().appendingPathComponent("golden")

  static func mini() throws -> XcodeProject {
    let url = golden.appendingPathComponent("Mini.pbxproj")
    return try XcodeProject(bytes: Array(try Data(contentsOf: url)), file: "Mini.pbxproj")
  }

  /// A VIPER-like module with a xib and a localized file, and its tests in a target that has
  /// no Sources phase yet.
  static let module = [
    ProjectFileSet(
      folder: "Mini/Modules/Home",
      files: ["HomeView.swift", "HomePresenter.swift", "HomeView.xib", "en.lproj/Home.strings"],
      targets: ["Mini"]),
    ProjectFileSet(
      folder: "MiniTests/Home", files: ["HomeTests.swift"], targets: ["MiniTests"], isTests: true),
  ]

  @Test func addingAModuleInsertsLinesInXcodesFormat() throws {
    let project = try Self.mini()
    let result = try project.plan(adding: Self.module).text
    let url = Self.golden.appendingPathComponent("Mini+Home.pbxproj")
    if ProcessInfo.processInfo.environment["MODULEGEN_RECORD"] != nil {
      try Data(result.utf8).write(to: url)
      Issue.record("recorded \(url.lastPathComponent); run again without MODULEGEN_RECORD")
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(result == expected)
    // Only lines were added: the original is what is left when they are taken out.
    let diff = lineDiff(String(decoding: project.bytes, as: UTF8.self), result)
    #expect(diff.removed.isEmpty)
    let lines = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false) }
    #expect(diff.added.count == 71)
    #expect(lines(result).count - lines(String(decoding: project.bytes, as: UTF8.self)).count == 71)
  }

  @Test func theChangesAreListedInOrder() throws {
    let plan = try Self.mini().plan(adding: Self.module)
    #expect(
      plan.changes.map(\.description) == [
        "add group Mini/Modules (folder Mini/Modules)",
        "add group Mini/Modules/Home (folder Mini/Modules/Home)",
        "add file Mini/Modules/Home/en.lproj/Home.strings to group Mini/Modules/Home/Home.strings",
        "add Mini/Modules/Home/en.lproj/Home.strings to target Mini (Resources)",
        "add file Mini/Modules/Home/HomePresenter.swift to group Mini/Modules/Home",
        "add Mini/Modules/Home/HomePresenter.swift to target Mini (Sources)",
        "add file Mini/Modules/Home/HomeView.swift to group Mini/Modules/Home",
        "add Mini/Modules/Home/HomeView.swift to target Mini (Sources)",
        "add file Mini/Modules/Home/HomeView.xib to group Mini/Modules/Home",
        "add Mini/Modules/Home/HomeView.xib to target Mini (Resources)",
        "add group MiniTests (folder MiniTests)",
        "add group MiniTests/Home (folder MiniTests/Home)",
        "add file MiniTests/Home/HomeTests.swift to group MiniTests/Home",
        "add build phase Sources to target MiniTests",
        "add MiniTests/Home/HomeTests.swift to target MiniTests (Sources)",
      ])
    #expect(plan.notes.isEmpty)
  }

  @Test(arguments: PbxprojDifferentialTests.cases.indices)
  func addingTheSameFilesAgainChangesNothing(_ index: Int) throws {
    let test = PbxprojDifferentialTests.cases[index]
    let first = try Fixtures.project(test.project).plan(adding: test.sets).apply()
    let again = try XcodeProject(bytes: first, file: test.project).plan(adding: test.sets)
    #expect(again.isEmpty)
    #expect(again.changes.isEmpty)
    #expect(again.apply() == first)
  }

  @Test func anEmptyPlanLeavesEveryByte() throws {
    for name in Fixtures.projects {
      let project = try Fixtures.project(name)
      let plan = try project.plan(adding: [])
      #expect(plan.isEmpty)
      #expect(plan.apply() == (try Fixtures.bytes(name)))
    }
  }

  @Test func theSameProjectAndModuleGiveTheSameIDs() throws {
    let first = try Self.mini().plan(adding: Self.module).apply()
    let second = try Self.mini().plan(adding: Self.module).apply()
    #expect(first == second)
    // Another project (another root object) gets other IDs for the same module.
    let other = String(decoding: try Self.mini().bytes, as: UTF8.self)
      .replacingOccurrences(of: "A10000000000000000000050", with: "B10000000000000000000050")
    let otherResult = try XcodeProject(text: other, file: "Other.pbxproj").plan(adding: Self.module)
    let ids = { (text: String) in
      Set(text.split(separator: "\n").filter { $0.contains("HomeView.swift */ = {") })
    }
    #expect(ids(otherResult.text).isDisjoint(with: ids(String(decoding: first, as: UTF8.self))))
  }

  @Test func aFileListedTwiceOrAlreadyReferencedGetsOneReference() throws {
    let plan = try Fixtures.project("iOS/Project.xcodeproj").plan(adding: [
      ProjectFileSet(folder: "iOS", files: ["ViewController.swift"], targets: ["iOSTests"]),
      ProjectFileSet(folder: "iOS", files: ["New.swift", "./New.swift"], targets: ["iOS"]),
      ProjectFileSet(folder: "iOS", files: ["New.swift"], targets: ["iOSTests"]),
    ])
    #expect(
      plan.changes.map(\.description) == [
        "add iOS/ViewController.swift to target iOSTests (Sources)",
        "add file iOS/New.swift to group iOS",
        "add iOS/New.swift to target iOS (Sources)",
        "add iOS/New.swift to target iOSTests (Sources)",
      ])
    #expect(
      plan.text.components(separatedBy: "/* New.swift */ = {isa = PBXFileReference").count == 2)
  }

  @Test func filesInsideAnAssetCatalogJoinAsTheCatalog() throws {
    let plan = try Self.mini().plan(adding: [
      ProjectFileSet(
        folder: "Mini",
        files: [
          "Media.xcassets/Contents.json", "Media.xcassets/Logo.imageset/Contents.json",
          "Media.xcassets/Logo.imageset/logo.png",
        ], targets: ["Mini"])
    ])
    #expect(
      plan.changes.map(\.description) == [
        "add file Mini/Media.xcassets to group Mini",
        "add Mini/Media.xcassets to target Mini (Resources)",
      ])
    #expect(plan.text.contains("lastKnownFileType = folder.assetcatalog; path = Media.xcassets;"))
  }

  @Test func resourcesByManifestAndHeadersByType() throws {
    let plan = try Self.mini().plan(adding: [
      ProjectFileSet(
        folder: "Mini/Home", files: ["Home.h", "Data.bin", "Notes.md", "Home.m"],
        targets: ["Mini"], resources: ["Data.bin"])
    ])
    #expect(
      plan.changes.map(\.description).filter { $0.contains("target") } == [
        "add Mini/Home/Data.bin to target Mini (Resources)",
        "add Mini/Home/Home.m to target Mini (Sources)",
      ])
  }

  // MARK: - Where groups go

  /// Every file reference's path with the group path Xcode shows, by our own reading.
  static func placements(_ bytes: [UInt8]) throws -> [String: String] {
    let project = try XcodeProject(bytes: bytes, file: "p")
    var document = project.document
    let tree = try project.tree(fileNames: nil, in: &document)
    var result: [String: String] = [:]
    for file in tree.files {
      result[project.callerPath(file.path)] = tree.displayPath(of: file.parent)
    }
    return result
  }

  @Test func groupsWithoutFoldersAndSourceRootGroupsAreFollowed() throws {
    let project = try Fixtures.project("WithoutWorkspace/WithoutWorkspace.xcodeproj")
    let result = try project.plan(adding: [
      ProjectFileSet(folder: "Tests/WithoutWorkspaceTests", files: ["More.swift"], targets: []),
      ProjectFileSet(folder: "Sources/New", files: ["New.swift"], targets: []),
    ]).apply()
    let placements = try Self.placements(result)
    // The tests group is `SOURCE_ROOT`-relative and named, not a folder group.
    #expect(placements["Tests/WithoutWorkspaceTests/More.swift"] == "Tests/WithoutWorkspaceTests")
    // "Sources" names a group without a folder of its own: the new group goes inside it.
    #expect(placements["Sources/New/New.swift"] == "Sources/New")
  }

  @Test func absoluteGroupsResolveAgainstTheProjectsFolder() throws {
    // The Mini group given an absolute path inside the folder holding the project.
    let text = String(decoding: try Self.mini().bytes, as: UTF8.self).replacingAll(
      "\t\t\tpath = Mini;\n\t\t\tsourceTree = \"<group>\";",
      with: "\t\t\tpath = /work/App/Mini;\n\t\t\tsourceTree = \"<absolute>\";")
    let set = ProjectFileSet(folder: "Mini", files: ["New.swift"], targets: ["Mini"])
    let found = try XcodeProject(text: text, file: "p", absoluteFolder: "/work/App")
      .plan(adding: [set])
    #expect(found.changes.first?.description == "add file Mini/New.swift to group Mini")
    // Without the folder, the group cannot be placed: a new group stands for the folder.
    let unknown = try XcodeProject(text: text, file: "p").plan(adding: [set])
    #expect(unknown.changes.first?.description == "add group Mini (folder Mini)")
  }

  @Test func aGroupPathPlacesTheModuleUnderTheNamedGroup() throws {
    let project = try Fixtures.project("iOS/Project.xcodeproj")
    let plan = try project.plan(adding: [
      ProjectFileSet(
        folder: "Sources/Home", files: ["Home.swift", "Views/HomeCell.swift"], targets: ["iOS"],
        group: "iOS/GroupWithoutFolder/Home"),
      ProjectFileSet(
        folder: "Sources/Other", files: ["Other.swift"], targets: ["iOS"],
        group: "Features/Other"),
    ])
    let placements = try Self.placements(plan.apply())
    #expect(placements["Sources/Home/Home.swift"] == "iOS/GroupWithoutFolder/Home")
    #expect(placements["Sources/Home/Views/HomeCell.swift"] == "iOS/GroupWithoutFolder/Home/Views")
    #expect(placements["Sources/Other/Other.swift"] == "Features/Other")
    // The group standing for the folder has its path relative to its parent's folder.
    #expect(plan.text.contains("\t\t\tname = Home;\n\t\t\tpath = ../Sources/Home;\n"))
    // A missing group above it is a group without a folder.
    #expect(plan.text.contains("\t\t\tname = Features;\n\t\t\tsourceTree = \"<group>\";\n"))
  }

  /// A named group above the source root (`../Shared`): no path relative to it leads back into
  /// the source root, so the module's group is written relative to the source root; its files
  /// are found where they are, and a second plan adds nothing (it added them all again).
  @Test func aNamedGroupOutsideTheSourceRootGetsASourceRootGroup() throws {
    let text = String(decoding: try Fixtures.bytes("iOS/Project.xcodeproj"), as: UTF8.self)
      .replacingOccurrences(
        of: "\t\t\tname = GroupWithoutFolder;\n",
        with: "\t\t\tname = Shared;\n\t\t\tpath = ../../Shared;\n")
    let module = ProjectFileSet(
      folder: "iOS/Modules/Home", files: ["Home.swift", "Views/HomeCell.swift"], targets: ["iOS"],
      group: "iOS/Shared/Home")
    let plan = try XcodeProject(text: text, file: "p").plan(adding: [module])
    #expect(
      plan.text.contains(
        "\t\t\tname = Home;\n\t\t\tpath = iOS/Modules/Home;\n\t\t\tsourceTree = SOURCE_ROOT;\n"))
    let placements = try Self.placements(plan.apply())
    #expect(placements["iOS/Modules/Home/Home.swift"] == "iOS/Shared/Home")
    #expect(placements["iOS/Modules/Home/Views/HomeCell.swift"] == "iOS/Shared/Home/Views")
    #expect(try XcodeProject(bytes: plan.apply(), file: "p").plan(adding: [module]).isEmpty)
  }

  @Test func newGroupsAreAppendedToTheirParent() throws {
    let plan = try Fixtures.project("iOS/Project.xcodeproj").plan(adding: [
      ProjectFileSet(folder: "iOS/Home", files: ["Home.swift"], targets: ["iOS"])
    ])
    let lines = plan.text.split(separator: "\n").map(String.init)
    guard let last = lines.firstIndex(of: "\t\t\t\t04D5C0A21F153921008A2F98 /* Private.h */,")
    else {
      Issue.record("no Private.h in the iOS group")
      return
    }
    #expect(lines[last + 1].hasPrefix("\t\t\t\t") && lines[last + 1].hasSuffix(" /* Home */,"))
    #expect(lines[last + 2] == "\t\t\t);")
    #expect(lines[last + 3] == "\t\t\tpath = iOS;")
  }

  // MARK: - Errors: nothing is planned

  static let errors: [(ProjectFileSet, String)] = [
    (
      ProjectFileSet(folder: "iOS", files: ["A.swift"], targets: ["iOSTest"]),
      "p: error: the project has no target named 'iOSTest'; did you mean 'iOSTests'?"
    ),
    (
      ProjectFileSet(folder: "iOS", files: ["A.swift"], targets: ["Watch"]),
      "p: error: the project has no target named 'Watch' (it has iOS, iOSTests)"
    ),
    (
      ProjectFileSet(folder: "iOS", files: ["/tmp/A.swift"], targets: ["iOS"]),
      "p: error: invalid path 'iOS//tmp/A.swift': it must be relative to the folder holding the .xcodeproj"
    ),
    (
      ProjectFileSet(folder: "iOS", files: ["../A.swift"], targets: ["iOS"]),
      "p: error: invalid path 'iOS/../A.swift': it must lie inside iOS"
    ),
    (
      ProjectFileSet(folder: "iOS", files: ["A\u{7}.swift"], targets: ["iOS"]),
      "p: error: invalid path 'iOS/A\u{7}.swift': it contains a control character"
    ),
    (
      ProjectFileSet(folder: "iOS", files: ["A.swift"], targets: ["iOS"], group: "/"),
      "p: error: invalid path '/': it names no group"
    ),
  ]

  @Test(arguments: errors) func badRequestsStopThePlan(_ set: ProjectFileSet, _ message: String)
    throws
  {
    let project = try XcodeProject(bytes: try Fixtures.bytes("iOS/Project.xcodeproj"), file: "p")
    #expect(throws: XcodeProjectError.self) { try project.plan(adding: [set]) }
    do {
      _ = try project.plan(adding: [set])
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func aTargetThatCannotHoldFilesIsAnError() throws {
    let project = try Fixtures.project("WithoutWorkspace/WithoutWorkspace.xcodeproj")
    do {
      _ = try project.plan(adding: [
        ProjectFileSet(
          folder: "Sources", files: ["A.swift"], targets: ["WithoutWorkspacePackageTests"])
      ])
      Issue.record("no error")
    } catch {
      #expect(
        error.message
          == "target 'WithoutWorkspacePackageTests' is a PBXAggregateTarget, which cannot hold source files"
      )
    }
  }
}

/// Projects whose objects refer to objects they lack, at the references a plan follows: the
/// plan stops at the reference, at its line, rather than planning around it (a second Sources
/// phase beside the lost one) or naming no place.
@Suite struct DanglingReferenceTests {
  /// A line of `iOS/Project.xcodeproj` as Xcode wrote it, the line damaged, and the error.
  static let cases: [(String, String, String)] = [
    (
      "\t\t\tmainGroup = 23766C091EAA3484007A9026;", "\t\t\tmainGroup = 23766C091EAA3484007A90FF;",
      "p:252:16: error: the project's 'mainGroup' refers to object 23766C091EAA3484007A90FF, which the project does not have"
    ),
    (
      "\t\t\tmainGroup = 23766C091EAA3484007A9026;", "",
      "p:226:51: error: not an Xcode project: its project object has no 'mainGroup'"
    ),
    (
      "\t\t\t\t23766C0E1EAA3484007A9026 /* Sources */,",
      "\t\t\t\t23766C0E1EAA3484007A90FF /* Sources */,",
      "p:184:5: error: the 'buildPhases' of target 'iOS' refers to object 23766C0E1EAA3484007A90FF, which the project does not have"
    ),
  ]

  @Test(arguments: cases) func aPlanStopsAtAReferenceToAMissingObject(
    _ line: String, _ damaged: String, _ message: String
  ) throws {
    let text = String(decoding: try Fixtures.bytes("iOS/Project.xcodeproj"), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.filter { $0 == line }.count == 1)
    let project = try XcodeProject(
      text: lines.map { $0 == line ? damaged : $0 }.joined(separator: "\n"), file: "p")
    #expect(throws: XcodeProjectError.self) {
      try project.plan(adding: [
        ProjectFileSet(folder: "iOS/Home", files: ["Home.swift"], targets: ["iOS"])
      ])
    }
    do {
      _ = try project.plan(adding: [
        ProjectFileSet(folder: "iOS/Home", files: ["Home.swift"], targets: ["iOS"])
      ])
    } catch {
      #expect(error.description == message)
    }
  }
}
