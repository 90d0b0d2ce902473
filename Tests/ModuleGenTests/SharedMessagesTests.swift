import Diagnostics
import Liquid
import Testing

@testable import ModuleGen

/// The messages raised in more than one place are worded once: each place that raises one
/// says it as its factory does.
struct SharedMessagesTests {
  @Test func aFolderWithoutManifestIsReportedAlikeByLintAndByCompiling() throws {
    let dir = try makeTemporaryDirectory()
    try write("", to: dir + "/Empty/Code/a.liquid")
    let lint = runTool(["templates", "lint", "Empty"], in: dir)
    #expect(lint.code != 0)
    #expect(lint.err.contains(CompiledTemplate.noManifestMessage(in: "Empty")))
    let source = TemplateSource.directory(
      dir + "/Empty", kind: .folder, displayRoot: "Empty", fileSystem: LocalFileSystem())
    #expect(throws: Diagnostic(message: CompiledTemplate.noManifestMessage(in: "Empty"))) {
      try CompiledTemplate.compile(source)
    }
  }

  @Test func aMissingTemplateFileIsReportedAlikeForAManifestAndARambaspec() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "name: t\nfiles:\n  - template: View.liquid\n    output: View.swift\n",
      to: dir + "/t/template.yml")
    let source = TemplateSource.directory(
      dir + "/t", kind: .folder, displayRoot: "t", fileSystem: LocalFileSystem())
    do {
      _ = try CompiledTemplate.compile(source)
      Issue.record("a manifest naming a missing file compiled")
    } catch let error as DiagnosticList {
      #expect(
        error.diagnostics.map(\.message) == [
          CompiledTemplate.missingTemplateFileMessage("View.liquid", in: "t")
        ])
    }

    let spec = try Rambaspec.decode(
      "name: r\ncode_files:\n  - {name: View/View.swift, path: Code/view.swift.liquid}\n",
      file: "r.rambaspec")
    do {
      _ = try spec.manifest(named: "r", files: [], displayRoot: "r", flat: false)
      Issue.record("a .rambaspec naming a missing file was accepted")
    } catch {
      #expect(
        error.diagnostics.map(\.message) == [
          CompiledTemplate.missingTemplateFileMessage("Code/view.swift.liquid", in: "r")
        ])
    }
  }

  @Test func anEmptyStringIsRefusedAlikeByAManifestAndAGenerationRecord() throws {
    do {
      _ = try TemplateManifest.decode("name: ''\nfiles: []\n", file: "template.yml")
      Issue.record("a manifest with an empty name was accepted")
    } catch {
      #expect(
        error.diagnostics.map(\.message) == [
          "name: \(Problems.notANonEmptyStringMessage("name"))"
        ])
    }
    do {
      _ = try GenerationRecord.decode(
        "modules:\n  Home:\n    template: ''\n    created: 2026-01-02\n", file: "r",
        directory: "/p")
      Issue.record("a record with an empty template was accepted")
    } catch {
      #expect(
        error.diagnostics.map(\.message) == [
          "modules.Home: \(Problems.notANonEmptyStringMessage("template"))"
        ])
    }
  }

  @Test func aRambaspecFileEntryNeedsANonEmptyName() {
    do {
      _ = try Rambaspec.decode(
        "name: r\ncode_files:\n  - {name: '', path: a.liquid}\n", file: "r.rambaspec")
      Issue.record("a file entry with an empty name was accepted")
    } catch {
      #expect(
        error.diagnostics.map(\.message) == [
          "code_files[0].name: \(Problems.notANonEmptyStringMessage("name", found: .string("")))"
        ])
    }
  }
}
