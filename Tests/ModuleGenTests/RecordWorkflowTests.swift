import Foundation
import Testing

@testable import ModuleGen

/// The generation record as a team lives with it: it survives every run, and `check`,
/// `update` and `gen` take what it says (every recorded module, their parameters and folders).
@Suite struct RecordWorkflowTests {
  func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  func edit(_ path: String, _ change: (String) -> String) throws {
    try change(try read(path)).write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// Every file of the record's folder and base folder, with its content.
  func recordFiles(_ dir: String) -> [String: String] {
    snapshot(dir).files.filter { $0.key.hasPrefix(".modulegen") }
  }

  // MARK: - The record survives

  /// A run skipped for a conflict writes nothing, its record entry and base copies included;
  /// once the edit is undone, `update` after a spec change still merges.
  @Test func aSkippedRunLeavesTheRecordAndUpdateStillMerges() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try write("name: Home\ntemplate: viper\n", to: dir + "/home.yml")
    #expect(runTool(["gen", "--spec", "home.yml", "--date", "2026-01-01"], in: dir).code == 0)
    let before = recordFiles(dir)
    #expect(before.keys.contains { $0.hasPrefix(GenerationRecord.baseFolder + "/") })
    let contracts = dir + "/Home/HomeContracts.swift"
    let original = try read(contracts)
    try edit(contracts) { $0 + "// a line of mine\n" }
    let skipped = runTool(["gen", "--spec", "home.yml"], in: dir)
    #expect(skipped.code == 1)
    #expect(skipped.out == "Home (viper): skipped (1 conflict); nothing written.\n")
    #expect(recordFiles(dir) == before)
    // The edit undone, a presenter method added: the files nobody touched are updated and the
    // developer's presenter merged.
    try original.write(toFile: contracts, atomically: true, encoding: .utf8)
    try editPresenterAndAddRetry(in: dir)
    let update = runTool(["update", "--spec", "home.yml"], in: dir)
    #expect(update.code == 0, "\(update.err)")
    #expect(update.out.contains("merged"), "\(update.out)")
    let presenter = try read(dir + "/Home/HomePresenter.swift")
    #expect(presenter.contains("func didTapRetry()") && presenter.contains("// presenter code"))
  }

  /// A run that changes nothing leaves the record's bytes as they are, however it is written
  /// (a line a developer added, another quoting, CRLF line ends): `update` as `gen` does.
  @Test func aRunThatChangesNothingLeavesTheRecordsBytes() throws {
    let dir = try makeTemporaryDirectory()
    try write("name: Home\ntemplate: viper\n", to: dir + "/home.yml")
    #expect(runTool(["gen", "--spec", "home.yml", "--date", "2026-01-01"], in: dir).code == 0)
    let recordPath = dir + "/" + GenerationRecord.fileName
    try edit(recordPath) {
      "# reviewed by Jane\r\n"
        + $0.replacingOccurrences(of: "\"1.0.0\"", with: "'1.0.0'")
        .replacingOccurrences(of: "\n", with: "\r\n")
    }
    let before = recordFiles(dir)
    for command in [["gen", "--spec", "home.yml"], ["update"], ["update", "--prune"], ["gen"]] {
      let run = runTool(command, in: dir)
      #expect(run.code == 0, "\(command): \(run.err)")
      #expect(run.out.contains("unchanged"), "\(command): \(run.out)")
      let record = try read(recordPath)
      let unchanged = recordFiles(dir) == before
      #expect(unchanged, "\(command): \(record.prefix(40))")
    }
  }

  /// A blocked module keeps its entry while the other modules of the run are recorded.
  @Test func aBlockedModuleKeepsItsEntryWhileOthersAreRecorded() throws {
    let dir = try makeTemporaryDirectory()
    try write("modules:\n  - {name: Home, template: viper}\n", to: dir + "/m.yml")
    #expect(runTool(["gen", "--spec", "m.yml", "--date", "2026-01-01"], in: dir).code == 0)
    let recordPath = dir + "/" + GenerationRecord.fileName
    let home = try GenerationRecord.decode(try read(recordPath), file: "r", directory: dir)
      .modules["Home"]
    try edit(dir + "/Home/HomeContracts.swift") { $0 + "// mine\n" }
    try write(
      "modules:\n  - {name: Home, template: viper}\n  - {name: Cart, template: mvc}\n",
      to: dir + "/m.yml")
    #expect(runTool(["gen", "--spec", "m.yml", "--date", "2026-02-02"], in: dir).code == 1)
    let record = try GenerationRecord.decode(try read(recordPath), file: "r", directory: dir)
    #expect(record.modules["Home"] == home)
    #expect(record.modules["Cart"]?.files.isEmpty == false)
  }

  // MARK: - The record drives the workflow

  /// With no module and no --spec, check covers every recorded module: those of each recorded
  /// spec and those generated from the command line. --spec may be given twice.
  @Test func checkWithoutArgumentsCoversEveryRecordedModule() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try write("modules:\n  - {name: Home, template: viper}\n", to: dir + "/a.yml")
    try write("modules:\n  - {name: Cart, template: mvc}\n", to: dir + "/b.yml")
    #expect(runTool(["gen", "--spec", "a.yml", "--spec", "b.yml"], in: dir).code == 0)
    #expect(runTool(["gen", "Orders", "mvvm"], in: dir).code == 0)
    let clean = runTool(["check"], in: dir)
    #expect(clean.code == 0, "\(clean.err)")
    #expect(clean.out == "Up to date: 26 files of 3 modules.\n")
    // Drift in a module of the other spec, and in the command-line one, is found.
    try edit(dir + "/Cart/CartBuilder.swift") { $0 + "// drift\n" }
    try edit(dir + "/Orders/OrdersBuilder.swift") { $0 + "// drift\n" }
    let drift = runTool(["check"], in: dir)
    #expect(drift.code == 1)
    #expect(drift.out == "changed  Cart/CartBuilder.swift\nchanged  Orders/OrdersBuilder.swift\n")
    #expect(runTool(["check", "--spec", "a.yml"], in: dir).code == 0)
    // A module removed from its spec is found stale by a run over the record.
    try write("modules: []\n", to: dir + "/b.yml")
    let stale = runTool(["gen", "--prune"], in: dir)
    #expect(stale.code == 1, "\(stale.out)\(stale.err)")
    #expect(stale.err.contains("'Cart/CartBuilder.swift' is no longer generated for Cart"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/Cart/CartRouter.swift"))
  }

  /// A pruned module's folders go, also when the Finder left its view settings (`.DS_Store`)
  /// in them, as it does in every folder a Mac user opens; a folder with anything else stays.
  @Test func pruningRemovesFoldersThatHoldOnlyTheFindersSettings() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "modules:\n  - {name: Home, template: viper}\n  - {name: Cart, template: mvc}\n",
      to: dir + "/m.yml")
    #expect(runTool(["gen", "--spec", "m.yml"], in: dir).code == 0)
    try write("", to: dir + "/Cart/.DS_Store")
    try write("", to: dir + "/CartTests/.DS_Store")
    try write("notes\n", to: dir + "/CartTests/notes.txt")
    try write("modules:\n  - {name: Home, template: viper}\n", to: dir + "/m.yml")
    let prune = runTool(["gen", "--spec", "m.yml", "--prune"], in: dir)
    #expect(prune.code == 0, "\(prune.err)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/Cart"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir + "/CartTests").sorted()
        == [".DS_Store", "notes.txt"])
  }

  /// Both specs are named as the command line names them, wherever they are.
  /// `check` and `update` of a misspelled module name: an error with the recorded name, where
  /// `update Hom` generated a new module Hom and `check Hom` listed its every file missing.
  @Test func aMisspelledModuleNameIsNotANewModule() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\ntemplate: viper\n", to: dir + "/.modulegen.yml")
    #expect(runTool(["gen", "Home"], in: dir).code == 0)
    let record = try read(dir + "/.modulegen.lock")
    for command in ["update", "check"] {
      let typo = runTool([command, "Hom"], in: dir)
      #expect(typo.code == ExitCode.error, "\(command): \(typo.out)")
      #expect(
        typo.err
          == "error: .modulegen.lock has no module 'Hom'; did you mean 'Home'? ('gen' makes a new module)\n"
      )
    }
    #expect(!FileManager.default.fileExists(atPath: dir + "/Hom"))
    #expect(try read(dir + "/.modulegen.lock") == record)
    // A name close to no recorded one is checked as before, and gen makes any new module.
    #expect(runTool(["check", "Orders"], in: dir).code == 1)
    #expect(runTool(["gen", "Hom"], in: dir).code == 0)
    #expect(runTool(["check", "Hom"], in: dir).code == 0)
  }

  @Test func aModuleInTwoSpecsOfARunIsAnError() throws {
    let dir = try makeTemporaryDirectory()
    try write("modules:\n  - {name: Home, template: viper}\n", to: dir + "/Specs/a.yml")
    try write("modules:\n  - {name: Home, template: mvc}\n", to: dir + "/Specs/b.yml")
    let result = runTool(["gen", "--spec", "Specs/a.yml", "--spec", "Specs/b.yml"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err.hasPrefix(
        "Specs/b.yml:2:5: error: module 'Home' is declared in two specs of this run: Specs/a.yml and Specs/b.yml\n"
      ), "\(result.err)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/Home"))
  }

  /// Recorded parameters and command-line folders are the module's: a teammate's plain run
  /// keeps them; a change on purpose is said.
  @Test func recordedParametersAndFoldersAreReused() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    let first = runTool(
      ["gen", "Orders", "mvvm", "--set", "binding=combine", "--output", "Sources/Orders"], in: dir)
    #expect(first.code == 0, "\(first.err)")
    let again = runTool(["gen", "Orders", "mvvm"], in: dir)
    #expect(again.code == 0, "\(again.err)")
    #expect(again.out == "Orders (mvvm): 9 unchanged.\n")
    #expect(!FileManager.default.fileExists(atPath: dir + "/Orders"))
    let record = try read(dir + "/" + GenerationRecord.fileName)
    #expect(record.contains("      binding: combine\n"))
    #expect(record.contains("    output: Sources/Orders\n"))
    // The template too: the module is named alone.
    #expect(runTool(["check", "Orders"], in: dir).code == 0)
    let changed = runTool(["gen", "Orders", "mvvm", "--set", "binding=observation"], in: dir)
    #expect(
      changed.err.contains(
        "note: module 'Orders' changes binding: combine → observation (was recorded in .modulegen.lock)"
      ), "\(changed.err)")
    #expect(
      try read(dir + "/" + GenerationRecord.fileName).contains("      binding: observation\n"))
  }

  /// A parameter the record gives is located in it when it is wrong: a value the template does
  /// not take, and a name the version it was recorded with does not have (mistyped by hand; it
  /// reset the parameter to its default with only a note, and the next update merged that in).
  @Test func aRecordedParameterThatIsWrongIsAnErrorWhereTheRecordGivesIt() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    #expect(runTool(["gen", "Orders", "mvvm", "--set", "binding=combine"], in: dir).code == 0)
    let path = dir + "/" + GenerationRecord.fileName
    let good = try read(path)
    let line = good.components(separatedBy: "\n").firstIndex(of: "      binding: combine")! + 1
    for (wrong, message) in [
      (
        "      bindng: combine",
        ".modulegen.lock:\(line):7: error: template 'mvvm' 1.0.0 has no parameter 'bindng', which .modulegen.lock records for 'Orders' with that version of it; it takes: ui, binding, io, coordinator, tests, routes; did you mean 'binding'?"
      ),
      (
        "      binding: combin",
        ".modulegen.lock:\(line):16: error: 'combin' is not a value of 'binding' (recorded for 'Orders' in .modulegen.lock; --set binding=VALUE replaces it); template 'mvvm' allows: observation, combine, closures; did you mean 'combine'?"
      ),
    ] {
      try write(good.replacingOccurrences(of: "      binding: combine", with: wrong), to: path)
      let before = snapshot(dir).files
      for command in ["check", "gen", "update"] {
        let run = runTool([command], in: dir)
        #expect(run.code == 2, "\(command): \(run.err)")
        #expect(run.err.hasPrefix(message + "\n"), "\(command): \(run.err)")
        #expect(snapshot(dir).files == before)
      }
    }
  }

  /// A template without a version is recorded by its hash: while the hash is the recorded one,
  /// a parameter name the template lacks was mistyped in the record, an error as for a version.
  @Test func aMistypedParameterOfATemplateWithoutAVersionIsAnError() throws {
    let dir = try makeTemporaryDirectory()
    try write("templates: Templates\n", to: dir + "/.modulegen.yml")
    try writeVersionedTemplate(in: dir)
    try edit(dir + "/Templates/card/template.yml") {
      $0.replacingOccurrences(of: "version: 1.0.0\n", with: "")
    }
    #expect(runTool(["gen", "Promo", "card", "--set", "style=fancy"], in: dir).code == 0)
    let path = dir + "/" + GenerationRecord.fileName
    let good = try read(path)
    #expect(good.contains("    template_hash: sha256:"))
    try write(
      good.replacingOccurrences(of: "      style: fancy", with: "      stlye: fancy"), to: path)
    let line = good.components(separatedBy: "\n").firstIndex(of: "      style: fancy")! + 1
    let check = runTool(["check"], in: dir)
    #expect(check.code == 2)
    #expect(
      check.err.hasPrefix(
        ".modulegen.lock:\(line):7: error: template 'card' has no parameter 'stlye', which .modulegen.lock records for 'Promo' with the template as it is; it takes: style, color; did you mean 'style'?\n"
      ), "\(check.err)")
  }

  /// A module its recorded spec declares, named with its template, is still generated from the
  /// spec (not as the typical screen, which rewrote its files without the spec's methods).
  @Test func aModuleNamedWithItsTemplateIsStillItsSpecs() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try write(
      "name: Home\ntemplate: viper\npresenter:\n  - didTapRetry()\n", to: dir + "/Specs/home.yml")
    #expect(runTool(["gen", "--spec", "Specs/home.yml"], in: dir).code == 0)
    let before = snapshot(dir).files
    let again = runTool(["gen", "Home", "viper"], in: dir)
    #expect(again.code == 0, "\(again.err)")
    #expect(again.out == "Home (viper): 9 unchanged.\n")
    #expect(again.err == "")
    #expect(snapshot(dir).files == before)
    #expect(runTool(["check"], in: dir).code == 0)
  }

  /// A module its spec declares with one template, named on the command line with another, is
  /// an error at the spec's `template`: recorded with the spec, the next run over the record
  /// took the spec's template back and `check` failed right after a `gen` that succeeded. With
  /// --spec too; the spec's own template (or the config's, for a spec without one) is fine.
  @Test func aSpecsModuleNamedWithAnotherTemplateIsAnError() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\ntemplate: mvc\n", to: dir + "/.modulegen.yml")
    try write(
      "modules:\n  - name: Home\n    template: viper\n  - name: Cart\n", to: dir + "/Specs/a.yml")
    #expect(runTool(["gen", "--spec", "Specs/a.yml"], in: dir).code == 0)
    let before = snapshot(dir).files
    for arguments in [["gen", "Home", "mvvm"], ["gen", "--spec", "Specs/a.yml", "Home", "mvvm"]] {
      let other = runTool(arguments, in: dir)
      #expect(other.code == 2)
      #expect(
        other.err.hasPrefix(
          "Specs/a.yml:3:15: error: module 'Home' is declared in Specs/a.yml with template 'viper', which every run over .modulegen.lock (gen, check, update) generates it with: to make it 'mvvm', change its template there and run 'modulegen gen --spec Specs/a.yml'\n"
        ), "\(other.err)")
      #expect(snapshot(dir).files == before)
    }
    let cart = runTool(["gen", "Cart", "viper"], in: dir)
    #expect(cart.code == 2)
    #expect(
      cart.err.contains(
        "error: module 'Cart' is declared in Specs/a.yml with template 'mvc' (.modulegen.yml's default), which"
      ), "\(cart.err)")
    #expect(runTool(["gen", "Cart", "mvc"], in: dir).code == 0)
    #expect(runTool(["gen", "Home", "viper"], in: dir).code == 0)
    #expect(runTool(["check"], in: dir).code == 0)
    #expect(snapshot(dir).files == before)
  }

  /// A project of About (mvc) and Home (viper), declared in Specs/a.yml, whose record has the
  /// entry of About twice: once under the misspelt name Abuot, with its paths in `folder`. Its
  /// folder, the record's path and the record as generated.
  func projectWithAboutRecordedTwice(folder: String = "About") throws -> (
    dir: String, path: String, good: String
  ) {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try write(
      "modules:\n  - {name: About, template: mvc}\n  - {name: Home, template: viper}\n",
      to: dir + "/Specs/a.yml")
    #expect(runTool(["gen", "--spec", "Specs/a.yml"], in: dir).code == 0)
    let path = dir + "/" + GenerationRecord.fileName
    let good = try read(path)
    let about = try #require(good.range(of: "  About:\n"))
    let home = try #require(good.range(of: "  Home:\n"))
    let entry = String(good[about.lowerBound..<home.lowerBound])
    let misspelt = entry.replacingOccurrences(of: "  About:\n", with: "  Abuot:\n")
      .replacingOccurrences(of: "      About/", with: "      \(folder)/")
    try write(good.replacingOccurrences(of: entry, with: misspelt + entry), to: path)
    return (dir, path, good)
  }

  /// A record entry its spec does not declare whose files another module has (a module renamed
  /// by hand in the record) is listed by `check` (`elsewhere`), and `gen` drops it: its files
  /// were never stale, so it stayed in the record for good, and `check` said "Up to date".
  @Test func anEntryItsSpecDoesNotDeclareWhoseFilesAnotherHasIsDropped() throws {
    let (dir, path, good) = try projectWithAboutRecordedTwice()
    let before = snapshot(dir).files
    let check = runTool(["check"], in: dir)
    #expect(check.code == 1)
    #expect(
      check.out.hasPrefix(
        "elsewhere  About/AboutBuilder.swift (recorded for Abuot, which its spec no longer declares, while another module has it too; 'gen' drops it from Abuot's entry)\n"
      ), "\(check.out)")
    #expect(check.out.components(separatedBy: "elsewhere  ").count == 8, "\(check.out)")
    let json = runTool(["check", "--format", "json"], in: dir)
    #expect(
      json.out.contains(
        "\"elsewhere\":[{\"path\":\"About/AboutBuilder.swift\",\"module\":\"Abuot\"},"),
      "\(json.out)")
    #expect(snapshot(dir).files == before)
    let gen = runTool(["gen"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(gen.out == "About (mvc): 7 unchanged.\nHome (viper): 10 unchanged.\n")
    #expect(try read(path) == good)
    #expect(runTool(["check"], in: dir).code == 0)
  }

  /// A recorded path that leads to a file of the plan by another way (a symbolic link here; on
  /// macOS, other letters' case) is that file: `gen --prune` removed the files a module had
  /// just generated, as stale files of an entry its spec no longer declares.
  @Test func aStalePathThatLeadsToAFileOfThePlanIsNeverPruned() throws {
    let (dir, path, good) = try projectWithAboutRecordedTwice(folder: "AboutLink")
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/AboutLink", withDestinationPath: "About")
    let check = runTool(["check"], in: dir)
    #expect(check.code == 1)
    #expect(check.out.contains("elsewhere  AboutLink/AboutBuilder.swift"), "\(check.out)")
    #expect(!check.out.contains("stale"), "\(check.out)")
    let before = snapshot(dir).files
    let prune = runTool(["gen", "--prune"], in: dir)
    #expect(prune.code == 0, "\(prune.err)")
    #expect(prune.out == "About (mvc): 7 unchanged.\nHome (viper): 10 unchanged.\n")
    #expect(try read(path) == good)
    #expect(
      snapshot(dir).files.filter { !$0.key.hasPrefix(".modulegen") }
        == before.filter { !$0.key.hasPrefix(".modulegen") })
    #expect(runTool(["check"], in: dir).code == 0)
  }

  /// A module taken out of its spec and generated from the command line is recorded without
  /// the spec: a later run over every recorded module does not find it removed from the spec,
  /// and --prune leaves its files (it removed all of them).
  @Test func aModuleTakenOutOfItsSpecAndGeneratedAloneIsNotPruned() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try write(
      "modules:\n  - {name: Home, template: viper}\n  - {name: Cart, template: mvc}\n",
      to: dir + "/a.yml")
    #expect(runTool(["gen", "--spec", "a.yml"], in: dir).code == 0)
    try write("modules:\n  - {name: Cart, template: mvc}\n", to: dir + "/a.yml")
    let alone = runTool(["gen", "Home", "viper"], in: dir)
    #expect(alone.code == 0, "\(alone.err)")
    #expect(
      alone.err
        == "note: 'Home' was recorded as declared in 'a.yml', which no longer declares it; from the command line, it has no spec\n"
    )
    let record = try GenerationRecord.decode(
      try read(dir + "/" + GenerationRecord.fileName), file: "r", directory: dir)
    #expect(record.modules["Home"]?.settings.spec == nil)
    #expect(record.modules["Cart"]?.settings.spec == "a.yml")
    let before = snapshot(dir).files
    let prune = runTool(["gen", "--prune"], in: dir)
    #expect(prune.code == 0, "\(prune.err)")
    #expect(prune.out == "Cart (mvc): 7 unchanged.\nHome (viper): 10 unchanged.\n")
    #expect(snapshot(dir).files == before)
  }

  /// A project with the template below, and the module Promo generated from it (with `set`).
  func promoProject(_ set: [String] = []) throws -> String {
    let dir = try makeTemporaryDirectory()
    try write("templates: Templates\n", to: dir + "/.modulegen.yml")
    try writeVersionedTemplate(in: dir)
    #expect(runTool(["gen", "Promo", "card"] + set, in: dir).code == 0)
    return dir
  }

  /// A project template whose version 1 has `style` (plain or fancy) and `color`.
  func writeVersionedTemplate(in dir: String) throws {
    try write(
      """
      name: card
      version: 1.0.0
      parameters:
        - {name: style, type: choice, values: [plain, fancy], default: plain}
        - {name: color, type: string, default: red}
      files:
        - {template: Card.swift.liquid, output: "{{ module }}Card.swift"}

      """, to: dir + "/Templates/card/template.yml")
    try write(
      "// {{ module }}: {{ params.style }} {{ params.color }}\n",
      to: dir + "/Templates/card/Card.swift.liquid")
  }

  /// A recorded value a new version of the template no longer allows is an error that says
  /// how to mend it, and giving the parameter mends it (the record's value is not read).
  @Test func aRecordedValueTheTemplateNoLongerAllowsIsReplacedBySet() throws {
    let dir = try promoProject(["--set", "style=fancy"])
    try edit(dir + "/Templates/card/template.yml") {
      $0.replacingOccurrences(of: "[plain, fancy]", with: "[plain, bold]")
    }
    let message =
      "error: 'fancy' is not a value of 'style' (recorded for 'Promo' in .modulegen.lock; --set style=VALUE replaces it); template 'card' allows: plain, bold\n"
    let check = runTool(["check"], in: dir)
    #expect(check.code == 2)
    // Where the record gives it.
    #expect(
      check.err == ".modulegen.lock:15:14: " + message + "      style: fancy\n             ^\n",
      "\(check.err)")
    let record = try read(dir + "/" + GenerationRecord.fileName)
    let mended = runTool(["gen", "Promo", "--set", "style=bold"], in: dir)
    #expect(mended.code == 0, "\(mended.err)")
    #expect(
      mended.err
        == "note: module 'Promo' changes style: fancy → bold (was recorded in .modulegen.lock)\n")
    #expect(try read(dir + "/Promo/PromoCard.swift") == "// Promo: bold red\n")
    #expect(
      try read(dir + "/" + GenerationRecord.fileName)
        == record.replacingOccurrences(of: "style: fancy", with: "style: bold")
        .replacingOccurrences(
          of: GenerationRecord.hash(Array("// Promo: fancy red\n".utf8)),
          with: GenerationRecord.hash(Array("// Promo: bold red\n".utf8))))
    #expect(runTool(["check"], in: dir).code == 0)
  }

  /// A parameter a new version of the template drops or adds changes the module too: said.
  @Test func parametersATemplateDropsOrAddsAreSaid() throws {
    let dir = try promoProject()
    // Version 2 calls `color` `colour`, blue by default.
    try edit(dir + "/Templates/card/template.yml") {
      $0.replacingOccurrences(
        of: "name: color, type: string, default: red",
        with: "name: colour, type: string, default: blue"
      )
      .replacingOccurrences(of: "1.0.0", with: "2.0.0")
    }
    try write(
      "// {{ module }}: {{ params.style }} {{ params.colour }}\n",
      to: dir + "/Templates/card/Card.swift.liquid")
    let result = runTool(["gen"], in: dir)
    #expect(result.code == 0, "\(result.err)")
    #expect(
      result.err
        == "note: module 'Promo' changes color: red → (dropped: no longer a parameter), colour: (new) → blue (was recorded in .modulegen.lock)\n"
    )
    #expect(try read(dir + "/Promo/PromoCard.swift") == "// Promo: plain blue\n")
    // Said once: the record has the new parameters now.
    #expect(runTool(["gen"], in: dir).err == "")
  }

  /// A module recorded with a newer version of its template than the one found (a teammate's
  /// newer template) is said before generating it again takes it back.
  @Test func anOlderTemplateThanTheRecordedOneIsSaid() throws {
    let dir = try promoProject()
    try edit(dir + "/Templates/card/template.yml") {
      $0.replacingOccurrences(of: "version: 1.0.0", with: "version: 0.9.12")
    }
    let warning =
      "warning: module 'Promo' was generated with template 'card' 1.0.0, newer than the 0.9.12 found here ('modulegen templates list' says where it is); generating it again takes it back to 0.9.12\n"
    let check = runTool(["check"], in: dir)
    #expect(check.code == 0)
    #expect(check.out == "Up to date: 1 file of 1 module.\n")
    #expect(check.err == warning)
    let gen = runTool(["gen"], in: dir)
    #expect(gen.code == 0)
    #expect(gen.err == warning)
    #expect(
      try read(dir + "/" + GenerationRecord.fileName).contains("template_version: \"0.9.12\""))
    // A newer version than the recorded one is the usual case: nothing is said.
    try edit(dir + "/Templates/card/template.yml") {
      $0.replacingOccurrences(of: "version: 0.9.12", with: "version: 0.10.0")
    }
    #expect(runTool(["gen"], in: dir).err == "")
  }

  /// A recorded module whose template was removed from the project is named, with the way on;
  /// another template, with --prune, replaces it.
  @Test func aRecordedModuleWhoseTemplateIsGoneIsNamed() throws {
    let dir = try promoProject()
    try FileManager.default.removeItem(atPath: dir + "/Templates/card")
    let before = snapshot(dir).files
    let check = runTool(["check"], in: dir)
    #expect(check.code == 2)
    #expect(
      check.err
        == "error: no template named 'card' (available: mvc, mvp, mvvm, viper); .modulegen.lock records 'Promo' as generated from it: restore the template, or name another (gen Promo TEMPLATE; --prune then removes the files it no longer has)\n"
    )
    #expect(runTool(["gen", "--prune"], in: dir).code == 2)
    #expect(snapshot(dir).files == before)
    let replaced = runTool(["gen", "Promo", "mvc", "--prune"], in: dir)
    #expect(replaced.code == 0, "\(replaced.err)")
    #expect(replaced.out.hasSuffix("Removed 1 stale file.\n"), "\(replaced.out)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/Promo/PromoCard.swift"))
    #expect(runTool(["check"], in: dir).code == 0)
  }

  /// A Generamba template's custom parameters and the description given on the command line
  /// are the module's: a teammate's plain run and `update` keep them, and `check` agrees.
  @Test func generambaCustomParametersAndDescriptionAreRecordedAndReused() throws {
    let project = try GenerambaProject(rambafile: GenerambaTemplateTests.rambafile)
    let first = project.run([
      "gen", "Profile", "feature_tour", "--custom_parameters", "theme:dark", "-d",
      "Edits the profile.",
    ])
    #expect(first.code == 0, "\(first.err)")
    let record = project.read(GenerationRecord.fileName) ?? ""
    #expect(
      record.contains("    description: \"Edits the profile.\"\n    params:\n      theme: dark\n"))
    let view = "Sources/Modules/Profile/View/ACProfileViewController.swift"
    let generated = project.read(view) ?? ""
    #expect(generated.contains("/// Edits the profile.\n"))
    #expect(generated.contains("// theme: dark;"))
    let check = project.run(["check", "-q"])
    #expect(check.code == 0 && check.out == "", "\(check.out)")
    // Nothing given again: nothing to merge, nothing changed.
    let update = project.run(["update", "Profile"])
    #expect(update.code == 0, "\(update.err)")
    #expect(update.out == "Profile (feature_tour): 5 unchanged.\n", "\(update.out)")
    #expect(project.read(view) == generated)
    #expect(project.read(GenerationRecord.fileName) == record)
    // Given again with another value: the change is said.
    let changed = project.run(["gen", "Profile", "--custom_parameters", "theme:light"])
    #expect(
      changed.err.contains(
        "note: module 'Profile' changes theme: dark → light (was recorded in .modulegen.lock)\n"),
      "\(changed.err)")
    // A record from before custom parameters were recorded has none: nothing is said of them.
    let recordPath = project.dir + "/" + GenerationRecord.fileName
    var old = try GenerationRecord.decode(
      try read(recordPath), file: "r", directory: project.dir)
    old.modules["Profile"]?.params = []
    try old.encoded.write(toFile: recordPath, atomically: true, encoding: .utf8)
    let upgraded = project.run(["gen", "Profile", "--custom_parameters", "theme:light"])
    #expect(upgraded.code == 0)
    #expect(!upgraded.err.contains("note: module 'Profile'"), "\(upgraded.err)")
    #expect(try read(recordPath).contains("      theme: light\n"))
  }

  /// `--no-tests` is the module's choice, kept like a parameter: `check` and a teammate's
  /// plain run neither miss nor recreate the tests; `--with-tests` brings them back, and
  /// `--no-tests` on a module with tests leaves them on disk and recorded, each change said.
  @Test func noTestsIsRecordedAndKept() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    let first = runTool(["gen", "Foo", "viper", "--no-tests"], in: dir)
    #expect(first.code == 0 && first.out == "Foo (viper): 8 created.\n", "\(first.err)")
    let recordPath = dir + "/" + GenerationRecord.fileName
    #expect(try read(recordPath).contains("    no_tests: true\n"))
    let check = runTool(["check"], in: dir)
    #expect(check.code == 0, "\(check.out)")
    #expect(check.out == "Up to date: 8 files of 1 module.\n")
    let again = runTool(["gen"], in: dir)
    #expect(again.code == 0 && again.out == "Foo (viper): 8 unchanged.\n", "\(again.out)")
    #expect(again.err == "")
    #expect(!FileManager.default.fileExists(atPath: dir + "/FooTests"))
    #expect(runTool(["update", "Foo"], in: dir).out == "Foo (viper): 8 unchanged.\n")
    // Both at once contradict each other.
    let both = runTool(["gen", "--no-tests", "--with-tests"], in: dir)
    #expect(both.code == 64)
    #expect(both.err.hasPrefix("error: --no-tests and --with-tests exclude each other\n"))
    // Back on purpose: said, generated, and no longer recorded as without tests.
    let with = runTool(["gen", "Foo", "--with-tests"], in: dir)
    #expect(with.code == 0, "\(with.err)")
    #expect(
      with.err
        == "note: module 'Foo' changes test files: none → generated (was recorded in .modulegen.lock)\n"
    )
    #expect(with.out == "Foo (viper): 2 created, 8 unchanged.\n")
    #expect(!(try read(recordPath)).contains("no_tests"))
    // Off again on a module with tests: said; its tests stay on disk and in the record.
    let tests = try read(dir + "/FooTests/FooTests.swift")
    let off = runTool(["gen", "--no-tests"], in: dir)
    #expect(off.code == 0, "\(off.err)")
    #expect(
      off.err
        == "note: module 'Foo' changes test files: generated → none (was recorded in .modulegen.lock)\n"
    )
    #expect(try read(dir + "/FooTests/FooTests.swift") == tests)
    let record = try read(recordPath)
    #expect(record.contains("    no_tests: true\n"))
    #expect(record.contains("      FooTests/FooTests.swift: sha256:"))
    #expect(runTool(["check"], in: dir).code == 0)
    // A record written before the choice was kept has no key: the tests are generated.
    try edit(recordPath) { $0.replacingOccurrences(of: "    no_tests: true\n", with: "") }
    try FileManager.default.removeItem(atPath: dir + "/FooTests/FooTests.swift")
    let old = runTool(["check"], in: dir)
    #expect(old.code == 1 && old.out == "missing  FooTests/FooTests.swift\n", "\(old.out)")
  }

  /// A module an earlier modulegen generated with `--no-tests` (its entry has code files, no
  /// test file, and none of the keys it did not keep: `no_tests`, `author`, `company`) keeps
  /// them out: `check` misses none, a plain run creates none and leaves the record as it is,
  /// the run that writes its files records `no_tests`, and `--with-tests` brings them back.
  @Test func aModuleAnEarlierBuildGeneratedWithoutTestsKeepsThemOut() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\nauthor: Jane\ncompany: ACME\n", to: dir + "/.modulegen.yml")
    #expect(runTool(["gen", "Foo", "viper", "--no-tests"], in: dir).code == 0)
    let recordPath = dir + "/" + GenerationRecord.fileName
    try edit(recordPath) {
      $0.replacingOccurrences(
        of: "    author: Jane\n    company: ACME\n    project: \"\"\n    no_tests: true\n", with: ""
      )
    }
    let earlier = try read(recordPath)
    #expect(!earlier.contains("no_tests") && !earlier.contains("author"))
    let check = runTool(["check"], in: dir)
    #expect(check.code == 0 && check.out == "Up to date: 8 files of 1 module.\n", "\(check.out)")
    for command in [["gen"], ["gen", "Foo", "viper"], ["update"], ["gen", "--prune"]] {
      let run = runTool(command, in: dir)
      #expect(run.code == 0 && run.err == "", "\(command): \(run.err)")
      #expect(run.out.hasPrefix("Foo (viper): 8 unchanged.\n"), "\(command): \(run.out)")
      #expect(try read(recordPath) == earlier, "\(command)")
    }
    #expect(!FileManager.default.fileExists(atPath: dir + "/FooTests"))
    let written = runTool(["gen", "Foo", "--author", "Bo"], in: dir)
    #expect(written.code == 0 && written.err == "", "\(written.err)")
    #expect(written.out.hasPrefix("Foo (viper): 3 updated, 5 kept (yours).\n"), "\(written.out)")
    #expect(
      try read(recordPath).contains(
        "    author: Bo\n    company: ACME\n    project: \"\"\n    no_tests: true\n"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/FooTests"))
    let with = runTool(["gen", "Foo", "--with-tests"], in: dir)
    #expect(
      with.err
        == "note: module 'Foo' changes test files: none → generated (was recorded in .modulegen.lock)\n"
    )
    #expect(FileManager.default.fileExists(atPath: dir + "/FooTests/FooTests.swift"))
  }

  /// A module's headers keep the author and company they were first generated with (as they
  /// keep its creation date): a teammate whose config names another author, or none, changes
  /// nothing; `--author` / `--company` change them on purpose, said. A record written before
  /// they were kept has the run's, as then.
  @Test func headersKeepTheirAuthorAndCompany() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\nauthor: Jane Doe\ncompany: ACME\n", to: dir + "/.modulegen.yml")
    #expect(runTool(["gen", "Home", "viper"], in: dir).code == 0)
    #expect(runTool(["gen", "Cart", "mvc", "--author", "Bo", "--company", ""], in: dir).code == 0)
    let recordPath = dir + "/" + GenerationRecord.fileName
    let record = try read(recordPath)
    #expect(record.contains("    author: \"Jane Doe\"\n    company: ACME\n"))
    #expect(record.contains("    author: Bo\n    company: \"\"\n"))
    let router = try read(dir + "/Home/HomeBuilder.swift")
    #expect(router.contains("//  Created by Jane Doe on "))
    // A teammate's config, with another author and company, or none.
    for config in ["module: App\nauthor: John\ncompany: Other\n", "module: App\n"] {
      try write(config, to: dir + "/.modulegen.yml")
      let check = runTool(["check"], in: dir)
      #expect(check.code == 0 && check.out.hasPrefix("Up to date:"), "\(check.out)")
      let gen = runTool(["gen"], in: dir)
      #expect(gen.code == 0 && gen.err == "", "\(gen.err)")
      #expect(try read(recordPath) == record)
    }
    #expect(!(try read(dir + "/Cart/CartBuilder.swift")).contains("Copyright"))
    // On purpose, for the modules the run covers.
    let changed = runTool(["gen", "Home", "--author", "John", "--company", "ACME Inc."], in: dir)
    #expect(changed.code == 0, "\(changed.err)")
    #expect(
      changed.err
        == "note: module 'Home' changes author: Jane Doe → John, company: ACME → ACME Inc. (was recorded in .modulegen.lock)\n"
    )
    #expect(try read(dir + "/Home/HomeBuilder.swift").contains("//  Created by John on "))
    #expect(try read(recordPath).contains("    author: John\n    company: \"ACME Inc.\"\n"))
    let cleared = runTool(["gen", "Cart", "--company", "ACME"], in: dir)
    #expect(
      cleared.err
        == "note: module 'Cart' changes company: (none) → ACME (was recorded in .modulegen.lock)\n"
    )
    // A record from before: the run's author, and from the run that writes the files on,
    // the module's. A run that writes nothing leaves the record as it is.
    try edit(recordPath) {
      $0.replacingOccurrences(of: "    author: John\n", with: "")
        .replacingOccurrences(of: "    company: \"ACME Inc.\"\n", with: "")
    }
    try write("module: App\nauthor: John\ncompany: ACME Inc.\n", to: dir + "/.modulegen.yml")
    let before = try read(recordPath)
    #expect(runTool(["gen", "Home"], in: dir).code == 0)
    #expect(try read(recordPath) == before)
    try write("module: App\nauthor: Ann\n", to: dir + "/.modulegen.yml")
    let old = runTool(["check", "Home"], in: dir)
    #expect(old.code == 1 && old.out.contains("changed  Home/HomeBuilder.swift\n"), "\(old.out)")
    #expect(runTool(["gen", "Home"], in: dir).code == 0)
    #expect(try read(recordPath).contains("    author: Ann\n    company: \"\"\n"))
  }

  /// The project in the headers, which the tests also `@testable import`, is kept as the author
  /// is: `gen Home viper --project App` (as the warning without one advises), then `check` and
  /// `gen` without it find the module up to date; `--project` changes it on purpose, said (in the
  /// files modulegen keeps; the tests, yours, get it with `update`). The record kept no project:
  /// check found the headers and the tests' import changed.
  @Test func aModuleKeepsTheProjectItWasGeneratedWith() throws {
    let dir = try makeTemporaryDirectory()
    let first = runTool(["gen", "Home", "viper", "--project", "App"], in: dir)
    #expect(first.code == 0 && first.err == "", "\(first.err)")
    let recordPath = dir + "/" + GenerationRecord.fileName
    let record = try read(recordPath)
    #expect(record.contains("    company: \"\"\n    project: App\n"), "\(record)")
    #expect(try read(dir + "/HomeTests/HomeTests.swift").contains("@testable import App\n"))
    let check = runTool(["check"], in: dir)
    #expect(check.code == 0 && check.out.hasPrefix("Up to date:"), "\(check.out)")
    // Nor a warning that the tests have no module to import.
    let gen = runTool(["gen", "Home"], in: dir)
    #expect(gen.code == 0 && gen.err == "", "\(gen.err)")
    #expect(try read(recordPath) == record)
    let changed = runTool(["gen", "Home", "--project", "Shop"], in: dir)
    #expect(changed.code == 0, "\(changed.err)")
    #expect(
      changed.err
        == "note: module 'Home' changes project: App → Shop (was recorded in .modulegen.lock)\n")
    #expect(try read(dir + "/HomeTests/HomeMocks.swift").contains("@testable import Shop\n"))
    #expect(runTool(["check"], in: dir).code == 0)
    // A record from before it kept the project: the run's, and a run that writes nothing
    // leaves the record as it is.
    try edit(recordPath) { $0.replacingOccurrences(of: "    project: Shop\n", with: "") }
    try write("project: Shop\n", to: dir + "/.modulegen.yml")
    let before = try read(recordPath)
    #expect(runTool(["gen", "Home"], in: dir).code == 0)
    #expect(try read(recordPath) == before)
  }

  /// Generamba takes the author from each developer's own `~/.generamba/user_preferences.yml`:
  /// a teammate's run keeps the headers of the modules someone else generated.
  @Test func aGenerambaModuleKeepsItsAuthorForATeammate() throws {
    let project = try GenerambaProject(
      rambafile: "company: Acme\n"
        + GenerambaTemplateTests.rambafile.replacingOccurrences(
          of: "author: Jane Appleseed\ncompany: Acme & Sons\n", with: ""))
    let jane = try makeTemporaryDirectory()
    try write("username: Jane\n", to: jane + "/.generamba/user_preferences.yml")
    let john = try makeTemporaryDirectory()
    try write("username: John\n", to: john + "/.generamba/user_preferences.yml")
    let first = project.run(["gen", "Profile", "feature_tour"], environment: ["HOME": jane])
    #expect(first.code == 0, "\(first.err)")
    let view = "Sources/Modules/Profile/View/ACProfileViewController.swift"
    let generated = project.read(view) ?? ""
    #expect(generated.contains("//  Created by Jane on "))
    let check = project.run(["check", "-q"], environment: ["HOME": john])
    #expect(check.code == 0 && check.out == "", "\(check.out)")
    let gen = project.run(["gen", "Profile"], environment: ["HOME": john])
    #expect(gen.code == 0 && !gen.err.contains("changes"), "\(gen.err)")
    #expect(project.read(view) == generated)
  }

  /// A recorded spec deleted or renamed: `check`, `update`, `gen` and `gen --prune` with no
  /// arguments name it and its modules with the ways on, at the record's line that names it,
  /// and change nothing on disk. Generated
  /// from the new file once, the modules are its; `forget` takes them out of the record on
  /// purpose, keeping their files.
  @Test func aMissingSpecIsNamedWithTheWaysOnAndRemovesNothing() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try write(
      "modules:\n  - {name: Home, template: viper}\n  - {name: Cart, template: mvc}\n",
      to: dir + "/a.yml")
    try write("modules:\n  - {name: Profile, template: mvc}\n", to: dir + "/b.yml")
    #expect(runTool(["gen", "--spec", "a.yml", "--spec", "b.yml"], in: dir).code == 0)
    try FileManager.default.moveItem(atPath: dir + "/a.yml", toPath: dir + "/moved.yml")
    let before = snapshot(dir).files
    for command in [["check"], ["update"], ["gen"], ["gen", "--prune"], ["update", "--prune"]] {
      let result = runTool(command, in: dir)
      #expect(result.code == 2, "\(command)")
      // At the first of those modules' `spec:` lines in the record; `check` never writes.
      let stopped = command == ["check"] ? "" : "; nothing was written or removed"
      #expect(
        result.err
          == ".modulegen.lock:13:11: error: .modulegen.lock records Cart, Home as declared in 'a.yml', which does not exist\(stopped). Restore it; or, if they are declared in another spec now, generate them from it once (gen --spec FILE), which records it; or take them out of the record, keeping their files: modulegen forget Cart Home\n    spec: a.yml\n          ^\n",
        "\(command)")
      #expect(snapshot(dir).files == before, "\(command)")
    }
    // Renamed: generated from the new file once, the record follows it.
    let moved = runTool(["gen", "--spec", "moved.yml"], in: dir)
    #expect(moved.code == 0, "\(moved.err)")
    #expect(try read(dir + "/" + GenerationRecord.fileName).contains("    spec: moved.yml\n"))
    #expect(runTool(["check"], in: dir).out == "Up to date: 24 files of 3 modules.\n")
    // Deleted on purpose: the modules are taken out of the record, their files stay.
    try FileManager.default.removeItem(atPath: dir + "/moved.yml")
    let dryRun = runTool(["forget", "Home", "Cart", "--dry-run"], in: dir)
    #expect(
      dryRun.out == """
        Cart: would be taken out of .modulegen.lock; its 7 files stay as they are.
        Home: would be taken out of .modulegen.lock; its 10 files stay as they are.
        Dry run: nothing was written.

        """)
    let kept = snapshot(dir).files
    let forget = runTool(["forget", "Home", "Cart"], in: dir)
    #expect(forget.code == 0, "\(forget.err)")
    #expect(
      forget.out == """
        Cart: taken out of .modulegen.lock; its 7 files stay as they are.
        Home: taken out of .modulegen.lock; its 10 files stay as they are.

        """)
    let after = snapshot(dir).files
    #expect(
      after.filter { !$0.key.hasPrefix(".modulegen") }
        == kept.filter { !$0.key.hasPrefix(".modulegen") })
    #expect(after[GenerationRecord.baseFolder + "/Home.base"] == nil)
    #expect(after[GenerationRecord.baseFolder + "/Cart.base"] == nil)
    #expect(after[GenerationRecord.baseFolder + "/Profile.base"] != nil)
    let record = try GenerationRecord.decode(
      try read(dir + "/" + GenerationRecord.fileName), file: "r", directory: dir)
    #expect(record.modules.keys.sorted() == ["Profile"])
    let check = runTool(["check"], in: dir)
    #expect(check.code == 0 && check.out == "Up to date: 7 files of 1 module.\n", "\(check.out)")
  }

  /// `forget --format json`, as the other record commands: the modules taken out (would be,
  /// in a dry run) with their recorded files, which stay, and its problems in `diagnostics`.
  @Test func forgetReportsAsJSON() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    #expect(runTool(["gen", "Cart", "mvc"], in: dir).code == 0)
    let files = [
      "Cart/CartBuilder.swift", "Cart/CartLoader.swift", "Cart/CartModel.swift",
      "Cart/CartService.swift", "Cart/CartViewController.swift", "CartTests/CartMocks.swift",
      "CartTests/CartTests.swift",
    ].map { "\"\($0)\"" }.joined(separator: ",")
    let before = snapshot(dir).files
    let dryRun = runTool(["forget", "Cart", "--dry-run", "--format", "json"], in: dir)
    #expect(dryRun.code == 0 && dryRun.err == "", "\(dryRun.err)")
    #expect(
      dryRun.out
        == "{\"schema\":\"modulegen-report\",\"version\":1,\"command\":\"forget\",\"ok\":true,\"exit_code\":0,\"diagnostics\":[],\"dry_run\":true,\"modules\":[{\"name\":\"Cart\",\"files\":[\(files)]}],\"written\":false}\n"
    )
    #expect(snapshot(dir).files == before)
    let forget = runTool(["forget", "Cart", "--format", "json"], in: dir)
    #expect(forget.code == 0)
    #expect(
      forget.out.hasSuffix(
        "\"dry_run\":false,\"modules\":[{\"name\":\"Cart\",\"files\":[\(files)]}],\"written\":true}\n"
      ),
      "\(forget.out)")
    #expect(snapshot(dir).files[GenerationRecord.baseFolder + "/Cart.base"] == nil)
    let again = runTool(["forget", "Cart", "--format", "json"], in: dir)
    #expect(again.code == 2)
    #expect(
      again.out
        == "{\"schema\":\"modulegen-report\",\"version\":1,\"command\":\"forget\",\"ok\":false,\"exit_code\":2,\"diagnostics\":[{\"severity\":\"error\",\"file\":null,\"line\":null,\"column\":null,\"message\":\"'.modulegen.lock' records no modules; there is nothing to forget\",\"notes\":[]}]}\n"
    )
  }

  /// `forget -q`, as `gen -q`, `check -q` and `update -q` in a script that quiets every
  /// command: only problems (a warning stays).
  @Test func forgetIsQuietWithQ() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try write("name: Cart\ntemplate: mvc\n", to: dir + "/cart.yml")
    #expect(runTool(["gen", "--spec", "cart.yml", "-q"], in: dir).code == 0)
    let dryRun = runTool(["forget", "Cart", "-q", "--dry-run"], in: dir)
    #expect(dryRun.code == 0 && dryRun.out == "", "\(dryRun.out)\(dryRun.err)")
    let forget = runTool(["forget", "Cart", "--quiet"], in: dir)
    #expect(forget.code == 0 && forget.out == "", "\(forget.out)\(forget.err)")
    #expect(
      forget.err.hasPrefix("warning: 'Cart' is still declared in 'cart.yml'"), "\(forget.err)")
    #expect(!(try read(dir + "/" + GenerationRecord.fileName)).contains("Cart:"))
  }

  /// `forget` takes only recorded modules, and writes nothing otherwise; it warns of one its
  /// spec still declares.
  @Test func forgetNamesAModuleTheRecordDoesNotHave() throws {
    let dir = try makeTemporaryDirectory()
    let none = runTool(["forget", "Home", "Cart"], in: dir)
    #expect(none.code == 2)
    #expect(
      none.err
        == "error: '.modulegen.lock' does not exist (gen writes it); there is nothing to forget\n"
    )
    // A record that is there but lists no module (every one forgotten).
    try write("version: 1\nmodules: {}\n", to: dir + "/" + GenerationRecord.fileName)
    let empty = runTool(["forget", "Home", "Cart"], in: dir)
    #expect(empty.code == 2)
    #expect(
      empty.err == "error: '.modulegen.lock' records no modules; there is nothing to forget\n")
    #expect(runTool(["gen", "Home", "mvc"], in: dir).code == 0)
    let before = snapshot(dir).files
    let typo = runTool(["forget", "Hom"], in: dir)
    #expect(typo.code == 2)
    #expect(
      typo.err
        == "error: .modulegen.lock records no module 'Hom' (it records: Home); did you mean 'Home'?\n"
    )
    #expect(snapshot(dir).files == before)
    // One its spec still declares comes back with the next run over the record: a warning.
    try write("modules:\n  - {name: Cart, template: mvc}\n", to: dir + "/Specs/a.yml")
    #expect(runTool(["gen", "--spec", "Specs/a.yml"], in: dir).code == 0)
    let declared = runTool(["forget", "Cart"], in: dir)
    #expect(declared.code == 0)
    #expect(
      declared.err
        == "warning: 'Cart' is still declared in 'Specs/a.yml': the next gen or check over the record takes it up again; take it out of the spec too\n"
    )
  }

  /// `update --prune` removes the stale files `update` reports.
  @Test func updatePrunesStaleFiles() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try write("name: Search\ntemplate: mvvm\nparams: {coordinator: true}\n", to: dir + "/s.yml")
    #expect(runTool(["gen", "--spec", "s.yml"], in: dir).code == 0)
    try write("name: Search\ntemplate: mvvm\nparams: {coordinator: false}\n", to: dir + "/s.yml")
    let update = runTool(["update", "--spec", "s.yml", "--prune"], in: dir)
    #expect(update.code == 0, "\(update.err)")
    // The coordinator, and the coordinators' protocol that no recorded module has any more.
    #expect(update.out.hasSuffix("Removed 2 stale files.\n"), "\(update.out)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/Search/SearchCoordinator.swift"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/Coordinator.swift"))
    #expect(runTool(["check", "--spec", "s.yml"], in: dir).code == 0)
  }

  /// The JSON report of `gen --prune` and `update --prune` says what the text says: a pruned
  /// file is removed, not stale; an edited one it refuses stays stale.
  @Test func aPrunedFileIsReportedRemovedNotStale() throws {
    for command in ["gen", "update"] {
      let dir = try makeTemporaryDirectory()
      try write("module: App\n", to: dir + "/.modulegen.yml")
      try write("name: Search\ntemplate: mvvm\nparams: {coordinator: true}\n", to: dir + "/s.yml")
      #expect(runTool(["gen", "--spec", "s.yml"], in: dir).code == 0)
      try edit(dir + "/Coordinator.swift") { $0 + "// ours\n" }
      try write("name: Search\ntemplate: mvvm\nparams: {coordinator: false}\n", to: dir + "/s.yml")
      let run = runTool([command, "--spec", "s.yml", "--prune", "--format", "json"], in: dir)
      #expect(run.code == 1, "\(run.err)")
      let report = try #require(
        try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
      #expect(report["pruned"] as? [String] == ["Search/SearchCoordinator.swift"], "\(command)")
      let stale = try #require(report["stale"] as? [[String: String]])
      #expect(stale == [["path": "Coordinator.swift", "module": "Search", "state": "edited"]])
      let summary = try #require(report["summary"] as? [String: Int])
      #expect(summary["stale"] == 1, "\(command)")
    }
  }

  // MARK: - check sees what the record says

  /// Conflict markers left by `update` fail `check`, with the file and line.
  @Test func checkFailsOnConflictMarkers() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try write("name: Home\ntemplate: viper\n", to: dir + "/home.yml")
    #expect(runTool(["gen", "--spec", "home.yml"], in: dir).code == 0)
    try edit(dir + "/Home/HomePresenter.swift") {
      $0 + "<<<<<<< yours\nmine\n=======\ntheirs\n>>>>>>> generated now\n"
    }
    let lines = try read(dir + "/Home/HomePresenter.swift").split(
      separator: "\n", omittingEmptySubsequences: false
    ).count
    // gen, and update with nothing to merge, succeed and warn at the marker (they said
    // nothing, while check failed), from the project's folder as from below it.
    let warning =
      "Home/HomePresenter.swift:\(lines - 5):1: warning: unresolved conflict markers from 'modulegen update'; resolve them ('modulegen check' fails until then)\n"
    for arguments in [["gen", "--spec", "home.yml", "--prune"], ["update"], ["gen", "Home"]] {
      let run = runTool(arguments, in: dir)
      #expect(run.code == 0, "\(arguments)")
      #expect(run.err == warning, "\(arguments): \(run.err)")
    }
    try FileManager.default.createDirectory(
      atPath: dir + "/Features", withIntermediateDirectories: true)
    #expect(runTool(["gen", "Home"], in: dir + "/Features").err == "../" + warning)
    let check = runTool(["check"], in: dir)
    #expect(check.code == 1)
    #expect(
      check.out == "conflict  Home/HomePresenter.swift:\(lines - 5) (unresolved conflict markers)\n"
    )
    #expect(check.err == "1 file has unresolved conflict markers from 'update'.\n")
  }

  /// Home generated from `home.yml` (with a config), and its base file.
  func generatedHome() throws -> (dir: String, baseFile: String) {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try write("name: Home\ntemplate: viper\n", to: dir + "/home.yml")
    #expect(runTool(["gen", "--spec", "home.yml"], in: dir).code == 0)
    return (dir, dir + "/" + GenerationRecord.baseFolder + "/Home.base")
  }

  /// The developer's line in the presenter, and a presenter method in the spec.
  func editPresenterAndAddRetry(in dir: String) throws {
    try edit(dir + "/Home/HomePresenter.swift") { "// presenter code\n" + $0 }
    try write("name: Home\ntemplate: viper\npresenter:\n  - didTapRetry()\n", to: dir + "/home.yml")
  }

  /// `update --prune` merges the method into the edited presenter (the method makes the service
  /// stale: pruned, as nobody edited it), and `check` passes.
  func expectMergedAndUpToDate(_ dir: String) throws {
    let update = runTool(["update", "--prune"], in: dir)
    #expect(update.code == 0, "\(update.err)")
    let presenter = try read(dir + "/Home/HomePresenter.swift")
    #expect(presenter.contains("func didTapRetry()") && presenter.contains("// presenter code"))
    #expect(runTool(["check"], in: dir).code == 0)
  }

  /// A deleted base file is reported by `check`, file by file, with whether `update` can
  /// restore each copy (the file, or what the template generates now, still has its recorded
  /// hash); `update` restores them, byte for byte, and says so (a dry run too, writing nothing).
  /// A copy nothing has any more is said to come back from version control, and `update`
  /// merges once it is back.
  @Test func missingBaseCopiesAreReportedAndUpdateRestoresThem() throws {
    let (dir, baseFile) = try generatedHome()
    let saved = try read(baseFile)
    try FileManager.default.removeItem(atPath: baseFile)
    let interactor = try read(dir + "/Home/HomeInteractor.swift")
    try edit(dir + "/Home/HomeInteractor.swift") { $0 + "// mine\n" }
    // In path order, as every list of check's report (the template has them in another).
    let owned = [
      "Home/HomeInteractor.swift", "Home/HomePresenter.swift", "Home/HomeRouter.swift",
      "Home/HomeService.swift", "Home/HomeViewController.swift", "HomeTests/HomeTests.swift",
    ]
    let restorable = GenerationRecord.restorableBaseCopyMessage(".modulegen/base/Home.base")
    #expect(
      restorable
        == "its base copy is missing from .modulegen/base/Home.base; 'update' restores it (the file or the template still has it)"
    )
    let check = runTool(["check"], in: dir)
    #expect(check.code == 1)
    #expect(check.out == owned.map { "no base  \($0) (\(restorable))\n" }.joined(), "\(check.out)")
    #expect(
      check.err == "6 base copies are missing from .modulegen/base ('update' restores them).\n")
    let json = runTool(["check", "--format", "json"], in: dir)
    #expect(json.code == 1)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let missing = try #require(report["missing_base_copies"] as? [[String: Any]])
    #expect(missing.map { $0["path"] as? String } == owned)
    #expect(missing.allSatisfy { $0["base"] as? String == ".modulegen/base/Home.base" })
    #expect(missing.allSatisfy { $0["restorable"] as? Bool == true })
    #expect(report["up_to_date"] as? Bool == false)
    // A dry run says what the run restores (text and JSON), and writes nothing.
    let before = snapshot(dir).files
    let dryRun = runTool(["update", "--dry-run"], in: dir)
    #expect(dryRun.code == 0)
    #expect(
      dryRun.out == """
        Home (viper): 9 unchanged, 1 kept (yours).
        .modulegen/base/Home.base: would restore 6 base copies.
        Dry run: nothing was written.

        """, "\(dryRun.out)")
    let planned = try #require(
      try JSONSerialization.jsonObject(
        with: Data(runTool(["update", "--dry-run", "--format", "json"], in: dir).out.utf8))
        as? [String: Any])
    let restored = try #require(planned["restored_base_copies"] as? [[String: String]])
    #expect(restored.map { $0["path"] } == owned)
    #expect(restored.allSatisfy { $0["base"] == ".modulegen/base/Home.base" })
    #expect(snapshot(dir).files == before)
    let update = runTool(["update"], in: dir)
    #expect(update.code == 0)
    #expect(
      update.out
        == "Home (viper): 9 unchanged, 1 kept (yours).\n.modulegen/base/Home.base: restored 6 base copies.\n",
      "\(update.out)")
    #expect(try read(baseFile) == saved)
    #expect(runTool(["check"], in: dir).code == 0)

    // Edited, and generated differently since: nothing has the copy any more.
    try interactor.write(
      toFile: dir + "/Home/HomeInteractor.swift", atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: baseFile)
    try editPresenterAndAddRetry(in: dir)
    let lost = runTool(["check"], in: dir)
    #expect(
      lost.out.contains(
        "  Home/HomePresenter.swift (its base copy is missing from .modulegen/base/Home.base, and neither the file (edited since) nor the template (changed since) has it any more: restore .modulegen/base/Home.base from version control, else 'update' cannot merge into the file)\n"
      ), "\(lost.out)")
    #expect(
      lost.err.contains(
        "5 base copies are missing from .modulegen/base ('update' restores those it still can; restore the others from version control)"
      ), "\(lost.err)")
    let kept = runTool(["update"], in: dir)
    #expect(kept.code == 1)
    #expect(kept.err.contains("warning: 'Home/HomePresenter.swift' was kept as it is"))
    // From a subfolder, both paths from there (the base file's was the record folder's).
    try FileManager.default.createDirectory(
      atPath: dir + "/Features", withIntermediateDirectories: true)
    #expect(
      runTool(["update"], in: dir + "/Features").err.contains(
        "warning: '../Home/HomePresenter.swift' was kept as it is: its base copy in ../.modulegen/base/Home.base is missing or damaged"
      ))
    try saved.write(toFile: baseFile, atomically: true, encoding: .utf8)
    try expectMergedAndUpToDate(dir)
  }

  /// A base file that cannot be read (a folder in its place, a symbolic link that leads to no
  /// file) stops `check` as it stops `update` (exit 2): check said its copies were missing and
  /// that 'update' restores them, while update failed on it. The error is at the file, shown
  /// relative to the current folder (it was "cannot read '/abs/...'"), and says what to do;
  /// done, `update` restores the copies and `check` passes.
  @Test(arguments: [false, true])
  func anUnreadableBaseFileStopsCheckAsItStopsUpdate(dangling: Bool) throws {
    let (dir, baseFile) = try generatedHome()
    try FileManager.default.removeItem(atPath: baseFile)
    if dangling {
      try FileManager.default.createSymbolicLink(
        atPath: baseFile, withDestinationPath: "Gone.base")
    } else {
      try FileManager.default.createDirectory(atPath: baseFile, withIntermediateDirectories: false)
    }
    let message =
      ".modulegen/base/Home.base:1:1: error: "
      + (dangling
        ? "a symbolic link that leads to no file where the base copies of module 'Home' belong (a file); remove it, or restore what it leads to"
        : "a folder where the base copies of module 'Home' belong (a file); move it away, or restore the file from version control")
      + "; then 'modulegen update' restores the base copies it still can\n"
    for arguments in [["check"], ["update"], ["update", "--dry-run"]] {
      let run = runTool(arguments, in: dir)
      #expect(run.code == 2, "\(arguments)")
      #expect(run.out.isEmpty, "\(run.out)")
      #expect(run.err == message, "\(run.err)")
    }
    let json = runTool(["check", "--format", "json"], in: dir)
    #expect(json.code == 2)
    #expect(json.out.contains("\"file\":\".modulegen/base/Home.base\",\"line\":1"), "\(json.out)")
    if dangling {
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: baseFile) == "Gone.base")
    }
    // As the message says.
    try FileManager.default.removeItem(atPath: baseFile)
    #expect(runTool(["update"], in: dir).out.contains("Home.base: restored 6 base copies."))
    #expect(runTool(["check"], in: dir).code == 0)
  }

  /// The base folder a file (committed in its place): `check` said each copy was missing and
  /// that 'update' restores it, while `update` stopped at the file ("is a file or a dangling
  /// link where a folder is needed", with absolute paths). `check`, `update` and a `gen` that
  /// writes base copies stop at it alike (exit 2, the file kept), saying what to do; done,
  /// `update` restores the copies and `check` passes.
  @Test func aFileInPlaceOfTheBaseFolderIsAnErrorThatSaysWhatToDo() throws {
    let (dir, _) = try generatedHome()
    let folder = dir + "/" + GenerationRecord.baseFolder
    try FileManager.default.removeItem(atPath: folder)
    try write("not a folder\n", to: folder)
    try FileManager.default.createDirectory(
      atPath: dir + "/Features", withIntermediateDirectories: true)
    func message(_ module: String, from up: String = "") -> String {
      "\(up).modulegen/base:1:1: error: a file (or a symbolic link that leads to no folder) where the folder of base copies belongs (\(up).modulegen/base/\(module).base, one file per module); move it away, or restore the folder from version control; then 'modulegen update' restores the base copies it still can\n"
    }
    for arguments in [["check"], ["update"], ["update", "--dry-run"]] {
      let run = runTool(arguments, in: dir)
      #expect(run.code == 2, "\(arguments)")
      #expect(run.out.isEmpty, "\(run.out)")
      #expect(run.err == message("Home"), "\(arguments): \(run.err)")
    }
    #expect(runTool(["check"], in: dir + "/Features").err == message("Home", from: "../"))
    let gen = runTool(["gen", "Cart", "mvc"], in: dir)
    #expect(gen.code == 2)
    #expect(gen.err == message("Cart"), "\(gen.err)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/Cart"))
    #expect(try read(folder) == "not a folder\n")
    // As the message says.
    try FileManager.default.moveItem(atPath: folder, toPath: dir + "/moved-away")
    let check = runTool(["check"], in: dir)
    #expect(
      check.err == "6 base copies are missing from .modulegen/base ('update' restores them).\n")
    #expect(runTool(["update"], in: dir).out.contains("Home.base: restored 6 base copies."))
    #expect(runTool(["check"], in: dir).code == 0)
  }

  /// A base file cut short (a copy's bytes end before its length): `check` reports the damage
  /// at the cut copy's line and the copies it lost, `update` restores them, `check` passes.
  @Test func aBaseFileCutShortIsReportedAtItsLineAndRestoredByUpdate() throws {
    let (dir, baseFile) = try generatedHome()
    let saved = try read(baseFile)
    let lines = saved.split(separator: "\n", omittingEmptySubsequences: false)
    // Cut inside the second copy.
    let second = try #require(
      lines.indices.filter { lines[$0].hasPrefix("=== ") }.dropFirst().first)
    try (lines[...(second + 1)].joined(separator: "\n")).write(
      toFile: baseFile, atomically: true, encoding: .utf8)
    let check = runTool(["check"], in: dir)
    #expect(check.code == 1)
    #expect(
      check.out.hasSuffix(
        "damaged  .modulegen/base/Home.base:\(second + 1) (\(GenerationRecord.damagedBaseMessage))\n"
      ),
      "\(check.out)")
    #expect(
      check.err
        == "5 base copies are missing from .modulegen/base ('update' restores them); 1 base file is damaged ('update' writes it again from the copies it can read).\n"
    )
    #expect(runTool(["update"], in: dir).code == 0)
    #expect(try read(baseFile) == saved)
    #expect(runTool(["check"], in: dir).code == 0)
  }

  /// A base file git merged with conflict markers at its top is read all the same: `check`
  /// reports the damage at its line, `update` still merges and writes the file again without
  /// the markers.
  @Test func aDamagedBaseFileIsReportedAtItsLineAndRewrittenByUpdate() throws {
    let (dir, baseFile) = try generatedHome()
    let saved = try read(baseFile)
    try ("<<<<<<< HEAD\n" + saved + "=======\n>>>>>>> feature\n").write(
      toFile: baseFile, atomically: true, encoding: .utf8)
    let lines = saved.split(separator: "\n", omittingEmptySubsequences: false).count
    let check = runTool(["check"], in: dir)
    #expect(check.code == 1)
    #expect(
      check.out
        == "damaged  .modulegen/base/Home.base:1 (\(GenerationRecord.damagedBaseMessage))\n"
        + "damaged  .modulegen/base/Home.base:\(lines + 1) (\(GenerationRecord.damagedBaseMessage))\n",
      "\(check.out)")
    #expect(
      check.err
        == "1 base file is damaged ('update' writes it again from the copies it can read).\n")
    let dryRun = runTool(["update", "--dry-run", "--format", "json"], in: dir)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(dryRun.out.utf8)) as? [String: Any])
    let repaired = try #require(report["repaired_base_files"] as? [[String: Any]])
    #expect(
      repaired.map { $0["path"] as? String } == [
        ".modulegen/base/Home.base", ".modulegen/base/Home.base",
      ])
    #expect(repaired.map { $0["line"] as? Int } == [1, lines + 1])
    #expect(
      runTool(["update", "--dry-run"], in: dir).out.contains(
        ".modulegen/base/Home.base: would write it again without the damaged stretches at lines 1, \(lines + 1).\n"
      ))
    try editPresenterAndAddRetry(in: dir)
    try expectMergedAndUpToDate(dir)
    #expect(!(try read(baseFile)).contains("<<<<<<<"))
  }

  /// A recorded file that is gone, and a file the template writes (under other parameters)
  /// that the record does not know, are reported instead of "Up to date".
  /// The coordinator is written under other parameters than the module's: check says that no
  /// run records or removes it (it said 'modulegen gen' records it, and gen and gen --prune
  /// left check red).
  @Test func checkReportsARecordThatDisagreesWithTheFiles() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try write("name: Search\ntemplate: mvvm\n", to: dir + "/s.yml")
    #expect(runTool(["gen", "--spec", "s.yml"], in: dir).code == 0)
    // The coordinator a run with `coordinator: true` wrote, as if its record had been lost.
    try write("// a coordinator\n", to: dir + "/Search/SearchCoordinator.swift")
    let recordPath = dir + "/" + GenerationRecord.fileName
    var record = try GenerationRecord.decode(try read(recordPath), file: "r", directory: dir)
    record.modules["Search"]?.files["Search/SearchGone.swift"] = GenerationRecord.hash([])
    try record.encoded.write(toFile: recordPath, atomically: true, encoding: .utf8)
    let check = runTool(["check"], in: dir)
    #expect(check.code == 1)
    #expect(
      check.out
        == "gone        Search/SearchGone.swift (recorded; 'gen' drops it from the record)\n"
        + "unrecorded  Search/SearchCoordinator.swift (\(GenerationRecord.otherParametersMessage))\n",
      "\(check.out)")
    #expect(
      GenerationRecord.otherParametersMessage
        == "written by its template under other parameters than the module's, not in .modulegen.lock; no run records or removes it: remove it, or generate the module with those parameters"
    )
    #expect(
      check.err
        == ".modulegen.lock disagrees with the files (2 listed; 'gen' records what it generates, 'gen --prune' removes what it no longer does; a file written under other parameters is yours to remove).\n"
    )
    #expect(
      runTool(["check", "--format", "github"], in: dir).out.contains(
        "::error file=Search/SearchCoordinator.swift,line=1,col=1::unrecorded: \(GenerationRecord.otherParametersMessage)\n"
      ))
    // The JSON report says the same: the gone file under "gone" only, not also "stale".
    let json = runTool(["check", "--format", "json"], in: dir)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect(report["gone"] as? [String] == ["Search/SearchGone.swift"])
    #expect(report["unrecorded"] as? [String] == ["Search/SearchCoordinator.swift"])
    #expect((report["stale"] as? [Any])?.isEmpty == true, "\(json.out)")
    // Neither gen nor gen --prune records or removes it.
    #expect(runTool(["gen", "--prune"], in: dir).code == 0)
    #expect(runTool(["check"], in: dir).out.contains("unrecorded  Search/SearchCoordinator.swift"))
  }

  /// A record that lost a file of its module (cut short, edited by hand) while the file is
  /// still there is reported: `update` would have no base for it.
  @Test func aRecordThatLostAFileOfItsModuleIsReported() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    #expect(runTool(["gen", "Home", "viper"], in: dir).code == 0)
    let recordPath = dir + "/" + GenerationRecord.fileName
    let complete = try read(recordPath)
    var record = try GenerationRecord.decode(complete, file: "r", directory: dir)
    record.modules["Home"]?.files["Home/HomePresenter.swift"] = nil
    try record.encoded.write(toFile: recordPath, atomically: true, encoding: .utf8)
    let check = runTool(["check"], in: dir)
    #expect(check.code == 1)
    #expect(
      check.out
        == "unrecorded  Home/HomePresenter.swift (generated by its template, not in the record)\n",
      "\(check.out)")
    #expect(runTool(["gen"], in: dir).out == "Home (viper): 10 unchanged.\n")
    #expect(try read(recordPath) == complete)
    #expect(runTool(["check"], in: dir).code == 0)
  }

  /// A merge resolved with one side's record (`git checkout --ours .modulegen.lock`) loses the
  /// other side's module: later runs keep its base file, and `check` reports it.
  @Test func aBaseFileOfAModuleTheRecordLostIsKeptAndReported() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    #expect(runTool(["gen", "Home", "viper"], in: dir).code == 0)
    let recordPath = dir + "/" + GenerationRecord.fileName
    let ours = try read(recordPath)
    #expect(runTool(["gen", "Orders", "mvvm"], in: dir).code == 0)
    let base = dir + "/" + GenerationRecord.baseFolder + "/Orders.base"
    let copies = try read(base)
    try ours.write(toFile: recordPath, atomically: true, encoding: .utf8)
    #expect(runTool(["gen", "Cart", "viper"], in: dir).code == 0)
    #expect(try read(base) == copies)
    let check = runTool(["check"], in: dir)
    #expect(check.code == 1)
    #expect(
      check.out
        == "unrecorded  .modulegen/base/Orders.base (base copies of a module .modulegen.lock does not record; restore its entry, or remove the file)\n",
      "\(check.out)")
    #expect(
      check.err
        == ".modulegen.lock disagrees with the files (1 listed; 'gen' records what it generates, 'gen --prune' removes what it no longer does).\n"
    )
  }

  /// The same merge where both branches share a spec: the spec declares the module the record
  /// lost, so `check` plans it, and its files on disk are what the record does not know, not
  /// "Up to date" (`update` would have no base to merge from).
  @Test func aModuleOfASpecTheRecordLostIsReported() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try write("modules:\n  - {name: Home, template: mvc}\n", to: dir + "/s.yml")
    #expect(runTool(["gen", "--spec", "s.yml"], in: dir).code == 0)
    let recordPath = dir + "/" + GenerationRecord.fileName
    let ours = try read(recordPath)
    try write(
      "modules:\n  - {name: Home, template: mvc}\n  - {name: Cart, template: mvc}\n",
      to: dir + "/s.yml")
    #expect(runTool(["gen", "--spec", "s.yml"], in: dir).code == 0)
    try ours.write(toFile: recordPath, atomically: true, encoding: .utf8)
    let check = runTool(["check"], in: dir)
    #expect(check.code == 1)
    let cartFiles = [
      "Cart/CartBuilder.swift", "Cart/CartViewController.swift", "CartTests/CartMocks.swift",
    ]
    for path in cartFiles {
      #expect(
        check.out.contains(
          "unrecorded  \(path) (generated by its template, not in the record)\n"),
        "\(check.out)")
    }
    #expect(!check.out.contains("Home"), "\(check.out)")
    // `gen` records the module again, and `check` agrees.
    #expect(runTool(["gen"], in: dir).code == 0)
    let after = runTool(["check"], in: dir)
    #expect(after.code == 0, "\(after.out)\(after.err)")
  }

  /// Modules written outside the record's folder (`output: ../Shared/{{ module }}`) are
  /// recorded relative to it, climbing out with `..`: a clone elsewhere (a teammate's, CI's)
  /// reads the same record, and `check` and `update` there find their files. A record an
  /// earlier modulegen wrote with such files absolute reads as the same record, and `gen
  /// --prune` removes none of them.
  @Test func filesOutsideTheRecordsFolderAreRecordedRelativeToIt() throws {
    let root = try makeTemporaryDirectory()
    let dir = root + "/ios"
    try write("module: App\noutput: \"../Shared/{{ module }}\"\n", to: dir + "/.modulegen.yml")
    #expect(runTool(["gen", "Home", "viper", "--date", "2026-01-01"], in: dir).code == 0)
    let record = try read(dir + "/" + GenerationRecord.fileName)
    #expect(record.contains("\n      \"../Shared/Home/HomeBuilder.swift\": sha256:"), "\(record)")
    #expect(!record.contains(root), "\(record)")
    let clone = try makeTemporaryDirectory() + "/clone"
    try FileManager.default.copyItem(atPath: root, toPath: clone)
    let check = runTool(["check"], in: clone + "/ios")
    #expect(
      check.code == 0 && check.out == "Up to date: 10 files of 1 module.\n",
      "\(check.out)\(check.err)")
    // A spec change merged into an edited presenter there: the record has its base.
    try edit(clone + "/Shared/Home/HomePresenter.swift") { "// presenter code\n" + $0 }
    try write(
      "name: Home\ntemplate: viper\npresenter: |\n  func load() async\n  func didTapRetry()\n",
      to: clone + "/home.yml")
    let update = runTool(["update", "--spec", "../home.yml"], in: clone + "/ios")
    #expect(update.code == 0, "\(update.out)\(update.err)")
    let presenter = try read(clone + "/Shared/Home/HomePresenter.swift")
    #expect(presenter.contains("func didTapRetry()") && presenter.contains("// presenter code"))
    // The same files recorded absolute, as an earlier modulegen did.
    try record.replacingOccurrences(of: "\"../Shared/", with: "\"\(root)/Shared/").write(
      toFile: dir + "/" + GenerationRecord.fileName, atomically: true, encoding: .utf8)
    #expect(runTool(["check"], in: dir).out == "Up to date: 10 files of 1 module.\n")
    let prune = runTool(["gen", "--prune"], in: dir)
    #expect(prune.out == "Home (viper): 10 unchanged.\n", "\(prune.out)\(prune.err)")
    #expect(FileManager.default.fileExists(atPath: root + "/Shared/Home/HomeBuilder.swift"))
  }

  /// `check` shows a file outside the current folder (a module's `output: ../Shared/...`, a
  /// run from a subfolder) relative to it, climbing out with `..`, as it shows the others, in
  /// the text, the annotations and the JSON report (it showed them absolute); a path in another
  /// top folder than the current one stays absolute.
  @Test func checkShowsFilesOutsideTheCurrentFolderRelativeToIt() throws {
    let root = try makeTemporaryDirectory()
    let dir = root + "/ios"
    try write("module: App\noutput: \"../Shared/{{ module }}\"\n", to: dir + "/.modulegen.yml")
    #expect(runTool(["gen", "Home", "viper"], in: dir).code == 0)
    try edit(root + "/Shared/Home/HomeBuilder.swift") { $0 + "// mine\n" }
    try FileManager.default.createDirectory(
      atPath: dir + "/Features", withIntermediateDirectories: true)
    for (folder, up) in [(dir, "../"), (dir + "/Features", "../../")] {
      let check = runTool(["check"], in: folder)
      #expect(check.code == 1)
      #expect(check.out == "changed  \(up)Shared/Home/HomeBuilder.swift\n", "\(check.out)")
      let github = runTool(["check", "--format", "github"], in: folder)
      #expect(
        github.out.hasPrefix("::error file=\(up)Shared/Home/HomeBuilder.swift,line=1,col=1::"))
      let json = runTool(["check", "--format", "json"], in: folder)
      #expect(json.out.contains("\"path\":\"\(up)Shared/Home/HomeBuilder.swift\""), "\(json.out)")
      #expect(!json.out.contains(root), "\(json.out)")
    }
    let console = Console(writeOut: { _ in }, writeError: { _ in }, currentDirectory: dir)
    #expect(console.displayPath(root + "/Shared/Home") == "../Shared/Home")
    #expect(console.displayPath(dir + "/Home") == "Home")
    #expect(console.displayPath(dir) == ".")
    let elsewhere = "/nowhere-near" + root
    #expect(console.displayPath(elsewhere) == elsewhere)
  }

  /// A module generated from a folder below the config's lands in that folder (the default
  /// folders are the current folder's), and the record says where, as for `--output`: `check`
  /// and `gen --prune` from the project's folder (as CI runs them) find it there, instead of
  /// planning it anew at the top and removing its files as stale.
  @Test func aModuleGeneratedFromASubfolderIsFoundFromAnywhere() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try FileManager.default.createDirectory(
      atPath: dir + "/Features", withIntermediateDirectories: true)
    #expect(runTool(["gen", "Home", "viper"], in: dir + "/Features").code == 0)
    let record = try read(dir + "/" + GenerationRecord.fileName)
    #expect(
      record.contains("    output: Features/Home\n")
        && record.contains("    tests_output: Features/HomeTests\n"), "\(record)")
    let check = runTool(["check"], in: dir)
    #expect(
      check.code == 0 && check.out == "Up to date: 10 files of 1 module.\n",
      "\(check.out)\(check.err)")
    let prune = runTool(["gen", "--prune"], in: dir)
    #expect(prune.out == "Home (viper): 10 unchanged.\n", "\(prune.out)\(prune.err)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/Home"))
    #expect(FileManager.default.fileExists(atPath: dir + "/Features/Home/HomeBuilder.swift"))
    // Generated from the config's folder, the default folders are not recorded.
    #expect(runTool(["gen", "Cart", "mvc"], in: dir).code == 0)
    let cart = try GenerationRecord.decode(
      try read(dir + "/" + GenerationRecord.fileName), file: "r", directory: dir
    ).modules["Cart"]
    #expect(cart?.settings.output == nil && cart?.settings.testsOutput == nil)
    // And it stays there when generated or updated again from below.
    let again = runTool(["gen", "Cart", "mvc"], in: dir + "/Features")
    #expect(again.out == "Cart (mvc): 7 unchanged.\n", "\(again.out)\(again.err)")
    let update = runTool(["update"], in: dir + "/Features")
    #expect(
      update.out == "Cart (mvc): 7 unchanged.\nHome (viper): 10 unchanged.\n",
      "\(update.out)\(update.err)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/Features/Cart"))
  }

  /// A module named in other Unicode bytes than the record has it ("é" precomposed, then as
  /// "e" and a combining accent) is the same module to Swift's strings but another folder to the
  /// file system: an error, nothing written, instead of a second folder and the recorded one's
  /// files dropped from the record.
  @Test func aModuleSpelledInOtherUnicodeBytesIsAnError() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    #expect(runTool(["gen", "Caf\u{E9}", "viper"], in: dir).code == 0)
    let before = recordFiles(dir)
    let gen = runTool(["gen", "Cafe\u{301}", "viper"], in: dir)
    #expect(gen.code == 2)
    #expect(
      gen.err.contains(
        "error: module 'Cafe\u{301}' is spelled with other Unicode characters (U+0301) than the 'Caf\u{E9}' .modulegen.lock records (U+00E9): the file system would see another module; write its name as recorded\n"
      ), "\(gen.err)")
    #expect(recordFiles(dir) == before)
    let names = try FileManager.default.contentsOfDirectory(atPath: dir)
    #expect(!names.contains { Array($0.utf8) == Array("Cafe\u{301}".utf8) }, "\(names)")
  }

  /// Two branches that each added a module leave `.modulegen.lock` with git's conflict markers:
  /// it is read as the modules of both sides, `check` fails at the marker, and the next `gen`
  /// writes the record of all of them without the markers. Also with CRLF line breaks, as git
  /// checks files out with `core.autocrlf` on Windows.
  @Test(arguments: ["\n", "\r\n"])
  func aRecordWithMergeConflictMarkersIsReadFromBothSides(lineBreak: String) throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    let recordPath = dir + "/" + GenerationRecord.fileName
    #expect(runTool(["gen", "Home", "viper"], in: dir).code == 0)
    let base = try read(recordPath)
    #expect(runTool(["gen", "Orders", "mvvm"], in: dir).code == 0)
    let theirs = try read(recordPath)
    try base.write(toFile: recordPath, atomically: true, encoding: .utf8)
    #expect(runTool(["gen", "Profile", "mvp"], in: dir).code == 0)
    let ours = try read(recordPath)
    for (name, text) in [("ours", ours), ("base", base), ("theirs", theirs)] {
      try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
    }
    let merge = try runBinary(
      ["merge-file", "-p", "-L", "HEAD", "-L", "base", "-L", "feature", "ours", "base", "theirs"],
      in: dir, binary: "/usr/bin/git")
    let conflicted = String(decoding: merge.out, as: UTF8.self)
    let line =
      try #require(
        conflicted.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
          $0.hasPrefix("<<<<<<< ")
        }) + 1
    try conflicted.replacingOccurrences(of: "\n", with: lineBreak).write(
      toFile: recordPath, atomically: true, encoding: .utf8)
    let check = runTool(["check"], in: dir)
    #expect(check.code == 1)
    #expect(
      check.out
        == "conflict  .modulegen.lock:\(line) (merge conflict markers (read as the modules of both sides; 'modulegen gen' writes the record without them))\n",
      "\(check.out)\(check.err)")
    #expect(
      check.err == ".modulegen.lock has merge conflict markers ('gen' writes it without them).\n")
    let gen = runTool(["gen"], in: dir)
    #expect(
      gen.out
        == "Home (viper): 10 unchanged.\nOrders (mvvm): 9 unchanged.\nProfile (mvp): 9 unchanged.\n",
      "\(gen.err)")
    let record = try read(recordPath)
    #expect(!record.contains("<<<<<<<"))
    #expect(
      try GenerationRecord.decode(record, file: "r", directory: dir).modules.keys.sorted()
        == ["Home", "Orders", "Profile"])
    #expect(runTool(["check"], in: dir).out == "Up to date: 28 files of 3 modules.\n")
  }
}
