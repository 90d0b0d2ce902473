import Foundation
import Testing

@testable import ModuleGen

/// A Generamba project in a temporary folder: a Rambafile, templates from the fixtures, and
/// whatever else a test writes.
struct GenerambaProject {
  static let ownTemplates = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/generamba-own").path

  let dir: String

  init(rambafile: String?, templates: [String] = ["feature_tour"], from: String = ownTemplates)
    throws
  {
    dir = try makeTemporaryDirectory()
    if let rambafile { try write(rambafile, to: dir + "/Rambafile") }
    try FileManager.default.createDirectory(
      atPath: dir + "/Templates", withIntermediateDirectories: true)
    for template in templates {
      try FileManager.default.copyItem(
        atPath: from + "/" + template, toPath: dir + "/Templates/" + template)
    }
  }

  func run(_ arguments: [String], environment: [String: String] = [:]) -> (
    code: Int32, out: String, err: String
  ) {
    runTool(arguments, in: dir, environment: environment)
  }

  func read(_ path: String) -> String? {
    try? String(contentsOfFile: dir + "/" + path, encoding: .utf8)
  }

  /// A copy of the iOS fixture project (targets iOS and iOSTests) in the project's folder.
  func addProject(named name: String) throws {
    try FileManager.default.copyItem(
      atPath: XcodeGenTests.fixtures.appendingPathComponent("iOS/Project.xcodeproj").path,
      toPath: dir + "/" + name)
  }

  /// Every file but the Rambafile, the config and the templates.
  var generatedFiles: [String] {
    (FileManager.default.enumerator(atPath: dir)?.allObjects as? [String] ?? []).filter { path in
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: dir + "/" + path, isDirectory: &isDirectory)
      // The generation record and its base copies are not generated files.
      return !isDirectory.boolValue && !path.hasPrefix("Templates")
        && !path.hasPrefix(".modulegen/")
        && !["Rambafile", ".modulegen.yml", ".modulegen.lock", "Podfile", "Cartfile"].contains(path)
    }.sorted()
  }
}

/// A Generamba-format template of our own that uses every .rambaspec feature
/// (Fixtures/generamba-own/feature_tour), generated as Generamba 1.6.0 does.
@Suite struct GenerambaTemplateTests {
  static let rambafile = """
    author: Jane Appleseed
    company: Acme & Sons
    project_name: Acme-App
    prefix: AC
    xcodeproj_path: Acme-App.xcodeproj
    project_targets: [AcmeApp, AcmeAppWidget]
    project_file_path: Sources/Modules/
    project_group_path: Sources/Modules
    test_target: AcmeAppTests
    test_file_path: /Tests/Modules
    test_group_path: Tests/Modules
    templates:
    - {name: feature_tour}

    """

  static let header = """
    //
    //  ACProfileViewController.swift
    //  Acme-App
    //
    //  Created by Jane Appleseed on 14/03/2026.
    //  Copyright © 2026 Acme & Sons. All rights reserved.
    //

    """

  @Test func everyFeatureOfTheRambaspec() throws {
    let project = try GenerambaProject(rambafile: Self.rambafile)
    let result = project.run([
      "gen", "Profile", "feature_tour", "--date", "2026-03-14", "--custom_parameters",
      "with_router:1", "theme:dark",
    ])
    #expect(result.code == 0, "\(result.err)")
    // Paths: the folder of `name` under PATH/NAME, Generamba's slashes stripped; the router
    // exists because of the custom parameter; custom_name with file_basename.
    #expect(
      project.generatedFiles == [
        "Sources/Modules/Profile/Assembly/ProfileAssemblyFactory.swift",
        "Sources/Modules/Profile/Models/ACProfileModel.swift",
        "Sources/Modules/Profile/Router/ACProfileRouter.swift",
        "Sources/Modules/Profile/View/ACProfileView.xib",
        "Sources/Modules/Profile/View/ACProfileViewController.swift",
        "Tests/Modules/Profile/ACProfileTests.swift",
      ])
    #expect(
      project.read("Sources/Modules/Profile/View/ACProfileViewController.swift")
        == Self.header + """


          import UIKit

          /// Profile module
          final class ACProfileViewController: UIViewController {
              // product module: Acme_App
              // targets: AcmeApp, AcmeAppWidget; tests: AcmeAppTests
              // theme: dark; missing: []
              // prefix given: yes
          }

          """)
    #expect(
      project.read("Sources/Modules/Profile/Assembly/ProfileAssemblyFactory.swift")
        == "// ProfileAssemblyFactory.swift (no base name here: [])\nenum ProfileAssemblyFactory {}\n"
    )
    #expect(
      project.read("Sources/Modules/Profile/View/ACProfileView.xib")?.contains(
        "<!-- ACProfileView.xib -->\n") == true)
    #expect(
      project.read("Tests/Modules/Profile/ACProfileTests.swift")?.hasSuffix(
        "import XCTest\n@testable import Acme_App\n\nfinal class ACProfileTests: XCTestCase {}\n")
        == true)
    let notes = [
      "Templates/feature_tour/feature_tour.rambaspec:21:3: note: 'Resources' has no 'path': Generamba only adds an empty group for it to the Xcode project; modulegen makes no folder and no group",
      "Templates/feature_tour/feature_tour.rambaspec:23:3: note: 'Code/MODEL.swift.liquid' is 'Code/Model.swift.liquid' in Templates/feature_tour: matched ignoring case, as on macOS",
    ]
    for note in notes { #expect(result.err.contains(note), "\(result.err)") }
  }

  /// A template without a version is recorded by a hash of what it can use: a Generamba
  /// template has only its own snippets, so the built-in ones (about 100 KB, hashed on every
  /// run) are not part of its hash; a modulegen template can include them, so they are.
  @Test func aTemplatesHashCoversTheSnippetsItCanUse() throws {
    let project = try GenerambaProject(rambafile: Self.rambafile)
    let spec = project.dir + "/Templates/feature_tour/feature_tour.rambaspec"
    let text = try String(contentsOfFile: spec, encoding: .utf8)
    try write(text.replacingOccurrences(of: "version: 1.0\n", with: ""), to: spec)
    let result = project.run(["gen", "Profile", "feature_tour", "--date", "2026-03-14"])
    #expect(result.code == 0, "\(result.err)")
    let own = TemplateSource.directory(
      project.dir + "/Templates/feature_tour", kind: .project,
      displayRoot: "Templates/feature_tour", fileSystem: LocalFileSystem())
    let hash = CompiledTemplate.contentHash(of: [("", own)])
    #expect(project.read(".modulegen.lock")?.contains("template_hash: \(hash)\n") == true)

    let viper = try CompiledTemplate.compile(.builtin("viper"))
    let common = TemplateSource.builtin("common")
    #expect(
      viper.contentHash
        == CompiledTemplate.contentHash(of: [("", viper.source), ("common/", common)]))
  }

  @Test func anEntryUnderAFalseConditionIsLeftOutAndUnsetValuesAreNil() throws {
    let rambafile = Self.rambafile.replacingOccurrences(of: "prefix: AC\n", with: "")
      .replacingOccurrences(
        of: "project_name: Acme-App\n",
        with: "project_name: Acme-App\nproduct_module_name: AcmeKit\n")
    let project = try GenerambaProject(rambafile: rambafile)
    let result = project.run(["gen", "profile", "feature_tour", "--date", "2026-03-14"])
    #expect(result.code == 0, "\(result.err)")
    // The name as typed (Generamba does not capitalize), no router, no prefix.
    #expect(
      project.generatedFiles == [
        "Sources/Modules/profile/Assembly/profileAssemblyFactory.swift",
        "Sources/Modules/profile/Models/profileModel.swift",
        "Sources/Modules/profile/View/profileView.xib",
        "Sources/Modules/profile/View/profileViewController.swift",
        "Tests/Modules/profile/profileTests.swift",
      ])
    let view = project.read("Sources/Modules/profile/View/profileViewController.swift") ?? ""
    #expect(view.contains("/// profile module\n"))
    #expect(view.contains("// product module: AcmeKit\n"))
    #expect(view.contains("// theme: plain; missing: []\n"))
    #expect(view.contains("// prefix given: no\n"))
  }

  @Test func createLogicalGroupsWritesTheFilesFlatIntoThePath() throws {
    let project = try GenerambaProject(
      rambafile: Self.rambafile + "create_logical_groups: true\n")
    let result = project.run(["gen", "Profile", "feature_tour", "--date", "2026-03-14"])
    #expect(result.code == 0, "\(result.err)")
    #expect(
      project.generatedFiles == [
        "Sources/Modules/ACProfileModel.swift", "Sources/Modules/ACProfileView.xib",
        "Sources/Modules/ACProfileViewController.swift",
        "Sources/Modules/ProfileAssemblyFactory.swift", "Tests/Modules/ACProfileTests.swift",
      ])
    #expect(
      result.err.contains(
        "Rambafile:14:24: note: create_logical_groups: the module's files go flat into one folder, as Generamba writes them; Generamba keeps their structure in Xcode groups; modulegen's groups mirror the folder"
      ))
  }

  @Test func generambaCommandLineOptionsSayWhereFilesGo() throws {
    let project = try GenerambaProject(rambafile: Self.rambafile)
    let result = project.run([
      "gen", "Profile", "feature_tour", "--date", "2026-03-14", "--module_path", "App/Features/",
      "--test_path", "AppTests", "-d", "Edits the profile.", "--project_targets", "One,Two",
      "--test_targets", "OneTests",
    ])
    #expect(result.code == 0, "\(result.err)")
    #expect(
      project.generatedFiles.contains("App/Features/Profile/View/ACProfileViewController.swift"))
    #expect(project.generatedFiles.contains("AppTests/Profile/ACProfileTests.swift"))
    let view = project.read("App/Features/Profile/View/ACProfileViewController.swift") ?? ""
    #expect(view.contains("/// Edits the profile.\n"))
    #expect(view.contains("// targets: One, Two; tests: OneTests\n"))
  }

  @Test func theFilePathOptionsAndTheGroupPathStandingInForAMissingOne() throws {
    let rambafile = """
      project_name: Acme
      templates:
      - {name: feature_tour}

      """
    let project = try GenerambaProject(rambafile: rambafile)
    let result = project.run([
      "gen", "Profile", "feature_tour", "--date", "2026-03-14", "--project_group_path", "Groups",
      "--test_file_path", "T",
    ])
    #expect(result.code == 0, "\(result.err)")
    #expect(project.generatedFiles.contains("Groups/Profile/View/ProfileViewController.swift"))
    #expect(project.generatedFiles.contains("T/Profile/ProfileTests.swift"))
  }

  @Test func withoutTestPathsNoTestsAreGeneratedAsInGenerambaAndSaid() throws {
    let project = try GenerambaProject(
      rambafile: "project_name: Acme\nproject_file_path: Modules\n")
    let result = project.run(["gen", "Profile", "feature_tour", "--date", "2026-03-14"])
    #expect(result.code == 0, "\(result.err)")
    #expect(!project.generatedFiles.contains { $0.contains("Tests") })
    #expect(
      result.err.contains(
        "note: the Rambafile sets no test_file_path: no test files are generated, as in Generamba (--test_path PATH generates them)"
      ))
  }

  @Test func badGenerambaOptionsAreUsageErrors() throws {
    let project = try GenerambaProject(rambafile: "project_name: Acme\n")
    let cases: [([String], String)] = [
      (
        [],
        "error: the Rambafile sets no project_file_path: say where the module goes with --module_path PATH"
      ),
      (
        ["--module_path", "A", "--output", "B"],
        "error: --output and --module_path both say where the files go; give one"
      ),
      (
        ["--module_path", "A", "--custom_parameters", "nocolon"],
        "error: --custom_parameters takes key:value pairs, not 'nocolon'"
      ),
      (
        ["--module_path", "A", "--custom_parameters", "a:1", "a:2"],
        "error: --custom_parameters gives 'a' more than once"
      ),
    ]
    for (arguments, message) in cases {
      let result = project.run(["gen", "Profile", "feature_tour"] + arguments)
      #expect(result.code == 64)
      #expect(result.err.hasPrefix(message + "\n"), "\(result.err)")
    }
    #expect(project.generatedFiles.isEmpty)
  }

  @Test func aConflictKeepsModulegensRulesAndSaysSo() throws {
    let project = try GenerambaProject(rambafile: Self.rambafile)
    let arguments = ["gen", "Profile", "feature_tour", "--date", "2026-03-14"]
    #expect(project.run(arguments).code == 0)
    // The assembly is wiring, regenerated on every run: an edit to it is a conflict.
    let path = "Sources/Modules/Profile/Assembly/ProfileAssemblyFactory.swift"
    let generated = project.read(path)
    try write("// mine\n", to: project.dir + "/" + path)
    let again = project.run(arguments)
    #expect(again.code == 1)
    #expect(
      again.err.contains(
        "note: Generamba asks whether to replace an existing module, then overwrites every file; modulegen never overwrites a changed file without --force"
      ))
    #expect(project.read(path) == "// mine\n")
    #expect(project.run(arguments + ["--force"]).code == 0)
    #expect(project.read(path) == generated)
  }

  /// A .rambaspec cannot say who owns a file: the files a developer fills in (by their names)
  /// are created once and then theirs, so that editing them is not drift, and gen says so.
  @Test func theFilesADeveloperFillsInAreTheirsOnceCreated() throws {
    let project = try GenerambaProject(rambafile: Self.rambafile)
    let arguments = ["gen", "Profile", "feature_tour", "--date", "2026-03-14"]
    let first = project.run(arguments)
    #expect(first.code == 0, "\(first.err)")
    let note =
      "note: 'feature_tour' is a Generamba template: modulegen regenerates its files on every run except those a developer fills in, which are created once and then yours (View/ViewController.swift, View/View.xib, Models/Model.swift, Tests.swift); a template.yml beside the .rambaspec (modulegen migrate writes one) can say otherwise with 'regenerate'\n"
    #expect(first.err.components(separatedBy: note).count == 2, "\(first.err)")
    let controller = "Sources/Modules/Profile/View/ACProfileViewController.swift"
    let edited = (project.read(controller) ?? "") + "// the screen's layout\n"
    try write(edited, to: project.dir + "/" + controller)
    // Two modules in one run: the note is said once.
    try write(
      "modules:\n  - {name: Settings, template: feature_tour}\n  - {name: Search, template: feature_tour}\n",
      to: project.dir + "/modules.yml")
    let again = project.run(["gen", "--spec", "modules.yml", "--date", "2026-03-14"])
    #expect(again.code == 0, "\(again.err)")
    #expect(again.err.components(separatedBy: note).count == 2, "\(again.err)")
    // Said where it helps, when a run makes those files yours; not on every check in CI, nor
    // by a run that keeps them.
    let check = project.run(["check", "Profile", "feature_tour"])
    #expect(check.code == 0, "\(check.out)\(check.err)")
    #expect(!check.err.contains("is a Generamba template"), "\(check.err)")
    let regenerated = project.run(arguments)
    #expect(regenerated.code == 0, "\(regenerated.err)")
    #expect(!regenerated.err.contains("is a Generamba template"), "\(regenerated.err)")
    #expect(project.read(controller) == edited)
    // Every test is the developer's, whatever it tests (they add tests to it), as are the
    // protocols between the parts and the models; the wiring is not.
    for (name, regenerate) in [
      ("Presenter/PresenterTests.swift", "once"), ("ViewInput.swift", "once"),
      ("Interactor/InteractorOutput.h", "once"), ("Presenter/ModuleInput.swift", "once"),
      ("Assembly/Assembly.swift", "always"), ("Configurator/ConfiguratorTests.swift", "once"),
      ("Assembly/AssemblyTests.m", "once"), ("Tests.swift", "once"), ("ModuleTest.swift", "once"),
      ("Configurator/Configurator.swift", "always"), ("Models/Model.swift", "once"),
      ("Entity.swift", "once"), ("Cells/ItemCell.swift", "once"), ("View.xib", "once"),
      ("ViewModel.swift", "once"), ("Initializer.swift", "always"),
    ] {
      #expect(GenerambaOwnership.regenerate(forEntryNamed: name).rawValue == regenerate, "\(name)")
    }
  }

  /// Both READMEs name the endings as GenerambaOwnership declares them.
  @Test func theReadmesNameTheEndingsOfTheDevelopersFiles() throws {
    let endings = GenerambaOwnership.developerNameEndings
    let list = endings.dropLast().joined(separator: ", ") + " or " + endings.last!
    let root = ReadmeTable.root
    for readme in ["README.md", "Templates/README.md"] {
      let text = try String(contentsOf: root.appendingPathComponent(readme), encoding: .utf8)
      let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(words.contains(list), "\(readme) lists other endings than GenerambaOwnership")
    }
  }

  @Test func dependenciesAreCheckedAgainstThePodfileAndCartfile() throws {
    let project = try GenerambaProject(
      rambafile: Self.rambafile + "podfile_path: Podfile\ncartfile_path: Cartfile\n")
    try write("target 'AcmeApp' do\n  pod 'Typhoon', '~> 4.0'\nend\n", to: project.dir + "/Podfile")
    try write("github \"SnapKit/SnapKit\"\n", to: project.dir + "/Cartfile")
    let result = project.run(["gen", "Profile", "feature_tour", "--date", "2026-03-14"])
    #expect(result.code == 0)
    #expect(
      result.err.contains(
        "Rambafile:14:15: warning: template 'feature_tour' needs SnapKit, missing in the Podfile 'Podfile'"
      ))
    #expect(
      result.err.contains(
        "Rambafile:15:16: warning: template 'feature_tour' needs Typhoon, missing in the Cartfile 'Cartfile'"
      ))
  }

  /// The Rambafile's project, with the targets of the iOS fixture project, which is there.
  static func projectWithItsXcodeProject() throws -> GenerambaProject {
    let project = try GenerambaProject(
      rambafile: rambafile.replacingOccurrences(of: "[AcmeApp, AcmeAppWidget]", with: "[iOS]")
        .replacingOccurrences(of: "test_target: AcmeAppTests", with: "test_target: iOSTests"))
    try project.addProject(named: "Acme-App.xcodeproj")
    return project
  }

  @Test func theRambafilesXcodeProjectGetsTheFilesInItsGroupsAndTargets() throws {
    let project = try Self.projectWithItsXcodeProject()
    let dryRun = project.run([
      "gen", "Profile", "feature_tour", "--date", "2026-03-14", "--dry-run",
    ])
    #expect(dryRun.code == 0, "\(dryRun.err)")
    #expect(!dryRun.err.contains("Acme-App.xcodeproj"))
    for line in [
      "  add group Sources (folder Sources)\n",
      "  add group Sources/Modules/Profile/View (folder Sources/Modules/Profile/View)\n",
      "  add Sources/Modules/Profile/View/ACProfileViewController.swift to target iOS (Sources)\n",
      "  add Sources/Modules/Profile/View/ACProfileView.xib to target iOS (Resources)\n",
      "  add group Tests/Modules/Profile (folder Tests/Modules/Profile)\n",
      "  add Tests/Modules/Profile/ACProfileTests.swift to target iOSTests (Sources)\n",
    ] {
      #expect(dryRun.out.contains(line), "\(line)")
    }
    let gen = project.run(["gen", "Profile", "feature_tour", "--date", "2026-03-14"])
    #expect(gen.code == 0, "\(gen.err)")
    #expect(
      project.read("Acme-App.xcodeproj/project.pbxproj")?.contains(
        "/* ACProfileViewController.swift in Sources */ = {isa = PBXBuildFile;") == true)
  }

  /// As in Generamba, `--module_path` and `--test_path` say where the module's files go and
  /// its groups too, over the Rambafile's group paths (the groups stayed the Rambafile's).
  @Test func theModuleAndTestPathOptionsAreTheGroupPathsToo() throws {
    let project = try Self.projectWithItsXcodeProject()
    let dryRun = project.run([
      "gen", "Profile", "feature_tour", "--date", "2026-03-14", "--dry-run", "--module_path",
      "Features", "--test_path", "FeatureTests",
    ])
    #expect(dryRun.code == 0, "\(dryRun.err)")
    for line in [
      "  add group Features/Profile/View (folder Features/Profile/View)\n",
      "  add Features/Profile/View/ACProfileViewController.swift to target iOS (Sources)\n",
      "  add group FeatureTests/Profile (folder FeatureTests/Profile)\n",
    ] {
      #expect(dryRun.out.contains(line), "\(line)\n\(dryRun.out)")
    }
    #expect(!dryRun.out.contains("group Sources"), "\(dryRun.out)")
  }

  /// A Rambafile's project that is not there, beside one that is (a typo, a project renamed):
  /// the warning names it, as the files would otherwise silently stay out of the project.
  @Test(arguments: [
    ("AcmeApp.xcodeproj", "; did you mean 'AcmeApp.xcodeproj'?"),
    ("Project.xcodeproj", "; its folder has Project.xcodeproj"),
  ])
  func aRambafileProjectThatIsNotThereNamesTheOneThatIs(existing: String, hint: String) throws {
    let project = try GenerambaProject(rambafile: Self.rambafile)
    try project.addProject(named: existing)
    let result = project.run([
      "gen", "Profile", "feature_tour", "--date", "2026-03-14", "--dry-run",
    ])
    #expect(result.code == 0, "\(result.err)")
    #expect(
      result.err.contains(
        """
        Rambafile:5:17: warning: the Xcode project 'Acme-App.xcodeproj' does not exist: the files \
        are written but added to no project (Generamba stops here)\(hint)
        xcodeproj_path: Acme-App.xcodeproj
                        ^

        """), "\(result.err)")
  }

  @Test func aRambafileTargetTheProjectLacksIsAnErrorAtItsLine() throws {
    let project = try GenerambaProject(rambafile: Self.rambafile)
    try project.addProject(named: "Acme-App.xcodeproj")
    let result = project.run(["gen", "Profile", "feature_tour", "--date", "2026-03-14"])
    #expect(result.code == 2)
    #expect(
      result.err.hasSuffix(
        """
        Rambafile:6:19: error: Acme-App.xcodeproj has no target named 'AcmeApp' (it has iOS, iOSTests)
        project_targets: [AcmeApp, AcmeAppWidget]
                          ^
        Rambafile:6:28: error: Acme-App.xcodeproj has no target named 'AcmeAppWidget' (it has iOS, iOSTests)
        project_targets: [AcmeApp, AcmeAppWidget]
                                   ^
        Rambafile:9:14: error: Acme-App.xcodeproj has no target named 'AcmeAppTests' (it has iOS, iOSTests)
        test_target: AcmeAppTests
                     ^
        3 errors

        """), "\(result.err)")
    #expect(project.generatedFiles == ["Acme-App.xcodeproj/project.pbxproj"])
    #expect(
      project.read("Acme-App.xcodeproj/project.pbxproj")
        == (try String(
          contentsOf: XcodeGenTests.fixtures.appendingPathComponent(
            "iOS/Project.xcodeproj/project.pbxproj"), encoding: .utf8)))
  }

  /// Generamba's own `project_target:` and `test_target:` (one name each, as in the Rambafile
  /// `generamba setup` writes) are located as the lists are: at the name, in the Rambafile.
  @Test func aSingleRambafileTargetTheProjectLacksIsAnErrorAtItsName() throws {
    let project = try GenerambaProject(
      rambafile: Self.rambafile.replacingOccurrences(
        of: "project_targets: [AcmeApp, AcmeAppWidget]", with: "project_target: iOS"))
    try project.addProject(named: "Acme-App.xcodeproj")
    let result = project.run(["gen", "Profile", "feature_tour", "--date", "2026-03-14"])
    #expect(result.code == 2)
    #expect(
      result.err.hasSuffix(
        """
        Rambafile:9:14: error: Acme-App.xcodeproj has no target named 'AcmeAppTests' (it has iOS, iOSTests)
        test_target: AcmeAppTests
                     ^

        """), "\(result.err)")
    #expect(project.generatedFiles == ["Acme-App.xcodeproj/project.pbxproj"])
  }

  /// A module named without a template in a Rambafile project: the advice is not a
  /// `.modulegen.yml` of its own (it would replace the Rambafile as the config), and it works.
  @Test func aModuleWithoutATemplateInARambafileProjectGetsAdviceThatWorks() throws {
    let project = try GenerambaProject(rambafile: Self.rambafile)
    let result = project.run(["gen", "Profile", "--date", "2026-03-14"])
    #expect(result.code == 64)
    #expect(
      result.err.hasPrefix(
        """
        error: missing <template>: name one, as with Generamba (gen Profile feature_tour); \
        for a default template, 'modulegen migrate' writes a .modulegen.yml from the Rambafile, \
        where 'template' sets it

        """), "\(result.err)")
    #expect(project.generatedFiles.isEmpty)
    #expect(project.run(["migrate"]).code == 0)
    try write(
      "template: feature_tour\n" + (project.read(".modulegen.yml") ?? ""),
      to: project.dir + "/.modulegen.yml")
    let gen = project.run(["gen", "Profile", "--date", "2026-03-14"])
    #expect(gen.code == 0, "\(gen.err)")
    #expect(
      project.generatedFiles.contains("Sources/Modules/Profile/View/ACProfileViewController.swift"))
  }

  /// A fresh clone of a Generamba project has no `Templates/` (it is installed, and often
  /// ignored): the template the Rambafile declares is an error at its declaration, saying how
  /// to install it.
  @Test func aDeclaredTemplateThatIsNotInstalledIsAnErrorSayingHowToInstallIt() throws {
    let project = try GenerambaProject(rambafile: Self.rambafile, templates: [])
    let result = project.run(["gen", "Profile", "feature_tour", "--date", "2026-03-14"])
    #expect(result.code == 2)
    #expect(
      result.err.contains(
        """
        Rambafile:13:3: error: no template named 'feature_tour' (available: mvc, mvp, mvvm, viper); \
        'templates:' declares it, and 'modulegen templates install' installs it \
        (as 'generamba template install' did)
        - {name: feature_tour}
          ^

        """), "\(result.err)")
    #expect(project.generatedFiles.isEmpty)
  }

  @Test func aLocalTemplateDeclaredInTheRambafileIsUsedWhereItIs() throws {
    let project = try GenerambaProject(
      rambafile: """
        project_name: Acme
        project_file_path: Modules
        templates:
        - {name: tour, local: shared/feature_tour}

        """, templates: [])
    try FileManager.default.createDirectory(
      atPath: project.dir + "/shared", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: GenerambaProject.ownTemplates + "/feature_tour",
      toPath: project.dir + "/shared/feature_tour")
    // The declared name finds the folder; Generamba looks for NAME.rambaspec in it.
    try FileManager.default.moveItem(
      atPath: project.dir + "/shared/feature_tour/feature_tour.rambaspec",
      toPath: project.dir + "/shared/feature_tour/tour.rambaspec")
    let result = project.run(["gen", "Profile", "tour", "--date", "2026-03-14"])
    #expect(result.code == 0, "\(result.err)")
    #expect(project.generatedFiles.contains("Modules/Profile/View/ProfileViewController.swift"))
    #expect(project.run(["templates", "list", "--format", "names"]).out.hasPrefix("tour\n"))
  }

  @Test func listShowAndLintKnowGenerambaTemplates() throws {
    let project = try GenerambaProject(rambafile: Self.rambafile)
    let list = project.run(["templates", "list"])
    #expect(
      list.out.hasPrefix(
        "feature_tour  1.0    A tour of the .rambaspec features. (Generamba) [project: Templates/feature_tour]\n"
      ))
    let show = project.run(["templates", "show", "feature_tour"])
    #expect(show.code == 0, "\(show.err)")
    #expect(
      show.out.hasPrefix(
        """
        feature_tour: A tour of the .rambaspec features.
        source: Templates/feature_tour (Generamba template: feature_tour.rambaspec)
        author modulegen, version 1.0, license MIT
        variables: Generamba's (module_info, developer, prefix, date as dd/MM/yyyy, custom_parameters)

        CUSTOM PARAMETERS (--custom_parameters key:value):
          missing
          theme
          with_router

        DEPENDENCIES:
          Typhoon, SnapKit

        FILES:
          code  View/{{ prefix }}{{ module_info.name }}ViewController.swift  ←  Code/view_controller.swift.liquid

        """))
    let lint = project.run(["templates", "lint", "Templates/feature_tour"])
    #expect(lint.code == 0, "\(lint.err)")
    #expect(
      lint.out
        == "Templates/feature_tour: ok (Generamba template, 2 custom parameter combinations, 22 files rendered)\n"
    )
    try write(
      "{{ module_info.name | frobnicate }}\n",
      to: project.dir + "/Templates/feature_tour/Code/Model.swift.liquid")
    let broken = project.run(["templates", "lint", "Templates/feature_tour"])
    #expect(broken.code == 2)
    #expect(
      broken.err.contains(
        "Templates/feature_tour/Code/Model.swift.liquid:1:23: error: unknown filter 'frobnicate'"))
  }
}
