import Diagnostics
import Foundation
import Liquid
import Testing

@testable import ModuleGen

/// Living with an app over days: dates that do not move, files the developer owns, the
/// generation record, stale files and `--prune`.
@Suite struct RegenerationTests {
  static let day = 86_400
  /// 2026-01-01 and the day after.
  static let today = ["SOURCE_DATE_EPOCH": "1767225600"]
  static let tomorrow = ["SOURCE_DATE_EPOCH": String(1_767_225_600 + day)]

  func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

  func edit(_ path: String, _ change: (String) -> String) throws {
    try change(try read(path)).write(toFile: path, atomically: true, encoding: .utf8)
  }

  // MARK: - Dates

  @Test func checkPassesTheDayAfterAndNewModulesGetTheNewDate() throws {
    let dir = try makeTemporaryDirectory()
    try write("modules:\n  - name: Home\n    template: viper\n", to: dir + "/m.yml")
    #expect(runTool(["gen", "--spec", "m.yml"], in: dir, environment: Self.today).code == 0)
    let check = runTool(["check", "--spec", "m.yml"], in: dir, environment: Self.tomorrow)
    #expect(check.code == 0, "\(check.out)\(check.err)")
    #expect(check.out == "Up to date: 10 files of 1 module.\n")
    // A new module the next day: the old one keeps its date, the new one gets the new date.
    try write(
      "modules:\n  - name: Home\n    template: viper\n  - name: Cart\n    template: mvc\n",
      to: dir + "/m.yml")
    let gen = runTool(["gen", "--spec", "m.yml", "--date", "2026-03-04"], in: dir)
    #expect(gen.out == "Home (viper): 10 unchanged.\nCart (mvc): 7 created.\n", "\(gen.err)")
    #expect(try read(dir + "/Home/HomeBuilder.swift").contains("Created on 2026-01-01."))
    #expect(try read(dir + "/Cart/CartBuilder.swift").contains("Created on 2026-03-04."))
    let record = try read(dir + "/" + GenerationRecord.fileName)
    #expect(record.contains("  Cart:\n    template: mvc\n"))
    #expect(record.contains("    created: \"2026-03-04\"\n"))
    #expect(record.contains("    created: \"2026-01-01\"\n"))
  }

  /// Files generated before the record existed (or by another tool): the date in their
  /// headers is kept, and the next run records it.
  @Test func withoutARecordTheHeaderDateIsKept() throws {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["gen", "Home", "mvp", "--date", "2025-07-08"], in: dir).code == 0)
    try FileManager.default.removeItem(atPath: dir + "/" + GenerationRecord.fileName)
    let check = runTool(["check", "Home", "mvp"], in: dir, environment: Self.tomorrow)
    #expect(check.code == 0, "\(check.out)\(check.err)")
    let gen = runTool(["gen", "Home", "mvp"], in: dir, environment: Self.tomorrow)
    #expect(gen.out == "Home (mvp): 9 unchanged.\n", "\(gen.err)")
    #expect(try read(dir + "/" + GenerationRecord.fileName).contains("created: \"2025-07-08\""))
  }

  /// A module Generamba generated (its headers say 14/03/2026) is up to date on another day.
  @Test func aModuleGenerambaWroteKeepsItsDate() throws {
    typealias Fixture = GenerambaFixtureTests
    let project = Fixture.projects[0]
    let dir = try Fixture.generambaProject(project, template: "swifty_viper")
    for (path, bytes) in try Fixture.expected(project, template: "swifty_viper") {
      try FileManager.default.createDirectory(
        atPath: dir + "/" + parentPath(path), withIntermediateDirectories: true)
      try bytes.write(to: URL(fileURLWithPath: dir + "/" + path))
    }
    let check = runTool(
      ["check", project.module, "swifty_viper"], in: dir, environment: Self.tomorrow)
    #expect(check.code == 0, "\(check.out)")
    #expect(check.out == "Up to date: 17 files of 1 module.\n")
    #expect(
      runTool(["gen", project.module, "swifty_viper"], in: dir, environment: Self.tomorrow).code
        == 0)
    #expect(try read(dir + "/" + GenerationRecord.fileName).contains("created: \"2026-03-14\""))
  }

  /// In a Generamba template, the protocols between the parts (`ViewInput`, `InteractorOutput`,
  /// …) gain a method with every feature, as the presenter does: they are the developer's once
  /// created, so that adding one is neither a conflict for `gen` nor drift for `check`.
  @Test func aGenerambaModulesProtocolsAreTheDevelopers() throws {
    typealias Fixture = GenerambaFixtureTests
    let project = Fixture.projects[0]
    let dir = try Fixture.generambaProject(project, template: "swifty_viper")
    let arguments = ["gen", project.module, "swifty_viper"]
    #expect(runTool(arguments, in: dir, environment: Self.today).code == 0)
    let paths = try Fixture.expected(project, template: "swifty_viper").keys
    let edited = try paths.filter {
      $0.hasSuffix("ViewInput.swift") || $0.hasSuffix("InteractorOutput.swift")
    }.map { path in
      try edit(dir + "/" + path) { $0 + "\nextension Never {}\n" }
      return path
    }
    #expect(edited.count == 2)
    let gen = runTool(arguments, in: dir, environment: Self.today)
    #expect(gen.code == 0, "\(gen.out)\(gen.err)")
    for path in edited {
      #expect(try read(dir + "/" + path).hasSuffix("\nextension Never {}\n"), "\(path)")
    }
    let check = runTool(["check"], in: dir, environment: Self.today)
    #expect(check.code == 0, "\(check.out)\(check.err)")
  }

  // MARK: - Who owns each file

  @Test func filesTheDeveloperOwnsAreKeptAndNeverDrift() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    #expect(runTool(["gen", "Home", "viper"], in: dir, environment: Self.today).code == 0)
    try edit(dir + "/Home/HomePresenter.swift") { $0 + "// my code\n" }
    try edit(dir + "/HomeTests/HomeTests.swift") { $0 + "// my test\n" }
    let gen = runTool(["gen", "Home", "viper"], in: dir, environment: Self.today)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(gen.out == "Home (viper): 8 unchanged, 2 kept (yours).\n")
    #expect(gen.err == "")
    #expect(try read(dir + "/Home/HomePresenter.swift").hasSuffix("// my code\n"))
    let check = runTool(["check", "Home", "viper", "--verbose"], in: dir, environment: Self.today)
    #expect(check.code == 0)
    #expect(check.out.contains("yours       Home/HomePresenter.swift\n"))
    #expect(check.out.hasSuffix("Up to date: 10 files of 1 module.\n"))
    // A deleted file of the developer's is created again.
    try FileManager.default.removeItem(atPath: dir + "/Home/HomeRouter.swift")
    #expect(runTool(["check", "Home", "viper"], in: dir).out == "missing  Home/HomeRouter.swift\n")
    #expect(
      runTool(["gen", "Home", "viper"], in: dir).out
        == "Home (viper): 1 created, 7 unchanged, 2 kept (yours).\n")
    // --force overwrites an edited regenerated file, and names it; the developer's files stay.
    try edit(dir + "/Home/HomeContracts.swift") { $0 + "// hand-made\n" }
    let forced = runTool(["gen", "Home", "viper", "--force"], in: dir)
    #expect(forced.out == "Home (viper): 1 overwritten, 7 unchanged, 2 kept (yours).\n")
    #expect(
      forced.err.hasSuffix(
        "warning: overwrote 'Home/HomeContracts.swift' (--force): it differed from what was generated, and those changes are lost\n"
      ), "\(forced.err)")
    #expect(try read(dir + "/Home/HomePresenter.swift").hasSuffix("// my code\n"))
    #expect(!(try read(dir + "/Home/HomeContracts.swift")).contains("hand-made"))
  }

  /// A spec change reaches the files modulegen owns without --force when nobody edited them;
  /// the developer's files are kept, and gen says that update would merge into them.
  @Test func aSpecChangeUpdatesUneditedGeneratedFiles() throws {
    let dir = try makeTemporaryDirectory()
    try write("name: Home\ntemplate: viper\n", to: dir + "/home.yml")
    #expect(runTool(["gen", "--spec", "home.yml"], in: dir, environment: Self.today).code == 0)
    try write("name: Home\ntemplate: viper\nview:\n  - showLoading()\n", to: dir + "/home.yml")
    let gen = runTool(["gen", "--spec", "home.yml"], in: dir, environment: Self.tomorrow)
    #expect(gen.code == 0, "\(gen.err)")
    // The spec's interactor has no methods: the module no longer has a service (its mock goes
    // with the other mocks, and its file is left for `gen --prune`).
    #expect(
      gen.out
        == "Home (viper): 4 updated, 5 kept (yours).\n"
        + "5 of your files differ from what the templates produce now; 'modulegen update --spec home.yml' merges the changes in, keeping your edits.\n"
    )
    #expect(
      gen.err.contains(
        "warning: 'Home/HomeService.swift' was generated for Home, which no longer has it; 'gen --prune' removes it\n"
      ), "\(gen.err)")
    #expect(try read(dir + "/Home/HomeContracts.swift").contains("func showLoading()"))
    #expect(try read(dir + "/Home/HomeContracts.swift").contains("Created on 2026-01-01."))
  }

  /// One module's conflict does not stop another module from being added.
  @Test func aConflictSkipsOnlyItsModule() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try write("modules:\n  - name: Home\n    template: viper\n", to: dir + "/m.yml")
    #expect(runTool(["gen", "--spec", "m.yml"], in: dir).code == 0)
    try edit(dir + "/Home/HomeContracts.swift") { $0 + "// edited\n" }
    try write(
      "modules:\n  - name: Home\n    template: viper\n  - name: Cart\n    template: mvc\n",
      to: dir + "/m.yml")
    let gen = runTool(["gen", "--spec", "m.yml"], in: dir)
    #expect(gen.code == 1)
    #expect(
      gen.out == "Home (viper): skipped (1 conflict); nothing written.\nCart (mvc): 7 created.\n")
    #expect(
      gen.err
        == "\(Diagnostic(message: Console.conflictMessage("Home/HomeContracts.swift")))\n"
        + "1 conflict: skipped Home (viper); the other modules were written. Use --force to write what the templates produce (edits in those files are lost), or 'modulegen check --spec m.yml --diff' to see the differences.\n"
    )
    #expect(exists(dir + "/Cart/CartBuilder.swift"))
    let record = try read(dir + "/" + GenerationRecord.fileName)
    #expect(record.contains("  Cart:\n") && record.contains("  Home:\n"))
    // The follow-up command the hint names works as it is printed.
    let diff = runTool(["check", "--spec", "m.yml", "--diff"], in: dir)
    #expect(diff.code == 1)
    #expect(diff.out.contains("-// edited\n"))
  }

  // MARK: - Stale files

  @Test func staleFilesAreReportedAndPrunedWhenUnedited() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try write(
      "name: Search\ntemplate: mvvm\nparams: {coordinator: true, ui: swiftui}\n",
      to: dir + "/search.yml")
    #expect(runTool(["gen", "--spec", "search.yml"], in: dir).code == 0)
    #expect(exists(dir + "/Search/SearchCoordinator.swift"))
    try write(
      "name: Search\ntemplate: mvvm\nparams: {coordinator: false, ui: uikit}\n",
      to: dir + "/search.yml")
    let gen = runTool(["gen", "--spec", "search.yml", "--force"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(
      gen.err
        == "note: module 'Search' changes coordinator: true → false, ui: swiftui → uikit (was recorded in .modulegen.lock)\n"
        + "warning: 'Coordinator.swift' was generated for Search, which no longer has it; 'gen --prune' removes it\n"
        + "warning: 'Search/SearchCoordinator.swift' was generated for Search, which no longer has it; 'gen --prune' removes it\n"
        + "warning: 'Search/SearchView.swift' was generated for Search, which no longer has it; 'gen --prune' removes it\n"
    )
    let check = runTool(["check", "--spec", "search.yml"], in: dir)
    #expect(check.code == 1)
    #expect(
      check.out
        == "stale  Coordinator.swift\nstale  Search/SearchCoordinator.swift\nstale  Search/SearchView.swift\n"
    )
    #expect(
      check.err
        == "3 files are stale (generated before, no longer planned; 'modulegen gen --spec search.yml --prune' removes them).\n"
    )
    // An edited stale file is not removed: --prune lists it and fails; the others go. Check
    // says so (it said 'gen --prune' removes them all).
    try edit(dir + "/Search/SearchView.swift") { $0 + "// kept for later\n" }
    #expect(
      runTool(["check", "--spec", "search.yml"], in: dir).err
        == "3 files are stale (generated before, no longer planned; 'modulegen gen --spec search.yml --prune' removes those not edited since; remove the others yourself).\n"
    )
    let prune = runTool(["gen", "--spec", "search.yml", "--prune"], in: dir)
    #expect(prune.code == 1)
    #expect(prune.out.hasSuffix("Removed 2 stale files.\n"))
    #expect(!exists(dir + "/Coordinator.swift"))
    #expect(
      prune.err
        == "error: 'Search/SearchView.swift' is no longer generated for Search but was edited since; not removed (delete it yourself if it is no longer needed)\n"
    )
    #expect(!exists(dir + "/Search/SearchCoordinator.swift"))
    #expect(exists(dir + "/Search/SearchView.swift"))
    #expect(
      runTool(["check", "--spec", "search.yml"], in: dir).err
        == "1 file is stale (generated before, no longer planned; edited since: remove it yourself).\n"
    )
    // Deleting it is enough: the record forgets it.
    try FileManager.default.removeItem(atPath: dir + "/Search/SearchView.swift")
    #expect(runTool(["gen", "--spec", "search.yml"], in: dir).err == "")
    #expect(runTool(["check", "--spec", "search.yml"], in: dir).code == 0)
    #expect(!(try read(dir + "/" + GenerationRecord.fileName)).contains("SearchView.swift"))
  }

  /// A module removed from its spec: every file of it is stale on a full run of the spec.
  @Test func aModuleRemovedFromItsSpecIsStale() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "modules:\n  - name: Home\n    template: mvc\n  - name: Cart\n    template: mvc\n",
      to: dir + "/m.yml")
    #expect(runTool(["gen", "--spec", "m.yml"], in: dir).code == 0)
    try write("modules:\n  - name: Home\n    template: mvc\n", to: dir + "/m.yml")
    // Generating only Home from the spec says nothing about Cart.
    #expect(runTool(["check", "--spec", "m.yml", "Home"], in: dir).code == 0)
    let check = runTool(["check", "--spec", "m.yml"], in: dir)
    #expect(check.code == 1)
    #expect(check.out.split(separator: "\n").count == 7)
    #expect(check.out.hasPrefix("stale  Cart/CartBuilder.swift\n"))
    let prune = runTool(["gen", "--spec", "m.yml", "--prune", "--verbose"], in: dir)
    #expect(prune.code == 0, "\(prune.err)")
    #expect(prune.out.contains("  removed CartTests/CartTests.swift\n"))
    #expect(!exists(dir + "/Cart/CartBuilder.swift"))
    // The module's folders went with its files.
    #expect(!exists(dir + "/Cart") && !exists(dir + "/CartTests"))
    #expect(!(try read(dir + "/" + GenerationRecord.fileName)).contains("Cart"))
    #expect(runTool(["check", "--spec", "m.yml"], in: dir).code == 0)
  }

  /// `--no-tests` leaves the tests generated before alone: they are not stale. It is the
  /// module's choice from then on, and said.
  @Test func noTestsDoesNotMakeTestsStale() throws {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["gen", "Home", "mvc"], in: dir).code == 0)
    let gen = runTool(["gen", "Home", "mvc", "--no-tests"], in: dir)
    #expect(
      gen.err
        == "note: module 'Home' changes test files: generated → none (was recorded in .modulegen.lock)\n"
    )
    #expect(runTool(["check", "Home", "mvc", "--no-tests"], in: dir).code == 0)
    #expect(try read(dir + "/" + GenerationRecord.fileName).contains("HomeTests/HomeMocks.swift"))
  }

  // MARK: - The record

  @Test func theRecordIsDeterministicAndKeepsBaseCopiesOfTheDevelopersFiles() throws {
    let a = try makeTemporaryDirectory()
    let b = try makeTemporaryDirectory()
    for dir in [a, b] {
      try write("author: Ann\n", to: dir + "/.modulegen.yml")
      #expect(
        runTool(["gen", "Home", "viper", "--set", "ui=swiftui"], in: dir, environment: Self.today)
          .code == 0)
      #expect(runTool(["gen", "Cart", "mvc"], in: dir, environment: Self.today).code == 0)
    }
    let record = try read(a + "/" + GenerationRecord.fileName)
    #expect(record == (try read(b + "/" + GenerationRecord.fileName)))
    #expect(
      record.contains("    params:\n      routes: \"\"\n      tests: xctest\n      ui: swiftui\n"))
    #expect(record.range(of: "  Cart:")!.lowerBound < record.range(of: "  Home:")!.lowerBound)
    // One base file per module, with a copy of each file the developer owns, and no other.
    let decoded = try GenerationRecord.decode(record, file: "r", directory: a)
    func copies(_ module: String) -> BaseCopies {
      decoded.baseCopies(module: module, fileSystem: LocalFileSystem())
    }
    let once = ["Home/HomePresenter.swift", "Home/HomeView.swift", "HomeTests/HomeTests.swift"]
    for path in once {
      let hash = try #require(decoded.modules["Home"]?.allFiles[path])
      #expect(
        copies("Home").bytes(ofHash: hash)
          == FileManager.default.contents(atPath: a + "/" + path).map(Array.init))
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: a + "/" + GenerationRecord.baseFolder)
        .sorted() == ["Cart.base", "Home.base"])
    // Home: view, presenter, interactor, router, service, tests; Cart: service, loader, view
    // controller, tests.
    #expect(copies("Home").copies.count == 6 && copies("Cart").copies.count == 4)
    // The SwiftUI view is stale after a switch to UIKit: still recorded, its copy stays.
    #expect(runTool(["gen", "Home", "viper", "--set", "ui=uikit"], in: a).code == 0)
    #expect(copies("Home").copies.map(\.path).contains("Home/HomeView.swift"))
    #expect(copies("Home").copies.count == 7)
    // Pruned, nothing refers to its copy any more: it goes too.
    #expect(runTool(["gen", "Home", "viper", "--set", "ui=uikit", "--prune"], in: a).code == 0)
    #expect(copies("Home").copies.count == 6)
    #expect(!copies("Home").copies.map(\.path).contains("Home/HomeView.swift"))
  }

  /// Copies in the layout before base files (one file per hash) are still merged from, and
  /// move into their module's base file on its next run.
  @Test func baseCopiesOfTheEarlierLayoutMoveIntoTheModulesBaseFile() throws {
    let dir = try makeTemporaryDirectory()
    try write("name: Home\ntemplate: viper\npresenter:\n  - viewDidLoad()\n", to: dir + "/home.yml")
    #expect(runTool(["gen", "--spec", "home.yml"], in: dir, environment: Self.today).code == 0)
    let base = dir + "/" + GenerationRecord.baseFolder
    let record = try GenerationRecord.decode(
      try read(dir + "/" + GenerationRecord.fileName), file: "r", directory: dir)
    for copy in record.baseCopies(module: "Home", fileSystem: LocalFileSystem()).copies {
      #expect(
        FileManager.default.createFile(
          atPath: base + "/" + copy.hash.dropFirst("sha256:".count), contents: Data(copy.bytes)))
    }
    try FileManager.default.removeItem(atPath: base + "/Home.base")
    try edit(dir + "/Home/HomePresenter.swift") { "// mine\n" + $0 }
    try write(
      "name: Home\ntemplate: viper\npresenter:\n  - viewDidLoad()\n  - didTapRetry()\n",
      to: dir + "/home.yml")
    let update = runTool(["update", "--spec", "home.yml"], in: dir, environment: Self.today)
    #expect(update.code == 0, "\(update.err)")
    let presenter = try read(dir + "/Home/HomePresenter.swift")
    #expect(presenter.hasPrefix("// mine\n") && presenter.contains("didTapRetry()"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: base) == ["Home.base"])
  }

  /// The record and its base copies are written in the same transaction as the files: when
  /// one of them cannot be written, nothing is.
  @Test func theRecordIsPartOfTheTransaction() throws {
    let dir = try makeTemporaryDirectory()
    try write("not a folder\n", to: dir + "/.modulegen")
    let result = runTool(["gen", "Home", "viper"], in: dir)
    #expect(result.code == 2)
    #expect(result.err.contains("nothing was written"), "\(result.err)")
    #expect(!exists(dir + "/Home") && !exists(dir + "/HomeTests"))
    #expect(!exists(dir + "/" + GenerationRecord.fileName))
  }

  @Test func aBrokenRecordIsAnErrorAtItsLine() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "version: 1\nmodules:\n  Home:\n    templat: viper\n",
      to: dir + "/" + GenerationRecord.fileName)
    let result = runTool(["check", "Home", "viper"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err.hasPrefix(
        ".modulegen.lock:4:5: error: modules.Home: unknown key 'templat' in a recorded module; did you mean 'template'?"
      ))
  }
}
