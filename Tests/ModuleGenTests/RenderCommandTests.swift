import Diagnostics
import Foundation
import Liquid
import Testing

@testable import ModuleGen

@Suite struct RenderCommandTests {
  @Test func rendersWithDataAndPartials() throws {
    let dir = try makeTemporaryDirectory()
    try write("Hi {{ user.name | upcase }}{% render 'sig', n: user.name %}", to: dir + "/t.liquid")
    try write("{\"user\": {\"name\": \"ann\"}}", to: dir + "/data.json")
    try write(" -- {{ n }}", to: dir + "/snippets/sig.liquid")
    let result = runTool(
      ["render", "t.liquid", "--data", "data.json", "--partials", "snippets"], in: dir)
    #expect(result.code == 0)
    #expect(result.out == "Hi ANN -- ann")
    #expect(result.err.isEmpty)
  }

  /// A partial that is not in the `--partials` folders is suggested from those it has.
  @Test func aMissingPartialSuggestsOneOfTheFolders() throws {
    let dir = try makeTemporaryDirectory()
    try write("{% render 'signatur' %}", to: dir + "/t.liquid")
    try write("--", to: dir + "/snippets/signature.liquid")
    let result = runTool(["render", "t.liquid", "--partials", "snippets"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err.hasPrefix(
        "t.liquid:1:11: error: partial 'signatur' not found (looked for it in 'snippets'); did you mean 'signature'?\n{% render 'signatur' %}\n"
      ), "\(result.err)")
  }

  @Test func yamlData() throws {
    let dir = try makeTemporaryDirectory()
    try write("name: home screen\nitems: [1, 2]\nflag: yes\n", to: dir + "/d.yml")
    let result = runTool(
      ["render", "-", "--data", "d.yml"], in: dir,
      stdin: "{{ name | pascal_case }} {{ items | join: '+' }} {{ flag }}")
    #expect(result.out == "HomeScreen 1+2 true")
  }

  @Test func readsTheTemplateFromStdin() {
    let result = runTool(["render", "-"], in: "/", stdin: "{{ 'home screen' | pascal_case }}")
    #expect(result.code == 0)
    #expect(result.out == "HomeScreen")
  }

  @Test func templateErrorExitsOneWithADiagnostic() throws {
    let dir = try makeTemporaryDirectory()
    try write("ok\n{{ x | upcse }}\n", to: dir + "/t.liquid")
    let result = runTool(["render", "t.liquid"], in: dir)
    #expect(result.code == 2)
    #expect(result.out.isEmpty)
    #expect(
      result.err == """
        t.liquid:2:8: error: unknown filter 'upcse'; did you mean 'upcase'?
        {{ x | upcse }}
               ^

        """)
  }

  /// An error in a partial, or a partial not found, names the partials folder as the command
  /// line gives it, as it names the template: it was the folder's absolute path.
  @Test func aPartialsErrorIsShownUnderItsFolderAsGiven() throws {
    let dir = try makeTemporaryDirectory()
    try write("{% include 'sig' %}\n", to: dir + "/t.liquid")
    try write("ok\n{{ x | upcse }}\n", to: dir + "/snippets/sig.liquid")
    let result = runTool(["render", "t.liquid", "--partials", "snippets"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err == """
        snippets/sig.liquid:2:8: error: unknown filter 'upcse'; did you mean 'upcase'?
        {{ x | upcse }}
               ^
        note: included from t.liquid:1:12

        """)
    try write("{% include 'nope' %}\n", to: dir + "/t.liquid")
    #expect(
      runTool(["render", "t.liquid", "--partials", "snippets"], in: dir).err.hasPrefix(
        "t.liquid:1:12: error: partial 'nope' not found (looked for it in 'snippets')\n"))
  }

  @Test func strictVariables() {
    let result = runTool(["render", "-", "--strict-variables"], in: "/", stdin: "{{ missing }}")
    #expect(result.code == 2)
    #expect(result.err.hasPrefix("<stdin>:1:4: error: undefined variable 'missing'"))
    #expect(runTool(["render", "-"], in: "/", stdin: "[{{ missing }}]").out == "[]")
  }

  @Test func badDataIsReportedWhereItIs() throws {
    let dir = try makeTemporaryDirectory()
    try write("{\n  \"a\": 1,\n  \"a\": 2\n}", to: dir + "/d.json")
    let result = runTool(["render", "-", "--data", "d.json"], in: dir, stdin: "x")
    #expect(result.code == 2)
    #expect(result.err.hasPrefix("d.json:3:3: error: duplicate key 'a'\n  \"a\": 2\n  ^"))
  }

  /// `--module NAME`: the variables a recorded module's files render with, from its spec,
  /// template and recorded parameters, for a template author trying a snippet on a real module.
  @Test func aRecordedModulesVariables() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "name: Home\ntemplate: mvvm\nparams: {binding: combine}\nview_model: |\n  func refresh()\n  func select(id: Int)\n",
      to: dir + "/Home.yml")
    #expect(runTool(["gen", "--spec", "Home.yml", "--project", "App"], in: dir).code == 0)
    let result = runTool(
      ["render", "-", "--module", "Home"], in: dir,
      stdin: "{{ module }} {{ params.binding }} {{ template }} {{ project }}")
    #expect(result.err == "")
    #expect(result.out == "Home combine mvvm App")
    // The snippets its template includes are there too.
    let header = runTool(
      ["render", "-", "--module", "Home"], in: dir,
      stdin: "{% include 'header', file_name: 'X.swift' %}")
    #expect(header.out.hasPrefix("//\n//  X.swift\n//  App\n"), "\(header.err)")
    // …and the project's own header, as its files have it.
    try write(
      "header: |\n  // {{ file_name }} of {{ module }}, ACME\n", to: dir + "/.modulegen.yml")
    let ownHeader = runTool(
      ["render", "-", "--module", "Home"], in: dir,
      stdin: "{% include 'header', file_name: 'X.swift' %}")
    #expect(ownHeader.out == "// X.swift of Home, ACME\n", "\(ownHeader.err)")
    try FileManager.default.removeItem(atPath: dir + "/.modulegen.yml")
    let misspelt = runTool(["render", "-", "--module", "Hom"], in: dir, stdin: "x")
    #expect(misspelt.code == 2)
    #expect(
      misspelt.err
        == "error: \(GenerationSetup.unrecordedNameMessage("Hom", suggestion: "; did you mean 'Home'?"))\n"
    )
    let both = runTool(
      ["render", "-", "--module", "Home", "--data", "d.json"], in: dir, stdin: "x")
    #expect(both.code == 64)
    #expect(both.err.hasPrefix("error: --module and --data are two sources of variables; give one"))
  }

  @Test func missingFilesAndBadArguments() throws {
    let dir = try makeTemporaryDirectory()
    #expect(
      runTool(["render", "nope.liquid"], in: dir).err
        == "\(Diagnostic(message: LocalFileSystem.noSuchFileMessage("nope.liquid")))\n"
    )
    let usage = runTool(["render", "x", "--dat", "y"], in: dir)
    #expect(usage.code == 64)
    #expect(
      usage.err.hasPrefix(
        "error: \(UsageError.unknownOptionMessage("--dat")); did you mean '--data'?\n"
          + "usage: modulegen render"))
    #expect(runTool(["render"], in: dir).code == 64)
    #expect(
      runTool(["rendr"], in: dir).err.hasPrefix(
        "error: \(UsageError.unknownCommandMessage("rendr")); did you mean 'render'?"))
  }

  @Test func helpAndVersionGoToStdout() {
    let help = runTool(["render", "--help"], in: "/")
    #expect(help.code == 0)
    #expect(help.out.contains("USAGE: modulegen render <template> [options]"))
    #expect(help.out.contains("EXAMPLES:"))
    #expect(runTool(["help", "render"], in: "/").out == help.out)
    #expect(runTool(["--version"], in: "/").out == "modulegen \(CommandLineTool.version)\n")
  }

  @Test func colourOnlyOnATerminalAndNeverWithNoColor() {
    let plain = Console(
      writeOut: { _ in }, writeError: { _ in }, errorIsTerminal: false, currentDirectory: "/")
    #expect(!plain.useColor)
    var terminal = plain
    terminal.errorIsTerminal = true
    #expect(terminal.useColor)
    terminal.environment["NO_COLOR"] = "1"
    #expect(!terminal.useColor)
  }

  @Test func theBuiltBinaryWritesTheOutputByteForByte() throws {
    let dir = try makeTemporaryDirectory()
    let template = "no newline at the end, ünïcödé, \r\n and {{ 'x' }}"
    try write(template, to: dir + "/t.liquid")
    let result = try runBinary(["render", "t.liquid"], in: dir)
    #expect(result.code == 0)
    #expect(result.out == Data("no newline at the end, ünïcödé, \r\n and x".utf8))
    let failure = try runBinary(["render", "missing.liquid"], in: dir)
    #expect(failure.code == 2)
    #expect(failure.out.isEmpty)
    #expect(
      failure.err == "\(Diagnostic(message: LocalFileSystem.noSuchFileMessage("missing.liquid")))\n"
    )
  }
}
