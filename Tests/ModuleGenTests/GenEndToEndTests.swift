import DataFormats
import Diagnostics
import Foundation
import Liquid
import Testing

@testable import ModuleGen

/// The built binary, run in temporary folders, as users and CI run it.
@Suite struct GenEndToEndTests {
  func run(_ arguments: [String], in dir: String, stdin: String = "") throws -> (
    code: Int32, out: String, err: String
  ) {
    let result = try runBinary(
      arguments, in: dir, stdin: stdin,
      environment: ["HOME": dir + "/home", "PATH": "/usr/bin:/bin"])
    return (result.code, String(decoding: result.out, as: UTF8.self), result.err)
  }

  func files(_ dir: String) -> [String] {
    (FileManager.default.enumerator(atPath: dir)?.allObjects as? [String] ?? [])
      .filter { !$0.hasPrefix("home") && !$0.hasSuffix(".yml") }.filter { path in
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: dir + "/" + path, isDirectory: &isDirectory)
        return !isDirectory.boolValue
      }.sorted()
  }

  @Test func generatesAModuleAndItsTests() throws {
    let dir = try makeTemporaryDirectory()
    let result = try run(["gen", "Home", "viper", "--date", "2026-01-02"], in: dir)
    #expect(result.code == 0, "\(result.err)")
    #expect(files(dir).contains("Home/HomePresenter.swift"))
    #expect(files(dir).contains("HomeTests/HomeMocks.swift"))
    #expect(result.out == "Home (viper): 10 created.\n")
    #expect(result.err.contains("warning: \(GenCommand.untestableWarning)"))
    let presenter = try String(contentsOfFile: dir + "/Home/HomePresenter.swift", encoding: .utf8)
    #expect(
      presenter.hasPrefix(
        "//\n//  HomePresenter.swift\n//\n//  Created on 2026-01-02.\n//\n\nimport Foundation\n"))
  }

  @Test func aBinaryCopiedAloneStillHasEveryBuiltinTemplate() throws {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.copyItem(atPath: builtBinary, toPath: dir + "/modulegen")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: dir + "/modulegen")
    process.arguments = ["gen", "Home", "viper", "--date", "2026-01-02"]
    process.currentDirectoryURL = URL(fileURLWithPath: dir)
    process.environment = ["HOME": dir]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(FileManager.default.fileExists(atPath: dir + "/Home/HomeBuilder.swift"))
  }

  @Test func dryRunWritesNothingAndReportsJSON() throws {
    let dir = try makeTemporaryDirectory()
    let result = try run(["gen", "Home", "viper", "--dry-run", "--format", "json"], in: dir)
    #expect(result.code == 0)
    #expect(files(dir).isEmpty)
    let report = try JSONReader.read(result.out, file: "report")
    #expect(report["dry_run"]?.value == .bool(true))
    #expect(report["summary"]?["create"]?.value == .int(10))
    guard case .array(let entries) = report["files"]?.value else { throw Failure() }
    #expect(entries.first?["path"]?.value == .string("Home/HomeEntity.swift"))
    #expect(entries.first?["action"]?.value == .string("create"))
    if case .int(let bytes)? = entries.first?["bytes"]?.value {
      #expect(bytes > 0)
    } else {
      Issue.record("no byte count")
    }
  }

  @Test func anEditedGeneratedFileIsAConflictThatSkipsItsModule() throws {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    #expect(try run(["gen", "Home", "viper", "--date", "2026-01-02"], in: dir).code == 0)
    // The builder is modulegen's (regenerate: always): an edit to it is a conflict.
    let edited = dir + "/Home/HomeBuilder.swift"
    try "// my edit\n".write(toFile: edited, atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: dir + "/Home/HomeEntity.swift")
    let result = try run(["gen", "Home", "viper", "--date", "2026-02-03"], in: dir)
    #expect(result.code == 1)
    #expect(result.out == "Home (viper): skipped (1 conflict); nothing written.\n")
    #expect(
      result.err
        == "\(Diagnostic(message: Console.conflictMessage("Home/HomeBuilder.swift")))\n"
        + "1 conflict: skipped Home (viper); nothing was written. Use --force to write what the templates produce (edits in those files are lost), or 'modulegen check Home viper --date 2026-02-03 --diff' to see the differences.\n"
    )
    #expect(try String(contentsOfFile: edited, encoding: .utf8) == "// my edit\n")
    #expect(
      !FileManager.default.fileExists(atPath: dir + "/Home/HomeEntity.swift"),
      "a conflict must stop even the creations of its module")
    let forced = try run(["gen", "Home", "viper", "--date", "2026-02-03", "--force"], in: dir)
    #expect(forced.code == 0, "\(forced.err)")
    // --force writes what the templates produce, with the module's creation date.
    let builder = try String(contentsOfFile: edited, encoding: .utf8)
    #expect(builder.contains("Created on 2026-01-02.") && builder.contains("enum HomeBuilder"))
  }

  @Test func unchangedFilesKeepTheirModificationTime() throws {
    let dir = try makeTemporaryDirectory()
    #expect(try run(["gen", "Home", "viper", "--date", "2026-01-02"], in: dir).code == 0)
    let path = dir + "/Home/HomePresenter.swift"
    let past = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path)
    let result = try run(["gen", "Home", "viper", "--date", "2026-01-02"], in: dir)
    #expect(result.code == 0)
    #expect(result.out == "Home (viper): 10 unchanged.\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.modificationDate] as? Date) == past)
  }

  @Test func checkPassesThenFailsAfterAnEdit() throws {
    let dir = try makeTemporaryDirectory()
    try write("name: Home\ntemplate: viper\n", to: dir + "/home.yml")
    #expect(try run(["gen", "--spec", "home.yml", "--date", "2026-01-02"], in: dir).code == 0)
    let clean = try run(["check", "--spec", "home.yml", "--date", "2026-01-02"], in: dir)
    #expect(clean.code == 0, "\(clean.out)\(clean.err)")
    #expect(clean.out == "Up to date: 10 files of 1 module.\n")
    // The contracts are modulegen's: an edit to them is drift.
    let path = dir + "/Home/HomeContracts.swift"
    let original = try String(contentsOfFile: path, encoding: .utf8)
    try original.replacingOccurrences(of: "  func display(_ state: HomeLoadState)\n", with: "")
      .write(
        toFile: path, atomically: true, encoding: .utf8)
    let drift = try run(["check", "--spec", "home.yml", "--date", "2026-01-02", "--diff"], in: dir)
    #expect(drift.code == 1)
    #expect(
      drift.out.contains(
        "changed  Home/HomeContracts.swift\n--- a/Home/HomeContracts.swift\n+++ b/Home/HomeContracts.swift\n@@"
      ))
    #expect(
      drift.out.contains(
        " protocol HomeViewInput: AnyObject {\n+  func display(_ state: HomeLoadState)\n"))
    #expect(
      drift.err
        == "1 of 10 files are missing or out of date (1 was edited since it was generated, which stops its module's 'modulegen gen --spec home.yml --date 2026-01-02': 'modulegen gen --spec home.yml --date 2026-01-02 --force' regenerates it, and the edits are lost).\n"
    )
    // Nothing edited: what to run is said.
    try original.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: dir + "/Home/HomeRouter.swift")
    let missing = try run(["check", "--spec", "home.yml", "--date", "2026-01-02"], in: dir)
    #expect(
      missing.err
        == "1 of 10 files are missing or out of date ('modulegen gen --spec home.yml --date 2026-01-02' writes them; 'modulegen check --spec home.yml --date 2026-01-02 --diff' shows how).\n"
    )
  }

  @Test func batchFromASpec() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "modules:\n  - name: Home\n    template: viper\n  - name: Profile\n    template: viper\n    params: {ui: swiftui, tests: swift-testing}\n    output: Features/Profile\n",
      to: dir + "/modules.yml")
    let result = try run(["gen", "--spec", "modules.yml", "--date", "2026-01-02"], in: dir)
    #expect(result.code == 0, "\(result.err)")
    #expect(result.out == "Home (viper): 10 created.\nProfile (viper): 10 created.\n")
    #expect(files(dir).contains("Features/Profile/ProfileView.swift"))
    #expect(!files(dir).contains("Features/Profile/ProfileViewController.swift"))
  }

  @Test func aBadModuleInABatchWritesNothing() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "modules:\n  - name: Home\n    template: viper\n  - name: Profile\n    template: vipr\n",
      to: dir + "/modules.yml")
    let result = try run(["gen", "--spec", "modules.yml"], in: dir)
    #expect(result.code == 2)
    #expect(result.err.contains("error: no template named 'vipr'; did you mean 'viper'?"))
    #expect(files(dir).isEmpty)
  }

  @Test func pathsThatLeaveTheOutputFolderAreRefused() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "name: escape\nsummary: tries to escape\nfiles:\n  - template: a.liquid\n    output: \"../{{ module }}.swift\"\n",
      to: dir + "/Templates/escape/template.yml")
    try write("x", to: dir + "/Templates/escape/a.liquid")
    let result = try run(["gen", "Home", "escape"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err.contains(
        "renders the output path '../Home.swift', which goes up with '..' out of the output folder; nothing was written"
      ))
    #expect(result.err.contains("Templates/escape/template.yml:5:13"))
    // Through a symbolic link.
    try write(
      "name: link\nsummary: via a link\nfiles:\n  - template: a.liquid\n    output: \"out/x.swift\"\n",
      to: dir + "/Templates/link/template.yml")
    try write("x", to: dir + "/Templates/link/a.liquid")
    try FileManager.default.createDirectory(
      atPath: dir + "/Home", withIntermediateDirectories: true)
    let outside = try makeTemporaryDirectory()
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/Home/out", withDestinationPath: outside)
    let linked = try run(["gen", "Home", "link"], in: dir)
    #expect(linked.code == 2)
    #expect(linked.err.contains("leads through a symbolic link"))
    #expect((try FileManager.default.contentsOfDirectory(atPath: outside)).isEmpty)
  }

  @Test func strictVariablesInTemplates() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "name: typo\nsummary: a typo\nfiles:\n  - template: a.liquid\n    output: a.swift\n",
      to: dir + "/Templates/typo/template.yml")
    try write("struct {{ modul }} {}\n", to: dir + "/Templates/typo/a.liquid")
    let result = try run(["gen", "Home", "typo"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err.hasPrefix(
        "Templates/typo/a.liquid:1:11: error: undefined variable 'modul'; did you mean 'module'?"))
  }

  @Test func configPathsAndParams() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "author: Ann\nproject: App\ntemplate: viper\noutput: 'Sources/App/{{ module }}'\ntests_output: 'Tests/AppTests/{{ module }}'\nparams: {ui: swiftui, unrelated: 1}\n",
      to: dir + "/.modulegen.yml")
    try FileManager.default.createDirectory(
      atPath: dir + "/Sources/Deep", withIntermediateDirectories: true)
    let result = try run(["gen", "Home", "--date", "2026-01-02"], in: dir + "/Sources/Deep")
    #expect(result.code == 0, "\(result.err)")
    #expect(files(dir).contains("Sources/App/Home/HomeView.swift"))
    #expect(files(dir).contains("Tests/AppTests/Home/HomeTests.swift"))
    let overridden = try run(
      ["gen", "Other", "--set", "ui=uikit", "--output", "X", "--no-tests", "--date", "2026-01-02"],
      in: dir)
    #expect(overridden.code == 0, "\(overridden.err)")
    #expect(files(dir).contains("X/OtherViewController.swift"))
    #expect(!files(dir).contains { $0.contains("OtherTests") })
    let bad = try run(["gen", "Third", "--set", "ui=swiftiu"], in: dir)
    #expect(
      bad.err.contains(
        "'swiftiu' is not a value of 'ui' (--set); template 'viper' allows: uikit, swiftui; did you mean 'swiftui'?"
      ))
  }

  @Test func theConfigHeaderReplacesTheHeaderPartial() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "company: Acme\nheader: '// {{ file_name }} (c) {{ year }} {{ company }}'\n",
      to: dir + "/.modulegen.yml")
    #expect(try run(["gen", "Home", "mvc", "--date", "2026-05-06"], in: dir).code == 0)
    let text = try String(contentsOfFile: dir + "/Home/HomeService.swift", encoding: .utf8)
    #expect(text.hasPrefix("// HomeService.swift (c) 2026 Acme\n\nimport Foundation\n"))
  }

  @Test func deterministicWithSourceDateEpoch() throws {
    let a = try makeTemporaryDirectory()
    let b = try makeTemporaryDirectory()
    for dir in [a, b] {
      let result = try runBinary(
        ["gen", "Home", "viper"], in: dir,
        environment: ["SOURCE_DATE_EPOCH": "1767225600", "HOME": dir])
      #expect(result.code == 0)
    }
    for file in files(a) {
      #expect(
        FileManager.default.contents(atPath: a + "/" + file)
          == FileManager.default.contents(atPath: b + "/" + file))
    }
    #expect(
      try String(contentsOfFile: a + "/Home/HomeRouter.swift", encoding: .utf8).contains(
        "Created on 2026-01-01."))
  }

  @Test func namesAndUsage() throws {
    let dir = try makeTemporaryDirectory()
    #expect(
      try run(["gen", "1Home", "viper"], in: dir).err.hasPrefix(
        "error: module name '1Home' must start with a letter"))
    let lower = try run(["gen", "home", "viper"], in: dir)
    #expect(lower.err.contains("note: module name 'home' was capitalized to 'Home'"))
    // Without a record, there is nothing to regenerate: a module must be named.
    let empty = try makeTemporaryDirectory()
    #expect(try run(["gen"], in: empty).code == 64)
    let noTemplate = try run(["gen", "Home"], in: empty)
    #expect(noTemplate.code == 64)
    #expect(
      noTemplate.err.hasPrefix(
        "error: missing <template>: name one (gen Home viper) or set 'template' in .modulegen.yml"))
    #expect(try run(["gen", "Home", "viper", "--date", "2026-13-01"], in: dir).code == 64)
    #expect(
      try run(["gen", "Home", "viper", "--sett", "x=y"], in: dir).err.contains(
        "did you mean '--set'?"))
  }

  @Test func initNeverPromptsWithoutATerminal() throws {
    let dir = try makeTemporaryDirectory()
    // stdin is a pipe: init must not wait for answers.
    let result = try run(["init", "--author", "Ann", "--template", "viper"], in: dir, stdin: "")
    #expect(result.code == 0)
    let text = try String(contentsOfFile: dir + "/.modulegen.yml", encoding: .utf8)
    // Without a terminal, the defaults a terminal would offer (no author from git here).
    let folder = URL(fileURLWithPath: dir).lastPathComponent
    #expect(
      text.hasSuffix(
        "author: \"Ann\"\nproject: \"\(folder)\"\ntemplate: \"viper\"\noutput: \"{{ module }}\"\ntests_output: \"{{ module }}Tests\"\n"
      ))
    #expect(!text.contains("company"))
    #expect(!text.contains("prefix"))
    let again = try run(["init"], in: dir)
    #expect(again.code == 2)
    #expect(again.err.contains(".modulegen.yml already exists; use --force to replace it"))
    #expect(try run(["init", "--force", "--project", "App"], in: dir).code == 0)
  }

  @Test func initAsksOnATerminal() throws {
    // `script` gives the binary a terminal; the answers come through it.
    try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"))
    let dir = try makeTemporaryDirectory()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qec", "'\(builtBinary)' init --company Acme", "/dev/null"]
    process.currentDirectoryURL = URL(fileURLWithPath: dir)
    process.environment = ["HOME": dir, "PATH": "/usr/bin:/bin"]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = Pipe()
    try process.run()
    // Author, project (the folder's name by default), template, output, tests output, prefix.
    input.fileHandleForWriting.write(Data("Ann\n\nmvvm\n\n\nAC\n".utf8))
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let text = try String(contentsOfFile: dir + "/.modulegen.yml", encoding: .utf8)
    let folder = URL(fileURLWithPath: dir).lastPathComponent
    #expect(
      text.contains(
        "author: \"Ann\"\ncompany: \"Acme\"\nproject: \"\(folder)\"\ntemplate: \"mvvm\"\n"))
    #expect(
      text.contains(
        "output: \"{{ module }}\"\ntests_output: \"{{ module }}Tests\"\nprefix: \"AC\"\n"))
  }

  @Test func templateCommands() throws {
    let dir = try makeTemporaryDirectory()
    #expect(try run(["templates", "list", "--format", "names"], in: dir).out.contains("viper\n"))
    let eject = try run(["templates", "eject", "viper"], in: dir)
    #expect(eject.code == 0, "\(eject.err)")
    #expect(eject.out.hasPrefix("Ejected 'viper' to Templates/viper ("), "\(eject.out)")
    #expect(FileManager.default.fileExists(atPath: dir + "/Templates/viper/template.yml"))
    #expect(FileManager.default.fileExists(atPath: dir + "/Templates/viper/snippets/header.liquid"))
    #expect(try run(["templates", "list"], in: dir).out.contains("[project: Templates/viper]"))
    try write("// changed\n", to: dir + "/Templates/viper/Code/Router.swift.liquid")
    #expect(try run(["templates", "eject", "viper"], in: dir).code == 1)
    #expect(
      try run(["templates", "lint", "Templates/viper"], in: dir).out.hasPrefix(
        "Templates/viper: ok"))
    let new = try run(["templates", "new", "feature"], in: dir)
    #expect(new.code == 0)
    #expect(new.out.hasPrefix("Created template 'feature' in Templates/feature ("), "\(new.out)")
    #expect(
      new.out.hasSuffix(
        "\nNext: edit the files in Templates/feature, then try it: modulegen gen Home feature\n"))
    #expect(try run(["templates", "lint", "Templates/feature"], in: dir).code == 0)
    // What it says to try works.
    #expect(try run(["gen", "Home", "feature", "--date", "2026-01-02"], in: dir).code == 0)
    #expect(FileManager.default.fileExists(atPath: dir + "/Home/Home.swift"))
    try write("{{ nope | upcase }}", to: dir + "/Templates/feature/Code/Module.swift.liquid")
    let lint = try run(["templates", "lint", "Templates/feature"], in: dir)
    #expect(lint.code == 2)
    #expect(
      lint.err.contains(
        "Templates/feature/Code/Module.swift.liquid:1:4: error: undefined variable 'nope'"))
    #expect(
      try run(["templates", "show", "viper"], in: dir).out.contains(
        "ui (choice: uikit | swiftui), default uikit"))
  }

  /// The files of a template `templates new` scaffolds are the developer's once generated, as
  /// the built-in templates hand over their stubs to fill in and their tests: a module whose
  /// stubs were filled in is no drift for `check` and no conflict for `gen`.
  @Test func aScaffoldedTemplatesFilesAreTheDevelopers() throws {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["templates", "new", "feature"], in: dir).code == 0)
    #expect(runTool(["gen", "Home", "feature"], in: dir).code == 0)
    try write("final class Home {\n  func load() async {}\n}\n", to: dir + "/Home/Home.swift")
    try write("// The team's tests.\n", to: dir + "/HomeTests/HomeTests.swift")
    let check = runTool(["check"], in: dir)
    #expect(check.code == 0, "\(check.out)\(check.err)")
    let gen = runTool(["gen"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(gen.out == "Home (feature): 2 kept (yours).\n")
  }

  @Test func bashCompletionCompletesCommandsAndTemplates() throws {
    let dir = try makeTemporaryDirectory()
    let script = try run(["completions", "bash"], in: dir).out
    try write(script, to: dir + "/completion.bash")
    let binDir = URL(fileURLWithPath: builtBinary).deletingLastPathComponent().path
    func complete(_ line: String) throws -> String {
      let words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }
        .joined(separator: " ")
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments = [
        "-c",
        "PATH='\(binDir)':$PATH; source completion.bash; COMP_WORDS=(\(words)); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); _modulegen; echo \"${COMPREPLY[*]}\"",
      ]
      process.currentDirectoryURL = URL(fileURLWithPath: dir)
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    #expect(try complete("modulegen ge") == "gen")
    #expect(try complete("modulegen gen Home vi") == "viper")
    #expect(try complete("modulegen gen --dry") == "--dry-run")
    #expect(try complete("modulegen templates ej") == "eject")
    #expect(try complete("modulegen gen --format j") == "json")
    // After an option that takes a value, the value is not a template name.
    #expect(try complete("modulegen gen --set ") == "")
    #expect(try complete("modulegen gen Home --set ") == "")
    #expect(try complete("modulegen gen --set ui=swiftui Home vi") == "viper")
    #expect(try complete("modulegen update Home --date 2026-01-01 vi") == "viper")
    #expect(try complete("modulegen gen Home viper ") == "")
    #expect(try complete("modulegen templates show vi") == "viper")
    #expect(try complete("modulegen templates list --format n") == "names")
    #expect(try complete("modulegen completions z") == "zsh")
    #expect(try complete("modulegen help ge") == "gen")
  }
}
