import Foundation
import Testing

@testable import ModuleGen

/// `validate` checks what `gen` would check, every problem at its place, all at once.
@Suite struct ValidateProjectTests {
  /// The first line of each diagnostic in `text` (stderr), without source lines and carets.
  func errors(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter {
      $0.contains("error: ") || $0.contains("warning: ") || $0.contains("note: ")
        || $0.first?.isNumber == true && ($0.contains(" errors in ") || $0.contains(" error in "))
    }
  }

  @Test func specProblemsGenWouldFind() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      """
      modules:
        - name: Home
          template: viperr
        - name: Profile
          template: viper
          params: {ui: swiftiu, colour: red, tets: xctest}
        - name: Other
          template: mvvm
          output: "X/{{ modle }}"

      """, to: dir + "/s.yml")
    let result = runTool(["validate", "s.yml"], in: dir)
    #expect(result.code == 1)
    #expect(result.out == "")
    #expect(
      errors(result.err) == [
        "s.yml:3:15: error: no template named 'viperr'; did you mean 'viper'? (available: mvc, mvp, mvvm, viper)",
        "s.yml:6:18: error: 'swiftiu' is not a value of 'ui' (module spec); template 'viper' allows: uikit, swiftui; did you mean 'swiftui'?",
        "s.yml:6:27: error: template 'viper' has no parameter 'colour' (module spec); it takes: ui, tests, routes",
        "s.yml:6:40: error: template 'viper' has no parameter 'tets' (module spec); it takes: ui, tests, routes; did you mean 'tests'?",
        "s.yml:9:19: error: the output folder pattern 'X/{{ modle }}': undefined variable 'modle'; did you mean 'module'?",
        "5 errors in s.yml",
      ])
    // gen reports the same, with the same locations.
    let gen = runTool(["gen", "--spec", "s.yml"], in: dir)
    #expect(gen.code == 2)
    #expect(errors(gen.err).prefix(5) == errors(result.err).prefix(5))
  }

  @Test func configProblemsGenWouldFind() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "template: vipr\noutput: \"Sources/{{ modul }}\"\ntemplates: [Templates, MissingDir]\n",
      to: dir + "/.modulegen.yml")
    try FileManager.default.createDirectory(
      atPath: dir + "/Templates", withIntermediateDirectories: true)
    let result = runTool(["validate", ".modulegen.yml"], in: dir)
    #expect(result.code == 1)
    #expect(
      errors(result.err) == [
        ".modulegen.yml:1:11: error: no template named 'vipr'; did you mean 'viper'? (available: mvc, mvp, mvvm, viper)",
        ".modulegen.yml:2:21: error: the output folder pattern 'Sources/{{ modul }}': undefined variable 'modul'; did you mean 'module'?",
        ".modulegen.yml:3:24: error: template folder 'MissingDir' does not exist",
        "3 errors in .modulegen.yml",
      ])
    // gen stops at the missing folder, at its place in the config.
    let gen = runTool(["gen", "Home", "viper"], in: dir)
    #expect(gen.code == 2)
    #expect(
      errors(gen.err) == [".modulegen.yml:3:24: error: template folder 'MissingDir' does not exist"]
    )
  }

  /// The Xcode project's targets, as gen checks them, in a config and in a Rambafile (whose
  /// `validate` said "ok" while every `gen` stopped at its target).
  @Test func configTargetsTheProjectLacks() throws {
    let dir = try makeTemporaryDirectory()
    try FileManager.default.copyItem(
      atPath: XcodeGenTests.fixtures.appendingPathComponent("iOS/Project.xcodeproj").path,
      toPath: dir + "/Project.xcodeproj")
    try write(
      "xcodeproj: Project.xcodeproj\ntargets: [iOS]\ntest_targets: [iOSTest]\n",
      to: dir + "/.modulegen.yml")
    let config = runTool(["validate", ".modulegen.yml"], in: dir)
    #expect(config.code == 1)
    #expect(
      errors(config.err) == [
        ".modulegen.yml:3:16: error: Project.xcodeproj has no target named 'iOSTest'; did you mean 'iOSTests'?",
        "1 error in .modulegen.yml",
      ])
    try FileManager.default.removeItem(atPath: dir + "/.modulegen.yml")
    try write(
      """
      project_name: App
      xcodeproj_path: Project.xcodeproj
      project_target: App
      test_target: AppTests
      project_file_path: App

      """, to: dir + "/Rambafile")
    // Every target the project lacks, not the first alone, for validate and gen alike.
    for command in [["validate", "Rambafile"], ["gen", "Home", "viper", "--dry-run"]] {
      let result = runTool(command, in: dir)
      #expect(result.code == (command[0] == "gen" ? 2 : 1))
      #expect(
        errors(result.err).filter { $0.contains("error: ") }.prefix(2) == [
          "Rambafile:3:17: error: Project.xcodeproj has no target named 'App' (it has iOS, iOSTests)",
          "Rambafile:4:14: error: Project.xcodeproj has no target named 'AppTests' (it has iOS, iOSTests)",
        ], "\(result.err)")
    }
    try write(
      "project_name: App\nxcodeproj_path: Project.xcodeproj\nproject_target: iOS\nproject_file_path: App\n",
      to: dir + "/Rambafile")
    #expect(runTool(["validate", "Rambafile"], in: dir).code == 0)
    // A project that is not there: the warning gen gives, which does not stop it.
    try FileManager.default.removeItem(atPath: dir + "/Project.xcodeproj")
    let missing = runTool(["validate", "Rambafile"], in: dir)
    #expect(missing.code == 0)
    #expect(
      errors(missing.err).contains(
        "Rambafile:2:17: warning: the Xcode project 'Project.xcodeproj' does not exist: the files are written but added to no project (Generamba stops here)"
      ), "\(missing.err)")
  }

  /// `validate -` checks a spec from stdin (an editor's unsaved buffer), as `<stdin>`; `gen`
  /// takes no spec from stdin, since the record keeps the spec's file to read it again.
  @Test func aSpecFromStdin() throws {
    let dir = try makeTemporaryDirectory()
    let result = runTool(["validate", "-"], in: dir, stdin: "name: Home\ntemplate: vipr\n")
    #expect(result.code == 1)
    #expect(
      errors(result.err) == [
        "<stdin>:2:11: error: no template named 'vipr'; did you mean 'viper'? (available: mvc, mvp, mvvm, viper)",
        "1 error in <stdin>",
      ])
    let valid = runTool(["validate", "-"], in: dir, stdin: "name: Home\ntemplate: viper\n")
    #expect(valid.code == 0)
    #expect(valid.out == "<stdin>: ok (1 module)\n")
    let gen = runTool(["gen", "--spec", "-"], in: dir, stdin: "name: Home\ntemplate: viper\n")
    #expect(gen.code == 64)
    #expect(
      gen.err.hasPrefix(
        "error: --spec takes a file, not '-' (stdin): the record keeps each module's spec file, which check and update read again; 'modulegen validate -' checks a spec from stdin\n"
      ), "\(gen.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
  }

  @Test func configParametersAreCheckedAgainstItsTemplate() throws {
    let dir = try makeTemporaryDirectory()
    try write("template: mvvm\nparams: {binding: combien}\n", to: dir + "/.modulegen.yml")
    let result = runTool(["validate", ".modulegen.yml"], in: dir)
    #expect(
      errors(result.err).first
        == ".modulegen.yml:2:19: error: 'combien' is not a value of 'binding' (.modulegen.yml); template 'mvvm' allows: observation, combine, closures; did you mean 'combine'?"
    )
    try write("template: mvvm\nparams: {binding: combine}\n", to: dir + "/.modulegen.yml")
    #expect(
      runTool(["validate", ".modulegen.yml"], in: dir).out
        == ".modulegen.yml: ok (project config)\n")
  }

  @Test func missingTemplateFoldersOnTheCommandLine() throws {
    let dir = try makeTemporaryDirectory()
    try write("name: Home\ntemplate: viper\n", to: dir + "/home.yml")
    for command in [
      ["validate", "home.yml"], ["gen", "Home", "viper"], ["check", "Home", "viper"],
    ] {
      let result = runTool(command + ["--templates", "/nonexistent"], in: dir)
      #expect(result.code == 2, "\(command)")
      #expect(result.err == "error: --templates '/nonexistent' does not exist\n", "\(command)")
    }
  }

  /// A YAML syntax error does not hide the other problems of the file, nor the other files.
  @Test func aSyntaxErrorDoesNotHideTheRest() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      """
      modules:
        - name: Broken
          template: viper
          presenter: [viewDidLoad()
        - name: Other
          template: mvvm
          params: {ui: swiftiu}
        - name: Third
          template: mvp
          view: "unclosed

      """, to: dir + "/s.yml")
    try write("name: Fine\ntemplate: viper\nparams: {io: true}\n", to: dir + "/t.yml")
    let result = runTool(["validate", "s.yml", "t.yml"], in: dir)
    #expect(result.code == 1)
    #expect(
      errors(result.err) == [
        "s.yml:4:16: error: the list '[' is never closed with ']'",
        "s.yml:7:18: error: 'swiftiu' is not a value of 'ui' (module spec); template 'mvvm' allows: uikit, swiftui; did you mean 'swiftui'?",
        "s.yml:10:11: error: quoted string is not terminated",
        "3 errors in s.yml",
        "t.yml:3:10: error: template 'viper' has no parameter 'io' (module spec); it takes: ui, tests, routes",
        "1 error in t.yml",
      ])
  }

  @Test func recoveryBlanksTheBrokenBlockAndKeepsLineNumbers() {
    // The open list runs on into the next lines; the error found there first is put back
    // once the list itself is blanked.
    let text = "a: 1\nb: [x\nc: 2\nd:\n  e: 'open\nf: 2\n"
    let (errors, recovered) = SyntaxRecovery.recover(text, file: "f.yml")
    #expect(errors.map { $0.location?.line } == [2, 5])
    #expect(recovered == "a: 1\n\nc: 2\nd:\n\nf: 2\n")
    let (none, same) = SyntaxRecovery.recover("a: 1\n", file: "f.yml")
    #expect(none.isEmpty && same == "a: 1\n")
  }

  /// A JSON spec's syntax error is its only one: blanking its line, as for YAML, left a document
  /// broken anew, and validate added "expected a JSON value, found the end of the file" at a
  /// line past the end. A file that ends inside an object or array is reported at its bracket.
  @Test func aJSONSyntaxErrorIsReportedOnceWhereItIs() throws {
    let dir = try makeTemporaryDirectory()
    try write("{\"name\": \"Home\", \"template\": \"viper\",}\n", to: dir + "/comma.json")
    try write("{\"name\": \"Home\", \"name\": \"X\"}\n", to: dir + "/twice.json")
    try write("{\"name\": \"Home\",\n \"view\": [\"showA()\",\n", to: dir + "/open.json")
    let result = runTool(["validate", "comma.json", "twice.json", "open.json"], in: dir)
    #expect(result.code == 1)
    #expect(
      errors(result.err) == [
        "comma.json:1:38: error: expected a string key",
        "1 error in comma.json",
        "twice.json:1:18: error: duplicate key 'name'",
        "1 error in twice.json",
        "open.json:2:10: error: the array '[' is never closed with ']'",
        "1 error in open.json",
      ])
    try write("{\"name\": \"Home\"", to: dir + "/object.json")
    #expect(
      runTool(["validate", "object.json"], in: dir).err.hasPrefix(
        "object.json:1:1: error: the object '{' is never closed with '}'\n{\"name\": \"Home\"\n^\n")
    )
  }

  @Test func aBrokenProjectConfigIsReportedOnce() throws {
    let dir = try makeTemporaryDirectory()
    try write("autor: Ann\n", to: dir + "/.modulegen.yml")
    try write("name: Home\ntemplate: viper\n", to: dir + "/home.yml")
    let result = runTool(["validate", "home.yml"], in: dir)
    #expect(result.code == 1)
    #expect(
      errors(result.err) == [
        ".modulegen.yml:1:1: error: unknown key 'autor' in the project config; did you mean 'author'?",
        "1 error in .modulegen.yml",
        "note: home.yml: templates, parameters and output paths were not checked, because .modulegen.yml has errors",
      ])
    #expect(result.out == "home.yml: ok (1 module)\n")
  }
}
