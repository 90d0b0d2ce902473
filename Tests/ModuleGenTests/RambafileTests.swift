import Foundation
import Testing

@testable import ModuleGen

/// The Rambafile as a project config, and `validate Rambafile`.
@Suite struct RambafileTests {
  /// A value of the kind a declared key takes.
  static func sample<Target>(_ key: DataKey<Target>) -> String {
    key.type == "true or false" ? "true" : key.type.hasPrefix("a list") ? "[]" : "x"
  }

  /// Each key is declared once, and each declared key is read, in a Rambafile and in the
  /// `generamba:` section of `.modulegen.yml` (which takes Generamba's own keys): where its
  /// value is written is kept.
  @Test func everyDeclaredKeyIsRead() throws {
    let names = Rambafile.keys.knownNames()
    #expect(Set(names).count == names.count)
    for key in Rambafile.keys {
      let settings = try #require(
        try Rambafile.decode("\(key.name): \(Self.sample(key))\n", file: "Rambafile").config
          .generamba)
      #expect(settings.locations[key.name]?.line == 1, "\(key.name)")
    }
    for key in GenerambaSettings.keys {
      let config = try ProjectConfig.decode(
        "generamba:\n  \(key.name): \(Self.sample(key))\n", file: ".modulegen.yml")
      #expect(config.generamba?.locations[key.name]?.line == 2, "\(key.name)")
    }
  }

  @Test func everyTemplateDeclarationKeyIsRead() throws {
    #expect(
      GenerambaSettings.TemplateDeclaration.keys.knownNames() == ["name", "local", "git", "branch"])
    let settings = try #require(
      try Rambafile.decode(
        "templates:\n  - {name: a, git: 'https://x.org/a.git', branch: main}\n  - {name: b, local: ../b}\n",
        file: "Rambafile"
      ).config.generamba)
    let templates = settings.templates
    #expect(templates.map(\.name) == ["a", "b"])
    #expect(templates.map(\.git) == ["https://x.org/a.git", nil])
    #expect(templates.map(\.branch) == ["main", nil])
    #expect(templates.map(\.local) == [nil, "../b"])
  }

  @Test func everyKeyBecomesASetting() throws {
    let decoded = try Rambafile.decode(
      """
      author: Jane
      company: Acme
      project_name: Acme-App
      prefix: ac
      product_module_name: AcmeKit
      xcodeproj_path: App/Acme.xcodeproj
      project_target: Single
      project_targets: [One, Two]
      project_file_path: /Sources/Modules/
      project_group_path: Modules
      test_target: OneTests
      test_group_path: Tests/Modules
      podfile_path: Podfile
      cartfile_path: Cartfile
      create_logical_groups: false
      catalogs: ['https://example.com/catalog.git']
      templates:
      - {name: a}
      - {name: b, local: ../b}
      - {name: c, git: 'https://example.com/c.git', branch: v2}
      """, file: "Rambafile", directory: "/p")
    let config = decoded.config
    #expect(config.author == "Jane")
    #expect(config.company == "Acme")
    #expect(config.project == "Acme-App")
    // 'ac' cannot start a Swift type name: Generamba's templates use it, modulegen's do not.
    #expect(config.prefix == nil)
    #expect(config.generamba?.prefix == "ac")
    #expect(config.directory == "/p")
    // Generamba strips one slash at each end and appends the module's name.
    #expect(config.output == "Sources/Modules/{{ module }}")
    // No test file path: the group path stands in, as in Generamba.
    #expect(config.testsOutput == "Tests/Modules/{{ module }}")
    let settings = try #require(config.generamba)
    #expect(settings.productModuleName == "AcmeKit")
    #expect(settings.xcodeprojPath == "App/Acme.xcodeproj")
    #expect(settings.projectTargets == ["One", "Two"])  // the list wins over project_target
    #expect(settings.testTargets == ["OneTests"])
    #expect(settings.projectGroupPath == "Modules")
    #expect(settings.podfilePath == "Podfile")
    #expect(settings.cartfilePath == "Cartfile")
    #expect(settings.catalogs == ["https://example.com/catalog.git"])
    #expect(settings.templates.map(\.name) == ["a", "b", "c"])
    #expect(settings.templates[1].local == "../b")
    #expect(settings.templates[2].git == "https://example.com/c.git")
    #expect(settings.templates[2].branch == "v2")
    #expect(decoded.warnings.isEmpty)
  }

  @Test(arguments: [
    (
      "projet_name: X\n",
      "Rambafile:1:1: error: unknown key 'projet_name' in the Rambafile; did you mean 'project_name'?"
    ),
    (
      "prefix: NO\n",
      "Rambafile:1:9: error: prefix: expected a string, found a boolean (YAML reads it as a boolean; quote it)"
    ),
    (
      "project_targets: App\n",
      "Rambafile:1:18: error: project_targets: expected a list of target names, found a string (write [App])"
    ),
    (
      "create_logical_groups: maybe\n",
      "Rambafile:1:24: error: create_logical_groups: expected true or false, found a string"
    ),
    (
      "templates:\n- {name: a, gti: x}\n",
      "Rambafile:2:13: error: templates[0]: unknown key 'gti' in a template declaration; did you mean 'git'?"
    ),
    (
      "templates:\n- rviper\n",
      "Rambafile:2:3: error: templates[0]: a template is declared as {name: NAME}, with 'local: PATH' or 'git: URL' for other sources, found a string"
    ),
    (
      "templates:\n- {local: x}\n",
      "Rambafile:2:3: error: templates[0]: the template declaration has no 'name'"
    ),
    ("- a\n", "Rambafile:1:1: error: a Rambafile must be a mapping of settings, found a list"),
  ])
  func mistakesAreLocated(text: String, message: String) throws {
    #expect {
      _ = try Rambafile.decode(text, file: "Rambafile")
    } throws: { error in
      (error as? DiagnosticList)?.diagnostics.first?.description.hasPrefix(message) == true
    }
  }

  @Test func warnsOfWhatGenerambaRefuses() throws {
    let decoded = try Rambafile.decode(
      "project_name: X\nproject_file_path: A\n", file: "Rambafile")
    #expect(
      decoded.warnings.map(\.description) == [
        "Rambafile:1:1: warning: no 'company': Generamba refuses to generate without it",
        "Rambafile:1:1: warning: no 'xcodeproj_path': Generamba refuses to generate without it",
        "Rambafile:1:1: warning: no 'templates': Generamba refuses to generate without a template declared",
        "Rambafile:1:1: warning: no project_target(s): Generamba needs every project setting once one is given",
      ])
  }

  @Test func theAuthorComesFromGenerambasUserPreferencesWhenTheRambafileHasNone() throws {
    let home = try makeTemporaryDirectory()
    try write("username: Grace\n", to: home + "/.generamba/user_preferences.yml")
    #expect(
      try Rambafile.decode("company: A\n", file: "Rambafile", home: home).config.author == "Grace")
    #expect(
      try Rambafile.decode("author: Ada\n", file: "Rambafile", home: home).config.author == "Ada")
    #expect(
      try Rambafile.decode("company: A\n", file: "Rambafile", home: "/nonexistent").config
        .author == nil)
  }

  @Test func theRambafileIsTheConfigOnlyWithoutAModulegenConfig() throws {
    let root = try makeTemporaryDirectory()
    try write("project_name: FromRambafile\n", to: root + "/Rambafile")
    try FileManager.default.createDirectory(
      atPath: root + "/a/b", withIntermediateDirectories: true)
    #expect(
      ProjectConfig.find(from: root + "/a/b", fileSystem: LocalFileSystem()) == root + "/Rambafile")
    try write("project: FromModulegen\n", to: root + "/.modulegen.yml")
    #expect(
      ProjectConfig.find(from: root + "/a/b", fileSystem: LocalFileSystem())
        == root + "/.modulegen.yml")
    // In a run, even of a built-in template: paths relative to the Rambafile, no tests.
    try FileManager.default.removeItem(atPath: root + "/.modulegen.yml")
    try write("project_name: Acme\nproject_file_path: Modules\n", to: root + "/Rambafile")
    let result = runTool(
      ["gen", "Home", "viper", "--dry-run", "--format", "json"], in: root + "/a/b")
    #expect(result.code == 0, "\(result.err)")
    // Shown from the current folder, as every path of a report.
    #expect(result.out.contains("\"path\":\"../../Modules/Home/HomeBuilder.swift\""))
    #expect(!result.out.contains("HomeTests"))
  }

  @Test func validateReadsARambafile() throws {
    let dir = try makeTemporaryDirectory()
    try write("company: A\nprojet_name: X\n", to: dir + "/Rambafile")
    let bad = runTool(["validate", "Rambafile"], in: dir)
    #expect(bad.code == 1)
    #expect(
      bad.err == """
        Rambafile:2:1: error: unknown key 'projet_name' in the Rambafile; did you mean 'project_name'?
        projet_name: X
        ^
        1 error in Rambafile

        """)
    try write("company: A\nproject_name: X\n", to: dir + "/Rambafile")
    let good = runTool(["validate", "Rambafile"], in: dir)
    #expect(good.code == 0)
    #expect(good.out == "Rambafile: ok (Generamba project config)\n")
    #expect(good.err.contains("Rambafile:1:1: warning: no 'xcodeproj_path': Generamba refuses"))
    let json = runTool(["validate", "Rambafile", "--format", "json"], in: dir)
    #expect(json.out.contains("\"kind\":\"rambafile\",\"valid\":true"))
  }

  /// A syntax error is reported alone: the key on the broken line is not also "missing".
  @Test func validateSaysNoKeyIsMissingWhereALineDoesNotRead() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      """
      company: A
      project_name: X
      xcodeproj_path: X.xcodeproj
      templates: [{name: t}]
      test_targets: [AppTests
      test_file_path: Tests

      """, to: dir + "/Rambafile")
    let result = runTool(["validate", "Rambafile"], in: dir)
    #expect(result.code == 1)
    #expect(
      result.err == """
        Rambafile:5:15: error: the list '[' is never closed with ']'
        test_targets: [AppTests
                      ^
        1 error in Rambafile

        """)
  }

  /// `init` in a Generamba project would write defaults that replace the Rambafile (its
  /// prefix, paths, targets): it points to `migrate`, which keeps them, unless --force.
  @Test func initDoesNotReplaceARambafileAndPointsToMigrate() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "company: A\nproject_name: X\nprefix: AC\nproject_file_path: Modules\n",
      to: dir + "/Rambafile")
    let result = runTool(["init"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err == """
        error: the Rambafile here is the project's config, and a .modulegen.yml would replace \
        it: 'modulegen migrate' writes .modulegen.yml from the Rambafile (--force writes init's \
        defaults instead)

        """)
    #expect(!FileManager.default.fileExists(atPath: dir + "/.modulegen.yml"))
    #expect(runTool(["migrate"], in: dir).code == 0)
    let migrated = try String(contentsOfFile: dir + "/.modulegen.yml", encoding: .utf8)
    #expect(migrated.contains("prefix: AC\n"))
    #expect(runTool(["init", "--force", "--project", "X"], in: dir).code == 0)
  }

  @Test func theGenerambaSectionOfAModulegenConfig() throws {
    let config = try ProjectConfig.decode(
      "project: X\ngeneramba:\n  prefix: ac\n  project_targets: [A]\n", file: ".modulegen.yml")
    #expect(config.generamba?.prefix == "ac")
    #expect(config.generamba?.projectTargets == ["A"])
    #expect(config.generamba?.fromRambafile == false)
    #expect {
      _ = try ProjectConfig.decode("generamba:\n  project_file_path: A\n", file: ".modulegen.yml")
    } throws: { error in
      (error as? DiagnosticList)?.diagnostics.first?.description.hasPrefix(
        ".modulegen.yml:2:3: error: generamba: unknown key 'project_file_path' in the generamba settings; did you mean 'project_group_path'?"
      ) == true
    }
  }

  @Test func productModuleNameAsGenerambaMakesIt() {
    #expect(GenerambaContext.productModuleName(forProject: "Acme-App") == "Acme_App")
    #expect(GenerambaContext.productModuleName(forProject: "My App 2") == "My_App_2")
    // One underscore per code point outside [A-Za-z0-9_], as Ruby's gsub.
    #expect(GenerambaContext.productModuleName(forProject: "Café") == "Caf_")
    #expect(GenerambaContext.productModuleName(forProject: "Cafe\u{301}") == "Cafe_")
  }

  @Test func customParametersTakeTheFollowingPairs() throws {
    let spec = CommandSpec(
      name: "gen", summary: "",
      arguments: [.init(name: "name", help: ""), .init(name: "template", help: "")],
      options: CommandSpec.generambaOptions)
    let parsed = try spec.parse([
      "--custom_parameters", "a:1", "b:x:y", "Home", "viper", "--custom_parameters", "c:",
    ])
    #expect(parsed.positional == ["Home", "viper"])
    #expect(parsed.all(.customParameters) == ["a:1", "b:x:y", "c:"])
  }
}
