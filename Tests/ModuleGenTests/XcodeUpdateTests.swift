import Foundation
import Testing

@testable import ModuleGen

/// `update` edits the Xcode project as `gen` does, and reports it the same way.
@Suite struct XcodeUpdateTests {
  static let sheetChanges = """
      add file iOS/Modules/Home/HomeSheet.swift to group iOS/Modules/Home
      add iOS/Modules/Home/HomeSheet.swift to target iOS (Sources)

    """

  /// The fixture project with the module Home generated without its sheet.
  func generated() throws -> String {
    let dir = try XcodeGenTests().project()
    let gen = runTool(["gen", "Home", "pair"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    return dir
  }

  @Test func updateReportsTheProjectChanges() throws {
    let dir = try generated()
    let update = runTool(["update", "Home", "pair", "--set", "sheet=true", "--verbose"], in: dir)
    #expect(update.code == 0, "\(update.err)")
    #expect(
      update.out.hasSuffix(Self.sheetChanges + "Updated Project.xcodeproj: 2 changes.\n"),
      "\(update.out)")
    #expect(try XcodeGenTests().projectFile(dir).contains("/* HomeSheet.swift in Sources */"))
  }

  @Test func aDryRunListsTheProjectChangesAndWritesNothing() throws {
    let dir = try generated()
    let before = try XcodeGenTests().projectFile(dir)
    let update = runTool(["update", "Home", "pair", "--set", "sheet=true", "--dry-run"], in: dir)
    #expect(update.code == 0, "\(update.err)")
    #expect(
      update.out.hasSuffix(
        Self.sheetChanges
          + "Would update Project.xcodeproj: 2 changes.\nDry run: nothing was written.\n"
      ), "\(update.out)")
    #expect(try XcodeGenTests().projectFile(dir) == before)
  }

  @Test func jsonListsTheProjectChanges() throws {
    let dir = try generated()
    let update = runTool(
      ["update", "Home", "pair", "--set", "sheet=true", "--dry-run", "--format", "json"], in: dir)
    #expect(update.code == 0, "\(update.err)")
    let (xcode, changes) = try XcodeGenTests.projectReport(update.out)
    #expect(xcode["path"] as? String == "Project.xcodeproj")
    #expect(xcode["changed"] as? Bool == true)
    #expect(
      changes.compactMap { $0["description"] as? String }
        == Self.sheetChanges.split(separator: "\n").map { String($0.dropFirst(2)) })
  }
}
