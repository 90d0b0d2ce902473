import Diagnostics
import Foundation
import Liquid
import Testing

@testable import ModuleGen

/// `modulegen migrate`: .modulegen.yml from the Rambafile, a template.yml beside each
/// .rambaspec, and then `gen` writes the same bytes, with neither Generamba file needed.
@Suite struct MigrateTests {
  typealias Fixture = GenerambaFixtureTests

  /// The fixture project with every catalog template, migrated.
  static func migrated(_ project: Fixture.Project) throws -> GenerambaProject {
    let migrated = try GenerambaProject(
      rambafile: try String(
        contentsOfFile: Fixture.fixtures + "/Rambafile." + project.name, encoding: .utf8),
      templates: Fixture.templates, from: Fixture.fixtures + "/templates")
    let result = migrated.run(["migrate"])
    #expect(result.code == 0, "\(result.err)")
    #expect(
      result.out
        == "  create .modulegen.yml\n"
        + Fixture.templates.map { "  create Templates/\($0)/template.yml\n" }.joined()
        + "Migrated: gen reads .modulegen.yml now; the Rambafile and the .rambaspec files stay for Generamba.\n"
    )
    return migrated
  }

  @Test(arguments: Fixture.projects)
  func genWritesTheSameBytesAfterMigrating(project: Fixture.Project) throws {
    let migrated = try Self.migrated(project)
    // Neither Generamba file is needed any more: remove them, so that only what migrate wrote
    // can produce the files.
    try FileManager.default.removeItem(atPath: migrated.dir + "/Rambafile")
    for template in Fixture.templates {
      try FileManager.default.removeItem(
        atPath: "\(migrated.dir)/Templates/\(template)/\(template).rambaspec")
    }
    for template in Fixture.templates {
      let dir = try makeTemporaryDirectory() + "/project"
      try FileManager.default.copyItem(atPath: migrated.dir, toPath: dir)
      let result = runTool(
        ["gen", project.module, template] + project.arguments + ["--date", "2026-03-14"], in: dir)
      #expect(result.code == 0, "\(result.err)")
      let expected = try Fixture.expected(project, template: template)
      let generated = try Fixture.generated(dir).filter { !$0.key.hasPrefix(".modulegen") }
      #expect(Set(generated.keys) == Set(expected.keys), "\(template)")
      for (path, bytes) in expected {
        #expect(generated[path] == bytes, "\(path) differs after migrating")
      }
    }
  }

  /// A module generated with Generamba's options before migrating is up to date after it, and
  /// its record stays as it was: the template's version is carried over, and the description
  /// and custom parameters given on the command line are the module's.
  @Test func aModuleGeneratedBeforeMigratingKeepsItsRecord() throws {
    let project = Fixture.projects[1]
    let dir = try GenerambaProject(
      rambafile: try String(
        contentsOfFile: Fixture.fixtures + "/Rambafile." + project.name, encoding: .utf8),
      templates: ["swifty_viper"], from: Fixture.fixtures + "/templates")
    let first = dir.run(
      ["gen", project.module, "swifty_viper"] + project.arguments + ["--date", "2026-03-14"])
    #expect(first.code == 0, "\(first.err)")
    let record = dir.read(GenerationRecord.fileName) ?? ""
    #expect(record.contains("    template_version: \"0.1.0\"\n"))
    #expect(dir.run(["migrate"]).code == 0)
    let check = dir.run(["check"])
    #expect(check.code == 0, "\(check.out)\(check.err)")
    #expect(check.out == "Up to date: 17 files of 1 module.\n")
    let again = dir.run(["gen"])
    #expect(again.code == 0, "\(again.err)")
    #expect(dir.read(GenerationRecord.fileName) == record)
  }

  @Test func theConfigSaysWhatTheRambafileSays() throws {
    let migrated = try Self.migrated(Fixture.projects[0])
    #expect(
      migrated.read(".modulegen.yml") == """
        # Written by `modulegen migrate` from the Rambafile, which stays for Generamba; modulegen
        # reads this file instead while it exists.
        author: "Jane Appleseed"
        company: "Acme Corp"
        project: AcmeApp
        prefix: AC
        output: "AcmeApp/Modules/{{ module }}"
        tests_output: "AcmeAppTests/Modules/{{ module }}"
        generamba:
          xcodeproj_path: AcmeApp.xcodeproj
          project_targets: [AcmeApp]
          test_targets: [AcmeAppTests]
          project_group_path: AcmeApp/Modules
          test_group_path: AcmeAppTests/Modules
          templates:
            - {name: swifty_viper}

        """)
    #expect(
      migrated.read("Templates/swifty_viper/template.yml")?.hasPrefix(
        """
        # Written by `modulegen migrate` from swifty_viper.rambaspec, which stays for Generamba.
        # The files a developer fills in (names ending in Presenter, Interactor, Router, Wireframe,
        # Coordinator, View, Controller, Model, Entity, DisplayNode, Cell, Input, Output, and every
        # test) are 'regenerate: once': created when missing, then yours. The others are regenerated
        # on every run.
        name: swifty_viper
        summary: "Swift VIPER module template with UIViewController playing as a View."
        version: "0.1.0"
        variables: generamba
        files:
          - template: Code/View/view_input.swift.liquid
            output: "View/{{ prefix }}{{ module_info.name }}ViewInput.swift"

        """) == true)
    // The files a developer fills in are theirs once created; the wiring stays modulegen's.
    let manifest = try TemplateManifest.decode(
      migrated.read("Templates/swifty_viper/template.yml") ?? "", file: "template.yml")
    let once = manifest.files.filter { $0.regenerate == .once }.map(\.template)
    #expect(
      once == [
        "Code/View/view_input.swift.liquid", "Code/View/view_output.swift.liquid",
        "Code/View/viewcontroller.swift.liquid", "Code/Presenter/module_input.swift.liquid",
        "Code/Presenter/presenter.swift.liquid", "Code/Interactor/interactor_input.swift.liquid",
        "Code/Interactor/interactor_output.swift.liquid", "Code/Interactor/interactor.swift.liquid",
        "Code/Router/router_input.swift.liquid", "Code/Router/router.swift.liquid",
        "Tests/Configurator/configurator_tests.swift.liquid", "Tests/View/view_tests.swift.liquid",
        "Tests/Interactor/interactor_tests.swift.liquid",
        "Tests/Presenter/presenter_tests.swift.liquid", "Tests/Router/router_tests.swift.liquid",
      ])
    #expect(manifest.files.count == 17)
    // Migrating again changes nothing.
    #expect(migrated.run(["migrate"]).out.hasPrefix("  unchanged .modulegen.yml\n"))
  }

  @Test func conditionalEntriesBecomeWhenAndOtherLiquidStaysAGenerambaTemplate() throws {
    let project = try GenerambaProject(
      rambafile: "project_name: Acme\nprefix: rds\nproject_file_path: Modules\n",
      templates: ["feature_tour"])
    // feature_tour's custom_name uses {% raw %}: it stays a .rambaspec template.
    try FileManager.default.copyItem(
      atPath: project.dir + "/Templates/feature_tour", toPath: project.dir + "/Templates/simple")
    try write(
      """
      name: simple
      code_files:
      - {name: View/ViewController.swift, path: Code/view_controller.swift.liquid}
      - {name: View/View.xib, path: Code/view.xib.liquid, is_resource: true}
      {% if custom_parameters.with_router %}
      - {name: Router/Router.swift, path: Code/router.swift.liquid}
      {% endif %}

      """, to: project.dir + "/Templates/simple/simple.rambaspec")
    try FileManager.default.removeItem(
      atPath: project.dir + "/Templates/simple/feature_tour.rambaspec")
    let result = project.run(["migrate"])
    #expect(result.code == 0, "\(result.err)")
    #expect(
      result.err.contains(
        "note: Templates/feature_tour/feature_tour.rambaspec uses Liquid that a template.yml cannot say; it stays a Generamba template, which gen reads as before"
      ))
    #expect(project.read("Templates/feature_tour/template.yml") == nil)
    #expect(
      project.read("Templates/simple/template.yml") == """
        # Written by `modulegen migrate` from simple.rambaspec, which stays for Generamba.
        # The files a developer fills in (names ending in Presenter, Interactor, Router, Wireframe,
        # Coordinator, View, Controller, Model, Entity, DisplayNode, Cell, Input, Output, and every
        # test) are 'regenerate: once': created when missing, then yours. The others are regenerated
        # on every run.
        name: simple
        variables: generamba
        files:
          - template: Code/view_controller.swift.liquid
            output: "View/{{ prefix }}{{ module_info.name }}ViewController.swift"
            regenerate: once
          - template: Code/view.xib.liquid
            output: "View/{{ prefix }}{{ module_info.name }}View.xib"
            resource: true
            regenerate: once
          - template: Code/router.swift.liquid
            output: "Router/{{ prefix }}{{ module_info.name }}Router.swift"
            regenerate: once
            when: "custom_parameters.with_router"

        """)
    // 'rds' cannot start a Swift type name: it stays Generamba's prefix only.
    #expect(project.read(".modulegen.yml")?.contains("generamba:\n  prefix: rds\n") == true)
    let gen = project.run([
      "gen", "Home", "simple", "--date", "2026-03-14", "--custom_parameters", "with_router:1",
    ])
    #expect(gen.code == 0, "\(gen.err)")
    #expect(
      project.generatedFiles == [
        "Modules/Home/Router/rdsHomeRouter.swift", "Modules/Home/View/rdsHomeView.xib",
        "Modules/Home/View/rdsHomeViewController.swift",
      ])
  }

  /// A dry run ends as every command's does (it said "Dry run, nothing written.").
  @Test func aDryRunSaysWhatItWouldWrite() throws {
    let project = try GenerambaProject(rambafile: "project_name: Acme\n", templates: [])
    let dryRun = project.run(["migrate", "--dry-run"])
    #expect(dryRun.code == 0, "\(dryRun.err)")
    #expect(dryRun.out == "  would create .modulegen.yml\nDry run: nothing was written.\n")
    #expect(project.read(".modulegen.yml") == nil)
  }

  @Test func anExistingConfigIsNotOverwrittenWithoutForce() throws {
    let project = try GenerambaProject(rambafile: "project_name: Acme\n", templates: [])
    try write("project: Mine\n", to: project.dir + "/.modulegen.yml")
    let refused = project.run(["migrate"])
    #expect(refused.code == 1)
    #expect(
      refused.err
        == "\(Diagnostic(message: Console.conflictMessage(".modulegen.yml")))\nnothing was written; use --force to overwrite\n"
    )
    #expect(project.read(".modulegen.yml") == "project: Mine\n")
    #expect(project.run(["migrate", "--force"]).code == 0)
    #expect(project.read(".modulegen.yml")?.contains("project: Acme\n") == true)
    try write("project: Other\n", to: project.dir + "/.modulegen.yaml")
    #expect(
      project.run(["migrate"]).err
        == "error: '.modulegen.yaml' exists: modulegen reads it, not the Rambafile; remove it to migrate\n"
    )
    let none = runTool(["migrate"], in: try makeTemporaryDirectory())
    #expect(none.err == "error: no Rambafile here or in a folder above; nothing to migrate\n")
  }
}
