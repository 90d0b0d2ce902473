import Diagnostics
import Foundation
import Testing

@testable import ModuleGen

@Suite struct GenerationRecordTests {
  static let hashA = "sha256:" + String(repeating: "a", count: 64)
  static let hashB = "sha256:" + String(repeating: "b", count: 64)

  static var sample: GenerationRecord {
    GenerationRecord(
      directory: "/p",
      modules: [
        "Search": .init(
          template: "mvp", templateVersion: "sha256:0f", created: "2026-01-02",
          spec: "Specs/modules.yml",
          params: [
            .init(name: "ui", value: .string("uikit")),
            .init(name: "coordinator", value: .bool(true)),
          ],
          files: ["Search/SearchPresenter.swift": hashB, "Search/Search Builder.swift": hashA],
          testFiles: ["SearchTests/SearchMocks.swift": hashA]),
        "Home": .init(
          template: "viper", templateVersion: "1.2.0", created: "2025-12-31",
          params: [.init(name: "style", value: .string("yes")), .init(name: "n", value: .int(3))],
          files: ["Home/HomeBuilder.swift": hashA]),
      ])
  }

  @Test func encodesSortedAndDiffFriendly() {
    #expect(
      Self.sample.encoded == GenerationRecord.header + """
        version: 1
        modules:
          Home:
            template: viper
            template_version: "1.2.0"
            created: "2025-12-31"
            params:
              n: 3
              style: "yes"
            files:
              Home/HomeBuilder.swift: \(Self.hashA)
          Search:
            template: mvp
            template_hash: sha256:0f
            created: "2026-01-02"
            spec: Specs/modules.yml
            params:
              coordinator: true
              ui: uikit
            files:
              "Search/Search Builder.swift": \(Self.hashA)
              Search/SearchPresenter.swift: \(Self.hashB)
            test_files:
              SearchTests/SearchMocks.swift: \(Self.hashA)

        """)
    #expect(GenerationRecord(directory: "/p").encoded.hasSuffix("version: 1\nmodules: {}\n"))
  }

  @Test func readsBackWhatItWrites() throws {
    var record = Self.sample
    record.modules["Odd"] = .init(
      template: "t", templateVersion: "sha256:1", created: "2026-02-28",
      params: [
        .init(name: "a", value: .string("on")), .init(name: "b", value: .string("0755")),
        .init(name: "c", value: .string("x: y # z")), .init(name: "d", value: .string("")),
        .init(name: "e", value: .string("tab\tquote\"back\\slash")),
      ],
      files: ["ü/ö: #.swift": Self.hashA, "true": Self.hashB])
    let decoded = try GenerationRecord.decode(record.encoded, file: "r", directory: "/p")
    #expect(
      decoded.modules["Odd"]?.params == record.modules["Odd"]?.params.sorted { $0.name < $1.name })
    #expect(decoded.modules["Odd"]?.files == record.modules["Odd"]?.files)
    #expect(
      decoded.modules["Search"]
        == record.modules["Search"].map { module in
          var sorted = module
          sorted.params.sort { $0.name < $1.name }
          return sorted
        })
    #expect(decoded.encoded == record.encoded)
  }

  /// The headers' author and company are kept even empty, after the creation date; `no_tests`
  /// only when true; a record without them reads as before they were kept.
  @Test func keepsTheHeadersNamesAndNoTests() throws {
    var record = GenerationRecord(directory: "/p")
    var module = GenerationRecord.Module(
      template: "mvc", templateVersion: "1.0.0", created: "2026-01-02")
    module.settings.author = "Zoë Ng"
    module.settings.company = ""
    module.settings.noTests = true
    record.modules["Home"] = module
    let text = record.encoded
    #expect(
      text.hasSuffix(
        """
          Home:
            template: mvc
            template_version: "1.0.0"
            created: "2026-01-02"
            author: "Zoë Ng"
            company: ""
            no_tests: true
            params: {}
            files: {}

        """))
    #expect(try GenerationRecord.decode(text, file: "r", directory: "/p") == record)
    let before = try GenerationRecord.decode(
      "modules:\n  Home:\n    template: mvc\n    created: 2026-01-02\n", file: "r", directory: "/p")
    #expect(
      before.modules["Home"]?.settings.author == nil
        && before.modules["Home"]?.settings.company == nil)
    #expect(before.modules["Home"]?.settings.noTests == false)
  }

  @Test(arguments: [
    (
      "modules:\n  Home:\n    template: viper\n    created: 2026-01-02\n    no_tests: 1\n",
      "r:5:15: error: modules.Home: 'no_tests' must be true or false"
    ),
    (
      "modules:\n  Home:\n    template: viper\n    created: 2026-01-02\n    author: [a]\n",
      "r:5:13: error: modules.Home: 'author' must be a string"
    ),
    (
      "",
      "r:1:1: error: the generation record is empty, as if cut short: restore it from version control (check and update take every module from it)"
    ),
    (
      "# What modulegen generated\n\n",
      "r:3:1: error: the generation record is empty, as if cut short: restore it from version control (check and update take every module from it)"
    ),
    (
      "version: 2\nmodules: {}\n",
      "r:1:10: error: the record was written by a newer modulegen (format 2); this one reads format 1"
    ),
    (
      "versoin: 1\n",
      "r:1:1: error: unknown key 'versoin' in the generation record; did you mean 'version'?"
    ),
    (
      "modules:\n  Home:\n    template: viper\n    created: 2026-01-02\n    files: {a.swift: abc}\n",
      "r:5:22: error: modules.Home.files: a file's hash must be 'sha256:' and 64 lowercase hexadecimal digits"
    ),
    (
      // Removing it as stale would go out of the project.
      "modules:\n  Home:\n    template: viper\n    created: 2026-01-02\n    files:\n      Home/../../x.swift: sha256:\(String(repeating: "a", count: 64))\n",
      "r:6:7: error: modules.Home.files: the recorded path 'Home/../../x.swift' goes up with '..' out of the record's folder"
    ),
    (
      // A module's name is its base file's name too.
      "modules:\n  \"../Home\":\n    template: viper\n    created: 2026-01-02\n",
      "r:2:3: error: modules: module name '../Home' must not contain path separators"
    ),
    (
      "modules:\n  home:\n    template: viper\n    created: 2026-01-02\n",
      "r:2:3: error: modules: 'home' is not a module name modulegen records; did you mean 'Home'?"
    ),
    (
      // Cut short, as a truncated record or a hand edit leaves it.
      "modules:\n  Home:\n    template: viper\n    created: 2026-01-02\n    files:\n      a.swift: sha256:9b0471448b6521\n",
      "r:6:16: error: modules.Home.files: a file's hash must be 'sha256:' and 64 lowercase hexadecimal digits"
    ),
    (
      "modules:\n  Home:\n    template: viper\n    created: 2026-01-02\n    files:\n      a.swift: sha256:\(String(repeating: "A", count: 64))\n",
      "r:6:16: error: modules.Home.files: a file's hash must be 'sha256:' and 64 lowercase hexadecimal digits"
    ),
    (
      "modules:\n  Home:\n    template: viper\n    created: \"2026-02-30\"\n",
      "r:4:14: error: modules.Home: 'created' must be a date as YYYY-MM-DD, not '2026-02-30'"
    ),
    (
      "modules:\n  Home:\n    template: viper\n",
      "r:3:5: error: modules.Home: the module has no 'created'"
    ),
    (
      "modules:\n  Home:\n    template: viper\n    created: 2026-01-02\n    registrations:\n      - {file: a.swift, marker: m}\n",
      "r:6:9: error: modules.Home.registrations[0]: a recorded registration needs 'file', 'marker' and 'text'"
    ),
    (
      "modules:\n  Home:\n    template: viper\n    created: 2026-01-02\n    registrations:\n      - {file: a.swift, marker: m, text: t, txt: u}\n",
      "r:6:45: error: modules.Home.registrations[0]: unknown key 'txt' in a recorded registration; did you mean 'text'?"
    ),
    (
      "modules:\n<<<<<<< HEAD\n  Home:\n",
      "r:2:1: error: the generation record has merge conflict markers that do not pair up (<<<<<<<, =======, >>>>>>>); keep the modules of both sides and remove the markers"
    ),
    (
      // Both sides of a merge regenerated Home, on another date.
      "modules:\n  Home:\n    template: viper\n<<<<<<< HEAD\n    created: 2026-01-02\n=======\n    created: 2026-01-03\n>>>>>>> other\n",
      "r:2:3: error: both sides of the merge changed module 'Home'; keep one side's lines of it (and the same side's in .modulegen/base/Home.base) and remove the markers"
    ),
    (
      // An error in one side is at its line in the file.
      "modules:\n<<<<<<< HEAD\n  Home:\n    template: viper\n    created: 2026-01-02\n=======\n  Cart:\n    template: mvc\n    created: 2026-13-01\n>>>>>>> other\n",
      "r:9:14: error: modules.Cart: 'created' must be a date as YYYY-MM-DD, not '2026-13-01'"
    ),
  ])
  func badRecordsAreLocated(_ text: String, _ expected: String) {
    do {
      _ = try GenerationRecord.decode(text, file: "r", directory: "/p")
      Issue.record("no error for \(text)")
    } catch {
      #expect(
        error.diagnostics.first.map { $0.description.split(separator: "\n")[0] }
          == Substring(expected))
    }
  }

  /// A record with keys this modulegen does not know (a newer modulegen's, or a hand edit) is
  /// one error at the first of them, naming every key and the modules that have it, with what
  /// to do; a key one edit from a known one is still a typo at its own line, in file order.
  @Test func unknownKeysAreOneErrorAndTyposKeepTheirHint() {
    let module = { (name: String, extra: String) in
      "  \(name):\n    template: mvc\n\(extra)    created: 2026-01-02\n"
    }
    let text =
      "version: 1\nmodules:\n" + module("Cart", "    foo: 1\n")
      + module(
        "Home",
        "    foo: 1\n    tempalte: x\n    registrations:\n      - {file: a, marker: m, text: t, when: x}\n"
      )
      + module("Profile", "    foo: 2\n") + module("Search", "    foo: 3\n") + "bar: 2\n"
    do {
      _ = try GenerationRecord.decode(text, file: "r", directory: "/p")
      Issue.record("no error")
    } catch {
      let printed = error.diagnostics.map(\.description).joined(separator: "\n")
      #expect(
        printed == """
          r:5:5: error: the generation record has keys this modulegen does not know: 'foo' (4 modules), 'when' (Home), 'bar'; a newer modulegen wrote it, or it was edited by hand: use the modulegen that wrote it (the newer version your team uses), or remove the keys if they were added by hand
              foo: 1
              ^
          r:10:5: error: modules.Home: unknown key 'tempalte' in a recorded module; did you mean 'template'?
              tempalte: x
              ^
          """, "\(printed)")
      #expect(error.summary == "2 errors in r")
    }
    #expect(
      GenerationRecord.unknownKeysMessage(["'foo' (Cart)"])
        == "the generation record has a key this modulegen does not know: 'foo' (Cart); a newer modulegen wrote it, or it was edited by hand: use the modulegen that wrote it (the newer version your team uses), or remove the key if it was added by hand"
    )
  }

  /// Where a module's key is in the record's text, on either side of merge conflict markers.
  @Test func findsAModulesKeyInTheText() {
    let text =
      "modules:\n<<<<<<< HEAD\n  Home:\n    spec: a.yml\n=======\n  Cart:\n    spec: b.yml\n>>>>>>> x\n"
    let home = GenerationRecord.location(of: "spec", module: "Home", in: text, file: "r")
    #expect(home.map { [$0.line, $0.column] } == [4, 11])
    #expect(home?.lineText == "    spec: a.yml")
    let cart = GenerationRecord.location(of: "spec", module: "Cart", in: text, file: "r")
    #expect(cart.map { [$0.line, $0.column] } == [7, 11])
    #expect(GenerationRecord.location(of: "spec", module: "Search", in: text, file: "r") == nil)
  }

  /// What a run records: hashes of what it generated; for a kept file the earlier hash (the
  /// base of a later merge); stale files until they are pruned or gone.
  @Test func updatedByAPlan() {
    let previous = GenerationRecord(
      directory: "/p",
      modules: [
        "Home": .init(
          template: "viper", templateVersion: "old", created: "2026-01-01",
          files: [
            "Home/HomePresenter.swift": Self.hashA, "Home/HomeRouter.swift": Self.hashB,
            "Home/Gone.swift": Self.hashA, "Home/Old.swift": Self.hashB,
          ],
          testFiles: ["HomeTests/HomeTests.swift": Self.hashA])
      ])
    func file(_ path: String, _ action: PlannedFile.Action, _ text: String) -> PlannedFile {
      PlannedFile(
        module: "Home", role: .code, regenerate: .once, root: "/p/Home", path: "/p/" + path,
        bytes: Array(text.utf8), action: action)
    }
    let plan = Plan(
      files: [
        file("Home/HomePresenter.swift", .keep, "new presenter"),
        file("Home/HomeRouter.swift", .update, "new router"),
        file("Home/HomeView.swift", .create, "view"),
      ],
      modules: [
        PlannedModule(
          name: "Home", template: "viper", templateVersion: "new", created: "2026-01-01",
          params: [], includesTests: false)
      ],
      stale: [
        StaleFile(
          module: "Home", path: "/p/Home/Gone.swift", generatedHash: Self.hashA, state: .deleted),
        StaleFile(
          module: "Home", path: "/p/Home/Old.swift", generatedHash: Self.hashB, state: .edited),
      ], notes: [])
    let updated = previous.updated(by: plan)
    let home = updated.modules["Home"]
    #expect(home?.templateVersion == "new")
    #expect(
      home?.files == [
        "Home/HomePresenter.swift": Self.hashA,
        "Home/HomeRouter.swift": GenerationRecord.hash(Array("new router".utf8)),
        "Home/HomeView.swift": GenerationRecord.hash(Array("view".utf8)),
        "Home/Old.swift": Self.hashB,
      ])
    // --no-tests: the tests recorded before stay recorded.
    #expect(home?.testFiles == ["HomeTests/HomeTests.swift": Self.hashA])
    // The module's base file: the once files generated now; the kept one's copy would come
    // from the earlier base file (there is none here).
    let base = updated.baseFiles(
      for: plan, previous: previous, fileSystem: LocalFileSystem())
    #expect(base.writes.map(\.path) == ["/p/.modulegen/base/Home.base"])
    #expect(
      BaseCopies(decoding: base.writes[0].bytes)
        == BaseCopies([
          .copy("Home/HomeRouter.swift", "new router"), .copy("Home/HomeView.swift", "view"),
        ])
    )
    #expect(
      previous.updated(by: plan, pruned: ["/p/Home/Old.swift"]).modules["Home"]?.files[
        "Home/Old.swift"] == nil)
  }

  /// A module's base file is read once, for the copies it keeps and for what writing it does
  /// (replace it, or leave it when it holds what it would be written with).
  @Test func aBaseFileIsReadOnce() throws {
    let dir = try makeTemporaryDirectory()
    let previous = GenerationRecord(
      directory: dir,
      modules: [
        "Home": .init(
          template: "viper", templateVersion: "1", created: "2026-01-01",
          files: [
            "Home/HomeView.swift": GenerationRecord.hash(Array("old view".utf8)),
            "Home/HomeRouter.swift": GenerationRecord.hash(Array("old router".utf8)),
          ])
      ])
    let basePath = previous.baseFilePath(module: "Home")
    try FileManager.default.createDirectory(
      atPath: parentPath(basePath), withIntermediateDirectories: true)
    try Data(
      BaseCopies([
        .copy("Home/HomeView.swift", "old view"), .copy("Home/HomeRouter.swift", "old router"),
      ])
      .encoded
    ).write(to: URL(fileURLWithPath: basePath))
    let plan = Plan(
      files: [
        PlannedFile(
          module: "Home", role: .code, regenerate: .once, root: dir + "/Home",
          path: dir + "/Home/HomeView.swift", bytes: Array("new view".utf8), action: .update)
      ],
      modules: [
        PlannedModule(
          name: "Home", template: "viper", templateVersion: "1", created: "2026-01-01",
          params: [], includesTests: false)
      ], notes: [])
    let fileSystem = CountingFileSystem()
    let changes = try RecordedChanges.make(
      applying: plan, to: previous, prune: false, fileSystem: fileSystem, shown: { $0 })
    #expect(
      fileSystem.questionsAsked.filter { $0.hasSuffix(" " + basePath) } == [
        "itemExists(atPath:) \(basePath)", "readFile(atPath:) \(basePath)",
      ])
    let base = try #require(changes.writes.files.first { $0.path == basePath })
    #expect(base.action == .overwrite)
    // The view's copy is the new one; the router, no longer planned nor recorded, has none.
    #expect(
      BaseCopies(decoding: base.bytes)
        == BaseCopies([.copy("Home/HomeView.swift", "new view")]))
    // What it would be written with is there already: left as it is.
    try FileManager.default.removeItem(atPath: basePath)
    try Data(base.bytes).write(to: URL(fileURLWithPath: basePath))
    let again = try RecordedChanges.make(
      applying: plan, to: previous, prune: false, fileSystem: LocalFileSystem(), shown: { $0 })
    #expect(again.writes.files.first { $0.path == basePath }?.action == .unchanged)
  }

  /// A base file that is there but cannot be read for another reason than its kind (its
  /// permissions: not to be made so for a test run as root) is an error at it that says what
  /// to do; one that was read is no error.
  @Test func anUnreadableBaseFileIsAnErrorAtIt() throws {
    let dir = try makeTemporaryDirectory()
    var record = Self.sample
    record.directory = dir
    let path = record.baseFilePath(module: "Home")
    try write("unreadable\n", to: path)
    let shown = { (path: String) in PathSafety.relative(path, climbingFrom: dir) }
    let error = record.unusableBase(
      .failure(Diagnostic(message: LocalFileSystem.cannotReadMessage(path))), module: "Home",
      fileSystem: LocalFileSystem(), shown: shown)
    #expect(
      error?.description
        == ".modulegen/base/Home.base:1:1: error: the base copies of module 'Home' cannot be read; make the file readable, or restore it from version control"
    )
    #expect(
      record.unusableBase(
        .success([]), module: "Home", fileSystem: LocalFileSystem(), shown: shown) == nil)
  }

  /// Read again under the lock, a record whose text is what it was is the record read before
  /// (decoding a record of 1,000 modules again cost more than rendering a module); a changed
  /// text is decoded.
  @Test func aRecordReadAgainIsDecodedOnlyWhenItsTextChanged() throws {
    let dir = try makeTemporaryDirectory()
    let path = joinPath(dir, GenerationRecord.fileName)
    var written = Self.sample
    written.directory = dir
    try written.encoded.write(toFile: path, atomically: true, encoding: .utf8)
    let console = Console(writeOut: { _ in }, writeError: { _ in }, currentDirectory: dir)
    let first = try GenerationSetup.record(
      config: nil, console: console, fileSystem: LocalFileSystem())
    #expect(first.record.encoded == written.encoded && first.text == written.encoded)
    // Another record with the same text stands for what was read before: it is kept.
    let kept = GenerationRecord(directory: dir)
    let again = try GenerationSetup.record(
      config: nil, console: console, fileSystem: LocalFileSystem(),
      previous: (kept, first.text))
    #expect(again.record == kept)
    // Another run changed the record meanwhile: it is read anew.
    written.modules["Home"] = nil
    try written.encoded.write(toFile: path, atomically: true, encoding: .utf8)
    let changed = try GenerationSetup.record(
      config: nil, console: console, fileSystem: LocalFileSystem(),
      previous: (kept, first.text))
    #expect(changed.record.encoded == written.encoded && changed.text == written.encoded)
  }

  /// Only a record with a line that starts as a conflict marker does is split into lines to
  /// look for the markers.
  @Test func conflictMarkersAreLookedForAtTheStartOfLines() {
    #expect(!GenerationRecord.mayHaveConflictMarkers(Self.sample.encoded))
    #expect(!GenerationRecord.mayHaveConflictMarkers("a: <<<<<<< b\nc: >>>>>>> d\n"))
    #expect(GenerationRecord.mayHaveConflictMarkers("<<<<<<< HEAD\n"))
    #expect(GenerationRecord.mayHaveConflictMarkers("version: 1\n>>>>>>> main"))
  }

  @Test func pathsAreRelativeToTheRecordsFolder() {
    let record = GenerationRecord(directory: "/p/app")
    #expect(record.recordedPath("/p/app/Home/A.swift") == "Home/A.swift")
    // Outside it: climbing out of it, so that a clone elsewhere reads the same path.
    #expect(record.recordedPath("/elsewhere/A.swift") == "../../elsewhere/A.swift")
    #expect(record.absolutePath("../../elsewhere/A.swift") == "/elsewhere/A.swift")
    #expect(record.recordedPath("/p/Shared/Home") == "../Shared/Home")
    #expect(GenerationRecord(directory: "/p/app/").recordedPath("/p/app/A.swift") == "A.swift")
    // Names are compared as the file system does, by bytes: "café" with a precomposed "é" is
    // another folder than "café" written with "e" and a combining accent.
    let decomposed = "/p/cafe\u{301}/A.swift"
    #expect(
      GenerationRecord(directory: "/p/caf\u{E9}").recordedPath(decomposed)
        == "../cafe\u{301}/A.swift")
    #expect(record.absolutePath("Home/A.swift") == "/p/app/Home/A.swift")
    #expect(record.baseFilePath(module: "Home") == "/p/app/.modulegen/base/Home.base")
  }
}

@Suite struct HeaderDateTests {
  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func findsTheDateOnTheLineThatHoldsIt() {
    let rendered = Self.bytes(
      "//\n//  A.swift\n//\n//  Created by Ann on 2026-05-06.\n//\n\nbody\n")
    let existing = Self.bytes(
      "//\n//  A.swift\n//\n//  Created by Ann on 2025-12-24.\n//\n\nedited body\n")
    #expect(HeaderDate.find(in: existing, rendered: rendered, date: "2026-05-06") == "2025-12-24")
    // Another author, or no date where the header has it: not reliable, nothing found.
    let other = Self.bytes("//\n//  A.swift\n//\n//  Created by Bob on 2025-12-24.\n//\n")
    #expect(HeaderDate.find(in: other, rendered: rendered, date: "2026-05-06") == nil)
    let invalid = Self.bytes("//  Created by Ann on 2025-13-24.\n")
    #expect(HeaderDate.find(in: invalid, rendered: rendered, date: "2026-05-06") == nil)
    #expect(
      HeaderDate.find(in: existing, rendered: Self.bytes("no date\n"), date: "2026-05-06") == nil)
  }

  @Test func theModuleTakesTheDateMostFilesHave() {
    let rendered = Self.bytes("// Created on 2026-05-06.\n")
    func file(_ date: String?) -> (rendered: [UInt8], existing: [UInt8]?) {
      (rendered, date.map { Self.bytes("// Created on \($0).\n") })
    }
    #expect(
      HeaderDate.moduleDate(
        [file("2025-01-01"), file("2025-02-02"), file("2025-02-02"), file(nil)], date: "2026-05-06")
        == "2025-02-02")
    #expect(
      HeaderDate.moduleDate([file("2025-03-03"), file("2025-01-01")], date: "2026-05-06")
        == "2025-01-01")
    #expect(HeaderDate.moduleDate([file(nil)], date: "2026-05-06") == nil)
  }
}

@Suite struct RegenerateKeyTests {
  static func manifest(_ files: String) throws(DiagnosticList) -> TemplateManifest {
    try TemplateManifest.decode("name: t\nsummary: s\nfiles:\n" + files, file: "t/template.yml")
  }

  @Test func defaultsToAlwaysAndReadsOnce() throws {
    let manifest = try Self.manifest(
      "  - {template: a.liquid, output: a.swift}\n  - {template: b.liquid, output: b.swift, regenerate: once}\n"
    )
    #expect(manifest.files.map(\.regenerate) == [.always, .once])
  }

  @Test func aWrongValueSaysWhatIsAllowed() {
    #expect(throws: DiagnosticList.self) {
      try Self.manifest("  - {template: a.liquid, output: a.swift, regenerate: onse}\n")
    }
    do {
      _ = try Self.manifest("  - template: a.liquid\n    output: a.swift\n    regenerate: onse\n")
    } catch {
      #expect(
        error.diagnostics.map(\.description).first?.hasPrefix(
          "t/template.yml:6:17: error: files[0]: 'regenerate' must be 'always' (modulegen owns the file) or 'once' (created once, then yours), not 'onse'; did you mean 'once'?"
        ) == true)
    }
    do {
      _ = try Self.manifest("  - template: a.liquid\n    output: a.swift\n    regenerat: once\n")
    } catch {
      #expect(
        error.diagnostics.first?.message
          == "files[0]: unknown key 'regenerat' in \(TemplateManifest.FileEntry.messageName); did you mean 'regenerate'?"
      )
    }
  }

  /// The built-in templates: modulegen owns what the spec derives completely (contracts,
  /// entities, builders, mocks); the developer owns what they fill in.
  @Test(arguments: BuiltinTemplates.names)
  func builtinTemplatesChooseByRole(_ name: String) throws {
    let manifest = try CompiledTemplate.compile(.builtin(name)).manifest
    for file in manifest.files {
      let always = ["Contracts", "Entity", "Model", "Builder", "Mocks"].contains {
        file.template.hasSuffix("/\($0).swift.liquid")
      }
      #expect(file.regenerate == (always ? .always : .once), "\(name): \(file.template)")
    }
  }
}

@Suite struct BaseCopiesTests {
  /// Paths with spaces, content without a final newline or with lines like the marker: read
  /// back as written; a damaged copy is left out, the others kept.
  @Test func encodedCopiesReadBackAndDamageIsContained() {
    let copies = BaseCopies([
      .copy("My Module/A B.swift", "x"), .copy("B.swift", "=== C.swift h 1\n"),
      .copy("C.swift", ""),
    ])
    #expect(BaseCopies(decoding: copies.encoded) == copies)
    var damaged = copies.encoded
    let x = damaged.lastIndex(of: UInt8(ascii: "x"))!
    damaged[x] = UInt8(ascii: "y")
    #expect(BaseCopies(decoding: damaged).copies.map(\.path) == ["B.swift", "C.swift"])
    #expect(BaseCopies(decoding: Array("not a base file".utf8)).copies.isEmpty)
  }

  /// A copy edited by hand to another length (longer or shorter, the one whose lines look like
  /// the marker too) is left out, and reading goes on at the next copy's line.
  @Test(arguments: [("a\n", "a, edited\n"), ("a\n", ""), ("b\n", "b, edited\nmore\n")])
  func aCopyOfAnotherLengthCostsNoOtherCopy(_ original: String, _ edited: String) {
    let copies = BaseCopies([
      .copy("A.swift", "a\n"), .copy("B.swift", "=== C.swift h 1\nb\n"), .copy("C.swift", "c\n"),
    ])
    let text = String(decoding: copies.encoded, as: UTF8.self)
    let damaged = text.replacingOccurrences(of: " 2\n" + original, with: " 2\n" + edited)
      .replacingOccurrences(of: "h 1\n" + original, with: "h 1\n" + edited)
    #expect(damaged != text)
    let kept = original == "a\n" ? ["B.swift", "C.swift"] : ["A.swift", "C.swift"]
    #expect(BaseCopies(decoding: Array(damaged.utf8)).copies.map(\.path) == kept)
  }
}

extension BaseCopiesTests {
  /// A copy holding the bytes a file renders now, under the hash worked out when it rendered, is
  /// taken as it is; one whose bytes differ is hashed. (The rendered file's hash here is a
  /// made-up one its bytes do not have: only the comparison can accept the copy under it.)
  @Test func aCopyAsRenderedNowIsNotHashedAgain() {
    var file = PlannedFile(
      module: "Home", role: .code, root: "/p", path: "/p/Home/A.swift", bytes: Array("a\n".utf8),
      action: .unchanged)
    let madeUp = "sha256:" + String(repeating: "0", count: 64)
    file.renderedHash = madeUp
    let asRendered = BaseCopies.Copy(path: "Home/A.swift", hash: madeUp, bytes: file.bytes)
    let other = BaseCopies.Copy(path: "Home/A.swift", hash: madeUp, bytes: Array("b\n".utf8))
    let intact = BaseCopies.Copy.copy("Home/B.swift", "b\n")
    let encoded = BaseCopies([asRendered, intact]).encoded
    #expect(BaseCopies(decoding: encoded, rendered: [file]).copies == [asRendered, intact])
    #expect(BaseCopies(decoding: encoded).copies == [intact])
    #expect(BaseCopies(decoding: encoded).damagedLines == [2])
    // Other bytes under the rendered hash: hashed, and damaged.
    let damaged = BaseCopies(decoding: BaseCopies([other, intact]).encoded, rendered: [file])
    #expect(damaged.copies == [intact])
    #expect(damaged.damagedLines == [2])
    // What the templates produced is compared, not a merge's result.
    file.generatedBytes = file.bytes
    file.bytes = Array("merged\n".utf8)
    #expect(BaseCopies(decoding: encoded, rendered: [file]).copies == [asRendered, intact])
  }

  /// A base file git merged with conflicts: every copy that is intact is read, whatever lines
  /// are around it; one the markers cut in two is left out.
  @Test func copiesAroundConflictMarkersAreRead() {
    let a = BaseCopies.Copy.copy("A.swift", "a\n")
    let b1 = BaseCopies.Copy.copy("B.swift", "one\nb\n")
    let b2 = BaseCopies.Copy.copy("B.swift", "two\nb\n")
    let c = BaseCopies.Copy.copy("C.swift", "c\n")
    func line(_ copy: BaseCopies.Copy) -> String {
      "=== \(copy.path) \(copy.hash) \(copy.bytes.count)\n"
    }
    let text =
      line(a) + "a\n\n<<<<<<< HEAD\n" + line(b1) + "one\nb\n\n=======\n" + line(b2)
      + "two\nb\n\n>>>>>>> other\n" + line(c) + "<<<<<<< HEAD\nc\n=======\nd\n>>>>>>> other\n\n"
      + line(a) + "a\n\n"
    let decoded = BaseCopies(decoding: BaseCopies.header + Array(text.utf8))
    #expect(decoded.copies == BaseCopies([a, a, b1, b2]).copies)
    // Where each damaged stretch starts: the markers, and the copy they cut in two after one.
    #expect(decoded.damagedLines == [5, 10, 15])
  }

  /// Conflict markers at the very top, before the header: the copies of both sides are read
  /// all the same (it used to read as empty), and the damage is at line 1.
  @Test func aBaseFileWhoseFirstLineIsNotTheHeaderIsRead() {
    let a = BaseCopies.Copy.copy("A.swift", "a\n")
    let b = BaseCopies.Copy.copy("B.swift", "b\n")
    func section(_ copy: BaseCopies.Copy) -> String {
      String(decoding: BaseCopies([copy]).encoded, as: UTF8.self)
    }
    let text = "<<<<<<< HEAD\n" + section(a) + "=======\n" + section(b) + ">>>>>>> other\n"
    let decoded = BaseCopies(decoding: Array(text.utf8))
    #expect(decoded.copies == [a, b])
    #expect(decoded.damagedLines == [1, 6, 11])
    #expect(BaseCopies(decoding: BaseCopies([a, b]).encoded).damagedLines.isEmpty)
  }

  /// The header, then each copy by path under its line: path, hash, length.
  @Test func encodedIsEachCopyUnderItsLine() {
    let a = BaseCopies.Copy.copy("A.swift", "a")
    let b = BaseCopies.Copy.copy("Sub/B.swift", "b\n")
    #expect(
      String(decoding: BaseCopies([b, a]).encoded, as: UTF8.self)
        == String(decoding: BaseCopies.header, as: UTF8.self)
        + "=== A.swift \(a.hash) 1\na\n=== Sub/B.swift \(b.hash) 2\nb\n\n")
    #expect(BaseCopies([]).encoded == BaseCopies.header)
  }
}

extension BaseCopies.Copy {
  /// The copy of `text`, with its hash.
  static func copy(_ path: String, _ text: String) -> BaseCopies.Copy {
    BaseCopies.Copy(
      path: path, hash: GenerationRecord.hash(Array(text.utf8)), bytes: Array(text.utf8))
  }
}
