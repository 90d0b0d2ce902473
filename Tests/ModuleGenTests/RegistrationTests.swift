import Foundation
import Testing

@testable import ModuleGen

/// `register:` entries: a module's snippet inserted after a marker line of an app file, once,
/// sorted if asked, as part of the run's all-or-nothing write; recorded, checked, pruned.
@Suite struct RegistrationTests {
  // MARK: - The marked block

  static let routes = """
    enum AppRoute {
      // modulegen:routes
      case profile
    }

    func screen(_ route: AppRoute) -> String {
      switch route {
      // modulegen:screens
      case .profile:
        return "profile"
      }
    }

    """

  func inserting(
    _ snippet: [String], marker: String, sorted: Bool, into text: String = routes
  ) throws -> String {
    var block = MarkedBlock(text)
    let index = try #require(block.markerIndex(marker))
    block.insert(snippet, after: index, sorted: sorted)
    return block.text
  }

  @Test func aSnippetGoesAfterTheBlockIndentedAsTheMarker() throws {
    #expect(
      try inserting(["case home"], marker: "// modulegen:routes", sorted: false)
        .hasPrefix("enum AppRoute {\n  // modulegen:routes\n  case profile\n  case home\n}\n"))
    // Multi-line entries; the block ends at the closing brace.
    let screens = try inserting(
      ["case .home:", "  return \"home\""], marker: "// modulegen:screens", sorted: false)
    #expect(
      screens.hasSuffix(
        "  // modulegen:screens\n  case .profile:\n    return \"profile\"\n  case .home:\n    return \"home\"\n  }\n}\n"
      ))
  }

  @Test func aSortedSnippetGoesBeforeTheFirstEntryAfterIt() throws {
    #expect(
      try inserting(["case home"], marker: "// modulegen:routes", sorted: true)
        .hasPrefix("enum AppRoute {\n  // modulegen:routes\n  case home\n  case profile\n}\n"))
    #expect(
      try inserting(["case zoo"], marker: "// modulegen:routes", sorted: true)
        .hasPrefix("enum AppRoute {\n  // modulegen:routes\n  case profile\n  case zoo\n}\n"))
    // Backticks do not decide the order.
    #expect(
      try inserting(["case `default`"], marker: "// modulegen:routes", sorted: true)
        .hasPrefix(
          "enum AppRoute {\n  // modulegen:routes\n  case `default`\n  case profile\n}\n"))
    // A multi-line entry moves as one.
    #expect(
      try inserting(
        ["case .home:", "  return \"home\""], marker: "// modulegen:screens", sorted: true
      ).hasSuffix(
        "  // modulegen:screens\n  case .home:\n    return \"home\"\n  case .profile:\n    return \"profile\"\n  }\n}\n"
      ))
  }

  @Test func aBlankLineEndsTheBlockAndASnippetAlreadyThereIsNotAddedAgain() throws {
    let text = "// modulegen:tabs\nlet a = 1\n\nlet z = 2\n"
    #expect(
      try inserting(["let b = 1"], marker: "// modulegen:tabs", sorted: false, into: text)
        == "// modulegen:tabs\nlet a = 1\nlet b = 1\n\nlet z = 2\n")
    // Found by its text, wherever it is and however it is indented.
    #expect(
      try inserting(["let z = 2"], marker: "// modulegen:tabs", sorted: true, into: text) == text)
    var block = MarkedBlock(text)
    let removed = block.remove(["let a = 1"])
    #expect(removed)
    #expect(block.text == "// modulegen:tabs\n\nlet z = 2\n")
    let again = block.remove(["let a = 1"])
    #expect(!again)
    // The marker is its line, or the start of one; not a longer marker.
    #expect(
      MarkedBlock("// modulegen:tabs2\n// modulegen:tabs here\n").markerIndex("// modulegen:tabs")
        == 1)
  }

  // MARK: - gen, check and prune

  static let manifest = """
    name: mine
    summary: A template that registers its modules.
    files:
      - template: Code.swift.liquid
        output: "{{ module }}.swift"
    register:
      - file: App/AppRoute.swift
        marker: "// modulegen:routes"
        snippet: "case {{ module | camel_case }}"
        sorted: true
      - file: App/AppRoute.swift
        marker: "// modulegen:screens"
        snippet: |
          case .{{ module | camel_case }}:
            return "{{ module }}"

    """

  /// A project with the template `mine` and the app file with both markers.
  func project() throws -> String {
    let dir = try makeTemporaryDirectory()
    try write(Self.manifest, to: dir + "/Templates/mine/template.yml")
    try write("struct {{ module }} {}\n", to: dir + "/Templates/mine/Code.swift.liquid")
    try write("template: mine\n", to: dir + "/.modulegen.yml")
    try write(Self.routes, to: dir + "/App/AppRoute.swift")
    return dir
  }

  func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  @Test func genRegistersOnceAndRecordsIt() throws {
    let dir = try project()
    let dry = runTool(["gen", "Home", "--dry-run"], in: dir)
    #expect(
      dry.out
        == "Home (mine): 1 to create.\nApp/AppRoute.swift: would register Home.\nDry run: nothing was written.\n"
    )
    #expect(try read(dir + "/App/AppRoute.swift") == Self.routes)
    let json = runTool(["gen", "Home", "--dry-run", "--format", "json"], in: dir)
    #expect(
      json.out.contains(
        #""registrations":[{"path":"App/AppRoute.swift","module":"Home","marker":"// modulegen:routes","change":"add"},{"path":"App/AppRoute.swift","module":"Home","marker":"// modulegen:screens","change":"add"}]"#
      ), "\(json.out)")
    #expect(
      json.out.contains(
        #"{"path":"App/AppRoute.swift","module":"","role":"code","regenerate":"always","action":"update""#
      ))

    let first = runTool(["gen", "Home", "--date", "2026-01-01"], in: dir)
    #expect(first.code == 0, "\(first.err)")
    #expect(first.out == "Home (mine): 1 created.\nApp/AppRoute.swift: registered Home.\n")
    let registered = """
      enum AppRoute {
        // modulegen:routes
        case home
        case profile
      }

      func screen(_ route: AppRoute) -> String {
        switch route {
        // modulegen:screens
        case .profile:
          return "profile"
        case .home:
          return "Home"
        }
      }

      """
    #expect(try read(dir + "/App/AppRoute.swift") == registered)
    let record = try read(dir + "/" + GenerationRecord.fileName)
    #expect(
      record.hasSuffix(
        """
            registrations:
              - file: App/AppRoute.swift
                marker: "// modulegen:routes"
                text: "case home"
              - file: App/AppRoute.swift
                marker: "// modulegen:screens"
                text: "case .home:\\n  return \\"Home\\"\\n"

        """), "\(record)")
    // Read back as written.
    let decoded = try GenerationRecord.decode(record, file: "r", directory: dir)
    #expect(decoded.encoded == record)
    #expect(decoded.modules["Home"]?.registrations.count == 2)

    // A second run changes nothing.
    let again = runTool(["gen", "Home"], in: dir)
    #expect(again.out == "Home (mine): 1 unchanged.\n")
    #expect(try read(dir + "/App/AppRoute.swift") == registered)
    #expect(try read(dir + "/" + GenerationRecord.fileName) == record)
    #expect(runTool(["check"], in: dir).code == 0)
  }

  @Test func aMissingMarkerOrFileStopsTheRunBeforeAnythingIsWritten() throws {
    let dir = try project()
    try write("enum AppRoute {\n  // modulegen:routes\n}\n", to: dir + "/App/AppRoute.swift")
    let missing = runTool(["gen", "Home"], in: dir)
    #expect(missing.code == 2)
    #expect(
      missing.err == """
        Templates/mine/template.yml:12:13: error: 'App/AppRoute.swift' has no line '// modulegen:screens', after which module 'Home' is registered: add that line where registrations go; nothing was written
            marker: "// modulegen:screens"
                    ^

        """)
    #expect(!FileManager.default.fileExists(atPath: dir + "/Home"))
    #expect(try read(dir + "/App/AppRoute.swift") == "enum AppRoute {\n  // modulegen:routes\n}\n")
    // `check`, which never writes, says what is missing, not that nothing was written.
    let checked = runTool(["check", "Home"], in: dir)
    #expect(checked.code == 2)
    #expect(
      checked.err.hasPrefix(
        "Templates/mine/template.yml:12:13: error: 'App/AppRoute.swift' has no line '// modulegen:screens', after which module 'Home' is registered: add that line where registrations go\n"
      ), "\(checked.err)")

    try FileManager.default.removeItem(atPath: dir + "/App/AppRoute.swift")
    let noFile = runTool(["gen", "Home"], in: dir)
    #expect(noFile.code == 2)
    #expect(
      noFile.err == """
        Templates/mine/template.yml:7:11: error: module 'Home' is registered in 'App/AppRoute.swift', which does not exist: create it with the lines '// modulegen:routes' and '// modulegen:screens' where registrations go; nothing was written
          - file: App/AppRoute.swift
                  ^

        """)
    #expect(!FileManager.default.fileExists(atPath: dir + "/Home"))
  }

  /// A registration file that leads out of the project's folder stops `gen` before anything is
  /// written, and says so; `check`, which never writes, says only what is wrong.
  @Test func aRegistrationFileOutsideTheProjectIsRefused() throws {
    let dir = try project()
    try write(
      Self.manifest.replacingOccurrences(
        of: "  - file: App/AppRoute.swift\n    marker: \"// modulegen:routes\"",
        with: "  - file: \"{{ module }}/../../AppRoute.swift\"\n    marker: \"// modulegen:routes\""
      ),
      to: dir + "/Templates/mine/template.yml")
    let refusal =
      "Templates/mine/template.yml:7:11: error: the registration file '{{ module }}/../../AppRoute.swift' renders as 'Home/../../AppRoute.swift', which goes up with '..' out of the project's folder"
    let generated = runTool(["gen", "Home"], in: dir)
    #expect(generated.code == 2)
    #expect(generated.err.hasPrefix(refusal + "; nothing was written\n"), "\(generated.err)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/Home"))
    let checked = runTool(["check", "Home"], in: dir)
    #expect(checked.code == 2)
    #expect(checked.err.hasPrefix(refusal + "\n"), "\(checked.err)")
  }

  @Test func checkReportsAMissingRegistrationAndGenRestoresIt() throws {
    let dir = try project()
    #expect(runTool(["gen", "Home"], in: dir).code == 0)
    let path = dir + "/App/AppRoute.swift"
    let registered = try read(path)
    try registered.replacingOccurrences(of: "  case home\n", with: "").write(
      toFile: path, atomically: true, encoding: .utf8)
    let check = runTool(["check"], in: dir)
    #expect(check.code == 1)
    #expect(check.out == "unregistered  App/AppRoute.swift: Home after '// modulegen:routes'\n")
    #expect(check.err == "1 module is not wired into the app ('gen' adds what is missing).\n")
    let json = runTool(["check", "--format", "json"], in: dir)
    #expect(
      json.out.contains(
        #""registrations":[{"path":"App/AppRoute.swift","module":"Home","marker":"// modulegen:routes","change":"add"},{"path":"App/AppRoute.swift","module":"Home","marker":"// modulegen:screens","change":"present"}]"#
      ), "\(json.out)")
    #expect(runTool(["gen"], in: dir).out.contains("App/AppRoute.swift: registered Home.\n"))
    #expect(try read(path) == registered)
  }

  @Test func updateRestoresAMissingRegistrationAndPrunesAsGenDoes() throws {
    let dir = try project()
    try write("modules: [{name: Home}, {name: Cart}]\n", to: dir + "/m.yml")
    #expect(runTool(["gen", "--spec", "m.yml"], in: dir).code == 0)
    let path = dir + "/App/AppRoute.swift"
    let registered = try read(path)
    try registered.replacingOccurrences(of: "  case home\n", with: "").write(
      toFile: path, atomically: true, encoding: .utf8)
    try write("modules: [{name: Home}]\n", to: dir + "/m.yml")
    let update = runTool(["update", "--spec", "m.yml", "--prune"], in: dir)
    #expect(update.code == 0, "\(update.err)")
    #expect(
      update.out
        == "Home (mine): 1 unchanged.\nApp/AppRoute.swift: registered Home; unregistered Cart.\nRemoved 1 stale file.\n"
    )
    let text = try read(path)
    #expect(text.contains("  case home\n  case profile\n") && !text.contains("cart"))
  }

  @Test func pruneRemovesTheRegistrationsOfARemovedModule() throws {
    let dir = try project()
    try write("modules: [{name: Home}, {name: Cart}]\n", to: dir + "/m.yml")
    #expect(runTool(["gen", "--spec", "m.yml"], in: dir).code == 0)
    let path = dir + "/App/AppRoute.swift"
    #expect(try read(path).contains("case cart\n  case home\n  case profile\n"))
    try write("modules: [{name: Home}]\n", to: dir + "/m.yml")
    // Without --prune, Cart stays registered (and recorded, so that a later prune finds it).
    #expect(runTool(["gen", "--spec", "m.yml"], in: dir).code == 0)
    #expect(try read(path).contains("case cart\n"))
    #expect(try read(dir + "/" + GenerationRecord.fileName).contains("text: \"case cart\"\n"))
    let pruned = runTool(["gen", "--spec", "m.yml", "--prune"], in: dir)
    #expect(pruned.code == 0, "\(pruned.err)")
    #expect(
      pruned.out
        == "Home (mine): 1 unchanged.\nApp/AppRoute.swift: unregistered Cart.\nRemoved 1 stale file.\n"
    )
    let text = try read(path)
    #expect(!text.contains("cart") && text.contains("case home\n") && text.contains("case .home:"))
    let record = try read(dir + "/" + GenerationRecord.fileName)
    #expect(!record.contains("Cart") && !record.contains("cart"))
    #expect(runTool(["check", "--spec", "m.yml"], in: dir).code == 0)
  }

  @Test func aBlockedModuleIsNotRegisteredWhileTheOthersAre() throws {
    let dir = try project()
    try write("modules: [{name: Home}, {name: Cart}]\n", to: dir + "/m.yml")
    try write("// mine\n", to: dir + "/Home/Home.swift")
    let run = runTool(["gen", "--spec", "m.yml"], in: dir)
    #expect(run.code == 1)
    #expect(
      run.out
        == "Home (mine): skipped (1 conflict); nothing written.\nCart (mine): 1 created.\nApp/AppRoute.swift: registered Cart.\n"
    )
    let text = try read(dir + "/App/AppRoute.swift")
    #expect(text.contains("case cart\n") && !text.contains("home"))
  }

  // MARK: - The built-in templates' example

  @Test func builtinTemplatesRegisterARouteAndABuilderCallWhenConfigured() throws {
    let dir = try makeTemporaryDirectory()
    try write(GeneratedPackage.appRoutes, to: dir + "/App/AppRoute.swift")
    // Off unless configured.
    #expect(runTool(["gen", "Plain", "viper"], in: dir).code == 0)
    #expect(try read(dir + "/App/AppRoute.swift") == GeneratedPackage.appRoutes)
    try write("params:\n  routes: App/AppRoute.swift\n", to: dir + "/.modulegen.yml")
    for (name, template) in [("Home", "viper"), ("Default", "mvc"), ("Cart", "mvp")] {
      let run = runTool(["gen", name, template], in: dir)
      #expect(run.code == 0, "\(run.err)")
    }
    // A coordinator builds its screens itself.
    #expect(runTool(["gen", "Flow", "mvvm", "--set", "coordinator=true"], in: dir).code == 0)
    #expect(
      try read(dir + "/App/AppRoute.swift") == """
        import UIKit

        /// The app's screens: modulegen adds a case for each new module.
        enum AppRoute: Hashable {
          // modulegen:routes
          case cart
          case `default`
          case home
          case start
        }

        @MainActor
        enum AppScreens {
          /// The screen of a route: modulegen adds each new module's builder call.
          static func make(_ route: AppRoute) -> UIViewController {
            switch route {
            // modulegen:screens
            case .cart:
              return CartBuilder.build()
            case .`default`:
              return DefaultBuilder.build()
            case .home:
              return HomeBuilder.build().viewController
            case .start:
              return UIViewController()
            }
          }
        }

        """)
  }
}
