import Foundation
import Testing

@testable import ModuleGen

/// `gen` and `check` with an Xcode project, on copies of real Xcode-written projects
/// (Tests/XcodeProjectTests/Fixtures/xcodeproj): files join their groups and targets in the
/// same transaction as the files themselves, and the project never churns.
@Suite struct XcodeGenTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("XcodeProjectTests/Fixtures/xcodeproj")

  /// A folder with a copy of a fixture project (`iOS/Project.xcodeproj`: targets iOS and
  /// iOSTests), a two-file template (`pair`: a view, and a sheet when `sheet` is true, and a
  /// test) and `config` as `.modulegen.yml`.
  func project(
    _ fixture: String = "iOS/Project.xcodeproj",
    config: String =
      "xcodeproj: Project.xcodeproj\noutput: iOS/Modules/{{ module }}\ntests_output: iOSTests/{{ module }}Tests\n"
  ) throws -> String {
    let dir = try makeTemporaryDirectory()
    let name = URL(fileURLWithPath: fixture).lastPathComponent
    try FileManager.default.copyItem(
      atPath: Self.fixtures.appendingPathComponent(fixture).path, toPath: dir + "/" + name)
    try write(
      """
      name: pair
      parameters:
        - {name: sheet, type: bool, default: false}
      files:
        - template: view.liquid
          output: "{{ module }}View.swift"
        - template: view.liquid
          output: "{{ module }}Sheet.swift"
          when: "params.sheet"
        - template: test.liquid
          output: "{{ module }}Tests.swift"
          role: test

      """, to: dir + "/Templates/pair/template.yml")
    try write("struct {{ module }}View {}\n", to: dir + "/Templates/pair/view.liquid")
    try write("// {{ module }} tests\n", to: dir + "/Templates/pair/test.liquid")
    try write("templates: Templates\n" + config, to: dir + "/.modulegen.yml")
    return dir
  }

  func projectFile(_ dir: String, _ bundle: String = "Project.xcodeproj") throws -> String {
    try String(contentsOfFile: dir + "/" + bundle + "/project.pbxproj", encoding: .utf8)
  }

  func original(_ fixture: String = "iOS/Project.xcodeproj") throws -> String {
    try String(
      contentsOfFile: Self.fixtures.appendingPathComponent(fixture + "/project.pbxproj").path,
      encoding: .utf8)
  }

  static let homeChanges = """
      add group iOS/Modules (folder iOS/Modules)
      add group iOS/Modules/Home (folder iOS/Modules/Home)
      add file iOS/Modules/Home/HomeView.swift to group iOS/Modules/Home
      add iOS/Modules/Home/HomeView.swift to target iOS (Sources)
      add group iOSTests/HomeTests (folder iOSTests/HomeTests)
      add file iOSTests/HomeTests/HomeTests.swift to group iOSTests/HomeTests
      add iOSTests/HomeTests/HomeTests.swift to target iOSTests (Sources)

    """

  @Test func genAddsTheModuleToItsGroupsAndTargetsAndASecondRunChangesNothing() throws {
    let dir = try project()
    let gen = runTool(["gen", "Home", "pair", "--verbose"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(
      gen.out
        == "  created iOS/Modules/Home/HomeView.swift\n  created iOSTests/HomeTests/HomeTests.swift\n"
        + "Home (pair): 2 created.\n" + Self.homeChanges + "Updated Project.xcodeproj: 7 changes.\n"
    )
    let text = try projectFile(dir)
    #expect(text.contains("/* HomeView.swift in Sources */ = {isa = PBXBuildFile; fileRef = "))
    #expect(text.contains("/* HomeTests.swift in Sources */ = {isa = PBXBuildFile; fileRef = "))
    // Only insertions: every line of the project is still there, in order.
    var remaining = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    for line in try original().split(separator: "\n", omittingEmptySubsequences: false) {
      guard let index = remaining.firstIndex(of: line) else {
        Issue.record("line lost or reordered: \(line)")
        break
      }
      remaining = remaining[(index + 1)...]
    }
    // The same run again: the project stays byte for byte as it is.
    let again = runTool(["gen", "Home", "pair", "--verbose"], in: dir)
    #expect(again.code == 0, "\(again.err)")
    #expect(try projectFile(dir) == text)
    #expect(
      again.out
        == "  unchanged iOS/Modules/Home/HomeView.swift\n  unchanged iOSTests/HomeTests/HomeTests.swift\n"
        + "Home (pair): 2 unchanged.\nProject.xcodeproj: no change needed.\n")
    let check = runTool(["check", "Home", "pair"], in: dir)
    #expect(check.code == 0, "\(check.err)")
    #expect(check.out == "Up to date: 2 files of 1 module.\n")
  }

  @Test func theSameModuleGivesTheSameProjectInAnotherFolder() throws {
    let first = try project()
    let second = try project()
    #expect(runTool(["gen", "Home", "pair"], in: first).code == 0)
    #expect(runTool(["gen", "Home", "pair"], in: second).code == 0)
    #expect(try projectFile(first) == projectFile(second))
  }

  @Test func anUnknownTargetIsAnErrorBeforeAnythingIsWritten() throws {
    let dir = try project()
    let gen = runTool(["gen", "Home", "pair", "--target", "iOSs"], in: dir)
    #expect(gen.code == 2)
    #expect(gen.err == "error: Project.xcodeproj has no target named 'iOSs'; did you mean 'iOS'?\n")
    #expect(gen.out == "")
    #expect(try projectFile(dir) == original())
    #expect(!FileManager.default.fileExists(atPath: dir + "/iOS"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/" + GenerationRecord.fileName))
  }

  @Test func anUnknownTargetInTheConfigIsReportedWhereItIsWritten() throws {
    let dir = try project(
      config: "xcodeproj: Project.xcodeproj\ntargets: [iOS]\ntest_targets:\n  - iOSTest\n")
    let gen = runTool(["gen", "Home", "pair"], in: dir)
    #expect(gen.code == 2)
    #expect(
      gen.err == """
        .modulegen.yml:5:5: error: Project.xcodeproj has no target named 'iOSTest'; did you mean 'iOSTests'?
          - iOSTest
            ^

        """)
    #expect(try projectFile(dir) == original())
    #expect(!FileManager.default.fileExists(atPath: dir + "/Home"))
  }

  /// With several targets of a kind and none named, the run names the project as the user
  /// does (the `.xcodeproj`), not the file inside it.
  @Test func severalTargetsAndNoneNamedIsAnErrorNamingTheProject() throws {
    let dir = try project()
    try write(
      try original().replacingOccurrences(
        of: "com.apple.product-type.bundle.unit-test", with: "com.apple.product-type.application"),
      to: dir + "/Project.xcodeproj/project.pbxproj")
    let gen = runTool(["gen", "Home", "pair"], in: dir)
    #expect(gen.code == 2)
    #expect(
      gen.err
        == "error: Project.xcodeproj has 2 targets (iOS, iOSTests): name the ones the generated code joins with 'targets' in .modulegen.yml or --target\n"
    )
    #expect(!FileManager.default.fileExists(atPath: dir + "/iOS/Modules"))
  }

  /// A group's child, a build phase's file or a build file's file that names an object the
  /// project lacks (a merge or a tool lost it) is passed over, as Xcode passes over it, with a
  /// warning at its place naming the object and what refers to it.
  @Test func aReferenceToAMissingObjectIsAWarningAtItsPlace() throws {
    let dir = try project(
      config:
        "xcodeproj: Project.xcodeproj\nmodule: iOS\noutput: iOS/Modules/{{ module }}\ntests_output: iOSTests/{{ module }}Tests\n"
    )
    let path = dir + "/Project.xcodeproj/project.pbxproj"
    let appDelegate = "\t\t\t\t23766C151EAA3484007A9026 /* AppDelegate.swift */,\n"
    let inSources = "\t\t\t\t23766C161EAA3484007A9026 /* AppDelegate.swift in Sources */,\n"
    try write(
      try original()
        .replacingOccurrences(
          of: appDelegate,
          with: appDelegate + "\t\t\t\tDEAD00000000000000000001 /* Gone.swift */,\n"
        )
        .replacingOccurrences(
          of: inSources,
          with: inSources + "\t\t\t\tDEAD00000000000000000002 /* Gone.swift in Sources */,\n"
        )
        .replacingOccurrences(
          of: "fileRef = 23766C151EAA3484007A9026 /* AppDelegate.swift */",
          with: "fileRef = DEAD00000000000000000003 /* AppDelegate.swift */"),
      to: path)
    /// The warning for `id`, at its place in the project file as it is now.
    func warning(_ id: String, from: String) throws -> String {
      let lines = try projectFile(dir).split(separator: "\n", omittingEmptySubsequences: false)
      let index = try #require(lines.firstIndex { $0.contains(id) })
      let text = lines[index]
      let column =
        text.distance(from: text.startIndex, to: try #require(text.range(of: id)).lowerBound) + 1
      let caret = String(text.prefix(column - 1).map { $0 == "\t" ? "\t" : " " })
      return
        "Project.xcodeproj/project.pbxproj:\(index + 1):\(column): warning: \(from) refers to object \(id), which the project does not have; it is passed over (delete the reference from the project file)\n\(text)\n\(caret)^\n"
    }
    let first = try warning("DEAD00000000000000000001", from: "group 'iOS'")
    let gen = runTool(["gen", "Home", "pair"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    // Nothing of the phase is read when every file is new.
    #expect(gen.err == first)
    // Files already in the project: the phase's build files are read, and the lost ones named.
    let expected = try [
      warning("DEAD00000000000000000001", from: "group 'iOS'"),
      warning(
        "DEAD00000000000000000003",
        from: "build file 23766C161EAA3484007A9026 (in the Sources phase of target 'iOS')"),
      warning("DEAD00000000000000000002", from: "the Sources phase of target 'iOS'"),
    ].joined()
    let again = runTool(["gen", "Home", "pair"], in: dir)
    #expect(again.code == 0, "\(again.err)")
    #expect(again.err == expected)
  }

  @Test func targetsCanBeRepeatedOrListedWithCommas() throws {
    let dir = try project()
    let gen = runTool(
      [
        "gen", "Home", "pair", "--target", "iOS,iOSTests", "--test-target", "iOSTests", "--verbose",
      ],
      in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(
      gen.out.contains("  add iOS/Modules/Home/HomeView.swift to target iOSTests (Sources)\n"))
    let flags = runTool(
      ["gen", "Home", "pair", "--target", "iOS", "--target", "iOSTests", "--verbose"],
      in: try project())
    #expect(flags.code == 0, "\(flags.err)")
    #expect(
      flags.out.contains("  add iOS/Modules/Home/HomeView.swift to target iOSTests (Sources)\n"))
    let one = runTool(["gen", "Home", "pair", "--target", "iOS", "--verbose"], in: try project())
    #expect(one.out.contains("  add iOS/Modules/Home/HomeView.swift to target iOS (Sources)\n"))
    #expect(!one.out.contains("HomeView.swift to target iOSTests"))
  }

  @Test func targetsWithoutAProjectAreAUsageError() throws {
    let dir = try makeTemporaryDirectory()
    let gen = runTool(["gen", "Home", "viper", "--target", "App"], in: dir)
    #expect(gen.code == 64)
    #expect(
      gen.err.hasPrefix(
        "error: --target and --test-target need an Xcode project: pass --xcodeproj or set 'xcodeproj' in .modulegen.yml\n"
      ))
  }

  @Test func aMalformedProjectIsAnErrorAtItsLineAndNothingIsWritten() throws {
    try expectMalformedProjectError(in: project())
  }

  /// Breaks the project file in `dir`: gen reports where, alone, and writes nothing.
  func expectMalformedProjectError(in dir: String) throws {
    let path = dir + "/Project.xcodeproj/project.pbxproj"
    try write("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n", to: path)
    let gen = runTool(["gen", "Home", "pair"], in: dir)
    #expect(gen.code == 2)
    #expect(
      gen.err
        == "Project.xcodeproj/project.pbxproj:5:1: error: unexpected end of file, expected a key or '}'\n"
    )
    #expect(!FileManager.default.fileExists(atPath: dir + "/iOS/Modules"))
  }

  /// A project file saved in Latin-1 (`Café`) is not one Xcode opens: gen says where the first
  /// byte that is not UTF-8 is, and changes nothing, rather than writing its edit around it.
  @Test func aProjectThatIsNotUTF8IsAnErrorAtTheByte() throws {
    let dir = try project()
    let path = dir + "/Project.xcodeproj/project.pbxproj"
    let text = try original()
    let latin1 = Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).map {
      line -> [UInt8] in
      String(decoding: line, as: UTF8.self) == "\t\t\tname = GroupWithoutFolder;"
        ? Array("\t\t\tname = \"Caf".utf8) + [0xE9] + Array("\";".utf8) : Array(line)
    }.joined(separator: [0x0A])
    try Data(latin1).write(to: URL(fileURLWithPath: path))
    let gen = runTool(["gen", "Home", "pair"], in: dir)
    #expect(gen.code == 2)
    #expect(
      gen.err == """
        Project.xcodeproj/project.pbxproj:161:15: error: the project file is not UTF-8 text: byte 0xE9 here does not belong to a character
        \t\t\tname = "Caf\u{FFFD}";
        \t\t\t           ^

        """)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(latin1))
    #expect(!FileManager.default.fileExists(atPath: dir + "/iOS/Modules"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/" + GenerationRecord.fileName))
  }

  /// The project is read while the module renders: its error still comes first, alone, and
  /// the template's error without it.
  @Test func aMalformedProjectIsReportedBeforeATemplateError() throws {
    let dir = try project()
    try write(
      "struct {{ module | no_such_filter }}View {}\n", to: dir + "/Templates/pair/view.liquid")
    let rendering = runTool(["gen", "Home", "pair"], in: dir)
    #expect(rendering.code == 2)
    #expect(rendering.err.contains("no_such_filter"))
    #expect(!rendering.err.contains("project.pbxproj"))
    try expectMalformedProjectError(in: dir)
  }

  @Test func aMissingProjectIsAnErrorAtTheConfigKey() throws {
    let dir = try project(config: "xcodeproj: App.xcodeproj\n")
    let gen = runTool(["gen", "Home", "pair"], in: dir)
    #expect(gen.code == 2)
    #expect(
      gen.err
        == ".modulegen.yml:2:12: error: no Xcode project at 'App.xcodeproj'\nxcodeproj: App.xcodeproj\n           ^\n"
    )
    // A file where the bundle should be, and a folder without the project file: each named.
    try write("", to: dir + "/App.xcodeproj")
    let file = runTool(["gen", "Home", "pair", "--xcodeproj", "App.xcodeproj"], in: dir)
    #expect(file.code == 2)
    #expect(
      file.err
        == "error: 'App.xcodeproj' is a file: an Xcode project is a folder holding project.pbxproj\n"
    )
    try FileManager.default.removeItem(atPath: dir + "/App.xcodeproj")
    try FileManager.default.createDirectory(
      atPath: dir + "/App.xcodeproj", withIntermediateDirectories: true)
    let empty = runTool(["gen", "Home", "pair", "--xcodeproj", "App.xcodeproj"], in: dir)
    #expect(
      empty.err == "error: 'App.xcodeproj' has no project.pbxproj: it is not an Xcode project\n")
    #expect(!FileManager.default.fileExists(atPath: dir + "/Home"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/" + GenerationRecord.fileName))
  }

  @Test func dryRunListsTheProjectChangesAndWritesNothing() throws {
    let dir = try project()
    let gen = runTool(["gen", "Home", "pair", "--dry-run"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(
      gen.out
        == "Home (pair): 2 to create.\n" + Self.homeChanges
        + "Would update Project.xcodeproj: 7 changes.\nDry run: nothing was written.\n")
    #expect(try projectFile(dir) == original())
    #expect(!FileManager.default.fileExists(atPath: dir + "/iOS/Modules"))
  }

  /// The `xcode_project` part of a `--format json` report, and its list of changes.
  static func projectReport(_ json: String) throws -> (
    xcode: [String: Any], changes: [[String: Any]]
  ) {
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let xcode = try #require(root["xcode_project"] as? [String: Any])
    return (xcode, try #require(xcode["changes"] as? [[String: Any]]))
  }

  @Test func jsonListsTheProjectChanges() throws {
    let dir = try project()
    let gen = runTool(["gen", "Home", "pair", "--dry-run", "--format", "json"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    let (xcode, changes) = try Self.projectReport(gen.out)
    #expect(xcode["path"] as? String == "Project.xcodeproj")
    #expect(xcode["changed"] as? Bool == true)
    #expect(
      changes.compactMap { $0["description"] as? String }
        == Self.homeChanges.split(separator: "\n").map { String($0.dropFirst(2)) })
    #expect(changes[3]["change"] as? String == "add_to_target")
    #expect(changes[3]["path"] as? String == "iOS/Modules/Home/HomeView.swift")
    #expect(changes[3]["target"] as? String == "iOS")
    #expect(changes[3]["phase"] as? String == "Sources")
    #expect(try projectFile(dir) == original())
  }

  @Test func pruneRemovesTheReferencesOfRemovedFiles() throws {
    let dir = try project()
    #expect(runTool(["gen", "Home", "pair", "--set", "sheet=true"], in: dir).code == 0)
    #expect(try projectFile(dir).contains("/* HomeSheet.swift in Sources */"))
    let prune = runTool(["gen", "Home", "pair", "--set", "sheet=false", "--prune"], in: dir)
    #expect(prune.code == 0, "\(prune.err)")
    #expect(
      prune.out
        == "Home (pair): 2 unchanged.\nUpdated Project.xcodeproj: 2 changes.\nRemoved 1 stale file.\n"
    )
    #expect(!FileManager.default.fileExists(atPath: dir + "/iOS/Modules/Home/HomeSheet.swift"))
    let text = try projectFile(dir)
    #expect(!text.contains("HomeSheet.swift"))
    // The project is as if the sheet had never been generated.
    let plain = try project()
    #expect(runTool(["gen", "Home", "pair"], in: plain).code == 0)
    #expect(text == (try projectFile(plain)))
  }

  @Test func checkFailsWhenAGeneratedFileIsMissingFromItsTarget() throws {
    let dir = try project()
    #expect(runTool(["gen", "Home", "pair", "--target", "iOS"], in: dir).code == 0)
    let check = runTool(["check", "Home", "pair", "--target", "iOS,iOSTests"], in: dir)
    #expect(check.code == 1)
    #expect(check.out == "not in target  iOS/Modules/Home/HomeView.swift (iOSTests)\n")
    #expect(
      check.err == "1 file is missing from Project.xcodeproj or a target ('gen' adds them).\n")
    // A project that lost the module entirely.
    try write(try original(), to: dir + "/Project.xcodeproj/project.pbxproj")
    let lost = runTool(["check", "Home", "pair"], in: dir)
    #expect(lost.code == 1)
    #expect(
      lost.out
        == "not in project  iOS/Modules/Home/HomeView.swift\nnot in project  iOSTests/HomeTests/HomeTests.swift\n"
    )
    #expect(
      lost.err == "2 files are missing from Project.xcodeproj or a target ('gen' adds them).\n")
  }

  @Test func aSynchronizedFolderNeedsNoEditAndTestsInItAreAWarning() throws {
    let dir = try project(
      "Xcode16/Test.xcodeproj",
      config:
        "xcodeproj: Test.xcodeproj\nmodule: Test\noutput: Test/Modules/{{ module }}\ntests_output: Test/{{ module }}Tests\n"
    )
    let gen = runTool(["gen", "Home", "pair"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(
      gen.err == """
        note: Test/Modules/Home is in synchronized folder Test of target Test: no project change needed
        warning: test files in Test/HomeTests are in synchronized folder Test of target Test, so Xcode will compile them into Test; move the tests out of that folder

        """)
    #expect(gen.out == "Home (pair): 2 created.\n")
    #expect(try projectFile(dir, "Test.xcodeproj") == original("Xcode16/Test.xcodeproj"))
  }

  /// A project without a unit-test target: the tests join the project's groups and no target,
  /// and the run says so, with what to do; once a target is named, a run adds them to it.
  @Test func testsWithoutATestTargetAreANote() throws {
    let dir = try project(
      "Xcode16/Test.xcodeproj",
      config:
        "xcodeproj: Test.xcodeproj\nmodule: Test\noutput: Modules/{{ module }}\ntests_output: ModulesTests/{{ module }}Tests\n"
    )
    let gen = runTool(["gen", "Home", "pair"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(
      gen.err
        == "note: the test files in ModulesTests/HomeTests are in the project but in no target: the project has no unit-test target; add one and run gen again (or name a target with --test-target or 'test_targets' in .modulegen.yml)\n"
    )
    #expect(
      try projectFile(dir, "Test.xcodeproj").contains(
        "/* HomeTests.swift */ = {isa = PBXFileReference"))
    #expect(!(try projectFile(dir, "Test.xcodeproj").contains("HomeTests.swift in Sources")))
    let named = runTool(["gen", "Home", "pair", "--test-target", "Test"], in: dir)
    #expect(named.code == 0, "\(named.err)")
    #expect(named.err == "")
    #expect(try projectFile(dir, "Test.xcodeproj").contains("HomeTests.swift in Sources"))
  }

  /// A UI-test target drives the app from outside and cannot `@testable import` it: with no
  /// test target named, generated unit tests never join one (Xcode's App, AppTests and
  /// AppUITests take AppTests; App and AppUITests alone take none, with the note).
  @Test func generatedTestsNeverJoinAUITestTargetByDefault() throws {
    let dir = try project(
      config:
        "xcodeproj: Project.xcodeproj\nmodule: iOS\noutput: iOS/Modules/{{ module }}\ntests_output: iOSTests/{{ module }}Tests\n"
    )
    let path = dir + "/Project.xcodeproj/project.pbxproj"
    try write(
      try original().replacingOccurrences(
        of: "com.apple.product-type.bundle.unit-test",
        with: "com.apple.product-type.bundle.ui-testing"),
      to: path)
    let gen = runTool(["gen", "Home", "pair"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(
      gen.err
        == "note: the test files in iOSTests/HomeTests are in the project but in no target: the project has no unit-test target; add one and run gen again (or name a target with --test-target or 'test_targets' in .modulegen.yml)\n"
    )
    let text = try projectFile(dir)
    #expect(text.contains("/* HomeTests.swift */ = {isa = PBXFileReference"))
    #expect(!text.contains("HomeTests.swift in Sources"))
    #expect(text.contains("HomeView.swift in Sources"))
  }

  @Test func aSwiftPackageTargetNeedsNoEdit() throws {
    let dir = try project(
      config:
        "xcodeproj: Project.xcodeproj\nmodule: Feature\noutput: Sources/Feature/{{ module }}\ntests_output: Tests/FeatureTests/{{ module }}\n"
    )
    try write("// swift-tools-version:6.0\n", to: dir + "/Package.swift")
    let gen = runTool(["gen", "Home", "pair"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(
      gen.err == """
        note: Sources/Feature/Home is in Swift package target Feature: no project change needed
        note: Tests/FeatureTests/Home is in Swift package target FeatureTests: no project change needed

        """)
    #expect(try projectFile(dir) == original())
  }

  @Test func groupsCanDifferFromFolders() throws {
    let dir = try project(
      config:
        "xcodeproj: Project.xcodeproj\noutput: iOS/Modules/{{ module }}\ntests_output: iOSTests/{{ module }}Tests\ngroup: iOS\n"
    )
    let gen = runTool(["gen", "Home", "pair", "--dry-run"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(gen.out.contains("  add file iOS/Modules/Home/HomeView.swift to group iOS\n"))
  }

  /// The project in a subfolder of the repository, the module beside it: each new group's path
  /// is relative to its parent group's folder (`Modules`, not `../../../Shared/Modules`), so
  /// Xcode finds the files, `check` finds them in the project and a second run adds nothing.
  @Test func aModuleOutsideTheProjectsFolderIsFoundWhereItIs() throws {
    let dir = try project(
      config: "xcodeproj: ios/Project.xcodeproj\noutput: Shared/Modules/{{ module }}\n")
    try FileManager.default.createDirectory(atPath: dir + "/ios", withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      atPath: dir + "/Project.xcodeproj", toPath: dir + "/ios/Project.xcodeproj")
    let gen = runTool(["gen", "Home", "pair", "--no-tests", "--verbose"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(gen.out.contains("  add group Shared/Modules (folder ../Shared/Modules)\n"))
    let text = try projectFile(dir, "ios/Project.xcodeproj")
    #expect(text.contains("\t\t\tname = Shared;\n\t\t\tpath = ../Shared;\n"))
    #expect(text.contains("\t\t\tpath = Modules;\n"))
    #expect(text.contains("path = HomeView.swift; sourceTree = \"<group>\"; };"))
    #expect(!text.contains("../../"))
    let check = runTool(["check", "Home", "pair"], in: dir)
    #expect(check.code == 0, "\(check.out)\(check.err)")
    let again = runTool(["gen", "Home", "pair", "--no-tests"], in: dir)
    #expect(again.code == 0, "\(again.err)")
    #expect(try projectFile(dir, "ios/Project.xcodeproj") == text)
  }

  @Test func withoutAProjectNothingChanges() throws {
    let dir = try project(config: "output: iOS/Modules/{{ module }}\n")
    let gen = runTool(["gen", "Home", "pair"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(gen.out == "Home (pair): 2 created.\n")
    #expect(try projectFile(dir) == original())
  }
}

/// The project file is part of the run's transaction: a run killed at any moment leaves it
/// entirely as it was or entirely as the run makes it, and the next run completes or rolls back
/// the project with the files, so that they always agree.
@Suite struct XcodeCrashSafetyTests {
  @Test func aKilledRunLeavesTheProjectWholeAndInStepWithTheFiles() throws {
    let names = (0..<60).map { "M" + String(1000 + $0).dropFirst() }
    func prepare() throws -> String {
      let dir = try XcodeGenTests().project()
      try write(
        "modules:\n" + names.map { "  - {name: \($0), template: pair}\n" }.joined(),
        to: dir + "/all.yml")
      try write("modules:\n  - {name: \(names[0]), template: pair}\n", to: dir + "/first.yml")
      return dir
    }
    let original = try XcodeGenTests().original()
    // The project after every module, and after the first alone.
    let reference = try prepare()
    let begin = Date()
    let full = try runBinary(["gen", "--spec", "all.yml"], in: reference)
    #expect(full.code == 0, "\(full.err)")
    let duration = max(Date().timeIntervalSince(begin), 0.2)
    let complete = try XcodeGenTests().projectFile(reference)
    let single = try prepare()
    #expect(runTool(["gen", "--spec", "first.yml"], in: single).code == 0)
    let firstOnly = try XcodeGenTests().projectFile(single)

    var generator = SystemRandomNumberGenerator()
    for kill in 0..<5 {
      let dir = try prepare()
      let process = Process()
      process.executableURL = URL(fileURLWithPath: builtBinary)
      process.arguments = ["gen", "--spec", "all.yml"]
      process.currentDirectoryURL = URL(fileURLWithPath: dir)
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      Thread.sleep(forTimeInterval: Double.random(in: 0...duration, using: &generator))
      Foundation.kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let killed = try XcodeGenTests().projectFile(dir)
      #expect(killed == original || killed == complete, "kill \(kill): a partial project")

      let next = runTool(["gen", "--spec", "first.yml"], in: dir)
      #expect(next.code == 0, "kill \(kill): \(next.err)")
      let after = try XcodeGenTests().projectFile(dir)
      let present = names.filter {
        FileManager.default.fileExists(atPath: dir + "/iOS/Modules/\($0)/\($0)View.swift")
      }
      if after == complete {
        #expect(present == names, "kill \(kill): project complete, files missing")
      } else {
        #expect(after == firstOnly, "kill \(kill): the project is neither rolled back nor complete")
        #expect(present == [names[0]], "kill \(kill): project rolled back, files left")
      }
    }
  }
}

/// `init` in a folder with an Xcode project or a Swift package.
@Suite struct InitDetectionTests {
  @Test func initWritesTheProjectAndItsTargets() throws {
    let dir = try XcodeGenTests().project(config: "")
    try FileManager.default.removeItem(atPath: dir + "/.modulegen.yml")
    try FileManager.default.createDirectory(
      atPath: dir + "/iOS", withIntermediateDirectories: true)
    let result = runTool(["init", "--author", "Jane"], in: dir)
    #expect(result.code == 0, "\(result.err)")
    #expect(
      result.err
        == "note: found Project.xcodeproj with the target iOS and the test target iOSTests: generated files will be added to it\n"
    )
    #expect(
      try String(contentsOfFile: dir + "/.modulegen.yml", encoding: .utf8) == """
        # modulegen project settings: 'modulegen help config' lists every key.
        author: "Jane"
        project: "iOS"
        template: "viper"
        output: "iOS/Modules/{{ module }}"
        tests_output: "{{ module }}Tests"
        module: "iOS"
        xcodeproj: "Project.xcodeproj"
        targets: ["iOS"]
        test_targets: ["iOSTests"]

        """)
    // What init wrote works: the module joins the project.
    let gen = runTool(["gen", "Home", "pair", "--templates", "Templates"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(gen.out == "Home (pair): 2 created.\nUpdated Project.xcodeproj: 7 changes.\n")
  }

  @Test func initFindsASwiftPackagesTarget() throws {
    let dir = try makeTemporaryDirectory()
    try write("// swift-tools-version:6.0\n", to: dir + "/Package.swift")
    try write("", to: dir + "/Sources/Feature/Feature.swift")
    try write("", to: dir + "/Tests/FeatureTests/FeatureTests.swift")
    let result = runTool(["init", "--author", "Jane", "--project", "Feature"], in: dir)
    #expect(result.code == 0, "\(result.err)")
    #expect(
      result.err
        == "note: found a Swift package with the target Feature: no Xcode project needs an edit\n")
    let text = try String(contentsOfFile: dir + "/.modulegen.yml", encoding: .utf8)
    #expect(
      text.hasSuffix(
        "output: \"Sources/Feature/{{ module }}\"\ntests_output: \"Tests/FeatureTests/{{ module }}\"\nmodule: \"Feature\"\n"
      ))
  }
}

/// Modules of a spec that set their own targets and groups.
@Suite struct XcodeSpecOverrideTests {
  @Test func aModuleOfASpecSetsItsOwnTargetsAndGroup() throws {
    let dir = try XcodeGenTests().project()
    try write(
      """
      modules:
        - name: Home
          template: pair
        - name: Widget
          template: pair
          targets: [iOS, iOSTests]
          group: iOS

      """, to: dir + "/m.yml")
    let gen = runTool(["gen", "--spec", "m.yml", "--dry-run"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(gen.out.contains("  add iOS/Modules/Home/HomeView.swift to target iOS (Sources)\n"))
    #expect(!gen.out.contains("HomeView.swift to target iOSTests"))
    #expect(gen.out.contains("  add file iOS/Modules/Widget/WidgetView.swift to group iOS\n"))
    #expect(
      gen.out.contains("  add iOS/Modules/Widget/WidgetView.swift to target iOSTests (Sources)\n"))
  }

  @Test func aModulesUnknownTargetIsAnErrorAtItsLine() throws {
    let dir = try XcodeGenTests().project()
    try write("name: Home\ntemplate: pair\ntest_targets: [iOSTest]\n", to: dir + "/m.yml")
    let gen = runTool(["gen", "--spec", "m.yml"], in: dir)
    #expect(gen.code == 2)
    #expect(
      gen.err == """
        m.yml:3:16: error: Project.xcodeproj has no target named 'iOSTest'; did you mean 'iOSTests'?
        test_targets: [iOSTest]
                       ^

        """)
    #expect(!FileManager.default.fileExists(atPath: dir + "/iOS/Modules"))
  }
}
