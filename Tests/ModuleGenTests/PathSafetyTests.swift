import Foundation
import Liquid
import Testing

@testable import ModuleGen

/// Paths are checked as bytes, in one place (`PathSafety`), for every path that comes from a
/// manifest, a spec, a parameter or the command line.
@Suite struct PathSafetyTests {
  /// The pieces hostile paths are made of: separators, dots, marks that join the character
  /// before them, look-alike dots, control characters and ordinary names.
  static let atoms = [
    ".", "..", "/", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{0}", "\n", "\u{7F}", "\u{85}", "~",
    "a", "\\", "\u{FF0E}", "\u{2024}", "%2e", " ",
  ]

  /// Every sequence of up to `length` atoms.
  static func sequences(upTo length: Int) -> [String] {
    var all = [""]
    var current = [""]
    for _ in 0..<length {
      current = current.flatMap { prefix in atoms.map { prefix + $0 } }
      all += current
    }
    return all
  }

  /// What the file system would make of `path` as a file inside a folder, computed byte by
  /// byte independently of `PathSafety`: nil when it must be refused.
  static func referenceComponents(_ path: String) -> [[UInt8]]? {
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty, bytes[0] != UInt8(ascii: "/"), bytes[0] != UInt8(ascii: "~"),
      !path.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    else { return nil }
    var parts: [[UInt8]] = []
    var part: [UInt8] = []
    for byte in bytes + [UInt8(ascii: "/")] {
      if byte != UInt8(ascii: "/") {
        part.append(byte)
        continue
      }
      if part.isEmpty || part == Array("..".utf8) || part.count > 255 { return nil }
      if part != Array(".".utf8) { parts.append(part) }
      part = []
    }
    return parts.isEmpty ? nil : parts
  }

  @Test func everySequenceOfHostileBytesIsRefusedOrStaysInside() {
    var accepted = 0
    var refused = 0
    for path in Self.sequences(upTo: 4) {
      let reference = Self.referenceComponents(path)
      do {
        let components = try PathSafety.components(of: path)
        accepted += 1
        #expect(components.map { Array($0.utf8) } == reference, "\(path.debugDescription)")
        // Joined under a folder and resolved the way the kernel does, it stays inside.
        let resolved = PathSafety.isInside(
          "/root/" + components.joined(separator: "/"), "/root")
        #expect(resolved, "\(path.debugDescription)")
        #expect(!components.contains { $0.utf8.elementsEqual("..".utf8) })
      } catch {
        refused += 1
        #expect(reference == nil, "\(path.debugDescription) refused: \(error)")
      }
    }
    #expect(accepted > 10_000 && refused > 10_000)
  }

  static let refusals: [(String, PathSafety.Problem)] = [
    ("", .empty),
    ("/etc/passwd", .absolute),
    ("~/x", .home),
    ("a\u{0}b", .nul),
    ("a\nb", .control(0x0A)),
    ("a\u{85}b", .control(0x85)),
    ("../x", .parent),
    ("../\u{301}x", .parent),
    ("a/../../x", .parent),
    ("a/..", .parent),
    ("a//b", .emptyComponent),
    ("a/", .noFileName),
    (".", .noFileName),
    (String(repeating: "x", count: 256), .componentTooLong),
  ]

  @Test(arguments: refusals) func refuses(_ path: String, _ problem: PathSafety.Problem) {
    #expect(throws: problem) { try PathSafety.components(of: path) }
  }

  /// Leading and trailing slashes under the rules that allow them (the exhaustive comparison
  /// above takes a file's rules).
  static let slashes: [(String, PathSafety.Rules, Result<[String], PathSafety.Problem>)] = [
    ("/", .init(allowsAbsolute: true, allowsTrailingSlash: true), .success([])),
    ("/", .init(allowsAbsolute: true), .failure(.noFileName)),
    ("//", .init(allowsAbsolute: true, allowsTrailingSlash: true), .failure(.emptyComponent)),
    ("/a/./", .init(allowsAbsolute: true, allowsTrailingSlash: true), .success(["a"])),
    ("/./", .init(allowsAbsolute: true, allowsTrailingSlash: true), .success([])),
    ("/a/b", .init(allowsAbsolute: true), .success(["a", "b"])),
    ("/..", .init(allowsAbsolute: true, leadingParents: 1), .failure(.parent)),
    ("a//", .init(allowsTrailingSlash: true), .failure(.emptyComponent)),
    ("a//b/", .init(), .failure(.noFileName)),
    ("../../", .init(leadingParents: 2, allowsTrailingSlash: true), .success(["..", ".."])),
    ("../a/../b", .init(leadingParents: 1), .failure(.parent)),
  ]

  @Test(arguments: slashes)
  func slashesAtEitherEnd(
    _ path: String, _ rules: PathSafety.Rules, _ expected: Result<[String], PathSafety.Problem>
  ) {
    #expect(
      Result { () throws(PathSafety.Problem) in try PathSafety.components(of: path, rules: rules) }
        == expected)
  }

  /// A name of letters, digits, `_` and `-` (a snippet's, most files') is its own only
  /// component under every rule, up to the longest name a file system takes.
  @Test(arguments: ["row", "stub_body", "Home-2", "_", String(repeating: "x", count: 255)])
  func plainNamesAreTheirOwnComponent(_ name: String) throws {
    let rules = [
      PathSafety.Rules.file, PathSafety.Rules(allowsAbsolute: true, leadingParents: 2),
      PathSafety.Rules(allowsTrailingSlash: true),
    ]
    for rule in rules { #expect(try PathSafety.components(of: name, rules: rule) == [name]) }
  }

  @Test func patternsMayClimbOrBeAbsoluteOnlyInTheirOwnText() throws {
    let up = PathSafety.rules(forPattern: "../../Shared/{{ module }}", allowsTrailingSlash: true)
    #expect(up.leadingParents == 2 && !up.allowsAbsolute)
    // A path with no template climbs as far as it says, its last `..` too (`templates new t
    // --dir ../..` was refused while `../../` was taken); a rendered value's `..` never counts.
    for (pattern, parents) in [
      ("../..", 2), ("../../", 2), ("..", 1), ("../x", 1), ("../{{ a }}..", 1), ("..{{ a }}", 1),
      ("x/..", 0),
    ] {
      #expect(
        PathSafety.rules(forPattern: pattern, allowsTrailingSlash: true).leadingParents == parents,
        "\(pattern)")
    }
    #expect(
      try PathSafety.resolve(
        "../..", against: "/a/b/c",
        rules: PathSafety.rules(forPattern: "../..", allowsTrailingSlash: true)) == "/a")
    #expect(
      try PathSafety.resolve("../../Shared/Home", against: "/a/b/c", rules: up) == "/a/Shared/Home")
    #expect(throws: PathSafety.Problem.parent) {
      try PathSafety.resolve("../../Shared/../x", against: "/a/b/c", rules: up)
    }
    // A value cannot add a `..` of its own.
    let plain = PathSafety.rules(forPattern: "{{ description }}/x", allowsTrailingSlash: true)
    #expect(throws: PathSafety.Problem.parent) {
      try PathSafety.resolve("../\u{301}x/x", against: "/p", rules: plain)
    }
    let absolute = PathSafety.rules(forPattern: "/abs/{{ module }}", allowsTrailingSlash: true)
    #expect(try PathSafety.resolve("/abs/Home/", against: "/p", rules: absolute) == "/abs/Home")
    #expect(throws: PathSafety.Problem.absolute) {
      try PathSafety.resolve("/abs", against: "/p", rules: plain)
    }
  }

  @Test func containmentComparesBytesNotCharacters() {
    #expect(PathSafety.isInside("/a/b/c", "/a/b"))
    #expect(PathSafety.isInside("/a/b", "/a/b/"))
    #expect(!PathSafety.isInside("/a/bc", "/a/b"))
    // "é" precomposed and decomposed are equal Swift strings but different names on disk.
    #expect(!PathSafety.isInside("/caf\u{65}\u{301}/x", "/caf\u{E9}"))
    #expect(parentPath("/a/b/\u{301}x") == "/a/b")
    #expect(lastPathComponent("/a/b/\u{301}x") == "\u{301}x")
  }

  @Test func containmentFollowsEveryLinkAboveAPath() throws {
    let dir = try makeTemporaryDirectory()
    let manager = FileManager.default
    try manager.createDirectory(
      atPath: dir + "/outside/real/deeper", withIntermediateDirectories: true)
    try manager.createDirectory(
      atPath: dir + "/root/plain/inner", withIntermediateDirectories: true)
    try manager.createSymbolicLink(atPath: dir + "/root/link", withDestinationPath: "../outside")
    // Reached through another name: the same folder.
    try manager.createSymbolicLink(atPath: dir + "/alias", withDestinationPath: "root")
    let containment = PathContainment(fileSystem: LocalFileSystem())
    let root = dir + "/root"
    let real = LocalFileSystem().resolvedPath(dir)!
    // Real folders below the root, however deep, and a file not there yet.
    #expect(containment.escape(ofFile: root + "/plain/inner/A.swift", inside: root) == nil)
    #expect(containment.escape(ofNewFile: root + "/plain/new/B.swift", inside: root) == nil)
    // A real folder below a link leads where the link does.
    #expect(
      containment.escape(ofFile: root + "/link/real/deeper/C.swift", inside: root)
        == .outside(real + "/outside/real/deeper/C.swift"))
    #expect(
      containment.folder(root + "/link/real") == .real(real + "/outside/real"))
    #expect(containment.folder(dir + "/alias/plain") == .real(real + "/root/plain"))
  }

  /// A folder that is not there yet (each folder of a new module) costs two questions, and one
  /// whose parent is known none for the parent: whether it is a folder itself, whether anything
  /// is there.
  @Test func aMissingFolderIsTwoQuestions() throws {
    let dir = try makeTemporaryDirectory()
    let fileSystem = CountingFileSystem()
    let containment = PathContainment(fileSystem: fileSystem)
    _ = containment.folder(dir)
    let known = fileSystem.questions
    #expect(containment.escape(ofNewFile: dir + "/a/b/F.swift", inside: dir) == nil)
    #expect(
      Array(fileSystem.questionsAsked.dropFirst(known)) == [
        "isFolderItself(atPath:) \(dir)/a/b", "itemExists(atPath:) \(dir)/a/b",
        "isFolderItself(atPath:) \(dir)/a", "itemExists(atPath:) \(dir)/a",
      ])
    let real = LocalFileSystem().resolvedPath(dir)!
    #expect(containment.folder(dir + "/a/b") == .real(real + "/a/b"))
    // A file where a folder is needed, and a link to a folder, are still told apart.
    try write("x\n", to: dir + "/file")
    try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "a")
    try FileManager.default.createDirectory(atPath: dir + "/a", withIntermediateDirectories: true)
    let fresh = PathContainment(fileSystem: LocalFileSystem())
    #expect(fresh.folder(dir + "/file") == .blocked(at: dir + "/file"))
    #expect(fresh.folder(dir + "/file/x") == .blocked(at: dir + "/file"))
    #expect(fresh.folder(dir + "/link") == .real(real + "/a"))
  }

  @Test func joiningKeepsEveryByteAndOneSlash() {
    #expect(joinPath("/a", "b/c") == "/a/b/c")
    #expect(joinPath("/a/", "b") == "/a/b")
    #expect(joinPath("/", "b") == "/b")
    #expect(joinPath("/a", "") == "/a")
    #expect(joinPath("", "b") == "b")
    #expect(joinPath("/a", "/b") == "/b", "an absolute component replaces the base")
    // A combining mark after the slash stays a byte of its own (not merged into the slash).
    let joined = joinPath("/caf\u{65}", "\u{301}x")
    #expect(Array(joined.utf8) == Array("/cafe/".utf8) + Array("\u{301}x".utf8))
    #expect(lastPathComponent(joined) == "\u{301}x")
  }
}

/// The hostile inputs from issue 9, through the whole command.
@Suite struct HostilePathTests {
  func project(output: String) throws -> String {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["templates", "new", "t"], in: dir).code == 0)
    let manifest = dir + "/Templates/t/template.yml"
    let text = try String(contentsOfFile: manifest, encoding: .utf8)
    try text.replacingOccurrences(
      of: "output: \"{{ module }}.swift\"", with: "output: \"\(output)\""
    ).replacingOccurrences(
      of: "parameters:\n", with: "parameters:\n  - name: p\n    default: x\n"
    ).write(toFile: manifest, atomically: true, encoding: .utf8)
    return dir
  }

  func entries(_ dir: String) -> [String] {
    ((FileManager.default.enumerator(atPath: dir)?.allObjects as? [String]) ?? []).sorted()
  }

  @Test func aCombiningMarkAfterDotDotInTheManifest() throws {
    let dir = try project(output: "../\u{301}{{ module }}.swift")
    let parent = URL(fileURLWithPath: dir).deletingLastPathComponent().path
    let result = runTool(["gen", "Home", "t", "--no-tests"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err.hasPrefix(
        "Templates/t/template.yml:14:13: error: template 't' renders the output path '../\u{301}Home.swift', which goes up with '..' out of the output folder; nothing was written\n"
      ), "\(result.err)")
    #expect(!entries(dir).contains { $0.hasPrefix("Home") || $0.contains("\u{301}") })
    #expect(!FileManager.default.fileExists(atPath: parent + "/\u{301}Home.swift"))
  }

  /// A module written into the project's folder whose file a developer made a symbolic link to
  /// the generation record: `gen --force` wrote the entity through the link over
  /// `.modulegen.lock` (every module's record) or a base file. Refused, nothing written.
  @Test func aLinkToTheGenerationRecordIsRefused() throws {
    let dir = try makeTemporaryDirectory()
    let files = FileManager.default
    let gen = ["gen", "Home", "viper", "--output", ".", "--no-tests", "--date", "2026-01-01"]
    #expect(runTool(gen, in: dir).code == 0)
    let entity = dir + "/HomeEntity.swift"
    for target in [GenerationRecord.fileName, GenerationRecord.baseFolder + "/Home.base"] {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + target))
      try files.removeItem(atPath: entity)
      try files.createSymbolicLink(atPath: entity, withDestinationPath: target)
      for arguments in [gen + ["--force"], ["update"]] {
        let run = runTool(arguments, in: dir)
        #expect(run.code == 2, "\(arguments)")
        #expect(
          run.err.hasPrefix(
            "<built-in>/viper/template.yml:23:13: error: template 'viper' renders the output path 'HomeEntity.swift', which is a symbolic link to '\(target)', a file of the generation record; nothing was written\n"
          ), "\(run.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/" + target)) == bytes)
        #expect(try files.destinationOfSymbolicLink(atPath: entity) == target)
      }
    }
  }

  /// Modules sharing a folder: a file of one that a developer made a symbolic link to a file of
  /// another is refused, whether the other is in the run or only in the record. `gen --force`
  /// wrote Home's entity over Settings' edited presenter, and counted it 'kept (yours)'.
  @Test func aLinkToAnotherModulesFileIsRefused() throws {
    let dir = try makeTemporaryDirectory()
    let files = FileManager.default
    try write(
      "module: App\noutput: Sources/App\ntests_output: Tests\n", to: dir + "/.modulegen.yml")
    try write(
      "modules:\n  - name: Home\n    template: viper\n  - name: Settings\n    template: viper\n",
      to: dir + "/s.yml")
    #expect(runTool(["gen", "--spec", "s.yml"], in: dir).code == 0)
    let presenter = dir + "/Sources/App/SettingsPresenter.swift"
    try (try String(contentsOfFile: presenter, encoding: .utf8) + "// mine\n").write(
      toFile: presenter, atomically: true, encoding: .utf8)
    let edited = try String(contentsOfFile: presenter, encoding: .utf8)
    let entity = dir + "/Sources/App/HomeEntity.swift"
    try files.removeItem(atPath: entity)
    try files.createSymbolicLink(atPath: entity, withDestinationPath: "SettingsPresenter.swift")
    for arguments in [["gen", "--spec", "s.yml", "--force"], ["gen", "Home", "viper", "--force"]] {
      let run = runTool(arguments, in: dir)
      #expect(run.code == 2, "\(arguments)")
      #expect(run.err.hasPrefix("error: '"), "\(run.err)")
      #expect(
        run.err.hasSuffix(
          "/Sources/App/SettingsPresenter.swift', a file of module 'Settings'; nothing was written\n"
        ), "\(run.err)")
      #expect(try String(contentsOfFile: presenter, encoding: .utf8) == edited)
      #expect(try files.destinationOfSymbolicLink(atPath: entity) == "SettingsPresenter.swift")
    }
  }

  /// A template's file named as modulegen's own (the record, its base files' folder, a run's
  /// lock or staging folder) is refused: `gen --force` overwrote `.modulegen.lock` and the base
  /// file of another module, and the file was then recorded (and 'gen --prune' offered to
  /// remove the base file).
  @Test(arguments: [
    (".modulegen.lock", ".modulegen.lock"), (".modulegen/base/Home.base", ".modulegen"),
    (".modulegen-run.lock", ".modulegen-run.lock"), ("a/.modulegen-run-1/x", ".modulegen-run-1"),
  ])
  func aTemplateFileNamedAsModuleGensOwnIsRefused(_ output: String, _ name: String) throws {
    let dir = try project(output: output)
    #expect(runTool(["gen", "Home", "viper", "--output", ".", "--no-tests"], in: dir).code == 0)
    let before = entries(dir)
    let record = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + GenerationRecord.fileName))
    let result = runTool(["gen", "Other", "t", "--output", ".", "--no-tests", "--force"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err.hasPrefix(
        "Templates/t/template.yml:14:13: error: template 't' renders the output path '\(output)', which names '\(name)', a name modulegen keeps for its own files; nothing was written\n"
      ), "\(result.err)")
    #expect(entries(dir) == before)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: dir + "/" + GenerationRecord.fileName)) == record)
  }

  /// Two modules whose names differ only in case: their folders and files are one on a Mac,
  /// where the second module's files would replace the first's. Nothing is written.
  @Test func pathsThatDifferOnlyInCaseAreRefused() throws {
    let dir = try project(output: "Same.swift")
    try write(
      "modules:\n  - name: Settings\n    template: viper\n  - name: SETTINGS\n    template: viper\n",
      to: dir + "/modules.yml")
    let result = runTool(["gen", "--spec", "modules.yml", "--no-tests"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err
        == "error: modules 'Settings' and 'SETTINGS' would write 'Settings/SettingsEntity.swift' and 'SETTINGS/SETTINGSEntity.swift', which differ only in case: one file on a file system that ignores case, as macOS's does by default\n",
      "\(result.err)")
    #expect(
      !entries(dir).contains { $0.lowercased().hasPrefix("settings") || $0.hasPrefix(".modulegen") }
    )
  }

  @Test func twoModulesWritingOnePathAreRefused() throws {
    let dir = try project(output: "Same.swift")
    try write(
      "modules:\n  - name: Home\n    template: t\n  - name: Settings\n    template: t\n",
      to: dir + "/modules.yml")
    let result = runTool(
      ["gen", "--spec", "modules.yml", "--no-tests", "--output", "Screens"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err
        == "error: modules 'Home' and 'Settings' would both write 'Screens/Same.swift'\n",
      "\(result.err)")
    #expect(!entries(dir).contains { $0.hasPrefix("Screens") || $0.hasPrefix(".modulegen") })
  }

  @Test func aSpecDescriptionInTheOutputPath() throws {
    let dir = try project(output: "{{ description }}.swift")
    try write(
      "name: Home\ntemplate: t\ndescription: \"../\u{301}x\"\n", to: dir + "/home.yml")
    let result = runTool(["gen", "--spec", "home.yml", "--no-tests"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err.contains(
        "error: template 't' renders the output path '../\u{301}x.swift', which goes up with '..' out of the output folder; nothing was written"
      ), "\(result.err)")
    #expect(!entries(dir).contains { $0.contains("\u{301}") || $0.hasPrefix("Home") })
  }

  @Test func aSetParameterInTheOutputPath() throws {
    let dir = try project(output: "{{ params.p }}.swift")
    let result = runTool(["gen", "Home", "t", "--set", "p=../\u{301}x", "--no-tests"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err.contains(
        "renders the output path '../\u{301}x.swift', which goes up with '..' out of the output folder"
      ), "\(result.err)")
    #expect(!entries(dir).contains { $0.contains("\u{301}") || $0.hasPrefix("Home") })
  }

  @Test func aValueInAnOutputFolderPatternCannotClimb() throws {
    let dir = try project(output: "{{ module }}.swift")
    try write("author: A\n", to: dir + "/.modulegen.yml")
    try FileManager.default.createDirectory(
      atPath: dir + "/sub", withIntermediateDirectories: true)
    let climbing = runTool(
      ["gen", "Home", "t", "--set", "p=../\u{301}x", "--output", "{{ params.p }}", "--no-tests"],
      in: dir + "/sub")
    #expect(climbing.code == 2)
    #expect(
      climbing.err.contains(
        "the output folder pattern '{{ params.p }}' renders as '../\u{301}x', which goes up with '..' out of its base folder; nothing was written"
      ), "\(climbing.err)")
    // The pattern's own text may climb: the person typing it chose to.
    let chosen = runTool(
      ["gen", "Home", "t", "--output", "../Out/{{ module }}", "--no-tests"], in: dir + "/sub")
    #expect(chosen.code == 0, "\(chosen.err)")
    #expect(FileManager.default.fileExists(atPath: dir + "/Out/Home/Home.swift"))
  }

  @Test func aPathLongerThanTheFileSystemTakesIsRefusedWithTheLimit() throws {
    let dir = try project(output: "{{ module }}.swift")
    let deep = Array(repeating: "a", count: 8000).joined(separator: "/")
    let result = runTool(["gen", "Home", "t", "--output", deep + "/{{ module }}"], in: dir)
    #expect(result.code == 2)
    #expect(
      result.err.hasSuffix("which makes a path longer than 1024 bytes; nothing was written\n"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/a"))
  }

  /// Every hostile sequence of up to two atoms, and the three-atom ones that climb, as a
  /// parameter in the output path, in one batch: exactly those the reference refuses are
  /// refused, the others land inside their module's folder.
  @Test func theHostileTableThroughAWholeBatch() throws {
    let dir = try project(output: "{{ params.p }}")
    let values =
      PathSafetyTests.sequences(upTo: 2).filter { !$0.isEmpty }
      + PathSafetyTests.atoms.flatMap { ["../" + $0, ".." + $0 + "/x", $0 + "/../x"] }
    func spec(_ values: [(Int, String)]) -> String {
      let modules = values.map { index, value in
        let json = LiquidValue.string(value).jsonText
        return "{\"name\": \"M\(index)\", \"template\": \"t\", \"params\": {\"p\": \(json)}}"
      }
      return "{\"modules\": [" + modules.joined(separator: ",\n") + "]}"
    }
    let indexed = Array(values.enumerated())
    // Rendered output paths lose surrounding whitespace first.
    func accepted(_ value: String) -> Bool {
      PathSafetyTests.referenceComponents(value.trimmingCharacters()) != nil
    }
    let bad = indexed.filter { !accepted($0.1) }
    let good = indexed.filter { accepted($0.1) }
    try write(spec(indexed), to: dir + "/all.json")
    let all = runTool(["gen", "--spec", "all.json", "--no-tests"], in: dir)
    #expect(all.code == 2)
    // Modules refused for the same rendered path share one message.
    let refusals = all.err.components(separatedBy: "renders the output path").count - 1
    #expect(refusals == Set(bad.map { $0.1.trimmingCharacters() }).count)
    #expect(entries(dir).allSatisfy { !$0.hasPrefix("M") }, "nothing written")

    try write(spec(good), to: dir + "/good.json")
    let written = runTool(["gen", "--spec", "good.json", "--no-tests"], in: dir)
    #expect(written.code == 0, "\(written.err.prefix(2000))")
    // The generation record (and its base copies) is the project's, not a module's.
    let files = entries(dir).filter {
      !$0.hasPrefix("Templates") && !$0.hasSuffix(".json") && !$0.hasPrefix(".modulegen")
    }
    for path in files {
      let first = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)[0]
      #expect(first.hasPrefix("M"), "\(path.debugDescription) is outside the module folders")
    }
  }

  /// The record names the stale files `--prune` removes, and anyone can edit it (a pull request,
  /// a merge): a recorded file outside the project's folder is removed only inside a folder the
  /// run writes into (a module's `output: ../Shared/{{ module }}`), never elsewhere.
  @Test func pruneRemovesNoFileOutsideTheFoldersItWrites() throws {
    let top = try makeTemporaryDirectory()
    let dir = top + "/App"
    try write("output: '../Shared/{{ module }}'\n", to: dir + "/.modulegen.yml")
    #expect(runTool(["gen", "Home", "viper", "--date", "2026-01-01"], in: dir).code == 0)
    let victim = top + "/Other/notes.txt"
    try write("precious\n", to: victim)
    let hash = GenerationRecord.hash(Array("precious\n".utf8))
    let recordPath = dir + "/" + GenerationRecord.fileName
    let record = try String(contentsOfFile: recordPath, encoding: .utf8)
    try write(
      record.replacingOccurrences(
        of: "    files:\n", with: "    files:\n      ../Other/notes.txt: \(hash)\n"),
      to: recordPath)
    // Check, too, says that prune leaves it.
    let checked = runTool(["check"], in: dir)
    #expect(checked.code == 1)
    #expect(
      checked.out.contains(
        "stale  ../Other/notes.txt (outside the folder of .modulegen.lock and every folder the run writes into)"
      ), "\(checked.out)")
    #expect(
      checked.err.contains("'gen --prune' leaves it: remove it yourself"), "\(checked.err)")
    // A file the module no longer has, in its folder outside the project: removed.
    let pruned = runTool(["gen", "Home", "--set", "ui=swiftui", "--prune"], in: dir)
    #expect(pruned.code == 1, "\(pruned.err)")
    #expect(!FileManager.default.fileExists(atPath: top + "/Shared/Home/HomeViewController.swift"))
    #expect(FileManager.default.fileExists(atPath: victim))
    #expect(
      pruned.err.contains(
        "error: '../Other/notes.txt' is no longer generated for Home but is outside the folder of .modulegen.lock and every folder the run writes into; not removed (delete it yourself if it is no longer needed)"
      ), "\(pruned.err)")
  }

  /// Nor has it a file elsewhere edited: a registration the record places outside its folder is
  /// removed only from a file the run's modules register in.
  @Test func pruneEditsNoFileOutsideTheFoldersItWrites() throws {
    let top = try makeTemporaryDirectory()
    let dir = top + "/App"
    try write(
      "modules: [{name: Home, template: viper}, {name: Cart, template: viper}]\n",
      to: dir + "/m.yml")
    #expect(runTool(["gen", "--spec", "m.yml", "--date", "2026-01-01"], in: dir).code == 0)
    let target = top + "/Other/Route.swift"
    let original = "enum Route {\n  // routes\n  case cart\n  case keep\n}\n"
    try write(original, to: target)
    let recordPath = dir + "/" + GenerationRecord.fileName
    let record = try String(contentsOfFile: recordPath, encoding: .utf8)
    let cart = try #require(record.range(of: "  Cart:\n"))
    try write(
      record.replacingCharacters(
        in: cart,
        with:
          "  Cart:\n    registrations:\n      - {file: ../Other/Route.swift, marker: // routes, text: case cart}\n"
      ), to: recordPath)
    try write("modules: [{name: Home, template: viper}]\n", to: dir + "/m.yml")
    let pruned = runTool(["gen", "--spec", "m.yml", "--prune"], in: dir)
    #expect(pruned.code == 1, "\(pruned.err)")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == original)
    #expect(!FileManager.default.fileExists(atPath: dir + "/Cart/CartBuilder.swift"))
    #expect(
      pruned.err.contains(
        "error: the registration of Cart in '../Other/Route.swift' is outside the folder of .modulegen.lock and every file the run registers in; not removed (remove its line 'case cart' yourself if it is no longer needed)"
      ), "\(pruned.err)")
  }

  /// Nor has the record's own data removed: a module's file the record places in
  /// `.modulegen/base/` (or a `.modulegen.lock`) is an error at its line, before anything is
  /// written.
  @Test func aRecordedFileInTheRecordsOwnDataIsAnError() throws {
    let dir = try makeTemporaryDirectory()
    try write(
      "modules: [{name: Home, template: viper}, {name: Cart, template: viper}]\n",
      to: dir + "/m.yml")
    #expect(runTool(["gen", "--spec", "m.yml", "--date", "2026-01-01"], in: dir).code == 0)
    let base = dir + "/.modulegen/base/Cart.base"
    let hash = GenerationRecord.hash(Array(try Data(contentsOf: URL(fileURLWithPath: base))))
    let recordPath = dir + "/" + GenerationRecord.fileName
    let record = try String(contentsOfFile: recordPath, encoding: .utf8)
    let files = try #require(record.range(of: "    test_files:\n"))
    let edited = record.replacingCharacters(
      in: files, with: "    test_files:\n      .modulegen/base/Cart.base: \(hash)\n")
    try write(edited, to: recordPath)
    let line =
      edited.prefix(upTo: try #require(edited.range(of: ".modulegen/base/Cart")).lowerBound)
      .filter { $0 == "\n" }.count + 1
    let pruned = runTool(["gen", "--prune"], in: dir)
    #expect(pruned.code == 2, "\(pruned.err)")
    #expect(FileManager.default.fileExists(atPath: base))
    #expect(
      pruned.err.hasPrefix(
        ".modulegen.lock:\(line):7: error: modules.Cart.test_files: the recorded path '.modulegen/base/Cart.base' is in the generation record's own data (.modulegen.lock, .modulegen/base/), which no module generates; remove its line"
      ), "\(pruned.err)")
  }
}
