import Foundation
import Testing

@testable import ModuleGen

/// `modulegen templates install`: from a folder, a git URL at a ref, or the Rambafile's
/// declarations; into the project's templates folder only, replacing nothing but the one
/// template's folder.
@Suite struct TemplatesInstallTests {
  static let catalog = GenerambaFixtureTests.fixtures + "/templates"

  /// Runs git in `dir`, for making test repositories.
  @discardableResult
  static func git(_ arguments: [String], in dir: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com"]
      + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: dir)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = Pipe()
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "git \(arguments)")
    return String(decoding: data, as: UTF8.self)
  }

  /// A bare repository holding `template` at its root: tag v1, then a second commit on main.
  static func bareRepository(_ template: String) throws -> String {
    let root = try makeTemporaryDirectory()
    try FileManager.default.copyItem(atPath: catalog + "/" + template, toPath: root + "/work")
    try git(["init", "-q", "-b", "main"], in: root + "/work")
    try git(["add", "-A"], in: root + "/work")
    try git(["commit", "-q", "-m", "one"], in: root + "/work")
    try git(["tag", "v1"], in: root + "/work")
    try "// two\n".write(
      toFile: root + "/work/Code/View/view_input.swift.liquid", atomically: true, encoding: .utf8)
    try git(["commit", "-q", "-am", "two"], in: root + "/work")
    try git(["clone", "-q", "--bare", "work", "repo.git"], in: root)
    return root + "/repo.git"
  }

  /// A project with a Rambafile, a file in Templates/ and a template already installed.
  static func project(_ rambafile: String = "project_name: Acme\n") throws -> GenerambaProject {
    let project = try GenerambaProject(rambafile: rambafile, templates: [])
    try write("keep me\n", to: project.dir + "/Templates/README.md")
    try write("mine\n", to: project.dir + "/Templates/other/other.rambaspec")
    return project
  }

  func files(_ dir: String) -> [String] {
    (FileManager.default.enumerator(atPath: dir)?.allObjects as? [String] ?? []).sorted()
  }

  @Test func installsALocalFolderAndLeavesEverythingElse() throws {
    let project = try Self.project()
    let result = project.run(["templates", "install", Self.catalog + "/swifty_viper"])
    #expect(result.code == 0, "\(result.err)")
    #expect(
      result.out
        == "installed swifty_viper from \(Self.catalog)/swifty_viper in Templates/swifty_viper (18 files)\n"
    )
    #expect(
      files(project.dir + "/Templates/swifty_viper") == files(Self.catalog + "/swifty_viper"))
    #expect(project.read("Templates/README.md") == "keep me\n")
    #expect(project.read("Templates/other/other.rambaspec") == "mine\n")
    // No staging or backup folder is left behind.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: project.dir + "/Templates").sorted()
        == ["README.md", "other", "swifty_viper"])
    // Installed, it generates.
    let gen = project.run(["gen", "Profile", "swifty_viper", "--module_path", "M"])
    #expect(gen.code == 0, "\(gen.err)")
    // Again: unchanged.
    #expect(
      project.run(["templates", "install", Self.catalog + "/swifty_viper"]).out.hasPrefix(
        "unchanged swifty_viper"))
  }

  /// A symbolic link in the template's folder, to a file or a folder, dangling or not, is left
  /// out with a note: it could lead anywhere, and the copy must hold only the template's files.
  @Test func leavesOutSymbolicLinksWithANote() throws {
    let project = try Self.project()
    let source = try makeTemporaryDirectory() + "/swifty_viper"
    try FileManager.default.copyItem(atPath: Self.catalog + "/swifty_viper", toPath: source)
    for (name, destination) in [
      ("Code/linked.liquid", source + "/Code/View/view_input.swift.liquid"),
      ("linked-folder", source + "/Code"), ("dangling", source + "/nowhere"),
    ] {
      try FileManager.default.createSymbolicLink(
        atPath: source + "/" + name, withDestinationPath: destination)
    }
    let result = project.run(["templates", "install", source])
    #expect(result.code == 0, "\(result.err)")
    #expect(
      result.err
        == """
        note: '\(source)/Code/linked.liquid' is a symbolic link: not installed
        note: '\(source)/dangling' is a symbolic link: not installed
        note: '\(source)/linked-folder' is a symbolic link: not installed

        """)
    #expect(
      files(project.dir + "/Templates/swifty_viper") == files(Self.catalog + "/swifty_viper"))
  }

  @Test func anEditedCopyIsNotReplacedWithoutForceAndOnlyItsFolderWithIt() throws {
    let project = try Self.project()
    #expect(project.run(["templates", "install", Self.catalog + "/swifty_viper"]).code == 0)
    let edited = "Templates/swifty_viper/Code/View/view_input.swift.liquid"
    try write("// my edit\n", to: project.dir + "/" + edited)
    try write("extra\n", to: project.dir + "/Templates/swifty_viper/Notes.txt")
    let refused = project.run(["templates", "install", Self.catalog + "/swifty_viper"])
    #expect(refused.code == 1)
    #expect(
      refused.err == """
        error: 'Templates/swifty_viper' differs from \(Self.catalog)/swifty_viper: 'Code/View/view_input.swift.liquid' differs, 'Notes.txt' is only in the installed copy
        nothing was installed; use --force to replace the installed copies

        """)
    #expect(project.read(edited) == "// my edit\n")
    let forced = project.run(["templates", "install", Self.catalog + "/swifty_viper", "--force"])
    #expect(forced.code == 0)
    #expect(forced.out.hasPrefix("replaced swifty_viper"))
    #expect(project.read("Templates/swifty_viper/Notes.txt") == nil)
    #expect(project.read("Templates/README.md") == "keep me\n")
    #expect(project.read("Templates/other/other.rambaspec") == "mine\n")
  }

  @Test func installsFromGitAtARefAndRemovesOnlyItsOwnTemporaryFolder() throws {
    let repository = try Self.bareRepository("swifty_viper")
    let project = try Self.project()
    let temporary = try makeTemporaryDirectory()
    try write("someone else's\n", to: temporary + "/other-file")
    let environment = ["TMPDIR": temporary]
    let atTag = project.run(
      ["templates", "install", "file://" + repository, "--ref", "v1"], environment: environment)
    #expect(atTag.code == 0, "\(atTag.err)")
    #expect(
      atTag.out
        == "installed swifty_viper from file://\(repository) (v1) in Templates/swifty_viper (18 files)\n"
    )
    #expect(
      project.read("Templates/swifty_viper/Code/View/view_input.swift.liquid")
        == (try String(
          contentsOfFile: Self.catalog + "/swifty_viper/Code/View/view_input.swift.liquid",
          encoding: .utf8)))
    #expect(!FileManager.default.fileExists(atPath: project.dir + "/Templates/swifty_viper/.git"))
    // The default branch has a newer commit: a conflict, then a replacement with --force.
    let latest = project.run(
      ["templates", "install", "file://" + repository], environment: environment)
    #expect(latest.code == 1)
    #expect(latest.err.contains("'Code/View/view_input.swift.liquid' differs"))
    #expect(
      project.run(
        ["templates", "install", "file://" + repository, "--force"], environment: environment
      ).code == 0)
    #expect(project.read("Templates/swifty_viper/Code/View/view_input.swift.liquid") == "// two\n")
    // Only the run's own temporary folder was removed.
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == ["other-file"])
  }

  @Test func installsWhatTheRambafileDeclares() throws {
    let repository = try Self.bareRepository("swifty_viper")
    // A catalog: a repository with a folder per template.
    let catalog = try makeTemporaryDirectory()
    try FileManager.default.copyItem(
      atPath: Self.catalog + "/rviper_controller", toPath: catalog + "/rviper_controller")
    try Self.git(["init", "-q"], in: catalog)
    try Self.git(["add", "-A"], in: catalog)
    try Self.git(["commit", "-q", "-m", "catalog"], in: catalog)
    let project = try Self.project(
      """
      project_name: Acme
      catalogs: ['file://\(catalog)']
      templates:
      - {name: mvvm_controller, local: '\(Self.catalog)/mvvm_controller'}
      - {name: swifty_viper, git: 'file://\(repository)', branch: v1}
      - {name: rviper_controller}

      """)
    let result = project.run(["templates", "install"])
    #expect(result.code == 0, "\(result.err)")
    #expect(
      result.out == """
        installed mvvm_controller from \(Self.catalog)/mvvm_controller in Templates/mvvm_controller (8 files)
        installed swifty_viper from file://\(repository) (v1) in Templates/swifty_viper (18 files)
        installed rviper_controller from file://\(catalog) (catalog) in Templates/rviper_controller (24 files)

        """)
    #expect(
      files(project.dir + "/Templates/rviper_controller")
        == files(Self.catalog + "/rviper_controller"))
  }

  @Test func refusesWhatIsNotAValidTemplate() throws {
    let project = try Self.project()
    let source = try makeTemporaryDirectory()
    try write("name: broken\ncode_files: []\n", to: source + "/broken/broken.rambaspec")
    let cases: [([String], String)] = [
      (
        ["templates", "install", source + "/broken"],
        "error: \(source)/broken/broken.rambaspec is not a valid template: it has no 'author', 'version'\n"
      ),
      (
        ["templates", "install", source],
        "error: which template is in '\(source)'? It has no single NAME.rambaspec at its root; name it with --name\n"
      ),
      (
        ["templates", "install", source + "/broken", "--name", "../escape"],
        "error: '../escape' cannot be a template's folder name\n"
      ),
      (
        ["templates", "install", "nowhere"],
        "error: no folder 'nowhere'; give a template folder or a git URL\n"
      ),
      (
        ["templates", "install", source + "/brokn"],
        "error: no folder '\(source)/brokn'; did you mean '\(source)/broken'?; give a template folder or a git URL\n"
      ),
    ]
    for (arguments, message) in cases {
      let result = project.run(arguments)
      #expect(result.code == 2)
      #expect(result.err == message)
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: project.dir + "/Templates").sorted()
        == ["README.md", "other"])
  }
}
