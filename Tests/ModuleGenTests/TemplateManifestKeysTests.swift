import DataFormats
import Testing

@testable import ModuleGen

/// The keys of `template.yml` are declared once (`TemplateManifest+Keys.swift`): the reference
/// tables in Templates/README.md are made from the declarations, every declared key is read,
/// and every property of the manifest, a parameter and a file entry is set by a declared key.
@Suite struct TemplateManifestKeysTests {
  @Test func readmeTablesMatchTheDeclarations() throws {
    try ReadmeTable(
      start: "<!-- manifest keys: generated from TemplateManifest+Keys.swift -->",
      end: "<!-- end of manifest keys -->", suite: "TemplateManifestKeysTests"
    ).check(TemplateManifest.referenceTable)
  }

  /// The table of the built-in templates' parameters, in Templates/README.md and in README.md,
  /// is made from their manifests.
  @Test(arguments: ["Templates/README.md", "README.md"])
  func readmeParametersTableMatchesTheBuiltinTemplates(_ document: String) throws {
    try ReadmeTable(
      document: document, start: "<!-- built-in parameters: generated from each template.yml -->",
      end: "<!-- end of built-in parameters -->", suite: "TemplateManifestKeysTests"
    ).check(BuiltinTemplates.parametersTable())
  }

  @Test func namesAreUniqueAndEachHasAnExample() {
    for names in [
      TemplateManifest.keys.knownNames(), TemplateManifest.Parameter.keys.knownNames(),
      TemplateManifest.FileEntry.keys.knownNames(),
      TemplateManifest.Registration.keys.knownNames(),
    ] {
      #expect(Set(names).count == names.count)
    }
    #expect(TemplateManifest.keys.allSatisfy { $0.example != nil })
    #expect(TemplateManifest.Parameter.keys.allSatisfy { $0.example != nil })
    #expect(TemplateManifest.FileEntry.keys.allSatisfy { $0.example != nil })
    #expect(TemplateManifest.Registration.keys.allSatisfy { $0.example != nil })
  }

  /// A manifest whose top level, parameter and file entry write every declared key (with its
  /// example) but those in `leaving`.
  static func manifest(leaving left: String = "") -> String {
    func mapping<T>(_ keys: [DataKey<T>]) -> String {
      "{"
        + keys.filter { $0.name != left }.map { "\($0.name): \($0.example ?? "")" }
        .joined(separator: ", ") + "}"
    }
    var text = ""
    for key in TemplateManifest.keys where key.name != left {
      switch key.name {
      case "parameters": text += "parameters: [\(mapping(TemplateManifest.Parameter.keys))]\n"
      case "files": text += "files: [\(mapping(TemplateManifest.FileEntry.keys))]\n"
      case "register": text += "register: [\(mapping(TemplateManifest.Registration.keys))]\n"
      default: text += "\(key.name): \(key.example ?? "")\n"
      }
    }
    return text
  }

  static func decoded(_ text: String) -> String? {
    (try? TemplateManifest.decode(text, file: "template.yml")).map { String(describing: $0) }
  }

  /// A key declared but not read would decode the same with and without it; a required key
  /// left out is an error.
  @Test(
    arguments: (TemplateManifest.keys.map(\.name) + TemplateManifest.Parameter.keys.map(\.name)
      + TemplateManifest.FileEntry.keys.map(\.name)
      + TemplateManifest.Registration.keys.map(\.name)).reduce(into: [String]()) {
        if !$0.contains($1) { $0.append($1) }
      })
  func eachKeyIsRead(name: String) throws {
    let full = try #require(Self.decoded(Self.manifest()))
    #expect(Self.decoded(Self.manifest(leaving: name)) != full)
  }

  /// A property no declared key sets would keep its default even when every key is written.
  @Test func everyPropertyIsSetByADeclaredKey() throws {
    let manifest = try TemplateManifest.decode(Self.manifest(), file: "template.yml")
    let parameter = try #require(manifest.parameters.first)
    let file = try #require(manifest.files.first)
    let registration = try #require(manifest.registrations.first)
    let node = DataNode(.object([]), at: file.location)
    let cases: [(Any, Any, Set<String>)] = [
      (manifest, TemplateManifest(name: "", summary: "", parameters: [], files: []), []),
      (
        parameter,
        TemplateManifest.Parameter(
          name: "", kind: .string, defaultValue: nil, description: "", values: []), []
      ),
      (
        file, TemplateManifest.FileEntry(item: node, source: Self.manifest()),
        ["location", "templateLocation", "outputLocation", "outputMap"]
      ),
      (registration, TemplateManifest.Registration(location: file.location), ["location"]),
    ]
    for (full, none, unchecked) in cases {
      for (set, unset) in zip(Mirror(reflecting: full).children, Mirror(reflecting: none).children)
      where !unchecked.contains(set.label ?? "") {
        #expect(
          String(describing: set.value) != String(describing: unset.value),
          "no key sets '\(set.label ?? "")'")
      }
    }
  }

  @Test func unknownKeysAreSuggestedFromTheDeclarations() {
    func errors(_ text: String) -> [String] {
      do {
        _ = try TemplateManifest.decode(text, file: "t.yml")
        return []
      } catch {
        return error.diagnostics.map(\.message)
      }
    }
    #expect(
      errors("name: t\nfiles: [{template: a, output: b, resourse: true}]\n") == [
        "files[0]: unknown key 'resourse' in \(TemplateManifest.FileEntry.messageName); did you mean 'resource'?"
      ])
    #expect(
      errors("name: t\nparameters: [{name: p, valeus: [a]}]\nfiles: []\n") == [
        "parameters[0]: unknown key 'valeus' in a parameter; did you mean 'values'?"
      ])
    #expect(
      errors("name: t\nfiles: []\nregister: [{file: a, marker: m, snippet: s, sortd: true}]\n")
        == [
          "register[0]: unknown key 'sortd' in \(TemplateManifest.Registration.messageName); did you mean 'sorted'?"
        ])
  }

  /// A registration's values are checked where they are written.
  @Test(arguments: [
    (
      "register: [{file: App/R.swift, snippet: s}]",
      "template.yml:3:12: error: register[0]: a registration needs 'marker', the line the snippet goes after"
    ),
    (
      "register: [{file: App/R.swift, marker: m, snippet: s, sorted: yes please}]",
      "template.yml:3:63: error: register[0]: 'sorted' must be true or false"
    ),
    (
      "register: [{file: App/R.swift, marker: m, snippet: \"{% if %}\"}]",
      "template.yml:3:59: error: invalid 'snippet' of a registration: expected a value, found end of markup"
    ),
    ("register: App/R.swift", "template.yml:3:11: error: register: 'register' must be a list"),
  ])
  func registrationProblemsAreLocated(entry: String, message: String) throws {
    let text = "name: t\nfiles: []\n" + entry + "\n"
    do {
      _ = try CompiledTemplate.compile(
        TemplateManifest.decode(text, file: "template.yml"), from: .builtin("viper"),
        manifestPath: "template.yml", header: nil)
      Issue.record("no error for \(entry)")
    } catch let error as DiagnosticList {
      #expect(error.diagnostics.first?.description.hasPrefix(message) == true, "\(error)")
    }
  }
}
