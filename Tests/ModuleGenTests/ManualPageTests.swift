import Foundation
import Testing

@testable import ModuleGen

/// The man page is made from the help text; these tests read it the way `man` shows it (groff)
/// and check that it says, word for word, what `--help` says.
@Suite struct ManualPageTests {
  static var page: String { runTool([ManualPage.option], in: "/").out }

  /// groff's rendering of roff `source` as plain text, without hyphenation or bold; nil when
  /// groff is not installed.
  static func rendered(_ source: String) throws -> String? {
    guard
      let groff = ["/usr/bin/groff", "/usr/local/bin/groff", "/opt/homebrew/bin/groff"].first(
        where: FileManager.default.isExecutableFile(atPath:))
    else {
      // CI runs on a machine with groff (Debian's groff-base, which man needs); there it must be.
      #expect(ProcessInfo.processInfo.environment["CI"] == nil, "groff is required")
      return nil
    }
    let dir = try makeTemporaryDirectory()
    try source.write(toFile: dir + "/page.1", atomically: true, encoding: .utf8)
    let (status, output) = try GeneratedCodeTests.shell(
      "'\(groff)' -man -Tutf8 -rHY=0 -rLL=1000n -ww -P-cbou page.1", in: dir)
    #expect(status == 0, "\(output)")
    return output
  }

  /// Words, with the typographic forms groff may print turned back into ASCII.
  static func words(_ text: String) -> [String] {
    text.replacingOccurrences(of: "\u{2019}", with: "'").replacingOccurrences(
      of: "\u{2010}", with: "-"
    )
    .replacingOccurrences(of: "\u{2212}", with: "-").lowercased()
    .split(whereSeparator: \.isWhitespace).map(String.init)
  }

  /// The roff of one `.SS` subsection of the page.
  static func subsection(_ title: String, in page: String) -> String? {
    guard let start = page.range(of: ".SS \"\(title)\"\n") else { return nil }
    let rest = page[start.upperBound...]
    let end =
      [rest.range(of: "\n.SS ")?.lowerBound, rest.range(of: "\n.SH ")?.lowerBound]
      .compactMap { $0 }.min() ?? rest.endIndex
    return String(rest[..<end])
  }

  @Test func everyCommandsSectionSaysWordForWordWhatItsHelpSays() throws {
    let page = Self.page
    for command in CommandLineTool.allCommands {
      let name = command.spec.name
      let help = runTool(name.split(separator: " ").map(String.init) + ["--help"], in: "/")
      #expect(help.code == 0)
      let section = try #require(Self.subsection("modulegen \(name)", in: page), "no \(name)")
      guard let text = try Self.rendered(".TH T 1\n" + section) else { return }
      // Without groff's page header and footer lines.
      let lines = text.split(separator: "\n").filter {
        !$0.trimmingCharacters(in: .whitespaces).isEmpty
      }
      let body = lines.dropFirst().dropLast().joined(separator: "\n")
      let expected = Self.words(help.out).filter { $0 != "overview:" }
      let actual = Self.words(body)
      if actual != expected {
        let at =
          zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
          ?? min(actual.count, expected.count)
        Issue.record(
          """
          the man page's section for '\(name)' differs from its --help at word \(at):
          man page: \(actual.dropFirst(at).prefix(10).joined(separator: " "))
          --help:   \(expected.dropFirst(at).prefix(10).joined(separator: " "))
          """)
      }
    }
  }

  @Test func theOverviewsCommandsAndOptionsAreInThePage() throws {
    let page = Self.page
    let overview = HelpDocument(parsing: runTool(["--help"], in: "/").out)
    var rows: [HelpDocument.Row] = []
    for case .rows(let section) in overview.section("COMMANDS") + overview.section("OPTIONS") {
      rows += section
    }
    #expect(rows.count == CommandLineTool.commands.count + 2)
    for row in rows {
      #expect(
        page.contains(
          ".TP\n\\fB\(ManualPage.escape(row.label))\\fR\n\(ManualPage.escape(row.help))\n"))
    }
    #expect(
      page.hasPrefix(
        """
        .TH MODULEGEN 1 "" "modulegen \(CommandLineTool.version)" "User Commands"
        .SH NAME
        modulegen \\- generates iOS modules (VIPER, MVP, MVVM, MVC) with mocks and tests from Liquid templates and module specs
        .SH SYNOPSIS
        modulegen <command> [options]
        .SH DESCRIPTION

        """))
    for heading in ["COMMANDS", "OPTIONS", "EXAMPLES", "EXIT STATUS", "ENVIRONMENT", "FILES"] {
      #expect(page.contains("\n.SH \(heading)\n"))
    }
    var examples: [HelpDocument.Example] = []
    for case .examples(let section) in overview.section("EXAMPLES") { examples += section }
    #expect(examples.map(\.command) == CommandLineTool.examples.map(\.command))
    for example in examples {
      #expect(page.contains(ManualPage.escape(example.command) + "\n"))
      #expect(page.contains(ManualPage.escape("    " + example.meaning) + "\n"))
    }
  }

  /// The overview's examples, run one after the other in a new folder, do what they say.
  @Test func theOverviewsExamplesWorkInANewFolder() throws {
    let dir = try makeTemporaryDirectory()
    try write("modules:\n  - name: Settings\n    template: mvvm\n", to: dir + "/Specs/modules.yml")
    for example in CommandLineTool.examples {
      let words = example.command.split(separator: " ").dropFirst().map(String.init)
      let run = runTool(words, in: dir)
      #expect(run.code == 0, "\(example.command): \(run.err)")
    }
    #expect(FileManager.default.fileExists(atPath: dir + "/.modulegen.yml"))
    #expect(FileManager.default.fileExists(atPath: dir + "/Home/HomePresenter.swift"))
    #expect(FileManager.default.fileExists(atPath: dir + "/Settings/SettingsViewModel.swift"))
    try write("// drifted\n", to: dir + "/Home/HomeContracts.swift")
    #expect(runTool(["check"], in: dir).code == 1)
  }

  @Test func groffReadsThePageWithoutAWarning() throws {
    let page = Self.page
    guard let text = try Self.rendered(page) else { return }
    #expect(!text.contains(": warning:"), "\(text.split(separator: "\n").prefix(5))")
    #expect(text.contains("modulegen - generates iOS modules"))
    #expect(text.contains("--tests-output <dir>"))
    #expect(text.contains("    modulegen gen Home viper\n"))
  }

  @Test func theOptionIsHiddenFromHelpAndCompletions() {
    #expect(!runTool(["--help"], in: "/").out.contains(ManualPage.option))
    #expect(!runTool(["completions", "bash"], in: "/").out.contains(ManualPage.option))
    #expect(runTool([ManualPage.option], in: "/").code == 0)
  }

  @Test func roffControlCharactersAreEscaped() {
    #expect(ManualPage.escape("--set a\\b") == "\\-\\-set a\\eb")
    #expect(ManualPage.escape(".modulegen.yml is read") == "\\&.modulegen.yml is read")
    #expect(ManualPage.escape("'quoted' start") == "\\&'quoted' start")
    #expect(ManualPage.escape("it's fine") == "it's fine")
  }

  @Test func helpTextIsReadBackIntoItsParts() {
    let text = """
      OVERVIEW: Do a thing
      over two lines.

      A paragraph
      that goes on.

      USAGE: modulegen thing <name> [options]

      OPTIONS:
        -h, --help                Show this help.
        --a-very-long-option-name <value>
                                  Its help, on the next line.

      EXAMPLES:
        modulegen thing a
            Meaning of a.
        modulegen thing b

      """
    #expect(
      HelpDocument(parsing: text).blocks == [
        .heading("OVERVIEW"), .paragraph("Do a thing over two lines."),
        .paragraph("A paragraph that goes on."),
        .heading("USAGE"), .paragraph("modulegen thing <name> [options]"),
        .heading("OPTIONS"),
        .rows([
          .init(label: "-h, --help", help: "Show this help."),
          .init(label: "--a-very-long-option-name <value>", help: "Its help, on the next line."),
        ]),
        .heading("EXAMPLES"),
        .examples([
          .init(command: "modulegen thing a", meaning: "Meaning of a."),
          .init(command: "modulegen thing b", meaning: ""),
        ]),
      ])
  }
}
