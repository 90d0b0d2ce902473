import Testing

@testable import XcodeProject

/// Removing files: references, build files and their phase entries go; groups and phases this
/// tool made go when left empty; a team's own groups stay.
@Suite struct RemoveFilesTests {
  /// The files a plan added, as the paths to remove them by.
  static func addedPaths(_ plan: ProjectEditPlan) -> [String] {
    plan.changes.compactMap {
      if case .addFile(let path, _) = $0 { return path }
      return nil
    }
  }

  @Test(arguments: PbxprojDifferentialTests.cases.indices)
  func removingWhatWasAddedGivesTheProjectBack(_ index: Int) throws {
    let test = PbxprojDifferentialTests.cases[index]
    let original = try Fixtures.bytes(test.project)
    let added = try XcodeProject(bytes: original, file: test.project).plan(adding: test.sets)
    let paths = Self.addedPaths(added)
    // Only when every membership is of a new file: removing a file the team had would take
    // its reference too.
    let joinedOld = added.changes.contains {
      if case .addToTarget(let path, _, _) = $0 { return !paths.contains(path) }
      return false
    }
    guard !joinedOld else { return }
    let removal = try XcodeProject(bytes: added.apply(), file: test.project)
      .plan(adding: [], removing: paths)
    let result = String(decoding: removal.apply(), as: UTF8.self)
    let diff = lineDiff(String(decoding: original, as: UTF8.self), result)
    #expect(diff.added.isEmpty && diff.removed.isEmpty, "\(diff)")
    #expect(removal.apply() == original)
  }

  @Test func removingATeamsFileKeepsItsGroup() throws {
    let project = try Fixtures.project("iOS/Project.xcodeproj")
    let plan = try project.plan(adding: [], removing: ["iOS/ViewController.swift"])
    #expect(
      plan.changes.map(\.description) == [
        "remove file iOS/ViewController.swift",
        "remove iOS/ViewController.swift from target iOS (Sources)",
      ])
    let text = plan.text
    #expect(!text.contains("ViewController.swift"))
    let diff = lineDiff(String(decoding: project.bytes, as: UTF8.self), text)
    #expect(diff.added.isEmpty)
    // The reference, its build file, the group's item and both (duplicate) phase items.
    #expect(diff.removed.count == 5)
    #expect(try XcodeProject(text: text, file: "p").plan(adding: []).isEmpty)
  }

  @Test func aTeamsGroupLeftEmptyStays() throws {
    let plan = try Fixtures.project("iOS/Project.xcodeproj").plan(
      adding: [], removing: ["iOSTests/iOSTests.swift", "iOSTests/Info.plist"])
    #expect(!plan.changes.contains { $0.description.hasPrefix("remove empty group") })
    #expect(
      plan.text.contains("/* iOSTests */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\t\t\t);"))
  }

  @Test func aRegeneratedModuleSwapsFilesInTheSameGroup() throws {
    let module = ProjectFileSet(folder: "Mini/Home", files: ["Old.swift"], targets: ["Mini"])
    let first = try AddFilesTests.mini().plan(adding: [module]).apply()
    let renamed = ProjectFileSet(folder: "Mini/Home", files: ["New.swift"], targets: ["Mini"])
    let second = try XcodeProject(bytes: first, file: "p").plan(
      adding: [renamed], removing: ["Mini/Home/Old.swift"])
    #expect(
      second.changes.map(\.description) == [
        "add file Mini/Home/New.swift to group Mini/Home",
        "add Mini/Home/New.swift to target Mini (Sources)",
        "remove file Mini/Home/Old.swift",
        "remove Mini/Home/Old.swift from target Mini (Sources)",
      ])
    // The same as adding the new file to the original project.
    #expect(second.apply() == (try AddFilesTests.mini().plan(adding: [renamed]).apply()))
  }

  /// A run removes the files it generated as it generated them: a file inside an asset catalog
  /// takes the catalog's reference and build file with it, as adding it made them (they were
  /// left behind, red in Xcode, and the build failed on the missing catalog); while the same
  /// plan still adds a file inside the catalog, it stays.
  @Test func removingTheFilesOfAnAssetCatalogRemovesTheCatalog() throws {
    let files = [
      "Home.swift", "Home.xcassets/Contents.json", "Home.xcassets/Red.colorset/Contents.json",
    ]
    let module = ProjectFileSet(folder: "Mini/Home", files: files, targets: ["Mini"])
    let original = try AddFilesTests.mini()
    let added = try XcodeProject(bytes: original.plan(adding: [module]).apply(), file: "p")
    let removal = try added.plan(adding: [], removing: files.map { "Mini/Home/" + $0 })
    #expect(
      removal.changes.map(\.description).contains(
        "remove Mini/Home/Home.xcassets from target Mini (Resources)"))
    #expect(removal.apply() == original.bytes)
    let fewer = ProjectFileSet(
      folder: "Mini/Home", files: Array(files.dropLast()), targets: ["Mini"])
    #expect(
      try added.plan(adding: [fewer], removing: ["Mini/Home/" + files[2]]).isEmpty)
  }

  @Test func removingAFileThatIsNotThereChangesNothing() throws {
    let plan = try Fixtures.project("iOS/Project.xcodeproj").plan(
      adding: [], removing: ["iOS/Missing.swift"])
    #expect(plan.isEmpty)
  }
}
