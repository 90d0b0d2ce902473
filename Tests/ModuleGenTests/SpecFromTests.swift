import Foundation
import Testing

@testable import ModuleGen

/// `modulegen spec from`: the spec of a module that exists, read from its code.
@Suite struct SpecFromTests {
  /// A spec as a team writes one: async throws methods, default arguments, optionals, a
  /// closure with `Result<Void, any Error>`, an enum with raw values, an import.
  static let richSpec = """
    name: Home
    imports: [MapKit]
    view: |
      func display(items: [HomeItem])
      func showError(message: String)
    presenter: |
      func didSelectItem(at index: Int)
      func didPullToRefresh() async
    interactor: |
      func fetchItems(page: Int = 1, filter: HomeFilter?) async throws -> [HomeItem]
      func save(_ item: HomeItem, completion: @escaping @Sendable (Result<Void, any Error>) -> Void)
      func cachedItems() -> [HomeItem]?
    interactor_output: |
      func didFetch(items: [HomeItem])
    router: |
      func showDetail(for item: HomeItem)
    entities: |
      struct HomeItem: Identifiable, Hashable {
        let id: UUID
        var title: String
        var subtitle: String?
      }
      enum HomeFilter: String, CaseIterable {
        case all
        case favorites = "fav"
      }

    """

  /// What `spec from` reads from the module `spec` generates: the spec with the conformances
  /// every entity gets written out; the templates other than VIPER have no interactor output.
  static func read(_ spec: String, template: String) -> String {
    var read = spec.replacingOccurrences(of: "Hashable {", with: "Hashable, Sendable {")
      .replacingOccurrences(of: "CaseIterable {", with: "CaseIterable, Sendable {")
    if template != "viper" {
      read = read.replacingOccurrences(
        of: "interactor_output: |\n  func didFetch(items: [HomeItem])\n", with: "")
    }
    return read
  }

  /// Every file under `folder`, by path relative to it, with its bytes.
  static func files(in folder: String) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let path = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder)
      if !isFolder.boolValue {
        result[path] = FileManager.default.contents(atPath: folder + "/" + path)
      }
    }
    return result
  }

  /// Generates `spec` in `dir/A`, reads the spec back from `A/Home`, generates that spec in
  /// `dir/B`, and returns the spec read with what `spec from` said on stderr.
  static func roundTrip(_ spec: String, gen: [String] = [], in dir: String) throws -> (
    spec: String, err: String
  ) {
    try write(spec, to: dir + "/A/Home.yml")
    let first = runTool(
      ["gen", "--spec", "Home.yml", "--date", "2026-01-02", "--author", "Ann"] + gen, in: dir + "/A"
    )
    #expect(first.code == 0, "\(first.err)")
    let read = runTool(["spec", "from", "A/Home"], in: dir)
    #expect(read.code == 0, "\(read.err)")
    try write(read.out, to: dir + "/B/Home.yml")
    let second = runTool(
      ["gen", "--spec", "Home.yml", "--date", "2026-01-02", "--author", "Ann"], in: dir + "/B")
    #expect(second.code == 0, "\(second.err)")
    for folder in ["Home", "HomeTests"] {
      let before = try files(in: dir + "/A/" + folder)
      let after = try files(in: dir + "/B/" + folder)
      #expect(!before.isEmpty)
      #expect(before.keys.sorted() == after.keys.sorted())
      for (path, bytes) in before where after[path] != bytes {
        Issue.record("\(folder)/\(path) differs after the round trip")
      }
    }
    return (read.out, read.err)
  }

  @Test(arguments: BuiltinTemplates.names)
  func aRichModuleRoundTrips(_ template: String) throws {
    let dir = try makeTemporaryDirectory()
    let spec = Self.richSpec.replacingOccurrences(
      of: "name: Home\n", with: "name: Home\ntemplate: \(template)\n")
    let result = try Self.roundTrip(spec, in: dir)
    #expect(result.err == "")
    #expect(result.spec == Self.read(spec, template: template))
  }

  @Test(arguments: BuiltinTemplates.names)
  func theTypicalScreenIsASpecWithoutMethods(_ template: String) throws {
    let dir = try makeTemporaryDirectory()
    let result = try Self.roundTrip("name: Home\ntemplate: \(template)\n", in: dir)
    #expect(result.spec == "name: Home\ntemplate: \(template)\n")
    #expect(result.err == "")
  }

  /// Parameters that change which files there are (`ui`, `coordinator`) and those that change
  /// only what the files say (`binding`, `io`), written in the manifest's order; for a rich
  /// module and for the typical screen.
  @Test(arguments: [
    ("viper", "ui: swiftui", true), ("mvp", "ui: swiftui\n  coordinator: true", true),
    ("mvvm", "binding: combine\n  io: true", true),
    ("mvvm", "ui: swiftui\n  binding: closures", true),
    ("mvvm", "io: true\n  coordinator: true", true),
    ("mvvm", "ui: swiftui\n  coordinator: true", false),
  ])
  func parametersAreFoundFromTheFiles(_ template: String, _ params: String, rich: Bool) throws {
    let dir = try makeTemporaryDirectory()
    let head = "name: Home\ntemplate: \(template)\nparams:\n  \(params)\n"
    let body = rich ? String(Self.richSpec.dropFirst("name: Home\n".count)) : ""
    let result = try Self.roundTrip(head + body, in: dir)
    #expect(result.spec == Self.read(head + body, template: template))
    #expect(result.err == "")
  }

  @Test func setGivesWhatTheCodeDoesNotShow() throws {
    let dir = try makeTemporaryDirectory()
    _ = runTool(["gen", "Home", "viper", "--set", "tests=swift-testing"], in: dir)
    let result = runTool(["spec", "from", "Home", "--set", "tests=swift-testing"], in: dir)
    #expect(result.code == 0)
    #expect(result.out == "name: Home\ntemplate: viper\nparams:\n  tests: swift-testing\n")
  }

  @Test(arguments: [
    (
      ["--template", "viper", "--set", "uii=swiftui"],
      "error: template 'viper' has no parameter 'uii' (--set); it takes: ui, tests, routes; did you mean 'ui'?\n"
    ),
    (["--set", "uii=swiftui"], "error: no template takes the parameter 'uii' that --set gives\n"),
    (
      ["--template", "viper", "--set", "ui=swiftu"],
      "error: 'swiftu' is not a value of 'ui' (module spec); template 'viper' allows: uikit, swiftui; did you mean 'swiftui'?\n"
    ),
  ])
  func aParameterSetWrongIsAnError(_ options: [String], _ message: String) throws {
    let dir = try makeTemporaryDirectory()
    _ = runTool(["gen", "Home", "viper"], in: dir)
    let result = runTool(["spec", "from", "Home"] + options, in: dir)
    #expect(result.code == ExitCode.error)
    #expect(result.out == "")
    #expect(result.err == message)
  }

  /// The protocols are found by rendering the template, not from a list of names: a
  /// project's own template that calls the view's protocol `HomeDisplay` is read as well.
  @Test func aProjectTemplateIsReadByItsOwnNames() throws {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["templates", "eject", "viper", "--dir", "Templates"], in: dir).code == 0)
    try FileManager.default.moveItem(
      atPath: dir + "/Templates/viper", toPath: dir + "/Templates/house")
    for (file, from, to) in [
      ("template.yml", "name: viper", "name: house"),
      ("Code/Contracts.swift.liquid", "ViewInput:view", "Display:view"),
    ] {
      let path = dir + "/Templates/house/" + file
      let text = try String(contentsOfFile: path, encoding: .utf8)
      #expect(text.contains(from))
      try write(text.replacingOccurrences(of: from, with: to), to: path)
    }
    try write(
      "name: Home\ntemplate: house\nview: |\n  func display(items: [String])\n",
      to: dir + "/Home.yml")
    #expect(runTool(["gen", "--spec", "Home.yml", "--templates", "Templates"], in: dir).code == 0)
    let contracts = try String(contentsOfFile: dir + "/Home/HomeContracts.swift", encoding: .utf8)
    #expect(
      contracts.contains("protocol HomeDisplay: AnyObject {\n  func display(items: [String])"))
    let result = runTool(["spec", "from", "Home", "--templates", "Templates"], in: dir)
    #expect(result.err == "")
    #expect(
      result.out == """
        name: Home
        template: house
        view: |
          func display(items: [String])
        presenter: []
        interactor: []
        router: []

        """)
  }

  /// A module written by hand before modulegen: comments, wrapped signatures, several members
  /// on a line, members a spec has no place for.
  @Test func readsAHandWrittenModule() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      """
      import UIKit

      // MARK: - View

      /// What the presenter tells the view.
      protocol HomeViewInput: AnyObject {
        /// Shows the items { in a list }.
        func display(items: [HomeItem])  // the whole list
        func showError(
          message: String
        )
        var isLoading: Bool { get set }
      }

      protocol HomeViewOutput: AnyObject { func viewDidLoad(); func didTap(at index: Int) }

      protocol HomeInteractorInput {
        func items(
          matching query: String
        ) async throws
          -> [HomeItem]
      }

      protocol HomeRouterInput: AnyObject {}

      final class HomeAnalytics {}

      """, to: dir + "/Home/HomeContracts.swift")
    try write(
      """
      import Foundation

      /* An item. */
      struct HomeItem: Equatable {
        let id: UUID
        var title: String = "Untitled"
      }

      """, to: dir + "/Home/HomeEntity.swift")
    let result = runTool(["spec", "from", "Home/"], in: dir)
    #expect(result.code == 0)
    #expect(
      result.out == """
        name: Home
        template: viper
        imports: [UIKit]
        view: |
          func display(items: [HomeItem])
          func showError(message: String)
        presenter: |
          func viewDidLoad()
          func didTap(at index: Int)
        interactor: |
          func items(matching query: String) async throws -> [HomeItem]
        router: []
        entities: |
          struct HomeItem: Equatable {
            let id: UUID
            var title: String = "Untitled"
          }

        """)
    #expect(
      result.err == """
        note: 'Home' does not have HomeService.swift, HomeInteractor.swift, HomePresenter.swift, HomeRouter.swift, HomeViewController.swift, HomeBuilder.swift of template 'viper': gen creates them
        Home/HomeContracts.swift:12:3: note: only methods are read from 'HomeViewInput': this 'var' is left out of the spec
          var isLoading: Bool { get set }
          ^
        Home/HomeContracts.swift:26:7: note: 'class HomeAnalytics' is not a protocol or an entity of the template: it is left out of the spec; move it to a file of your own, as gen rewrites 'Home/HomeContracts.swift'
        final class HomeAnalytics {}
              ^

        """)
  }

  /// A file with Windows line breaks reads as one with Unix ones.
  @Test func windowsLineBreaks() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "protocol HomeViewInput: AnyObject {\r\n  // one\r\n  func display(items: [HomeItem])\r\n"
        + "  func showError(\r\n    message: String\r\n  )\r\n}\r\n",
      to: dir + "/Home/HomeContracts.swift")
    try write(
      "// MARK: - Entities\r\nstruct HomeItem {\r\n  let id: UUID\r\n  var title: String\r\n}\r\n",
      to: dir + "/Home/HomeEntity.swift")
    let result = runTool(["spec", "from", "Home", "--template", "viper"], in: dir)
    #expect(result.code == 0, "\(result.err)")
    #expect(
      result.out == """
        name: Home
        template: viper
        view: |
          func display(items: [HomeItem])
          func showError(message: String)
        entities: |
          struct HomeItem {
            let id: UUID
            var title: String
          }

        """)
  }

  @Test func aMethodThatDoesNotReadIsAnErrorAtItsPlace() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      """
      protocol HomeViewInput: AnyObject {
        func display(items: [HomeItem)
      }

      """, to: dir + "/Home/HomeContracts.swift")
    let result = runTool(["spec", "from", "Home", "--template", "viper"], in: dir)
    #expect(result.code == ExitCode.error)
    #expect(result.out == "")
    #expect(
      result.err == """
        note: 'Home' does not have HomeEntity.swift, HomeService.swift, HomeInteractor.swift, HomePresenter.swift, HomeRouter.swift, HomeViewController.swift, HomeBuilder.swift of template 'viper': gen creates them
        Home/HomeContracts.swift:2:32: error: cannot read a method of 'HomeViewInput': expected ']' to close the collection type, found ')'
          func display(items: [HomeItem)
                                       ^

        """)
  }

  /// The note on what the folder lacks speaks of one file as one.
  @Test func aModuleWithoutOneOfItsFiles() throws {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["gen", "Home", "viper", "--date", "2026-01-02"], in: dir).code == 0)
    try FileManager.default.removeItem(atPath: dir + "/Home/HomeRouter.swift")
    let read = runTool(["spec", "from", "Home"], in: dir)
    #expect(read.code == 0, "\(read.err)")
    #expect(
      read.err.contains(
        "note: 'Home' does not have HomeRouter.swift of template 'viper': gen creates it\n"),
      "\(read.err)")
  }

  /// A folder given from beside it (`../Home`) reads as from its parent: it was "not a module".
  @Test func aFolderAboveIsRead() throws {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["gen", "Home", "viper"], in: dir).code == 0)
    let here = runTool(["spec", "from", "Home"], in: dir)
    #expect(here.code == 0, "\(here.err)")
    try FileManager.default.createDirectory(
      atPath: dir + "/Sub", withIntermediateDirectories: false)
    for given in ["../Home", "../Home/", "./../Home"] {
      let above = runTool(["spec", "from", given], in: dir + "/Sub")
      #expect(above.code == 0, "\(given): \(above.err)")
      #expect(above.out == here.out, "\(given)")
    }
    let inside = runTool(["spec", "from", "."], in: dir + "/Home")
    #expect(inside.out == here.out, "\(inside.err)")
  }

  @Test func aFolderThatIsNotAModule() throws {
    let dir = try makeTemporaryDirectory()
    try write("let x = 1\n", to: dir + "/Home/Other.swift")
    let notAModule = runTool(["spec", "from", "Home"], in: dir)
    #expect(notAModule.code == ExitCode.error)
    #expect(
      notAModule.err
        == "error: 'Home' is not a module: it has none of the files any template makes for 'Home' (such as HomeModel.swift, HomeService.swift); give the module's folder, named after the module\n"
    )
    let missing = runTool(["spec", "from", "Nowhere"], in: dir)
    #expect(missing.code == ExitCode.error)
    #expect(missing.err == "error: no such folder 'Nowhere'\n")
    try write("", to: dir + "/home-screen/HomeContracts.swift")
    let badName = runTool(["spec", "from", "home-screen"], in: dir)
    #expect(badName.code == ExitCode.error)
    #expect(
      badName.err
        == "error: the folder 'home-screen' is not named after a module: module name 'home-screen' is not a valid Swift type name; did you mean 'HomeScreen'? (--convert-name turns it into that)\n"
    )
  }

  @Test func writesAFileOnlyOverItselfOrWithForce() throws {
    let dir = try makeTemporaryDirectory()
    _ = runTool(["gen", "Home", "viper"], in: dir)
    let first = runTool(["spec", "from", "Home", "--output", "Specs/Home.yml"], in: dir)
    #expect(first.code == 0)
    #expect(first.out == "Wrote Specs/Home.yml\n")
    #expect(
      FileManager.default.contents(atPath: dir + "/Specs/Home.yml")
        == Data("name: Home\ntemplate: viper\n".utf8))
    #expect(runTool(["spec", "from", "Home", "-o", "Specs/Home.yml"], in: dir).code == 0)
    try write("name: Home\n", to: dir + "/Specs/Home.yml")
    let refused = runTool(["spec", "from", "Home", "-o", "Specs/Home.yml"], in: dir)
    #expect(refused.code == ExitCode.failure)
    #expect(
      refused.err
        == "error: 'Specs/Home.yml' exists with different content\nnothing was written; use --force to overwrite\n"
    )
    let forced = runTool(["spec", "from", "Home", "-o", "Specs/Home.yml", "--force"], in: dir)
    #expect(forced.code == 0)
    #expect(
      FileManager.default.contents(atPath: dir + "/Specs/Home.yml")
        == Data("name: Home\ntemplate: viper\n".utf8))
  }

  @Test func helpAndUsage() {
    let help = runTool(["help", "spec", "from"], in: "/")
    #expect(help.code == 0)
    #expect(help.out.contains("USAGE: modulegen spec from <folder> [options]"))
    #expect(help.out.contains("EXAMPLES:\n  modulegen spec from Home\n"))
    let bare = runTool(["spec"], in: "/")
    #expect(bare.code == ExitCode.usage)
    // `help spec` prints the keys of a spec: the command's help is `spec --help`.
    #expect(
      bare.err
        == "error: 'spec' needs a subcommand: from\nusage: modulegen spec <subcommand>\nSee 'modulegen spec --help'.\n"
    )
    #expect(runTool(["spec", "from"], in: "/").code == ExitCode.usage)
  }
}
