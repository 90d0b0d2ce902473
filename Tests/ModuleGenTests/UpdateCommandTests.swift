import Foundation
import Testing

@testable import ModuleGen

/// `modulegen update`: a three-way merge of what was generated before, what the developer has
/// now and what would be generated now, into the files the developer owns.
@Suite struct UpdateCommandTests {
  /// A module with a service (its interactor has a method), so ten files.
  static let spec =
    "name: Home\ntemplate: viper\npresenter:\n  - viewDidLoad()\nview:\n  - showLoading()\n"
    + "interactor:\n  - fetch() async throws -> Int\n"
  static let presenter = "/Home/HomePresenter.swift"
  static let todo = "    // TODO: implement viewDidLoad().\n"

  func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  func edit(_ path: String, _ change: (String) -> String) throws {
    try change(try read(path)).write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// A project with the spec generated and viewDidLoad() filled in by the developer.
  func project() throws -> String {
    let dir = try makeTemporaryDirectory()
    try write(Self.spec, to: dir + "/home.yml")
    #expect(runTool(["gen", "--spec", "home.yml", "--date", "2026-01-01"], in: dir).code == 0)
    try edit(dir + Self.presenter) {
      $0.replacingOccurrences(of: Self.todo, with: "    view?.showLoading()\n")
    }
    return dir
  }

  /// The spec with a presenter method more: the change `update` merges.
  func addRetry(in dir: String) throws {
    try write(
      Self.spec.replacingOccurrences(
        of: "  - viewDidLoad()\n", with: "  - viewDidLoad()\n  - didTapRetry()\n"),
      to: dir + "/home.yml")
  }

  @Test func aCleanMergeKeepsTheEditsAndBringsTheChange() throws {
    let dir = try project()
    try addRetry(in: dir)
    #expect(
      runTool(["gen", "--spec", "home.yml"], in: dir).out.contains(
        "2 of your files differ from what the templates produce now; 'modulegen update --spec home.yml' merges the changes in, keeping your edits.\n"
      ))
    let update = runTool(["update", "--spec", "home.yml"], in: dir)
    #expect(update.code == 0, "\(update.err)")
    // The presenter, and the tests, which get a test of the new view-output method.
    #expect(update.out == "Home (viper): 8 unchanged, 2 merged.\n")
    let text = try read(dir + Self.presenter)
    #expect(text.contains("  func viewDidLoad() {\n    view?.showLoading()\n  }\n"))
    #expect(text.contains("  func didTapRetry() {\n    // TODO: implement didTapRetry().\n  }\n"))
    #expect(!text.contains("<<<<<<<"))
    // The new generation is the base now: nothing more to merge, nothing drifts.
    let again = runTool(["update", "--spec", "home.yml"], in: dir)
    #expect(again.out == "Home (viper): 9 unchanged, 1 kept (yours).\n")
    #expect(try read(dir + Self.presenter) == text)
    #expect(runTool(["check", "--spec", "home.yml"], in: dir).code == 0)
  }

  /// A file the developer keeps with CRLF line ends merges line by line (not as one conflict
  /// over the whole file), and keeps its line ends.
  @Test func aFileWithCRLFLineEndsMergesAndKeepsThem() throws {
    let dir = try project()
    try edit(dir + Self.presenter) { $0.replacingOccurrences(of: "\n", with: "\r\n") }
    try addRetry(in: dir)
    let update = runTool(["update", "--spec", "home.yml"], in: dir)
    #expect(update.code == 0, "\(update.err)")
    #expect(update.out == "Home (viper): 2 updated, 6 unchanged, 2 merged.\n")
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: dir + Self.presenter)))
    #expect(UpdateCommand.hasOnlyCRLFLineEnds(bytes))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("  func viewDidLoad() {\r\n    view?.showLoading()\r\n  }\r\n"))
    #expect(
      text.contains(
        "  func didTapRetry() {\r\n    // TODO: implement didTapRetry().\r\n  }\r\n"))
    #expect(!text.contains("<<<<<<<"))
    #expect(runTool(["check", "--spec", "home.yml"], in: dir).code == 0)
  }

  /// A module skipped for an edited file modulegen owns: the way on is the one update has
  /// (it has no --force), and following it merges.
  @Test func aSkippedModuleNamesTheCommandsThatWriteAndMerge() throws {
    let dir = try project()
    try edit(dir + "/Home/HomeContracts.swift") { $0 + "// mine\n" }
    try addRetry(in: dir)
    let update = runTool(["update", "--spec", "home.yml"], in: dir)
    #expect(update.code == 1)
    #expect(
      update.err.hasSuffix(
        "1 conflict: skipped Home (viper); nothing was written. 'modulegen gen --spec home.yml --force' writes what the templates produce (edits in those files are lost), then 'modulegen update --spec home.yml' merges into your files; 'modulegen check --spec home.yml --diff' shows the differences.\n"
      ), "\(update.err)")
    #expect(runTool(["gen", "--spec", "home.yml", "--force"], in: dir).code == 0)
    let merged = runTool(["update", "--spec", "home.yml"], in: dir)
    #expect(merged.code == 0, "\(merged.err)")
    let text = try read(dir + Self.presenter)
    #expect(text.contains("  func viewDidLoad() {\n    view?.showLoading()\n  }\n"))
    #expect(text.contains("  func didTapRetry() {\n"))
  }

  @Test func aConflictGetsMarkersAndFails() throws {
    let dir = try project()
    // The template now renames the method the developer filled in.
    try write(
      Self.spec.replacingOccurrences(of: "viewDidLoad()", with: "viewWillAppear()"),
      to: dir + "/home.yml")
    let update = runTool(["update", "--spec", "home.yml"], in: dir)
    #expect(update.code == 1)
    #expect(update.out.hasPrefix("Home (viper): "))
    #expect(update.out.contains("1 merged with conflicts"))
    #expect(
      update.err
        == "error: 'Home/HomePresenter.swift': your edits and the new generation change the same lines; resolve the conflict markers\n"
    )
    let text = try read(dir + Self.presenter)
    #expect(
      text.contains(
        "<<<<<<< yours\n  func viewDidLoad() {\n    view?.showLoading()\n||||||| generated before\n  func viewDidLoad() {\n"
          + Self.todo
          + "=======\n  func viewWillAppear() {\n    // TODO: implement viewWillAppear().\n>>>>>>> generated now\n"
      ))
  }

  /// A file whose earlier merge still has its conflict markers is not merged again (the markers
  /// would nest): the module is skipped, its file and record stay as they are, and once the
  /// developer resolves the markers the next `update` merges from the same base, so the change
  /// of the run that was skipped reaches the file.
  @Test func aFileWithUnresolvedMarkersIsNotMergedAgain() throws {
    let dir = try project()
    try write(
      Self.spec.replacingOccurrences(of: "viewDidLoad()", with: "viewWillAppear()"),
      to: dir + "/home.yml")
    #expect(runTool(["update", "--spec", "home.yml"], in: dir).code == 1)
    let unresolved = try read(dir + Self.presenter)
    let line =
      try #require(
        unresolved.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
          $0.hasPrefix("<<<<<<< ")
        }) + 1
    let record = try read(dir + "/" + GenerationRecord.fileName)
    let base = try read(dir + "/" + GenerationRecord.baseFolder + "/Home.base")
    // The spec changes again before the markers are resolved.
    try write(
      Self.spec.replacingOccurrences(
        of: "viewDidLoad()", with: "\"viewWillAppear(animated: Bool)\""),
      to: dir + "/home.yml")
    let again = runTool(["update", "--spec", "home.yml"], in: dir)
    #expect(again.code == 1)
    #expect(again.out == "Home (viper): skipped (1 conflict); nothing written.\n")
    #expect(
      again.err
        == "error: 'Home/HomePresenter.swift' still has the conflict markers of an earlier merge (line \(line)): resolve them, then run update again\n"
        + "1 conflict: skipped Home (viper); nothing was written. Resolve the conflict markers, then run 'modulegen update --spec home.yml' again.\n"
    )
    #expect(try read(dir + Self.presenter) == unresolved)
    #expect(try read(dir + "/" + GenerationRecord.fileName) == record)
    #expect(try read(dir + "/" + GenerationRecord.baseFolder + "/Home.base") == base)
    // With nothing to merge into it, the markers stop nothing (`check` reports them).
    try write(
      Self.spec.replacingOccurrences(of: "viewDidLoad()", with: "viewWillAppear()"),
      to: dir + "/home.yml")
    let unchanged = runTool(["update", "--spec", "home.yml"], in: dir)
    #expect(unchanged.code == 0, "\(unchanged.err)")
    #expect(try read(dir + Self.presenter) == unresolved)
    try write(
      Self.spec.replacingOccurrences(
        of: "viewDidLoad()", with: "\"viewWillAppear(animated: Bool)\""),
      to: dir + "/home.yml")
    // Resolved as the developer wants it (the first change's name, their body): the change
    // of the skipped run is merged in.
    try write(
      unresolved.replacing(
        #/<<<<<<< yours\n(?:.*\n)*?>>>>>>> generated now\n/#,
        with: "  func viewWillAppear() {\n    view?.showLoading()\n"),
      to: dir + Self.presenter)
    _ = runTool(["update", "--spec", "home.yml"], in: dir)
    let merged = try read(dir + Self.presenter)
    #expect(merged.contains("func viewWillAppear(animated: Bool) {"), "\(merged)")
    #expect(merged.contains("    view?.showLoading()\n"), "\(merged)")
  }

  @Test func nothingChangedNothingMerged() throws {
    let dir = try project()
    let before = try read(dir + Self.presenter)
    let update = runTool(["update", "--spec", "home.yml"], in: dir)
    #expect(update.code == 0)
    #expect(update.out == "Home (viper): 9 unchanged, 1 kept (yours).\n")
    #expect(try read(dir + Self.presenter) == before)
  }

  @Test func aFileTheDeveloperDeletedIsCreatedAgain() throws {
    let dir = try project()
    try FileManager.default.removeItem(atPath: dir + "/Home/HomeRouter.swift")
    let update = runTool(["update", "--spec", "home.yml"], in: dir)
    #expect(update.out == "Home (viper): 1 created, 8 unchanged, 1 kept (yours).\n")
    #expect(FileManager.default.fileExists(atPath: dir + "/Home/HomeRouter.swift"))
  }

  @Test func withoutARecordThereIsNothingToMergeFrom() throws {
    let dir = try project()
    let before = try read(dir + Self.presenter)
    try FileManager.default.removeItem(atPath: dir + "/" + GenerationRecord.fileName)
    let update = runTool(["update", "--spec", "home.yml"], in: dir)
    #expect(update.code == 1)
    #expect(
      update.err
        == "warning: 'Home/HomePresenter.swift' was kept as it is: .modulegen.lock has no record of what was generated into it, so there is nothing to merge from; what is generated now becomes the base of the next update\n"
    )
    #expect(try read(dir + Self.presenter) == before)
    // What is generated now was recorded as the base: the next update has nothing to merge.
    let again = runTool(["update", "--spec", "home.yml"], in: dir)
    #expect(again.code == 0, "\(again.err)")
    #expect(again.out == "Home (viper): 9 unchanged, 1 kept (yours).\n")
  }

  /// A file of the module that a developer made a symbolic link (to a file in the module's
  /// folder) stays a link: `gen` writes an `always` file, and `update` merges into a `once`
  /// file, where the link leads. One that leads out of the module's folder is refused by both,
  /// nothing written.
  @Test func aSymbolicLinkInAModuleStaysALink() throws {
    let dir = try project()
    let files = FileManager.default
    try files.createDirectory(atPath: dir + "/Home/Shared", withIntermediateDirectories: true)
    for name in ["Presenter", "Contracts"] {
      try files.moveItem(
        atPath: dir + "/Home/Home\(name).swift", toPath: dir + "/Home/Shared/\(name).swift")
      try files.createSymbolicLink(
        atPath: dir + "/Home/Home\(name).swift", withDestinationPath: "Shared/\(name).swift")
    }
    try addRetry(in: dir)
    let gen = runTool(["gen", "--spec", "home.yml"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(gen.out.hasPrefix("Home (viper): 2 updated, 6 unchanged, 2 kept (yours).\n"))
    let update = runTool(["update", "--spec", "home.yml"], in: dir)
    #expect(update.code == 0, "\(update.err)")
    #expect(update.out == "Home (viper): 8 unchanged, 2 merged.\n")
    for name in ["Presenter", "Contracts"] {
      #expect(
        try files.destinationOfSymbolicLink(atPath: dir + "/Home/Home\(name).swift")
          == "Shared/\(name).swift")
      #expect(try read(dir + "/Home/Shared/\(name).swift").contains("didTapRetry()"))
    }
    #expect(try read(dir + "/Home/Shared/Presenter.swift").contains("view?.showLoading()"))
    #expect(runTool(["check", "--spec", "home.yml"], in: dir).code == 0)
    // Out of the module's folder: refused.
    let router = dir + "/Home/HomeRouter.swift"
    let outside = dir + "/Router.swift"
    try files.moveItem(atPath: router, toPath: outside)
    try files.createSymbolicLink(atPath: router, withDestinationPath: "../Router.swift")
    try addRetry(in: dir)
    let before = try read(outside)
    for command in ["gen", "update"] {
      let run = runTool([command, "--spec", "home.yml"], in: dir)
      #expect(run.code == 2)
      // Its real path: a Mac's temporary folder is under a link.
      #expect(
        run.err.contains(
          "renders the output path 'HomeRouter.swift', which leads through a symbolic link to '"),
        "\(run.err)")
      #expect(run.err.contains("/Router.swift', outside '"), "\(run.err)")
      #expect(run.err.contains("/Home'; nothing was written"), "\(run.err)")
      #expect(try read(outside) == before)
      #expect(try files.destinationOfSymbolicLink(atPath: router) == "../Router.swift")
    }
  }

  /// A file of the module that is a symbolic link to another of its files is refused: writing
  /// the entity through the link overwrote the developer's presenter (`gen --force` named only
  /// the entity, and counted the presenter 'kept (yours)'), and `update` merged two files into one.
  @Test func aSymbolicLinkToAnotherFileOfTheModuleIsRefused() throws {
    let dir = try project()
    let files = FileManager.default
    let entity = dir + "/Home/HomeEntity.swift"
    try files.removeItem(atPath: entity)
    try files.createSymbolicLink(atPath: entity, withDestinationPath: "HomePresenter.swift")
    let presenter = try read(dir + Self.presenter)
    let record = try read(dir + "/.modulegen.lock")
    for arguments in [["gen", "--force"], ["update"], ["check"]] {
      let run = runTool(arguments + ["--spec", "home.yml"], in: dir)
      #expect(run.code == 2, "\(arguments)")
      #expect(
        run.err.hasPrefix(
          "<built-in>/viper/template.yml:23:13: error: template 'viper' renders the output path 'HomeEntity.swift', which is a symbolic link to 'HomePresenter.swift', a file the template writes as well"
            + (arguments == ["check"] ? "\n" : "; nothing was written\n")
        ), "\(run.err)")
      #expect(try read(dir + Self.presenter) == presenter)
      #expect(try read(dir + "/.modulegen.lock") == record)
      #expect(try files.destinationOfSymbolicLink(atPath: entity) == "HomePresenter.swift")
    }
  }

  /// A file of the module that is a symbolic link leading nowhere (or round in a loop) is
  /// refused as such: the message said the path needed a folder where the file was a file.
  @Test func aDanglingSymbolicLinkIsNamedAsOne() throws {
    let dir = try project()
    let files = FileManager.default
    let router = dir + "/Home/HomeRouter.swift"
    try files.removeItem(atPath: router)
    try files.createSymbolicLink(atPath: router, withDestinationPath: "Gone.swift")
    try files.createSymbolicLink(atPath: dir + "/Home/Loop", withDestinationPath: "Loop")
    for target in ["Gone.swift", "Loop"] {
      try files.removeItem(atPath: router)
      try files.createSymbolicLink(atPath: router, withDestinationPath: target)
      for arguments in [["gen", "--force"], ["update"], ["check"]] {
        let run = runTool(arguments + ["--spec", "home.yml"], in: dir)
        #expect(run.code == 2, "\(arguments)")
        #expect(
          run.err.hasPrefix(
            "<built-in>/viper/template.yml:39:13: error: template 'viper' renders the output path 'HomeRouter.swift', which is a symbolic link that leads to no file (remove it, or make it lead to a file in the module's folder)"
              + (arguments == ["check"] ? "\n" : "; nothing was written\n")
          ), "\(run.err)")
        #expect(try files.destinationOfSymbolicLink(atPath: router) == target)
      }
    }
  }

  /// A stale file that is a symbolic link is pruned as a link: the link goes, the file it leads
  /// to stays (the link was kept, and the record had dropped it, as the link's copy in the run
  /// folder led nowhere).
  @Test func aStaleSymbolicLinkIsPrunedAndWhereItLeadsIsKept() throws {
    let dir = try project()
    let files = FileManager.default
    let controller = dir + "/Home/HomeViewController.swift"
    let shared = dir + "/Home/Shared/Controller.swift"
    try files.createDirectory(atPath: dir + "/Home/Shared", withIntermediateDirectories: true)
    try files.moveItem(atPath: controller, toPath: shared)
    try files.createSymbolicLink(atPath: controller, withDestinationPath: "Shared/Controller.swift")
    let kept = try read(shared)
    let update = runTool(
      ["update", "--spec", "home.yml", "--set", "ui=swiftui", "--prune"], in: dir)
    #expect(update.code == 0, "\(update.err)")
    #expect(update.out.hasSuffix("Removed 1 stale file.\n"), "\(update.out)")
    #expect(!files.fileExists(atPath: controller))
    #expect((try? files.destinationOfSymbolicLink(atPath: controller)) == nil)
    #expect(try read(shared) == kept)
    let check = runTool(["check", "--spec", "home.yml", "--set", "ui=swiftui"], in: dir)
    #expect(check.code == 0, "\(check.out)")
  }

  @Test func aMissingBaseCopyIsNamed() throws {
    let dir = try project()
    try FileManager.default.removeItem(atPath: dir + "/" + GenerationRecord.baseFolder)
    try addRetry(in: dir)
    let update = runTool(["update", "--spec", "home.yml"], in: dir)
    #expect(update.code == 1)
    #expect(
      update.err.contains(
        "warning: 'Home/HomePresenter.swift' was kept as it is: its base copy in .modulegen/base/Home.base is missing or damaged (commit .modulegen/base with .modulegen.lock)\n"
      ))
    // The warning says why; update does not suggest running update. The view controller,
    // unedited, is its own base: merged, and its copy restored.
    #expect(
      update.out
        == "Home (viper): 2 updated, 6 unchanged, 1 kept (yours), 1 merged.\n"
        + ".modulegen/base/Home.base: restored 5 base copies.\n")
    let copies = BaseCopies(
      decoding: Array(try read(dir + "/" + GenerationRecord.baseFolder + "/Home.base").utf8))
    #expect(copies.copies.map(\.path).contains("Home/HomeViewController.swift"))
    #expect(!copies.copies.map(\.path).contains("Home/HomePresenter.swift"))
  }

  /// A base file with git's conflict markers (two branches updated the module): the copies
  /// in it are still the base of the merge.
  @Test func aBaseFileWithConflictMarkersStillMerges() throws {
    let dir = try project()
    let base = dir + "/" + GenerationRecord.baseFolder + "/Home.base"
    try edit(base) {
      $0.replacingOccurrences(
        of: "=== Home/HomePresenter.swift", with: "<<<<<<< HEAD\n=== Home/HomePresenter.swift")
        + "=======\n>>>>>>> other\n"
    }
    try addRetry(in: dir)
    let update = runTool(["update", "--spec", "home.yml"], in: dir)
    #expect(update.code == 0, "\(update.err)")
    #expect(
      update.out
        == "Home (viper): 2 updated, 6 unchanged, 2 merged.\n"
        + ".modulegen/base/Home.base: wrote it again without the damaged stretches at lines 22, 188.\n"
    )
    let text = try read(dir + Self.presenter)
    #expect(text.contains("  func viewDidLoad() {\n    view?.showLoading()\n  }\n"))
    #expect(text.contains("  func didTapRetry() {\n"))
    // Written again, the base file has no markers.
    #expect(!(try read(base)).contains("<<<<<<<"))
  }

  @Test func aDryRunShowsTheMergesAndWritesNothing() throws {
    let dir = try project()
    try write(
      Self.spec.replacingOccurrences(of: "viewDidLoad()", with: "viewWillAppear()"),
      to: dir + "/home.yml")
    let before = try read(dir + Self.presenter)
    let record = try read(dir + "/" + GenerationRecord.fileName)
    let update = runTool(["update", "--spec", "home.yml", "--dry-run"], in: dir)
    #expect(update.code == 1)
    #expect(update.out.contains("--- a/Home/HomePresenter.swift\n+++ b/Home/HomePresenter.swift\n"))
    #expect(update.out.contains("+<<<<<<< yours\n"))
    #expect(update.out.contains("1 to merge with conflicts"))
    #expect(update.out.hasSuffix("Dry run: nothing was written.\n"))
    #expect(update.err.contains("the merge would leave conflict markers"))
    #expect(try read(dir + Self.presenter) == before)
    #expect(try read(dir + "/" + GenerationRecord.fileName) == record)
  }
}
