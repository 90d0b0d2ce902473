import Foundation
import Testing

@testable import ModuleGen

/// `validate` reports every problem of a file in one run: a mistake in one key or module hides
/// none in another.
@Suite struct ValidateEveryProblemTests {
  /// A file `validate` cannot read (not there, a folder) is trouble, exit 2 as the exit-code
  /// table has it, not an answer about the file (1): it exited 1, as for a spec with a
  /// mistake. The other files are still checked and reported.
  @Test func aFileThatCannotBeReadIsExit2() throws {
    let dir = try makeTemporaryDirectory()
    try write("name: Home\ntemplate: viper\n", to: dir + "/Home.yml")
    try write("name: Cart\ntemplate: viperr\n", to: dir + "/Cart.yml")
    try FileManager.default.createDirectory(
      atPath: dir + "/Folder.yml", withIntermediateDirectories: true)
    for missing in ["missing.yml", "Folder.yml"] {
      let result = runTool(["validate", "Home.yml", missing, "Cart.yml"], in: dir)
      #expect(result.code == ExitCode.error, "\(missing)")
      #expect(result.out == "Home.yml: ok (1 module)\n", "\(missing)")
      #expect(result.err.contains("Cart.yml:2:11: error: "), "\(result.err)")
    }
    #expect(runTool(["validate", "Home.yml", "Cart.yml"], in: dir).code == ExitCode.failure)
  }

  @Test func aConfigWithThreeMistakesTakesOneRun() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "templat: viper\noutput: \"{{ module \"\ntemplates: [Nope]\n", to: dir + "/.modulegen.yml")
    let result = runTool(["validate", ".modulegen.yml"], in: dir)
    #expect(result.code == 1)
    #expect(
      result.err == """
        .modulegen.yml:1:1: error: unknown key 'templat' in the project config; did you mean 'template'?
        templat: viper
        ^
        .modulegen.yml:2:10: error: the output folder pattern '{{ module ': output '{{' was never closed with '}}'
        output: "{{ module "
                 ^
        .modulegen.yml:3:13: error: template folder 'Nope' does not exist
        templates: [Nope]
                    ^
        3 errors in .modulegen.yml

        """)
  }

  @Test func aMistakeInOneModuleHidesNoneInAnother() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      """
      modules:
        - name: Home
          template: viperr
        - name: Cart
          template: mvc
          viw: []
        - name: List
          template: mvvm
          params:
            ui: nope

      """, to: dir + "/modules.yml")
    let result = runTool(["validate", "modules.yml"], in: dir)
    #expect(result.code == 1)
    #expect(
      result.err == """
        modules.yml:3:15: error: no template named 'viperr'; did you mean 'viper'? (available: mvc, mvp, mvvm, viper)
            template: viperr
                      ^
        modules.yml:6:5: error: modules[1]: unknown key 'viw' in a module; did you mean 'view'?
            viw: []
            ^
        modules.yml:10:11: error: 'nope' is not a value of 'ui' (module spec); template 'mvvm' allows: uikit, swiftui
              ui: nope
                  ^
        3 errors in modules.yml

        """)
  }

  @Test func aModuleWithAMistakeIsNotPlannedToo() throws {
    let dir = try makeTemporaryDirectory()
    // The unknown key is the module's only problem: its unknown template is not reported as
    // well (it was not read as meant, so planning it would say more than it should).
    try write("name: Home\ntemplate: nope\nviw: []\n", to: dir + "/home.yml")
    let result = runTool(["validate", "home.yml", "--format", "json"], in: dir)
    #expect(result.code == 1)
    let report = try DecodedReport(result.out, command: "validate", code: result.code)
    #expect(
      report.diagnostics.map(\.description) == [
        "error home.yml:3:1 unknown key 'viw' in a module; did you mean 'view'?"
      ])
  }
}
