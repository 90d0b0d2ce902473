import Testing

@testable import ModuleGen

/// The keys of `.modulegen.yml` are declared once (`ProjectConfig+Keys.swift`); the reference
/// table in Templates/README.md is made from the declarations (`MODULEGEN_RECORD=1` re-writes it
/// and fails, so that a recording is never silently accepted).
@Suite struct ProjectConfigKeysTests {
  @Test func readmeTableMatchesTheDeclarations() throws {
    try ReadmeTable(
      start: "<!-- config keys: generated from ProjectConfig+Keys.swift -->",
      end: "<!-- end of config keys -->", suite: "ProjectConfigKeysTests"
    ).check(ProjectConfig.referenceTable)
  }

  @Test func keysAreUniqueAndEachIsRead() throws {
    let names = ProjectConfig.keys.map(\.name)
    #expect(Set(names).count == names.count)
    // Every declared key decodes: a config with all of them reads back without problems.
    let config = try ProjectConfig.decode(
      """
      author: A
      company: C
      project: P
      module: M
      header: H
      prefix: AC
      template: viper
      params: {ui: uikit}
      output: Out
      tests_output: OutTests
      package: Packages/Features
      templates: [T]
      generamba: {}
      xcodeproj: App.xcodeproj
      targets: App
      test_targets: [AppTests]
      group: G
      tests_group: GT
      """, file: "c.yml")
    #expect(names.count == 18)
    #expect(config.author == "A" && config.company == "C" && config.project == "P")
    #expect(config.module == "M" && config.header == "H" && config.prefix == "AC")
    #expect(
      config.template == "viper" && config.output == "Out" && config.testsOutput == "OutTests")
    #expect(config.params.map(\.name) == ["ui"] && config.templateFolders == ["T"])
    #expect(config.package == "Packages/Features")
    #expect(config.generamba != nil)
    #expect(config.xcode.project == "App.xcodeproj" && config.xcode.targets == ["App"])
    #expect(config.xcode.testTargets == ["AppTests"])
    #expect(config.xcode.group == "G" && config.xcode.testsGroup == "GT")
  }

  @Test func anUnknownKeyIsSuggestedFromTheDeclarations() {
    do {
      _ = try ProjectConfig.decode("tests_outptu: x\n", file: "c.yml")
      Issue.record("an unknown key was accepted")
    } catch {
      #expect(
        error.diagnostics.map(\.message) == [
          "unknown key 'tests_outptu' in the project config; did you mean 'tests_output'?"
        ])
    }
  }
}
