import DataFormats
import Liquid
import Testing

@testable import ModuleGen

@Suite struct SpecDecoderTests {
  @Test func fullModule() throws {
    let text = """
      name: Home
      template: viper
      description: The first screen.
      params: {ui: swiftui, coordinator: true, columns: 2}
      view: |
        func display(items: [HomeItemViewModel])
        // a comment line

        func showError(_ message: String)
      presenter:
        - viewDidLoad()
        - "didSelectItem(at index: Int)"
      service:
        - fetchItems() async throws -> [HomeItem]
      router: []
      entities:
        HomeItem: {id: UUID, title: String, tags: "[String]?"}
      output: Sources/Home
      """
    let file = try SpecDecoder.decode(text, file: "Home.yml")
    #expect(file.modules.count == 1)
    let module = file.modules[0]
    #expect(module.name == "Home")
    #expect(module.template == "viper")
    #expect(module.params.map(\.name) == ["ui", "coordinator", "columns"])
    #expect(module.params[1].value == .bool(true))
    #expect(
      module.roles[.view]?.map(\.declaration) == [
        "func display(items: [HomeItemViewModel])", "func showError(_ message: String)",
      ])
    #expect(module.roles[.presenter]?.map(\.selector) == ["viewDidLoad()", "didSelectItem(at:)"])
    #expect(module.roles[.interactor]?.first?.returnType == "[HomeItem]")
    #expect(module.roles[.router] == [])
    #expect(module.roles[.interactorOutput] == nil)
    #expect(
      module.entities == [
        .init(
          name: "HomeItem",
          fields: [
            .mapped(name: "id", type: "UUID"), .mapped(name: "title", type: "String"),
            .mapped(name: "tags", type: "[String]?"),
          ])
      ])
    #expect(module.output == "Sources/Home")
    #expect(module.imports == [])
  }

  @Test func importsAreAListOrOneName() throws {
    let list = try SpecDecoder.decode(
      "name: A\nimports: [MapKit, CoreLocation, MapKit]\n", file: "a.yml")
    #expect(list.modules[0].imports == ["MapKit", "CoreLocation"])
    let one = try SpecDecoder.decode("name: A\nimports: MapKit\n", file: "a.yml")
    #expect(one.modules[0].imports == ["MapKit"])
  }

  @Test func listsOfModulesAndNotes() throws {
    let file = try SpecDecoder.decode(
      "modules:\n  - name: home\n  - name: Profile\n    template: mvvm\n", file: "m.yml")
    #expect(file.modules.map(\.name) == ["Home", "Profile"])
    #expect(
      file.notes.map(\.description) == [
        "m.yml:2:11: note: module name 'home' was capitalized to 'Home'\n  - name: home\n          ^"
      ])
    let list = try SpecDecoder.decode("- name: A\n- name: B\n", file: "l.yml")
    #expect(list.modules.map(\.name) == ["A", "B"])
  }

  @Test func overloadsGetDistinctIdentifiers() throws {
    let file = try SpecDecoder.decode(
      "name: A\ninteractor:\n  - load()\n  - 'load(id: Int)'\n  - 'load(id: String)'\n",
      file: "a.yml")
    #expect(
      file.modules[0].roles[.interactor]?.map(\.identifier) == [
        "load", "loadIdInt", "loadIdString",
      ])
  }

  /// Overloads whose types make the same words (`[Int]` and `Int`) are numbered, not refused as
  /// one method declared twice (which `bad` refuses however its types are spelled).
  @Test func overloadsOfTheSameWordsAreNumbered() throws {
    let file = try SpecDecoder.decode(
      "name: A\ninteractor: |\n  func load(x: [Int])\n  func load(x: Int)\n  func loadXInt()\n",
      file: "a.yml")
    #expect(
      file.modules[0].roles[.interactor]?.map(\.identifier) == [
        "loadXInt2", "loadXInt3", "loadXInt",
      ])
  }

  @Test func convertName() throws {
    let file = try SpecDecoder.decode("name: home screen\nconvert_name: true\n", file: "a.yml")
    #expect(file.modules[0].name == "HomeScreen")
  }

  static let bad: [(String, [String])] = [
    (
      "name: Home\npresentr: []\n",
      ["a.yml:2:1: error: unknown key 'presentr' in a module; did you mean 'presenter'?"]
    ),
    ("template: viper\n", ["a.yml:1:1: error: the module has no 'name'"]),
    ("name: 1Home\n", ["a.yml:1:7: error: name: module name '1Home' must start with a letter"]),
    (
      "name: Home-Screen\n",
      [
        "a.yml:1:7: error: name: module name 'Home-Screen' is not a valid Swift type name; did you mean 'HomeScreen'? (--convert-name turns it into that)"
      ]
    ),
    ("name: ''\n", ["a.yml:1:7: error: name: the module name is empty"]),
    ("name: a/b\n", ["a.yml:1:7: error: name: module name 'a/b' must not contain path separators"]),
    (
      "name: class\n",
      ["a.yml:1:7: error: name: module name 'class' is a Swift keyword; choose another name"]
    ),
    (
      "name: no\n",
      [
        "a.yml:1:7: error: name: \(Problems.notAStringMessage("name", found: .bool(false)))"
      ]
    ),
    (
      "name: A\nview:\n  - show(x: Int)\n",
      [
        "a.yml:3:11: error: view[0]: 'show(x: Int)' has ': ', which YAML reads as a key and its value; quote it (- \"show(x: Int)\") or write the methods as a block (view: | then one declaration per line)"
      ]
    ),
    (
      "name: A\nview: |\n  show()\n  hide(x Int)\n",
      ["a.yml:4:10: error: view: expected ':' between the parameter 'x' and its type 'Int'"]
    ),
    (
      "name: A\nview:\n  - 'show(x: )'\n",
      ["a.yml:3:14: error: view[0]: \(SignatureParser.expectedTypeMessage), found ')'"]
    ),
    (
      "name: A\nview: 3\n",
      [
        "a.yml:2:7: error: view: 'view' must be a list of Swift signatures or a block of declarations ('|'), found an integer"
      ]
    ),
    (
      "name: A\nview: []\nview_input: []\n",
      ["a.yml:3:1: error: view_input: 'view_input' and 'view' both declare the view role; use one"]
    ),
    (
      "name: A\nentities: {item: {id: Int}}\n",
      ["a.yml:2:12: error: entities.item: entity name 'item' is not a Swift type name"]
    ),
    (
      "name: A\nentities: {Item: {id: 3}}\n",
      [
        "a.yml:2:23: error: entities.Item.id: the type of 'id' must be a string such as 'String' or '[Item]'"
      ]
    ),
    (
      "name: A\nimports: {MapKit: 1}\n",
      [
        "a.yml:2:10: error: imports: 'imports' must be a module name or a list of module names, e.g. [MapKit, CoreLocation]"
      ]
    ),
    (
      "name: A\nimports: [MapKit, 'Core Location', 3]\n",
      [
        "a.yml:2:19: error: imports[1]: expected a module name such as 'MapKit', found a string",
        "a.yml:2:36: error: imports[2]: expected a module name such as 'MapKit', found an integer (YAML reads it as an integer; quote it)",
      ]
    ),
    (
      "name: A\ninteractor: |\n  func load(x: [Int]?)\n  func load(x: Optional<Array<Swift.Int>>)\n",
      ["a.yml:4:3: error: interactor: 'load(x:)' is declared twice (first at line 3)"]
    ),
    (
      "modules:\n  - name: A\n  - name: A\n",
      ["a.yml:3:5: error: module 'A' is declared twice (first at line 2)"]
    ),
    (
      "name: 1A\ntemplat: x\nview: 2\n",
      [
        "a.yml:1:7: error: name: module name '1A' must start with a letter",
        "a.yml:2:1: error: unknown key 'templat' in a module; did you mean 'template'?",
        "a.yml:3:7: error: view: 'view' must be a list of Swift signatures or a block of declarations ('|'), found an integer",
      ]
    ),
  ]

  @Test(arguments: bad) func badSpecs(_ text: String, _ expected: [String]) {
    do {
      _ = try SpecDecoder.decode(text, file: "a.yml")
      Issue.record("expected errors")
    } catch {
      #expect(
        error.diagnostics.map { $0.description.split(separator: "\n")[0] }
          == expected.map { Substring($0) })
      #expect(
        error.summary
          == (expected.count == 1 ? "1 error in a.yml" : "\(expected.count) errors in a.yml"))
    }
  }

  /// An error inside a quoted method is under its character, escapes before it counted as the
  /// one character each stands for (YAML's `\"`, `\x41`, `\U…`, `''`; JSON's `\u0049`, a
  /// surrogate pair): they once put the caret one column further left for every character they
  /// saved. On a later line of the value (after a `\n` escape) too.
  @Test(arguments: [
    ("a.yml", "name: A\nview:\n  - \"show(a: String = \\\"x\\\", 2b: Int)\"\n"),
    ("a.yml", "name: A\nview:\n  - \"show(a: \\x41nt, 2b: Int)\"\n"),
    ("a.yml", "name: A\nview:\n  - \"show(a: String = \\\"\\u00e9\\U0001F600\\\", 2b: Int)\"\n"),
    ("a.yml", "name: A\nview:\n  - 'show(a: String = ''x'', 2b: Int)'\n"),
    ("a.json", "{\"name\": \"A\", \"view\": [\"show(a: \\u0049nt, 2b: Int)\"]}"),
    (
      "a.json",
      "{\"name\": \"A\", \"view\": [\"show(a: String = \\\"\\ud83d\\ude00\\\", 2b: Int)\"]}"
    ),
    // Declarations one a line in one quoted value, its lines begun by `\n` escapes: the error
    // on the second was under the first one's characters.
    ("a.yml", "name: A\n# one a line\nview: \"show()\\n  show(a: String = \\\"x\\\", 2b: Int)\"\n"),
    ("a.json", "{\"name\": \"A\", \"view\": \"show()\\nshow(\\t\\u0061: Int, 2b: Int)\"}"),
    // Two such values on one line: each its own lines.
    (
      "a.json",
      "{\"name\": \"A\", \"presenter\": \"load(items: [Int])\\nreload()\", \"view\": \"show()\\nshow(a: Int, 2b: Int)\"}"
    ),
  ])
  func errorsAfterEscapesAreUnderTheirCharacter(_ file: String, _ text: String) {
    do {
      _ = try SpecDecoder.decode(text, file: file)
      Issue.record("expected an error")
    } catch {
      let first = error.diagnostics.first.map { $0.description } ?? ""
      let lines = first.split(separator: "\n", omittingEmptySubsequences: false)
      guard lines.count == 3, let caret = lines[2].firstIndex(of: "^") else {
        Issue.record("no caret line: \(first)")
        return
      }
      // The caret, and the column the message gives, are at the '2' the error is about.
      let column = lines[2].distance(from: lines[2].startIndex, to: caret)
      #expect(Array(lines[1])[column] == "2", "\(first)")
      #expect(
        lines[0].hasPrefix("\(file):\(file == "a.json" ? 1 : 3):\(column + 1): error: "), "\(first)"
      )
    }
  }

  /// A block's line is found by its line breaks, `\r\n` ones too (read as one Character, the
  /// pair once kept the whole file on one "line" and the error at the block's `|`).
  @Test func errorsInsideABlockOfAWindowsFilePointAtTheirLine() {
    do {
      _ = try SpecDecoder.decode(
        "name: A\r\nview: |\r\n  show()\r\n  hide(x Int)\r\n", file: "a.yml")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.diagnostics.map(\.description) == [
          """
          a.yml:4:10: error: view: expected ':' between the parameter 'x' and its type 'Int'
            hide(x Int)
                   ^
          """
        ])
    }
  }
}

@Suite struct ProjectConfigTests {
  @Test func decodes() throws {
    let config = try ProjectConfig.decode(
      "author: Ann\ncompany: Acme\nproject: App\nprefix: AC\ntemplate: mvvm\nparams: {ui: swiftui}\noutput: 'Sources/{{ module }}'\ntests_output: 'Tests/{{ module }}'\ntemplates: [Templates]\nheader: |\n  // {{ file_name }}\n",
      file: ".modulegen.yml")
    #expect(config.author == "Ann" && config.company == "Acme" && config.project == "App")
    #expect(config.prefix == "AC" && config.template == "mvvm")
    #expect(config.params.first?.value == .string("swiftui"))
    #expect(config.output == "Sources/{{ module }}" && config.testsOutput == "Tests/{{ module }}")
    #expect(config.templateFolders == ["Templates"])
    #expect(config.header == "// {{ file_name }}\n")
    #expect(config.module == nil)
    let named = try ProjectConfig.decode("project: Acme App\nmodule: AcmeKit\n", file: "c.yml")
    #expect(named.module == "AcmeKit")
  }

  @Test func moduleMustBeASwiftModuleName() {
    do {
      _ = try ProjectConfig.decode("module: Acme App\n", file: ".modulegen.yml")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.diagnostics.map { $0.description.split(separator: "\n")[0] } == [
          ".modulegen.yml:1:9: error: module 'Acme App' must be a Swift module name, such as 'AcmeApp'"
        ])
    }
  }

  @Test func reportsEveryProblem() {
    do {
      _ = try ProjectConfig.decode("autor: x\ncompany: 3\ntemplates: 4\n", file: ".modulegen.yml")
      Issue.record("expected errors")
    } catch {
      #expect(
        error.diagnostics.map { $0.description.split(separator: "\n")[0] } == [
          ".modulegen.yml:1:1: error: unknown key 'autor' in the project config; did you mean 'author'?",
          ".modulegen.yml:2:10: error: company: \(Problems.notAStringMessage("company", found: .int(3)))",
          ".modulegen.yml:3:12: error: templates: 'templates' must be a folder or a list of folders",
        ])
    }
  }

  @Test func foundByWalkingUp() throws {
    let root = try makeTemporaryDirectory()
    try write("author: x\n", to: root + "/.modulegen.yml")
    try write("", to: root + "/a/b/c/file.txt")
    #expect(
      ProjectConfig.find(from: root + "/a/b/c", fileSystem: LocalFileSystem()) == root
        + "/.modulegen.yml")
    let other = try makeTemporaryDirectory()
    #expect(ProjectConfig.find(from: other, fileSystem: LocalFileSystem()) == nil)
  }
}

@Suite struct ValidateCommandTests {
  @Test func reportsEveryProblemAndExitsOne() throws {
    let dir = try makeTemporaryDirectory()
    try write("name: Home\ntemplate: viper\n", to: dir + "/good.yml")
    try write("name: 1Home\nviw: []\n", to: dir + "/bad.yml")
    let result = runTool(["validate", "good.yml", "bad.yml"], in: dir)
    #expect(result.code == 1)
    #expect(result.out == "good.yml: ok (1 module)\n")
    #expect(
      result.err.contains("bad.yml:1:7: error: name: module name '1Home' must start with a letter"))
    #expect(
      result.err.contains("bad.yml:2:1: error: unknown key 'viw' in a module; did you mean 'view'?")
    )
    #expect(result.err.hasSuffix("2 errors in bad.yml\n"))
    #expect(runTool(["validate", "good.yml"], in: dir).code == 0)
  }

  @Test func jsonReport() throws {
    let dir = try makeTemporaryDirectory()
    try write("name: Home\nviw: []\n", to: dir + "/bad.yml")
    let result = runTool(["validate", "bad.yml", "--format", "json"], in: dir)
    #expect(result.code == 1)
    let report = try JSONReader.read(result.out, file: "report")
    #expect(report["valid"]?.value == .bool(false))
    guard case .array(let files) = report["files"]?.value,
      case .array(let errors) = files.first?["errors"]?.value
    else {
      Issue.record("unexpected report \(result.out)")
      return
    }
    #expect(errors.first?["line"]?.value == .int(2))
    #expect(errors.first?["column"]?.value == .int(1))
  }

  @Test func needsFilesAndAKnownFormat() {
    #expect(runTool(["validate"], in: "/").code == 64)
    #expect(runTool(["validate", "x.yml", "--format", "xml"], in: "/").code == 64)
  }
}
