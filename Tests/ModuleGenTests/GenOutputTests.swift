import DataFormats
import Diagnostics
import Foundation
import Liquid
import Testing

@testable import ModuleGen

/// What gen, check and update print: a line per module, files with --verbose, only problems
/// with --quiet, statuses in colour on a terminal only.
@Suite struct GenOutputTests {
  /// Runs in-process with stdout as a terminal or not.
  func run(
    _ arguments: [String], in dir: String, terminal: Bool, environment: [String: String] = [:]
  ) -> (code: Int32, out: String, err: String) {
    let output = Output()
    var console = Console(
      writeOut: { output.write(out: $0) }, writeError: { output.write(err: $0) },
      environment: environment, currentDirectory: dir)
    console.outputIsTerminal = terminal
    let code = CommandLineTool.run(arguments, console: console)
    return (code, output.out, output.err)
  }

  @Test func aLinePerModuleFilesWithVerboseNothingWithQuiet() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    let quiet = runTool(["gen", "Home", "mvc", "--quiet"], in: dir)
    #expect(quiet.code == 0)
    #expect(quiet.out == "" && quiet.err == "")
    let verbose = runTool(["gen", "Cart", "mvc", "--verbose", "--dry-run"], in: dir)
    #expect(
      verbose.out == """
          would create Cart/CartModel.swift
          would create Cart/CartService.swift
          would create Cart/CartLoader.swift
          would create Cart/CartViewController.swift
          would create Cart/CartBuilder.swift
          would create CartTests/CartMocks.swift
          would create CartTests/CartTests.swift
        Cart (mvc): 7 to create.
        Dry run: nothing was written.

        """)
    #expect(!FileManager.default.fileExists(atPath: dir + "/Cart"))
    #expect(
      runTool(["gen", "Home", "mvc", "-v"], in: dir).out.hasPrefix(
        "  unchanged Home/HomeModel.swift\n"))
    #expect(runTool(["check", "Home", "mvc", "-q"], in: dir).out == "")
    let both = runTool(["gen", "Home", "mvc", "-q", "-v"], in: dir)
    #expect(both.code == 64)
    #expect(both.err.hasPrefix("error: --quiet and --verbose exclude each other\n"))
  }

  @Test func quietStillPrintsProblems() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    #expect(runTool(["gen", "Home", "mvc"], in: dir).code == 0)
    try "// edited\n".write(
      toFile: dir + "/Home/HomeBuilder.swift", atomically: true, encoding: .utf8)
    let gen = runTool(["gen", "Home", "mvc", "--quiet"], in: dir)
    #expect(gen.code == 1)
    #expect(gen.out == "")
    #expect(
      gen.err.hasPrefix(
        "\(Diagnostic(message: Console.conflictMessage("Home/HomeBuilder.swift")))\n"))
    let check = runTool(["check", "Home", "mvc", "--quiet"], in: dir)
    #expect(check.out == "changed  Home/HomeBuilder.swift\n")
    #expect(
      check.err
        == "1 of 7 files are missing or out of date ('modulegen check Home mvc --diff' shows how; 1 was edited since it was generated, which stops its module's 'modulegen gen Home mvc': 'modulegen gen Home mvc --force' regenerates it, and the edits are lost).\n"
    )
  }

  /// `--quiet` prints problems only (errors and warnings): no note of what a run did or
  /// decided (a name made usable, a recorded value changed on purpose, a module's spec gone), in
  /// gen, check and update alike; the JSON report still has them. A note that is a problem is a
  /// warning, printed with `--quiet` too.
  @Test func quietPrintsNoNotes() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    let gen = ["gen", "order list", "mvvm", "--convert-name"]
    let named = runTool(gen + ["--set", "binding=combine", "-q"], in: dir)
    #expect(named.code == 0 && named.out == "" && named.err == "", "\(named.err)")
    let loud = runTool(gen + ["--dry-run"], in: dir)
    #expect(
      loud.err == "note: module name 'order list' was converted to 'OrderList'\n", "\(loud.err)")
    // A recorded value changed on purpose (nothing written: each command sees the change).
    let change =
      "note: module 'OrderList' changes binding: combine → observation (was recorded in .modulegen.lock)\n"
    for command in [["check"], ["update", "--dry-run"], ["gen", "--dry-run"]] {
      let arguments =
        [command[0], "OrderList", "--set", "binding=observation"] + command.dropFirst()
      let said = runTool(arguments, in: dir)
      #expect(said.err.hasPrefix(change), "\(command): \(said.err)")
      let quiet = runTool(arguments + ["-q"], in: dir)
      #expect(quiet.code == 0 && quiet.err == "", "\(command): \(quiet.err)")
    }
    // The JSON report still has the notes.
    let json = runTool(gen + ["-q", "--dry-run", "--format", "json"], in: dir)
    #expect(json.err == "", "\(json.err)")
    #expect(
      json.out.contains(
        "{\"severity\":\"note\",\"file\":null,\"line\":null,\"column\":null,\"message\":\"module name 'order list' was converted to 'OrderList'\""
      ), "\(json.out)")
    // Warnings are problems: still printed.
    try write("", to: dir + "/.modulegen.yml")
    let warned = runTool(["gen", "Cart", "mvc", "-q"], in: dir)
    #expect(warned.err == "warning: \(GenCommand.untestableWarning)\n", "\(warned.err)")
  }

  /// `check` with nothing to check (no module named, no --spec, no record) says where it looked
  /// for the record and where to run: a CI job run from the wrong folder is the usual cause.
  @Test func checkWithoutARecordSaysWhereItLooked() throws {
    let dir = try makeTemporaryDirectory()
    let here = runTool(["check"], in: dir)
    #expect(here.code == 64)
    #expect(
      here.err.hasPrefix(
        "error: give a module name and a template (check Home viper), or --spec FILE; with neither, check covers the modules of .modulegen.lock, and there is none in this folder (run it where .modulegen.lock is, or in or below the folder of .modulegen.yml)\n"
      ), "\(here.err)")
    // Below a config, the record is looked for beside it.
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try FileManager.default.createDirectory(
      atPath: dir + "/Sources", withIntermediateDirectories: true)
    #expect(runTool(["check"], in: dir + "/Sources").err.contains("there is none in '..'"))
  }

  /// Every list of check's report is in path order, in text and JSON alike: a module's files
  /// came in its template's order (an entity before its contracts), the base copies missing
  /// too.
  @Test func checkListsInPathOrder() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    #expect(runTool(["gen", "Home", "viper"], in: dir).code == 0)
    for file in ["HomeEntity", "HomeBuilder", "HomeContracts"] {
      try FileManager.default.removeItem(atPath: dir + "/Home/\(file).swift")
    }
    let check = runTool(["check"], in: dir)
    #expect(check.code == 1)
    #expect(
      check.out == """
        missing  Home/HomeBuilder.swift
        missing  Home/HomeContracts.swift
        missing  Home/HomeEntity.swift

        """, "\(check.out)")
    let json = runTool(["check", "--format", "json"], in: dir)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let files = try #require(report["files"] as? [[String: Any]]).compactMap {
      $0["path"] as? String
    }
    #expect(files == files.sorted() && files.count == 10, "\(files)")
    let diagnostics = try #require(report["diagnostics"] as? [[String: Any]]).compactMap {
      $0["file"] as? String
    }
    #expect(
      diagnostics == [
        "Home/HomeBuilder.swift", "Home/HomeContracts.swift", "Home/HomeEntity.swift",
      ])
  }

  @Test func statusesInColourOnATerminalOnly() throws {
    let dir = try makeTemporaryDirectory()
    let coloured = run(["gen", "Home", "mvc"], in: dir, terminal: true)
    #expect(coloured.out == "Home (mvc): \u{1B}[32m7 created\u{1B}[0m.\n")
    let plain = run(["gen", "Home", "mvc"], in: dir, terminal: false)
    #expect(plain.out == "Home (mvc): 7 unchanged.\n")
    let noColor = run(
      ["gen", "Cart", "mvc"], in: dir, terminal: true, environment: ["NO_COLOR": "1"])
    #expect(noColor.out == "Cart (mvc): 7 created.\n")
    try "// edited\n".write(
      toFile: dir + "/Home/HomeBuilder.swift", atomically: true, encoding: .utf8)
    let check = run(["check", "Home", "mvc"], in: dir, terminal: true)
    #expect(check.out == "\u{1B}[31mchanged\u{1B}[0m  Home/HomeBuilder.swift\n")
  }

  @Test func theJSONReportHasModulesFilesAndStaleFiles() throws {
    let dir = try makeTemporaryDirectory()
    let result = runTool(
      ["gen", "Home", "mvp", "--format", "json", "--date", "2026-02-03"], in: dir)
    #expect(result.code == 0)
    let report = try JSONReader.read(result.out, file: "report")
    #expect(report["written"]?.value == .bool(true))
    guard case .array(let modules) = report["modules"]?.value,
      case .array(let files) = report["files"]?.value
    else {
      Issue.record("unexpected report \(result.out)")
      return
    }
    #expect(modules.first?["status"]?.value == .string("written"))
    #expect(modules.first?["created"]?.value == .string("2026-02-03"))
    #expect(modules.first?["params"]?["coordinator"]?.value == .bool(false))
    #expect(
      files.first { $0["path"]?.value == .string("Home/HomePresenter.swift") }?["regenerate"]?.value
        == .string("once"))
    #expect(report["summary"]?["create"]?.value == .int(9))
    #expect(report["summary"]?["stale"]?.value == .int(0))
  }
}

/// Smaller things a new user ran into.
@Suite struct FirstDayFixesTests {
  @Test func theYAMLTrapHintNamesTheKeyTheUserTyped() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "name: Home\ntemplate: mvvm\nview_model:\n  - didSelect(at index: Int)\n", to: dir + "/h.yml")
    let result = runTool(["validate", "h.yml"], in: dir)
    #expect(
      result.err.hasPrefix(
        "h.yml:4:23: error: view_model[0]: 'didSelect(at index: Int)' has ': ', which YAML reads as a key and its value; quote it (- \"didSelect(at index: Int)\") or write the methods as a block (view_model: | then one declaration per line)"
      ))
  }

  @Test func aTemplateIsFoundByItsManifestName() throws {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["templates", "new", "t"], in: dir).code == 0)
    // Renamed in its manifest: the folder is still called t.
    let manifest = dir + "/Templates/t/template.yml"
    try (try String(contentsOfFile: manifest, encoding: .utf8)).replacingOccurrences(
      of: "name: t\n", with: "name: feature\n"
    ).write(toFile: manifest, atomically: true, encoding: .utf8)
    #expect(
      runTool(["templates", "list", "--format", "names"], in: dir).out.hasPrefix("feature\n"))
    let gen = runTool(["gen", "Home", "feature", "--no-tests"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(gen.out == "Home (feature): 1 created.\n")
  }

  @Test func aDidYouMeanEndsTheMessage() throws {
    let dir = try makeTemporaryDirectory()
    let result = runTool(["gen", "Home", "viper", "--set", "uii=uikit"], in: dir)
    #expect(
      result.err
        == "error: template 'viper' has no parameter 'uii' (--set); it takes: ui, tests, routes; did you mean 'ui'?\n"
    )
  }
}
