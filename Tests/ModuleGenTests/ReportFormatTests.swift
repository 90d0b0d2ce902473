import DataFormats
import Diagnostics
import Foundation
import Testing

@testable import ModuleGen

/// One diagnostic of a JSON report, as a script reads it.
struct ReportedDiagnostic: Equatable, CustomStringConvertible {
  var severity: String
  var file: String?
  var line: Int?
  var column: Int?
  var message: String

  var description: String { "\(severity) \(file ?? "-"):\(line ?? 0):\(column ?? 0) \(message)" }
}

/// A JSON report read with the project's reader, and checked to have the report's shape.
struct DecodedReport {
  var root: DataNode
  var diagnostics: [ReportedDiagnostic]

  init(_ text: String, command: String, code: Int32) throws {
    root = try JSONReader.read(text, file: "report")
    #expect(root["schema"]?.value == .string("modulegen-report"))
    #expect(root["version"]?.value == .int(1))
    #expect(root["command"]?.value == .string(command))
    #expect(root["ok"]?.value == .bool(code == 0))
    #expect(root["exit_code"]?.value == .int(Int(code)))
    guard case .array(let items) = root["diagnostics"]?.value else {
      Issue.record("no diagnostics array in \(text)")
      diagnostics = []
      return
    }
    diagnostics = items.map { item in
      func string(_ key: String) -> String? {
        if case .string(let text) = item[key]?.value { return text }
        return nil
      }
      func int(_ key: String) -> Int? {
        if case .int(let number) = item[key]?.value { return number }
        return nil
      }
      return ReportedDiagnostic(
        severity: string("severity") ?? "?", file: string("file"), line: int("line"),
        column: int("column"), message: string("message") ?? "?")
    }
  }

  subscript(key: String) -> DataNode.Value? { root[key]?.value }
}

@Suite struct JSONReportTests {
  static let untestable = ReportedDiagnostic(
    severity: "warning", file: nil, line: nil, column: nil, message: GenCommand.untestableWarning)

  @Test func genWritesTheReportWithItsPlanAndWarnings() throws {
    let dir = try makeTemporaryDirectory()
    let result = runTool(
      ["gen", "Home", "mvp", "--format", "json", "--date", "2026-02-03"], in: dir)
    #expect(result.code == 0)
    let report = try DecodedReport(result.out, command: "gen", code: result.code)
    #expect(report.diagnostics == [Self.untestable])
    // Today's keys are where they were.
    #expect(report["written"] == .bool(true))
    #expect(report.root["summary"]?["create"]?.value == .int(9))
  }

  @Test func genReportsTheErrorThatStoppedIt() throws {
    let dir = try makeTemporaryDirectory()
    try write("name: Home\ntemplate: viperr\n", to: dir + "/home.yml")
    let result = runTool(["gen", "--spec", "home.yml", "--format", "json"], in: dir)
    #expect(result.code == 2)
    let report = try DecodedReport(result.out, command: "gen", code: result.code)
    #expect(
      report.diagnostics == [
        ReportedDiagnostic(
          severity: "error", file: "home.yml", line: 2, column: 11,
          message:
            "no template named 'viperr'; did you mean 'viper'? (available: mvc, mvp, mvvm, viper)")
      ])
    #expect(report["modules"] == nil)
    // The person reading the log still gets the error with its caret.
    #expect(result.err.hasPrefix("home.yml:2:11: error: no template named 'viperr'"))
  }

  @Test func checkReportsEachDriftedFile() throws {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["gen", "Home", "mvc", "--date", "2026-02-03"], in: dir).code == 0)
    let clean = runTool(["check", "--format", "json"], in: dir)
    #expect(clean.code == 0)
    let upToDate = try DecodedReport(clean.out, command: "check", code: clean.code)
    #expect(upToDate.diagnostics.isEmpty)
    #expect(upToDate["up_to_date"] == .bool(true))

    try write("// edited\n", to: dir + "/Home/HomeBuilder.swift")
    try FileManager.default.removeItem(atPath: dir + "/Home/HomeViewController.swift")
    let drift = runTool(["check", "--format", "json"], in: dir)
    #expect(drift.code == 1)
    let report = try DecodedReport(drift.out, command: "check", code: drift.code)
    #expect(report["up_to_date"] == .bool(false))
    #expect(
      report.diagnostics == [
        ReportedDiagnostic(
          severity: "error", file: "Home/HomeBuilder.swift", line: 1, column: 1,
          message:
            "out of date: Home generates this file differently now, and it was edited since it was generated; 'modulegen gen --force' regenerates it, and the edits are lost ('modulegen check --diff' shows them)"
        ),
        ReportedDiagnostic(
          severity: "error", file: "Home/HomeViewController.swift", line: 1, column: 1,
          message: "missing: Home generates this file; 'modulegen gen' writes it"),
      ])
  }

  @Test func checkThatCannotCheckExitsTwoWithTheReport() throws {
    let dir = try makeTemporaryDirectory()
    let result = runTool(["check", "Home", "nope", "--format", "json"], in: dir)
    #expect(result.code == 2)
    let report = try DecodedReport(result.out, command: "check", code: result.code)
    #expect(
      report.diagnostics.map(\.message) == [
        "no template named 'nope' (available: mvc, mvp, mvvm, viper)"
      ])
  }

  @Test func updateWritesTheSameShape() throws {
    let dir = try makeTemporaryDirectory()
    let result = runTool(
      ["update", "Home", "mvc", "--format", "json", "--date", "2026-02-03"], in: dir)
    #expect(result.code == 0)
    let report = try DecodedReport(result.out, command: "update", code: result.code)
    #expect(report.diagnostics.isEmpty)
    #expect(report["written"] == .bool(true))

    let failed = runTool(
      ["update", "Home", "mvc", "--set", "ui=nope", "--format", "json"], in: dir)
    #expect(failed.code == 2)
    let failure = try DecodedReport(failed.out, command: "update", code: failed.code)
    #expect(
      failure.diagnostics.map(\.message) == [
        "template 'mvc' has no parameter 'ui' (--set); it takes: tests, routes"
      ])
  }

  @Test func validateReportsEveryProblemWithItsPlace() throws {
    let dir = try makeTemporaryDirectory()
    try write("name: Home\ntemplate: mvc\n", to: dir + "/good.yml")
    let good = runTool(["validate", "good.yml", "--format", "json"], in: dir)
    #expect(good.code == 0)
    let valid = try DecodedReport(good.out, command: "validate", code: good.code)
    #expect(valid.diagnostics.isEmpty)
    #expect(valid["valid"] == .bool(true))

    try write("name: Home\nviw: []\n", to: dir + "/bad.yml")
    let bad = runTool(["validate", "good.yml", "bad.yml", "--format", "json"], in: dir)
    #expect(bad.code == 1)
    let report = try DecodedReport(bad.out, command: "validate", code: bad.code)
    #expect(
      report.diagnostics == [
        ReportedDiagnostic(
          severity: "error", file: "bad.yml", line: 2, column: 1,
          message: "unknown key 'viw' in a module; did you mean 'view'?")
      ])
    #expect(report["valid"] == .bool(false))
  }

  /// The guide's "Output for CI" (docs/GUIDE.md) documents every key of the report.
  @Test func theGuideDocumentsEveryKeyOfTheReport() throws {
    let readme = try String(contentsOfFile: ExitCodeTests.root + "/docs/GUIDE.md", encoding: .utf8)
    let collector = ReportCollector(format: .json)
    collector.add(Diagnostic(message: "m"))
    let report = try JSONReader.read(collector.json(command: "gen", code: 0), file: "report")
    guard case .object(let pairs) = report.value,
      case .array(let diagnostics) = report["diagnostics"]?.value,
      case .object(let fields) = diagnostics.first?.value
    else {
      Issue.record("not a report")
      return
    }
    for key in pairs.map(\.key) { #expect(readme.contains("| `\(key)` |"), "\(key)") }
    for key in fields.map(\.key) { #expect(readme.contains("`\(key)`"), "\(key)") }
    #expect(readme.contains("| `schema` | `\"\(ReportCollector.schema)\"` |"))
    #expect(readme.contains("| `version` | `\(ReportCollector.version)`;"))
  }

  /// Each value a field of the report takes is in the guide's table of values, on the field's
  /// row: a bot knows what each status and action means.
  @Test func theGuideDocumentsEveryValueOfTheReport() throws {
    let guide = try String(contentsOfFile: ExitCodeTests.root + "/docs/GUIDE.md", encoding: .utf8)
    func row(_ field: String) -> String {
      guide.split(separator: "\n").first { $0.hasPrefix("| `\(field)`") }.map(String.init) ?? ""
    }
    let fields: [(String, [String])] = [
      ("modules[].status", GenerationReport.ModuleStatus.allCases.map(\.rawValue)),
      ("files[].role", TemplateManifest.FileEntry.Role.allCases.map(\.rawValue)),
      ("files[].action", PlannedFile.Action.allCases.map(\.rawValue)),
      ("stale[].state", StaleFile.State.allCases.map(\.rawValue)),
      ("registrations[].change", RegistrationEdit.Change.allCases.map(\.rawValue)),
      ("package_targets[].kind", PackageTargets.Change.Kind.allCases.map(\.rawValue)),
    ]
    for (field, values) in fields {
      for value in values { #expect(row(field).contains("`\(value)`"), "\(field): \(value)") }
    }
    for value in TemplateManifest.FileEntry.Regenerate.allCases.map(\.rawValue) {
      #expect(row("files[].role").contains("`\(value)`"), "files[].regenerate: \(value)")
    }
  }

  /// A `--format` that does not read asks for no report: the usage error is text alone.
  @Test func aUsageErrorIsNotAReport() {
    let result = runTool(["validate", "--format", "xml", "a.yml"], in: "/")
    #expect(result.code == 64)
    #expect(result.out == "")
  }

  /// A bot that asked for JSON reads a report whatever the outcome, a command line that does
  /// not parse included (an option a newer modulegen has, a typo in the CI job); the usage is
  /// still on stderr. The same for `--format github`: the mistake is an annotation.
  @Test(arguments: [
    ["check", "--format", "json", "--strict"], ["check", "--strict", "--format=json"],
    ["gen", "Home", "viper", "--format", "json", "--set"],
  ])
  func aCommandLineThatDoesNotParseIsStillAReport(arguments: [String]) throws {
    let result = runTool(arguments, in: "/")
    #expect(result.code == 64)
    let report = try DecodedReport(result.out, command: arguments[0], code: 64)
    let expected = try #require(CommandLineTool.allCommands.first { $0.spec.name == arguments[0] })
    var message = ""
    do { _ = try expected.spec.parse(Array(arguments.dropFirst())) } catch {
      message = error.message
    }
    #expect(
      report.diagnostics
        == [
          ReportedDiagnostic(severity: "error", file: nil, line: nil, column: nil, message: message)
        ])
    #expect(result.err.contains("usage: modulegen \(arguments[0])"), "\(result.err)")
    let github = runTool(["check", "--strict", "--format", "github"], in: "/")
    #expect(github.code == 64)
    #expect(github.out == "::error::unknown option '--strict'\n")
  }
}

@Suite struct GitHubFormatTests {
  @Test func workflowCommandsEscapeWhatGitHubReads() {
    let location = SourceLocation(file: "a,b:c.yml", line: 2, column: 3, lineText: "x")
    #expect(
      GitHubAnnotation.line(
        Diagnostic(.warning, message: "50% done\nnext\r", location: location))
        == "::warning file=a%2Cb%3Ac.yml,line=2,col=3::50%25 done%0Anext%0D\n")
    #expect(
      GitHubAnnotation.line(Diagnostic(.note, message: "a: b, c", notes: ["more"]))
        == "::notice::a: b, c%0Amore\n")
    #expect(
      GitHubAnnotation.line(Diagnostic(message: "x", location: location))
        == "::error file=a%2Cb%3Ac.yml,line=2,col=3::x\n")
  }

  @Test func checkAnnotatesEachDriftedFile() throws {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["gen", "Home", "mvc", "--date", "2026-02-03"], in: dir).code == 0)
    try write("// edited\n", to: dir + "/Home/HomeBuilder.swift")
    let result = runTool(["check", "--format", "github"], in: dir)
    #expect(result.code == 1)
    #expect(
      result.out
        == "::error file=Home/HomeBuilder.swift,line=1,col=1::out of date: Home generates this file differently now, and it was edited since it was generated; 'modulegen gen --force' regenerates it, and the edits are lost ('modulegen check --diff' shows them)\n"
        + "changed  Home/HomeBuilder.swift\n")
  }

  /// The command each of check's annotations names does what it says: run as printed, check
  /// passes. For a file edited since it was generated, plain `gen` skips the module (exit 1):
  /// the annotation names `gen --force`; for a check of named modules with other values, the
  /// commands name them too (plain `gen` generated the recorded values again, and check stayed
  /// red).
  @Test(arguments: [
    (["check"], "edited"), (["check", "Home", "viper", "--set", "ui=swiftui"], ""),
  ])
  func theCommandsCheckNamesDoWhatTheySay(check: [String], edit: String) throws {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["gen", "Home", "viper", "--date", "2026-02-03"], in: dir).code == 0)
    if !edit.isEmpty { try write("// edited\n", to: dir + "/Home/HomeBuilder.swift") }
    let annotations = runTool(check + ["--format", "github"], in: dir)
    #expect(annotations.code == 1)
    // Every command quoted in the annotations ('modulegen ...'), but check's own.
    var commands: [[String]] = []
    for part in annotations.out.split(separator: "'").map(String.init)
    where part.hasPrefix("modulegen ") && !part.hasPrefix("modulegen check") {
      let words = part.split(separator: " ").dropFirst().map(String.init)
      if !commands.contains(words) { commands.append(words) }
    }
    #expect(!commands.isEmpty, "\(annotations.out)")
    for command in commands {
      let run = runTool(command, in: dir)
      #expect(run.code == 0, "\(command): \(run.out)\(run.err)")
    }
    let after = runTool(check, in: dir)
    #expect(after.code == 0, "\(commands): \(after.out)\(after.err)")
  }

  @Test func checkAnnotatesMissingAndStaleFilesAndItsNotes() throws {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["gen", "Home", "viper", "--date", "2026-02-03"], in: dir).code == 0)
    let result = runTool(
      ["check", "Home", "viper", "--set", "ui=swiftui", "--format", "github"], in: dir)
    #expect(result.code == 1)
    #expect(
      result.out.hasPrefix(
        """
        ::notice::module 'Home' changes ui: uikit → swiftui (was recorded in .modulegen.lock)
        ::error file=Home/HomeBuilder.swift,line=1,col=1::out of date: Home generates this file differently now; 'modulegen gen Home viper --set ui=swiftui' regenerates it ('modulegen check Home viper --set ui=swiftui --diff' shows how)
        ::error file=Home/HomeView.swift,line=1,col=1::missing: Home generates this file; 'modulegen gen Home viper --set ui=swiftui' writes it
        ::error file=Home/HomeViewController.swift,line=1,col=1::stale: generated for Home, which no longer has it; 'modulegen gen Home viper --set ui=swiftui --prune' removes it
        changed  Home/HomeBuilder.swift

        """))
    // The summary names the same commands.
    #expect(
      result.err.contains(
        "1 file is stale (generated before, no longer planned; 'modulegen gen Home viper --set ui=swiftui --prune' removes it)"
      ), "\(result.err)")
  }

  @Test func validateAnnotatesEveryProblem() throws {
    let dir = try makeTemporaryDirectory()
    try write("name: Home\ntemplate: mvc\nviw: []\n", to: dir + "/bad.yml")
    let result = runTool(["validate", "bad.yml", "--format", "github"], in: dir)
    #expect(result.code == 1)
    #expect(
      result.out
        == "::error file=bad.yml,line=3,col=1::unknown key 'viw' in a module; did you mean 'view'?\n"
    )
    #expect(result.err == "1 error in bad.yml\n")
  }

  @Test func genAnnotatesItsWarningAndItsError() throws {
    let dir = try makeTemporaryDirectory()
    let result = runTool(["gen", "Home", "nope", "--format", "github"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.out == "::error::no template named 'nope' (available: mvc, mvp, mvvm, viper)\n")
  }
}

@Suite struct ExitCodeTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  @Test func everyCommandsHelpListsTheCodes() {
    for command in CommandLineTool.allCommands {
      #expect(
        command.spec.helpText.contains(
          "\nEXIT STATUS:\n  0                         Success: written, up to date, valid.\n"),
        "\(command.spec.name)")
    }
  }

  /// The table of exit codes in the guide's "Output for CI" (docs/GUIDE.md).
  @Test func theGuideTableIsTheDeclaredCodes() throws {
    let readme = try String(contentsOfFile: Self.root + "/docs/GUIDE.md", encoding: .utf8)
    for (code, meaning) in ExitCode.meanings {
      #expect(readme.contains("| \(code) | \(meaning) |"), "\(code)")
    }
  }

  @Test func anErrorIsTwoDriftIsOne() throws {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["check", "Home", "mvc"], in: dir).code == 1)
    #expect(runTool(["check", "Home", "nope"], in: dir).code == 2)
    #expect(runTool(["gen", "Home", "nope"], in: dir).code == 2)
    #expect(runTool(["gen", "--nope"], in: dir).code == 64)
  }
}

@Suite struct ColorChoiceTests {
  @Test(arguments: [
    // choice, terminal, environment, colour
    (ColorChoice.auto, true, [String: String](), true),
    (.auto, false, [:], false),
    (.auto, true, ["TERM": "dumb"], false),
    (.auto, true, ["NO_COLOR": "1"], false),
    (.auto, true, ["NO_COLOR": ""], true),
    (.auto, false, ["FORCE_COLOR": "1"], true),
    (.auto, false, ["FORCE_COLOR": ""], false),
    (.auto, true, ["TERM": "dumb", "FORCE_COLOR": "1"], true),
    (.auto, true, ["NO_COLOR": "1", "FORCE_COLOR": "1"], false),
    (.always, false, ["NO_COLOR": "1"], true),
    (.never, true, ["FORCE_COLOR": "1"], false),
  ])
  func theRules(choice: ColorChoice, terminal: Bool, environment: [String: String], colour: Bool) {
    #expect(choice.allows(terminal: terminal, environment: environment) == colour)
  }

  @Test func theOptionColoursOffATerminal() throws {
    let dir = try makeTemporaryDirectory()
    let always = runTool(["gen", "Home", "mvc", "--color", "always"], in: dir)
    // The count in green, whatever the template's number of files.
    #expect(always.out.hasPrefix("Home (mvc): \u{1B}[32m"))
    #expect(always.out.hasSuffix(" created\u{1B}[0m.\n"))
    #expect(always.err.hasPrefix("\u{1B}[1;31mwarning:\u{1B}[0m"))
    let forced = runTool(
      ["validate", "x.yml", "--color", "auto"], in: dir, environment: ["FORCE_COLOR": "1"])
    #expect(
      forced.err.hasPrefix("\u{1B}[1;31merror:\u{1B}[0m \u{1B}[1mno such file 'x.yml'\u{1B}[0m"))
    let never = runTool(
      ["check", "Home", "mvc", "--color", "never"], in: dir, environment: ["FORCE_COLOR": "1"])
    #expect(!never.out.contains("\u{1B}"))
  }
}

@Suite struct GenerambaHelpTests {
  @Test func generambasOptionsHaveTheirOwnSection() {
    for command in [GenCommand.spec, CheckCommand.spec, UpdateCommand.spec] {
      let help = command.helpText
      guard let own = help.range(of: "\nOPTIONS:\n"),
        let generamba = help.range(of: "\nGENERAMBA OPTIONS:\n")
      else {
        Issue.record("no sections in \(command.name)'s help")
        continue
      }
      let ownSection = help[own.upperBound..<generamba.lowerBound]
      for option in CommandSpec.generambaOptions {
        #expect(!ownSection.contains("--\(option.name) "), "\(option.name)")
        #expect(help[generamba.upperBound...].contains("--\(option.name) "), "\(option.name)")
      }
      #expect(ownSection.contains("--spec <file>"))
    }
  }
}
