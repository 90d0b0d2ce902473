import Foundation
import Liquid
import Testing

@testable import ModuleGen

/// Markup Generamba's lax Liquid accepts and modulegen refuses: the error stays, with a note
/// that names the construct and the fix.
@Suite struct GenerambaLiquidHintsTests {
  static func explained(_ text: String) -> String {
    do {
      _ = try Template(
        parsing: text, name: "t.liquid", environment: LiquidEnvironment(filters: .moduleGen))
      return "parsed"
    } catch {
      return GenerambaLiquidHints.explain(error.diagnostic).notes.joined(separator: "\n")
    }
  }

  @Test(arguments: [
    (
      "{% for i in 1..3 %}{{ i }}{% endfor %}",
      "note: a range needs parentheses: write '(1..3)'. Generamba's lax parser reads '1..3' without them as a number or a variable, not a range"
    ),
    (
      "{% assign r = a..b %}",
      "note: a range needs parentheses: write '(a..b)'. Generamba's lax parser reads 'a..b' without them as a number or a variable, not a range"
    ),
    (
      "{{ name | append: \"a\", }}",
      "note: remove the ',' after the filter's last argument; Generamba's lax parser ignores it"
    ),
    (
      "{{ name | append: \"a\": }}",
      "note: remove the ':' after the filter's last argument; Generamba's lax parser ignores it"
    ),
    (
      "{{ name | truncate: 3, }}",
      "note: remove the ',' after the filter's last argument; Generamba's lax parser ignores it"
    ),
    (
      "{{ name | frobnicate }}",
      "note: Generamba's Liquid passes a value through an unknown filter unchanged; remove the filter (or correct its name) to get what Generamba wrote"
    ),
    (
      "{{ name | append \"x\" }}",
      "note: write ':' between the filter and its arguments ('append: …'). Generamba's lax parser drops arguments given without it (the filter runs without them, or writes a Liquid error into the file)"
    ),
    (
      "{{ name | truncate 5 }}",
      "note: write ':' between the filter and its arguments ('truncate: …'). Generamba's lax parser drops arguments given without it (the filter runs without them, or writes a Liquid error into the file)"
    ),
    ("{% if %}", ""),
    ("{{ name | upcase }}", "parsed"),
  ])
  func laxConstructs(text: String, note: String) {
    #expect(Self.explained(text) == note)
  }

  @Test func aGenerambaTemplateWithALaxConstructFailsWithTheFix() throws {
    let project = try GenerambaProject(
      rambafile: "project_name: Acme\nproject_file_path: Modules\n")
    try write(
      "// {{ module_info.name | append: \"View\", }}\n",
      to: project.dir + "/Templates/feature_tour/Code/Model.swift.liquid")
    let result = project.run(["gen", "Profile", "feature_tour"])
    #expect(result.code == 2)
    #expect(
      result.err.contains(
        """
        Templates/feature_tour/Code/Model.swift.liquid:1:42: error: expected a value, found end of markup
        // {{ module_info.name | append: "View", }}
                                                 ^
        note: remove the ',' after the filter's last argument; Generamba's lax parser ignores it
        """), "\(result.err)")
    #expect(project.generatedFiles.isEmpty)
  }
}
