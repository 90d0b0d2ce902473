import Foundation
import Testing

@testable import ModuleGen

/// Generated files never land in modulegen's own data: an output folder (`--output`,
/// `--tests-output`, `output:` of `.modulegen.yml` or of a spec, `--package`) that is
/// `.modulegen/` (the base copies), inside it, or the record's file is refused at the option or
/// key that gives it, before anything is written.
@Suite struct RecordDataOutputTests {
  /// Every path in `dir`, folders too, with each file's content.
  func everything(_ dir: String) -> [String: String] {
    var found: [String: String] = [:]
    for path in (FileManager.default.enumerator(atPath: dir)?.allObjects as? [String]) ?? [] {
      found[path] = (try? String(contentsOfFile: dir + "/" + path, encoding: .utf8)) ?? "<folder>"
    }
    return found
  }

  /// A project with a recorded module (so that `.modulegen/` and the record exist).
  func project() throws -> String {
    let dir = try makeTemporaryDirectory()
    try write("module: App\n", to: dir + "/.modulegen.yml")
    let gen = runTool(["gen", "Cart", "mvc"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    return dir
  }

  static let baseCopies =
    "is inside .modulegen/, where modulegen keeps the generation record's base copies: generated files never go there; choose another folder; nothing was written"
  static let recordFile =
    "is where modulegen keeps the generation record (.modulegen.lock): generated files never go there; choose another folder; nothing was written"

  /// `message` as `command` says it: `check`, which writes nothing, does not say that nothing
  /// was written.
  static func said(_ message: String, by command: String) -> String {
    command == "check"
      ? message.replacingOccurrences(of: "; nothing was written", with: "") : message
  }

  @Test(arguments: [
    (["--output", ".modulegen/base"], "--output '.modulegen/base' \(baseCopies)"),
    (["--output", ".modulegen"], "--output '.modulegen' \(baseCopies)"),
    (["--output", "./.modulegen/{{ module }}"], "--output './.modulegen/Home' \(baseCopies)"),
    (["--tests-output", ".modulegen"], "--tests-output '.modulegen' \(baseCopies)"),
    (["--output", ".modulegen.lock"], "--output '.modulegen.lock' \(recordFile)"),
    (["--module_path", ".modulegen"], "--module_path '.modulegen/Home' \(baseCopies)"),
    (["--test_path", ".modulegen"], "--test_path '.modulegen/Home' \(baseCopies)"),
  ])
  func anOptionIntoTheRecordIsRefused(options: [String], message: String) throws {
    let dir = try project()
    let before = everything(dir)
    let run = runTool(["gen", "Home", "viper"] + options, in: dir)
    #expect(run.code == 2)
    #expect(run.err == "error: \(message)\n", "\(run.err)")
    #expect(everything(dir) == before)
    // `check` and `update` plan the same folders: they refuse them too.
    for command in ["check", "update"] {
      let other = runTool([command, "Home", "viper"] + options, in: dir)
      #expect(
        other.code == 2 && other.err == "error: \(Self.said(message, by: command))\n",
        "\(other.err)")
    }
  }

  /// The record's folder is where `.modulegen.yml` is: a run from a subfolder that climbs to
  /// it is refused, one into a `.modulegen` folder of its own is not the record's.
  @Test func aFolderIsRefusedWhereverItIsSpelledFrom() throws {
    let dir = try project()
    try FileManager.default.createDirectory(
      atPath: dir + "/Sub", withIntermediateDirectories: false)
    let before = everything(dir)
    let climbed = runTool(
      ["gen", "Home", "viper", "--output", "../.modulegen/x"], in: dir + "/Sub")
    #expect(climbed.code == 2)
    #expect(climbed.err == "error: --output '../.modulegen/x' \(Self.baseCopies)\n")
    let absolute = runTool(["gen", "Home", "viper", "--output", dir + "/.modulegen"], in: dir)
    #expect(absolute.err == "error: --output '\(dir)/.modulegen' \(Self.baseCopies)\n")
    // A symbolic link that leads into it.
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/Link", withDestinationPath: ".modulegen/base")
    let linked = runTool(["gen", "Home", "viper", "--output", "Link/Home"], in: dir)
    #expect(linked.code == 2)
    #expect(linked.err == "error: --output 'Link/Home' \(Self.baseCopies)\n")
    try FileManager.default.removeItem(atPath: dir + "/Link")
    #expect(everything(dir) == before)
    // Not the record's: a folder named so elsewhere.
    let own = runTool(["gen", "Home", "viper", "--output", "Sub/.modulegen/Home"], in: dir)
    #expect(own.code == 0, "\(own.err)")
  }

  /// A record an earlier modulegen wrote with such a folder (`gen --output .modulegen/base`
  /// was taken) stops there too, saying where the folder comes from; `--output` replaces it.
  @Test func aRecordedFolderIntoTheRecordIsRefused() throws {
    let dir = try project()
    let record = dir + "/" + GenerationRecord.fileName
    let text = try String(contentsOfFile: record, encoding: .utf8)
    try text.replacingOccurrences(
      of: "    params:", with: "    output: .modulegen/base\n    params:"
    )
    .write(toFile: record, atomically: true, encoding: .utf8)
    let before = everything(dir)
    for command in ["gen", "check", "update"] {
      let run = runTool([command, "Cart"], in: dir)
      #expect(run.code == 2)
      #expect(
        run.err
          == "error: the output folder .modulegen.lock records for the module '\(dir)/.modulegen/base' \(Self.said(Self.baseCopies, by: command))\n",
        "\(run.err)")
    }
    #expect(everything(dir) == before)
    let moved = runTool(["gen", "Cart", "--output", "Cart"], in: dir)
    #expect(moved.code == 0, "\(moved.err)")
    let after = try String(contentsOfFile: record, encoding: .utf8)
    #expect(after.contains("    output: Cart\n") && !after.contains("output: .modulegen"))
  }

  /// `output:` and `tests_output:` of `.modulegen.yml` and of a spec, and a `package:`, are
  /// refused at their line, with a caret.
  @Test func aKeyIntoTheRecordIsRefusedAtItsLine() throws {
    let dir = try project()
    try write("module: App\noutput: \".modulegen/{{ module }}\"\n", to: dir + "/.modulegen.yml")
    var before = everything(dir)
    let config = runTool(["gen", "Home", "viper"], in: dir)
    #expect(config.code == 2)
    #expect(
      config.err == """
        .modulegen.yml:2:10: error: the output folder '.modulegen/Home' \(Self.baseCopies)
        output: ".modulegen/{{ module }}"
                 ^

        """, "\(config.err)")
    #expect(everything(dir) == before)
    try write("module: App\n", to: dir + "/.modulegen.yml")
    try write(
      "name: Home\ntemplate: viper\ntests_output: .modulegen.lock\n", to: dir + "/home.yml")
    before = everything(dir)
    let spec = runTool(["gen", "--spec", "home.yml"], in: dir)
    #expect(spec.code == 2)
    #expect(
      spec.err == """
        home.yml:3:15: error: the tests output folder '.modulegen.lock' \(Self.recordFile)
        tests_output: .modulegen.lock
                      ^

        """, "\(spec.err)")
    let package = runTool(["gen", "Home", "viper", "--package", ".modulegen"], in: dir)
    #expect(package.code == 2)
    #expect(package.err == "error: --package '.modulegen' \(Self.baseCopies)\n", "\(package.err)")
    #expect(everything(dir) == before)
  }

  /// `spec from -o`, `templates new --dir` and the other commands that write files they are
  /// given never write the record or its base copies, even with `--force`; a folder of the
  /// user's named `.modulegen` elsewhere (`~/.modulegen/templates`) is theirs.
  @Test func filesWrittenAsGivenAreNotTheRecords() throws {
    let dir = try project()
    let before = everything(dir)
    let tail =
      "only modulegen writes there; choose another file; nothing was written\n"
    let place =
      "is modulegen's generation record (.modulegen.lock) or among its base copies (.modulegen/base/): "
    for (arguments, shown) in [
      (["spec", "from", "Cart", "-o", ".modulegen.lock", "--force"], ".modulegen.lock"),
      (["spec", "from", "Cart", "-o", "./.modulegen/base/cart.yml"], "./.modulegen/base/cart.yml"),
      (
        ["templates", "new", "mine", "--dir", ".modulegen/base"],
        ".modulegen/base/mine/template.yml"
      ),
    ] {
      let result = runTool(arguments, in: dir)
      #expect(result.code == 2, "\(arguments)")
      #expect(result.err == "error: '\(shown)' \(place)\(tail)", "\(arguments)")
    }
    #expect(everything(dir) == before)
    let own = runTool(["templates", "new", "mine", "--dir", "home/.modulegen/templates"], in: dir)
    #expect(own.code == 0, "\(own.err)")
  }
}
