import Diagnostics

extension TemplatesCommand {
  static let new = Command(
    spec: CommandSpec(
      name: "templates new",
      summary: "Scaffold a new template: a manifest, one file, a partial and a test file.",
      arguments: [.init(name: "name", help: "The new template's name.")],
      options: [.templateFolder, .force],
      examples: [
        (
          "modulegen templates new feature",
          "Creates Templates/feature; try it with 'modulegen gen Home feature'."
        )
      ]),
    run: { arguments, console in
      let name = arguments.positional[0]
      guard SwiftName.isIdentifier(name.replacingAll("-", with: "_")) else {
        throw Diagnostic(message: "template name '\(name)' must be letters, digits, '-' or '_'")
      }
      let (_, config) = try library(console: console)
      let root = try templateFolder(
        arguments.value(.templateFolder), name: name, config: config, console: console)
      let files = scaffold(name)
      let code = try writeAll(
        files, into: root, force: arguments.flag(.force),
        console: console, what: "Created template '\(name)' in")
      // In the project's template folder, `gen` finds it by name.
      if code == ExitCode.success && arguments.value(.templateFolder) == nil {
        console.writeOut(nextStep(name, folder: console.displayPath(root)))
      }
      return code
    })

  /// What to do with a new template: fill it in and try it.
  static func nextStep(_ name: String, folder: String) -> String {
    "Next: edit the files in \(folder), then try it: modulegen gen Home \(name)\n"
  }

  static func scaffold(_ name: String) -> [(String, String)] {
    [
      (
        "template.yml",
        """
        name: \(name)
        summary: A module with one type and a test.
        version: 0.1.0
        parameters:
          - name: tests
            type: choice
            values: [xctest, swift-testing]
            default: xctest
            description: The test framework.
        files:
          - template: Code/Module.swift.liquid
            output: "{{ module }}.swift"
            regenerate: once
          - template: Tests/ModuleTests.swift.liquid
            output: "{{ module }}Tests.swift"
            role: test
            regenerate: once

        """
      ),
      (
        "Code/Module.swift.liquid",
        """
        {% include 'header' %}

        import Foundation

        /// {{ description | default: module }}
        final class {{ module }} {
        {%- for method in presenter %}
          {% include 'todo', method: method %}
        {%- endfor %}
        }

        """
      ),
      (
        "snippets/todo.liquid",
        """
        func {{ method.signature }} {
            // TODO: implement {{ method.selector }}.
          }
        """
      ),
      (
        "Tests/ModuleTests.swift.liquid",
        """
        {% include 'header' %}
        {%- if params.tests == "swift-testing" %}

        import Testing

        @Suite struct {{ module }}Tests {
          @Test func creates() {
            _ = {{ module }}()
          }
        }
        {%- else %}

        import XCTest

        final class {{ module }}Tests: XCTestCase {
          func testCreates() {
            _ = {{ module }}()
          }
        }
        {%- endif %}

        """
      ),
    ]
  }
}
