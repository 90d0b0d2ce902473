import Diagnostics
import Foundation
import Liquid
import Testing

@testable import ModuleGen

/// What `gen` says about bad templates, configs, specs and arguments: at the real place, once,
/// before anything is written.
@Suite struct GenMessagesTests {
  /// A project with `templates new t`, its manifest edited by `edit`.
  func project(_ edit: (String) -> String = { $0 }) throws -> String {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["templates", "new", "t"], in: dir).code == 0)
    let manifest = dir + "/Templates/t/template.yml"
    try edit(try String(contentsOfFile: manifest, encoding: .utf8)).write(
      toFile: manifest, atomically: true, encoding: .utf8)
    return dir
  }

  func written(_ dir: String) -> [String] {
    ((FileManager.default.enumerator(atPath: dir)?.allObjects as? [String]) ?? [])
      .filter { !$0.hasPrefix("Templates") && !$0.hasSuffix(".yml") }.sorted()
  }

  @Test func aWhenErrorPointsIntoTheManifest() throws {
    let dir = try project {
      $0.replacingOccurrences(
        of: "    role: test\n",
        with: "    role: test\n    when: \"params.tests == 'xctest' and params.nope\"\n")
    }
    let result = runTool(["gen", "Home", "t"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err == """
        Templates/t/template.yml:17:41: error: in the 'when' condition 'params.tests == 'xctest' and params.nope': undefined variable 'nope' in 'params.nope'
            when: "params.tests == 'xctest' and params.nope"
                                                ^

        """)
    #expect(written(dir).isEmpty)
  }

  @Test func aWhenSyntaxErrorPointsAtItsColumn() throws {
    let dir = try project {
      $0.replacingOccurrences(
        of: "    role: test\n", with: "    role: test\n    when: params.tests == == 1\n")
    }
    let result = runTool(["gen", "Home", "t"], in: dir)
    #expect(
      result.err.hasPrefix(
        "Templates/t/template.yml:17:27: error: invalid 'when' condition 'params.tests == == 1': expected a value, found '=='\n    when: params.tests == == 1\n                          ^\n"
      ), "\(result.err)")
  }

  @Test func aWhenIsOneConditionNotATemplate() throws {
    let dir = try project {
      $0.replacingOccurrences(
        of: "    role: test\n",
        with: "    role: test\n    when: \"true %}{% include 'x' %}{% if true\"\n")
    }
    let result = runTool(["gen", "Home", "t"], in: dir)
    #expect(
      result.err.hasPrefix(
        "Templates/t/template.yml:17:11: error: files[1]: 'when' must be one condition such as \"params.ui == 'swiftui'\""
      ), "\(result.err)")
  }

  @Test func aBadHeaderInTheConfigIsReportedOnceAtItsLine() throws {
    let dir = try project()
    try write(
      "author: Ann\nheader: |\n  // (c) Acme\n  // {{ file_name }\n", to: dir + "/.modulegen.yml")
    let result = runTool(["gen", "Home", "viper"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err == """
        .modulegen.yml:4:6: error: in the 'header' setting: output '{{' was never closed with '}}'
          // {{ file_name }
             ^

        """)
    #expect(written(dir).isEmpty)
    // An error found while rendering, in a one-line header: once, at its column.
    try write("header: '// {{ nope }} header'\n", to: dir + "/.modulegen.yml")
    let undefined = runTool(["gen", "Home", "viper"], in: dir)
    #expect(
      undefined.err == """
        .modulegen.yml:1:16: error: in the 'header' setting: undefined variable 'nope'
        header: '// {{ nope }} header'
                       ^

        """)
  }

  /// A snippet is looked for in the template's own `snippets/`, then in the shared ones: the
  /// template's comes first, and one in neither names both folders.
  @Test func snippetsAreLookedForInTheTemplateThenInTheSharedFolder() throws {
    let dir = try project()
    let code = dir + "/Templates/t/Code/Module.swift.liquid"
    let original = try String(contentsOfFile: code, encoding: .utf8)
    // `test` is a shared snippet too.
    try write("// the template's own\n", to: dir + "/Templates/t/snippets/test.liquid")
    try write(original + "{% include 'test' %}", to: code)
    let own = runTool(["gen", "Home", "t"], in: dir)
    #expect(own.code == 0, "\(own.err)")
    let home = try String(contentsOfFile: dir + "/Home/Home.swift", encoding: .utf8)
    #expect(home.hasSuffix("// the template's own\n"), "\(home)")
    try write(original + "{% include 'nothere' %}\n", to: code)
    let missing = runTool(["gen", "Other", "t"], in: dir)
    #expect(missing.code == 2)
    #expect(
      missing.err == """
        Templates/t/Code/Module.swift.liquid:11:12: error: partial 'nothere' not found (looked in Templates/t/snippets/ and <built-in>/common/snippets/)
        {% include 'nothere' %}
                   ^

        """)
    // A name close to one of either folder's snippets is suggested.
    try write(original + "{% include 'todoo' %}{% include 'protocl' %}\n", to: code)
    let typo = runTool(["gen", "Other", "t"], in: dir)
    #expect(typo.code == 2)
    #expect(
      typo.err.hasPrefix(
        "Templates/t/Code/Module.swift.liquid:11:12: error: partial 'todoo' not found (looked in Templates/t/snippets/ and <built-in>/common/snippets/); did you mean 'todo'?\n"
      ), "\(typo.err)")
    try write(original + "{% include 'protocl' %}\n", to: code)
    #expect(
      runTool(["gen", "Other", "t"], in: dir).err.contains(
        "partial 'protocl' not found (looked in Templates/t/snippets/ and <built-in>/common/snippets/); did you mean 'protocol'?"
      ))
  }

  /// `gen` parses the snippets its renders reach, when they reach them: a broken snippet that
  /// no render reaches does not stop it, and `templates lint` and `validate` still report it.
  @Test func aBrokenSnippetNoRenderReachesIsFoundByLintAndValidate() throws {
    let dir = try project()
    try write("{% if %}\n", to: dir + "/Templates/t/snippets/broken.liquid")
    let code = dir + "/Templates/t/Code/Module.swift.liquid"
    try write(
      try String(contentsOfFile: code, encoding: .utf8)
        + "{% if false %}{% include 'broken' %}{% endif %}\n", to: code)
    let problem = """
      Templates/t/snippets/broken.liquid:1:7: error: expected a value, found end of markup
      {% if %}
            ^
      note: included from Templates/t/Code/Module.swift.liquid:11:26

      """
    let gen = runTool(["gen", "Home", "t"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(written(dir).contains("Home/Home.swift"), "\(written(dir))")
    let lint = runTool(["templates", "lint", "Templates/t"], in: dir)
    #expect(lint.code == 2)
    #expect(lint.err == problem)
    try write("modules:\n  - name: Other\n    template: t\n", to: dir + "/other.yml")
    let validate = runTool(["validate", "other.yml"], in: dir)
    #expect(validate.code == 1)
    #expect(validate.err == problem + "1 error in other.yml\n")
  }

  /// A broken snippet that a render reaches is reported as compiling every snippet up front
  /// reports it: in every file that includes it, reached or not, as `templates lint` does.
  @Test func aBrokenSnippetARenderReachesIsReportedForEveryFileThatIncludesIt() throws {
    let dir = try project()
    try write("{% if %}\n", to: dir + "/Templates/t/snippets/broken.liquid")
    for (file, include) in [
      ("Code/Module.swift.liquid", "{% if false %}{% include 'broken' %}{% endif %}\n"),
      ("Tests/ModuleTests.swift.liquid", "{% include 'broken' %}\n"),
    ] {
      let path = dir + "/Templates/t/" + file
      try write(try String(contentsOfFile: path, encoding: .utf8) + include, to: path)
    }
    let expected = """
      Templates/t/snippets/broken.liquid:1:7: error: expected a value, found end of markup
      {% if %}
            ^
      note: included from Templates/t/Code/Module.swift.liquid:11:26
      Templates/t/snippets/broken.liquid:1:7: error: expected a value, found end of markup
      {% if %}
            ^
      note: included from Templates/t/Tests/ModuleTests.swift.liquid:21:12

      """
    let gen = runTool(["gen", "Home", "t"], in: dir)
    #expect(gen.code == 2)
    #expect(gen.err == expected + "2 errors\n")
    #expect(written(dir).isEmpty)
    #expect(
      runTool(["templates", "lint", "Templates/t"], in: dir).err == expected
        + "2 errors in Templates/t\n")
  }

  /// A config written with Windows line ends: the header's lines are still found (a block
  /// value's lines are read as bytes; "\r\n" is one Character, which "\n" never matched).
  @Test func aBadHeaderInAConfigWithCRLFLineEndsIsReportedAtItsLine() throws {
    let dir = try project()
    try write(
      "author: Ann\r\nheader: |\r\n  // (c) Acme\r\n  // {{ file_name }\r\n",
      to: dir + "/.modulegen.yml")
    let result = runTool(["gen", "Home", "viper"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err == """
        .modulegen.yml:4:6: error: in the 'header' setting: output '{{' was never closed with '}}'
          // {{ file_name }
             ^

        """)
  }

  @Test func anOutputFolderThatIsAFileIsFoundBeforeAnythingIsWritten() throws {
    let dir = try project()
    try write(
      "modules:\n  - {name: Home, template: t}\n  - {name: Profile, template: t}\n",
      to: dir + "/m.yml")
    try write("not a folder\n", to: dir + "/ProfileTests")
    let result = runTool(["gen", "--spec", "m.yml"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err
        == "error: the tests output folder 'ProfileTests' is a file; nothing was written\n")
    #expect(written(dir) == ["ProfileTests"])
    try FileManager.default.removeItem(atPath: dir + "/ProfileTests")
    try write("x\n", to: dir + "/Sources")
    let deeper = runTool(["gen", "Home", "t", "--output", "Sources/App/{{ module }}"], in: dir)
    #expect(
      deeper.err
        == "error: the output folder 'Sources/App/Home' cannot be created: 'Sources' is a file; nothing was written\n"
    )
  }

  @Test func anEmptyDescriptionSaysWhatIsWrong() throws {
    let dir = try project()
    try write("name: Home\ntemplate: t\ndescription: \"\"\n", to: dir + "/home.yml")
    let result = runTool(["gen", "--spec", "home.yml"], in: dir)
    #expect(
      result.err.hasPrefix(
        "home.yml:3:14: error: description: 'description' is empty; give it a value or leave the key out\n"
      ), "\(result.err)")
  }

  @Test func aBlockedRunNeverSaysCreate() throws {
    // The module's file is modulegen's: an edit of it is a conflict.
    let dir = try project {
      $0.replacingOccurrences(
        of: "output: \"{{ module }}.swift\"\n    regenerate: once\n",
        with: "output: \"{{ module }}.swift\"\n")
    }
    try write("// mine\n", to: dir + "/Home/Home.swift")
    let result = runTool(
      ["gen", "Home", "t", "--project", "App", "--date", "2026-01-02", "--verbose"], in: dir)
    #expect(result.code == 1)
    #expect(
      result.out
        == "  conflict     Home/Home.swift\n  would create HomeTests/HomeTests.swift\n"
        + "Home (t): skipped (1 conflict); nothing written.\n")
    #expect(
      result.err
        == "\(Diagnostic(message: Console.conflictMessage("Home/Home.swift")))\n1 conflict: skipped Home (t); nothing was written. Use --force to write what the templates produce (edits in those files are lost), or 'modulegen check Home t --project App --date 2026-01-02 --diff' to see the differences.\n"
    )
    #expect(!FileManager.default.fileExists(atPath: dir + "/HomeTests"))
  }

  @Test func aParameterDeclaredTwiceIsReportedOnceWhereItIs() throws {
    let dir = try project {
      $0.replacingOccurrences(
        of: "parameters:\n", with: "parameters:\n  - name: tests\n    type: string\n")
    }
    let result = runTool(["gen", "Home", "t"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err == """
        Templates/t/template.yml:7:11: error: parameters[1]: parameter 'tests' is declared twice; the first is at line 5
          - name: tests
                  ^

        """)
  }

  @Test func aTemplateFileThatIsNotUTF8IsSaidSo() throws {
    let dir = try project()
    try Data([0x2F, 0x2F, 0x20, 0xFF, 0xFE, 0x0A]).write(
      to: URL(fileURLWithPath: dir + "/Templates/t/Code/Module.swift.liquid"))
    let result = runTool(["gen", "Home", "t"], in: dir)
    #expect(result.code == 2)
    #expect(result.err.contains("Templates/t/Code/Module.swift.liquid"), "\(result.err)")
    #expect(result.err.contains("not UTF-8"), "\(result.err)")
    #expect(!result.err.contains("is not in Templates/t"))
  }

  @Test(arguments: [
    ("/etc/hostname", "'/etc/hostname' is absolute"),
    ("../../outside.liquid", "'../../outside.liquid' goes up with '..' out of the template folder"),
    ("Code/../../x.liquid", "'Code/../../x.liquid' goes up with '..' out of the template folder"),
  ])
  func templateSourcesStayInTheTemplateFolder(_ source: String, _ why: String) throws {
    let dir = try project {
      $0.replacingOccurrences(of: "template: Code/Module.swift.liquid", with: "template: \(source)")
    }
    let result = runTool(["gen", "Home", "t"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err.hasPrefix(
        "Templates/t/template.yml:11:15: error: files[0]: 'template' must be a file inside the template folder; \(why)\n"
      ), "\(result.err)")
    #expect(written(dir).isEmpty)
  }

  @Test func aTemplateSourceThroughASymbolicLinkOutIsRefused() throws {
    let outside = try makeTemporaryDirectory()
    try write("secret\n", to: outside + "/secret.liquid")
    let dir = try project {
      $0.replacingOccurrences(
        of: "template: Code/Module.swift.liquid", with: "template: Code/link/secret.liquid")
    }
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/Templates/t/Code/link", withDestinationPath: outside)
    let result = runTool(["gen", "Home", "t"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err.hasPrefix(
        "Templates/t/template.yml:11:15: error: template file 'Templates/t/Code/link/secret.liquid' leads through a symbolic link to '\(outside)/secret.liquid', outside the template folder\n"
      ), "\(result.err)")
    // A snippet is a template source too.
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/Templates/t/snippets/header.liquid",
      withDestinationPath: outside + "/secret.liquid")
    let snippet = runTool(["templates", "lint", "Templates/t"], in: dir)
    #expect(snippet.code == 2)
    #expect(snippet.err.contains("leads through a symbolic link"), "\(snippet.err)")
  }

  @Test func templatesNewAndEjectNeverWriteThroughALinkedSubfolder() throws {
    let dir = try makeTemporaryDirectory()
    let outside = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: dir + "/Templates/t", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/Templates/t/Code", withDestinationPath: outside)
    let new = runTool(["templates", "new", "t"], in: dir)
    #expect(new.code == 2)
    #expect(
      new.err.hasPrefix(
        "error: '\(dir)/Templates/t/Code/Module.swift.liquid' leads through a symbolic link to '\(outside)/Module.swift.liquid', outside '\(dir)/Templates/t'; nothing was written"
      ), "\(new.err)")
    try FileManager.default.createDirectory(
      atPath: dir + "/Templates/viper", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/Templates/viper/snippets", withDestinationPath: outside)
    let eject = runTool(["templates", "eject", "viper"], in: dir)
    #expect(eject.code == 2)
    #expect(eject.err.contains("leads through a symbolic link"), "\(eject.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir + "/Templates/t") == ["Code"])
  }

  /// `templates new` and `templates eject` say where the template goes the same way, with
  /// `--dir`; eject's earlier spelling, the folder after the name, still works, unshown.
  @Test func newAndEjectTakeTheFolderAsDir() throws {
    let dir = try makeTemporaryDirectory()
    let eject = runTool(["templates", "eject", "mvc", "--dir", "Mine"], in: dir)
    #expect(eject.code == 0, "\(eject.err)")
    #expect(FileManager.default.fileExists(atPath: dir + "/Mine/mvc/template.yml"))
    let new = runTool(["templates", "new", "t", "--dir", "Mine"], in: dir)
    #expect(new.code == 0, "\(new.err)")
    #expect(FileManager.default.fileExists(atPath: dir + "/Mine/t/template.yml"))
    let earlier = runTool(["templates", "eject", "mvvm", "Theirs"], in: dir)
    #expect(earlier.code == 0, "\(earlier.err)")
    #expect(FileManager.default.fileExists(atPath: dir + "/Theirs/mvvm/template.yml"))
    let both = runTool(["templates", "eject", "viper", "A", "--dir", "B"], in: dir)
    #expect(both.code == 64)
    #expect(
      both.err.hasPrefix(
        "error: the folder is given twice, with --dir and after the name: give --dir only\n"))
    let help = runTool(["templates", "eject", "--help"], in: dir).out
    #expect(help.contains("USAGE: modulegen templates eject <name> [options]\n"), "\(help)")
    #expect(help.contains("  --dir <dir>  ") && !help.contains("<dir>  The folder"), "\(help)")
  }

  @Test func templateFoldersFromTheCommandLineAreCheckedToo() throws {
    let dir = try makeTemporaryDirectory()
    let control = runTool(["templates", "new", "t", "--dir", "My\nTemplates"], in: dir)
    #expect(control.code == 2)
    #expect(
      control.err
        == "error: the template folder 'My\nTemplates' contains the control character U+000A\n")
    let climbing = runTool(["templates", "eject", "mvc", "--dir", "A/../../B"], in: dir)
    #expect(
      climbing.err
        == "error: the template folder 'A/../../B' goes up with '..' out of its base folder\n")
    // A folder the person names may start above the current one.
    try FileManager.default.createDirectory(
      atPath: dir + "/sub", withIntermediateDirectories: true)
    #expect(runTool(["templates", "new", "t", "--dir", "../Shared"], in: dir + "/sub").code == 0)
    #expect(FileManager.default.fileExists(atPath: dir + "/Shared/t/template.yml"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["Shared", "sub"])
  }

  /// `init` ends with the command to run next, and that command generates a module.
  @Test func whatInitSaysToDoNextWorks() throws {
    let dir = try makeTemporaryDirectory()
    let result = runTool(["init"], in: dir)
    #expect(result.code == 0)
    let next = try #require(result.out.components(separatedBy: "Next: modulegen ").last)
    let words = next.trimmingCharacters(in: .newlines).split(separator: " ").map(String.init)
    let generated = runTool(words + ["--date", "2026-01-02"], in: dir)
    #expect(generated.code == 0, "\(generated.err)")
    #expect(FileManager.default.fileExists(atPath: dir + "/Home/HomeContracts.swift"))
  }

  /// What `gen` would refuse in the config `init` writes is said at once, at its line, as
  /// `validate` says it (as warnings: a template may be made after the config); the defaults
  /// draw none.
  @Test func initWarnsOfWhatGenWouldRefuse() throws {
    let dir = try makeTemporaryDirectory()
    let result = runTool(
      ["init", "--template", "vipr", "--tests-output", "Tests/{{ modul }}"], in: dir)
    #expect(result.code == 0)
    #expect(result.out == "Wrote .modulegen.yml\n" + InitCommand.nextStep)
    #expect(result.err.contains("warning: no template named 'vipr'; did you mean 'viper'?"))
    #expect(result.err.contains("undefined variable 'modul'; did you mean 'module'?"))
    let validate = runTool(["validate", ".modulegen.yml"], in: dir)
    #expect(validate.code == 1)
    #expect(
      result.err
        == validate.err.replacingOccurrences(of: " error: ", with: " warning: ")
        .replacingOccurrences(of: "2 errors in .modulegen.yml\n", with: ""))
    let defaults = runTool(["init", "--force"], in: dir)
    #expect(defaults.code == 0)
    #expect(defaults.err == "")
  }

  /// A folder `gen` would refuse is a warning about the config `init` wrote: it says what is
  /// wrong with the folder, never that nothing was written. `check`, which never writes, says
  /// the same; `gen`, which the refusal stops, says that nothing was written.
  @Test func aRefusedFolderSaysWhatTheCommandDid() throws {
    let dir = try makeTemporaryDirectory()
    try write("not a folder\n", to: dir + "/Tests")
    let result = runTool(
      ["init", "--author", "Ann", "--output", ".modulegen/{{ module }}"], in: dir)
    #expect(result.code == 0)
    #expect(result.out == "Wrote .modulegen.yml\n" + InitCommand.nextStep)
    #expect(
      result.err == """
        .modulegen.yml:5:10: warning: the output folder '.modulegen/Example' is inside .modulegen/, where modulegen keeps the generation record's base copies: generated files never go there; choose another folder
        output: ".modulegen/{{ module }}"
                 ^

        """)
    let blocked = runTool(["init", "--force", "--tests-output", "Tests/{{ module }}"], in: dir)
    #expect(blocked.code == 0)
    #expect(blocked.out == "Wrote .modulegen.yml\n" + InitCommand.nextStep)
    #expect(
      blocked.err
        == "warning: the tests output folder 'Tests/Example' cannot be created: 'Tests' is a file\n"
    )
    try write(
      "template: viper\ntests_output: \"Tests/{{ module }}\"\n", to: dir + "/.modulegen.yml")
    let check = runTool(["check", "Home", "viper"], in: dir)
    #expect(check.code == 2)
    #expect(
      check.err
        == "error: the tests output folder 'Tests/Home' cannot be created: 'Tests' is a file\n")
    let gen = runTool(["gen", "Home", "viper"], in: dir)
    #expect(gen.code == 2)
    #expect(
      gen.err
        == "error: the tests output folder 'Tests/Home' cannot be created: 'Tests' is a file; nothing was written\n"
    )
  }

  @Test func initRefusesALineBreakInsteadOfChangingIt() throws {
    let dir = try makeTemporaryDirectory()
    let result = runTool(["init", "--author", "Ann\nBob"], in: dir)
    #expect(result.code == 64)
    #expect(
      result.err.hasPrefix(
        "error: --author takes one line of text; 'Ann\\nBob' contains a line break\n"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/.modulegen.yml"))
    let gen = runTool(["gen", "Home", "viper", "--company", "A\u{7}B"], in: dir)
    #expect(gen.code == 64)
    #expect(
      gen.err.hasPrefix(
        "error: --company takes one line of text; 'A\\u{07}B' contains the control character U+0007\n"
      ),
      "\(gen.err)")
  }

  @Test(arguments: ["+202-01-01", "2026-1-01", "0000-01-01", "٢٠٢٦-01-01", "2026-02-30"])
  func datesMustBeRealFourDigitDates(_ date: String) throws {
    let dir = try makeTemporaryDirectory()
    let result = runTool(["gen", "Home", "viper", "--date", date, "--dry-run"], in: dir)
    #expect(result.code == 64)
    #expect(
      result.err.hasPrefix(
        "error: --date takes a date as YYYY-MM-DD (years 0001 to 9999), not '\(date)'\n"))
  }

  @Test(arguments: ["-62135596800", "100000000000000", "253402300800", "+5", "1e9", "-1"])
  func sourceDateEpochOutsideTheSupportedRangeIsRefused(_ epoch: String) throws {
    let dir = try makeTemporaryDirectory()
    let result = runTool(
      ["gen", "Home", "viper", "--dry-run"], in: dir, environment: ["SOURCE_DATE_EPOCH": epoch])
    #expect(result.code == 2)
    #expect(
      result.err
        == "error: SOURCE_DATE_EPOCH must be whole seconds since 1970 from 0 to 253402300799 (9999-12-31), not '\(epoch)'\n"
    )
  }

  @Test(arguments: [("0", "1970-01-01"), ("253402300799", "9999-12-31")])
  func sourceDateEpochAtTheEdgesOfTheRange(_ epoch: String, _ date: String) throws {
    let dir = try makeTemporaryDirectory()
    let result = runTool(
      ["gen", "Home", "mvc", "--no-tests"], in: dir, environment: ["SOURCE_DATE_EPOCH": epoch])
    #expect(result.code == 0, "\(result.err)")
    let text = try String(contentsOfFile: dir + "/Home/HomeModel.swift", encoding: .utf8)
    #expect(text.contains(date), "\(text.prefix(200))")
  }

  /// A template copied to another folder of the project's templates, its manifest still naming
  /// it as the original, would be generated from by one name and recorded and checked by the
  /// other: either name is an error at the manifest's `name`, and nothing is written.
  @Test func twoTemplatesOfAFolderWithOneNameAreAnError() throws {
    let dir = try project()
    try FileManager.default.copyItem(
      atPath: dir + "/Templates/t", toPath: dir + "/Templates/t-copy")
    let byFolder = runTool(["gen", "Home", "t-copy"], in: dir)
    #expect(byFolder.code == 2)
    #expect(
      byFolder.err == """
        Templates/t-copy/template.yml:1:7: error: 'Templates/t-copy' and 'Templates/t' are both named 't' in their template.yml: a module records its template by name, so gen and check could take one for the other; give each its own 'name'
        name: t
              ^

        """)
    let byName = runTool(["gen", "Home", "t"], in: dir)
    #expect(byName.code == 2)
    #expect(
      byName.err.hasPrefix(
        "Templates/t/template.yml:1:7: error: 'Templates/t' and 'Templates/t-copy' are both named 't'"
      ), "\(byName.err)")
    #expect(written(dir).isEmpty)
  }

  /// Two files of one template that render one path: the error is the template's, at the second
  /// one's `output`, naming the first; not two modules of the same name.
  @Test func twoFilesOfATemplateWithOnePathAreTheTemplatesError() throws {
    let dir = try project {
      $0.replacingOccurrences(
        of: "    role: test\n",
        with:
          "    role: test\n  - template: Tests/ModuleTests.swift.liquid\n    output: \"{{ module }}.swift\"\n"
      )
    }
    let expected = """
      Templates/t/template.yml:18:13: error: template 't' renders the output path 'Home.swift', which 'Code/Module.swift.liquid' renders too (one file cannot hold both); nothing was written
          output: "{{ module }}.swift"
                  ^

      """
    let gen = runTool(["gen", "Home", "t"], in: dir)
    #expect(gen.code == 2)
    #expect(gen.err == expected)
    #expect(written(dir).isEmpty)
    let lint = runTool(["templates", "lint", "Templates/t"], in: dir)
    #expect(lint.code == 2)
    #expect(
      lint.err.contains("Templates/t/template.yml:18:13: error: template 't' renders"),
      "\(lint.err)")
  }

  /// A folder where the project config belongs (`.modulegen.yml/`, `Rambafile/`) stops every
  /// command that reads the config: passed over, gen went on without the project's settings,
  /// or with those of a folder above, and wrote a module they did not ask for.
  @Test(arguments: [".modulegen.yml", "Rambafile"])
  func aFolderWhereTheConfigBelongsIsAnError(_ name: String) throws {
    let parent = try makeTemporaryDirectory()
    try write("project: Parent\noutput: Elsewhere/{{ module }}\n", to: parent + "/.modulegen.yml")
    let dir = parent + "/App"
    try FileManager.default.createDirectory(
      atPath: dir + "/" + name, withIntermediateDirectories: true)
    let message = "error: '\(name)' is a folder, not a file\n"
    for arguments in [["gen", "Home", "viper"], ["check"], ["update"]] {
      let result = runTool(arguments, in: dir)
      #expect(result.code == 2, "\(arguments)")
      #expect(result.err == message, "\(arguments)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [name])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: parent).sorted() == [
        ".modulegen.yml", "App",
      ])
    let validate = runTool(["validate", "Home.yml"], in: dir)
    #expect(validate.err.contains(message), "\(validate.err)")
  }

  /// A value that YAML reads as a boolean or an integer (`no`, `010`, `0x1F`) is, for a
  /// parameter that is text (a choice, a string), the word the file writes: a choice's `no`
  /// was refused as "'false' is not a value" of a choice that has "no", and a string took
  /// YAML's `true` or `8` for the `yes` or `010` written, silently.
  @Test func aTextParameterTakesAPlainWordAsWritten() throws {
    let dir = try project {
      $0.replacingOccurrences(
        of: "values: [xctest, swift-testing]", with: "values: [\"yes\", \"no\", \"010\"]"
      )
      .replacingOccurrences(of: "default: xctest", with: "default: \"yes\"")
      .replacingOccurrences(
        of: "parameters:\n",
        with: "parameters:\n  - name: title\n    type: string\n    default: \"\"\n")
    }
    try write(
      "// {{ params.tests }} {{ params.title }}\n",
      to: dir + "/Templates/t/Code/Module.swift.liquid")
    let cases: [(spec: String, config: String, expected: String)] = [
      ("params: {tests: no, title: yes}", "", "// no yes"),
      ("params:\n  title: 0x1F # hex", "params:\n  tests: 010 # octal\n", "// 010 0x1F"),
      ("params: {title: true, tests: \"no\"}", "", "// no true"),
      ("params: {title: 42}", "params: {tests: no}\n", "// no 42"),
    ]
    for (spec, config, expected) in cases {
      try write("project: P\n" + config, to: dir + "/.modulegen.yml")
      try write("name: Home\ntemplate: t\n\(spec)\n", to: dir + "/Home.yml")
      // A new module each time: a recorded value outranks the config's.
      for generated in ["Home", ".modulegen", GenerationRecord.fileName] {
        try? FileManager.default.removeItem(atPath: dir + "/" + generated)
      }
      let result = runTool(["gen", "--spec", "Home.yml", "--no-tests"], in: dir)
      #expect(result.code == 0, "\(spec) \(config): \(result.err)")
      #expect(
        (try? String(contentsOfFile: dir + "/Home/Home.swift", encoding: .utf8)) == expected + "\n",
        "\(spec) \(config)")
    }
    // A word that is no value of the choice is named as written.
    try write("project: P\n", to: dir + "/.modulegen.yml")
    try write("name: Home\ntemplate: t\nparams: {tests: off}\n", to: dir + "/Home.yml")
    let result = runTool(["gen", "--spec", "Home.yml", "--force"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err == """
        Home.yml:3:17: error: 'off' is not a value of 'tests' (module spec); template 't' allows: yes, no, 010
        params: {tests: off}
                        ^

        """)
  }

  /// A manifest's choice values and default that YAML reads as booleans say so.
  @Test func aManifestsChoiceValuesYAMLReadsAsBooleansSaySo() throws {
    let dir = try project {
      $0.replacingOccurrences(of: "values: [xctest, swift-testing]", with: "values: [yes, no]")
        .replacingOccurrences(of: "default: xctest", with: "default: yes")
    }
    let result = runTool(["templates", "lint", "Templates/t"], in: dir)
    #expect(result.code != 0)
    #expect(
      result.err.contains(
        "choice values must be strings, found a boolean (YAML reads it as a boolean; quote it)"),
      "\(result.err)")
    #expect(
      result.err.contains(
        "the default does not match the parameter's type 'choice', found a boolean (YAML reads it as a boolean; quote it)"
      ), "\(result.err)")
  }

  /// `key:value` without the space YAML needs after ':' is one word of text to YAML (and to
  /// PyYAML): where a mapping belongs, the error says so and how to write the key.
  @Test func aKeyWithoutASpaceAfterItsColonIsNamed() throws {
    let dir = try makeTemporaryDirectory()
    try write("project:P\n", to: dir + "/.modulegen.yml")
    try write("name:Home\ntemplate:viper\n", to: dir + "/Home.yml")
    try write("name: Home\ntemplate: viper\nparams:\n  ui:swiftui\n", to: dir + "/Params.yml")
    let result = runTool(["validate", ".modulegen.yml", "Home.yml", "Params.yml"], in: dir)
    #expect(result.code == 1)
    for expected in [
      ".modulegen.yml:1:1: error: the project config must be a mapping of settings, found a string; YAML reads 'project:P' as text, a key needing a space after its ':' (project: P)\nproject:P\n^\n",
      "Home.yml:1:1: error: expected a module (a mapping with 'name') or a list of modules, found a string; YAML reads 'name:Home' as text, a key needing a space after its ':' (name: Home)\nname:Home\n^\n",
      "Params.yml:4:3: error: params: 'params' must be a mapping of parameter names to values; YAML reads 'ui:swiftui' as text, a key needing a space after its ':' (ui: swiftui)\n  ui:swiftui\n  ^\n",
    ] {
      #expect(result.err.contains(expected), "\(result.err)")
    }
    // A value that is text with a colon in it gets no such hint.
    try FileManager.default.removeItem(atPath: dir + "/.modulegen.yml")
    try write("- http://example.com\n", to: dir + "/Url.yml")
    #expect(
      runTool(["validate", "Url.yml"], in: dir).err.hasPrefix(
        "Url.yml:1:3: error: [0]: expected a module (a mapping with 'name' and 'template'), found a string\n"
      ))
  }

  /// Declarations that a '>' block or a quoted value folded into one line are an error at the
  /// one that follows the fold, on its own line, saying why: it was at the end of the line
  /// before, with no word of the folding (a plain value's lines already were).
  @Test func declarationsFoldedIntoOneLineAreShownWhereTheyAre() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "name: Home\ntemplate: viper\nview: >\n  func showA()\n  func showB()\n", to: dir + "/a.yml")
    try write(
      "name: Home\ntemplate: viper\nview: \"func showA()\n  func showB()\"\n", to: dir + "/b.yml")
    let hint =
      "; YAML folds the lines of a quoted value or a '>' block into one: write the declarations as a '|' block, one a line"
    let result = runTool(["validate", "a.yml", "b.yml"], in: dir)
    #expect(result.code == 1)
    #expect(
      result.err == """
        a.yml:5:3: error: view: unexpected 'func showB()' after the signature\(hint)
          func showB()
          ^
        1 error in a.yml
        b.yml:4:3: error: view: unexpected 'func showB()' after the signature\(hint)
          func showB()"
          ^
        1 error in b.yml

        """)
    // One broken declaration in a '>' block is at its place, with nothing about folding.
    try write("name: Home\ntemplate: viper\nview: >\n  func showA(x: Int\n", to: dir + "/c.yml")
    #expect(
      runTool(["validate", "c.yml"], in: dir).err.hasPrefix(
        "c.yml:4:20: error: view: expected ',' or ')' after a parameter, found the end\n"))
  }
}
