import DataFormats
import Foundation
import Testing

@testable import ModuleGen

/// What installers read from the repository: Mint reads the package's products, Homebrew the
/// formula, users the README's pinned versions. They must agree with the version the binary
/// prints.
@Suite struct ReleaseMetadataTests {
  static let root = GeneratedPackage.root.path

  static func read(_ path: String) throws -> String {
    try String(contentsOfFile: root + "/" + path, encoding: .utf8)
  }

  /// Every capture of `pattern`'s first group in `text`.
  static func captures(_ pattern: String, in text: String) throws -> [String] {
    let regex = try NSRegularExpression(pattern: pattern)
    return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
      Range($0.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  @Test func theFormulaAndTheReadmePinTheVersionTheBinaryPrints() throws {
    let version = CommandLineTool.version
    let formula = try Self.read("Formula/modulegen.rb")
    #expect(try Self.captures(#"tag: "([^"]+)""#, in: formula) == [version])
    let readme = try Self.read("README.md")
    let pins =
      try Self.captures(#"modulegen@([0-9][^\s`]*)"#, in: readme)
      + Self.captures(#"exact: "([^"]+)""#, in: readme)
      + Self.captures(#"releases/download/([^/\s]+)/"#, in: readme)
      + Self.captures(#"modulegen-([0-9][^\s]*)-linux-"#, in: readme)
    #expect(pins.count >= 5, "the README pins no version")
    #expect(Set(pins) == [version])
  }

  /// The account that hosts modulegen is one setting: every address of the repository says
  /// `<owner>` until `scripts/set-owner.sh` names it, and then says that name everywhere.
  @Test func everyAddressOfTheRepositoryNamesTheSameOwner() throws {
    let text = try Self.read("README.md") + Self.read("Formula/modulegen.rb")
    let owners = try Self.captures(#"github\.com/([^/\s"]+)/modulegen"#, in: text)
    #expect(owners.count >= 5)
    #expect(Set(owners).count == 1, "\(Set(owners))")
    #expect(try !Self.read("Formula/modulegen.rb").contains("OWNER"))
  }

  @Test func setOwnerNamesTheAccountEverywhere() throws {
    let dir = try makeTemporaryDirectory()
    for path in ["README.md", "Formula/modulegen.rb", "scripts/set-owner.sh"] {
      try FileManager.default.createDirectory(
        atPath: dir + "/" + (path as NSString).deletingLastPathComponent,
        withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: Self.root + "/" + path, toPath: dir + "/" + path)
    }
    let (status, output) = try GeneratedCodeTests.shell(
      "git init -q && git add -A && git -c user.name=test -c user.email=test@example.com "
        + "commit -qm start && scripts/set-owner.sh acme-ios && git status --short", in: dir)
    #expect(status == 0, "\(output)")
    #expect(output == " M Formula/modulegen.rb\n M README.md\n")
    let text =
      try String(contentsOfFile: dir + "/README.md", encoding: .utf8)
      + String(contentsOfFile: dir + "/Formula/modulegen.rb", encoding: .utf8)
    #expect(!text.contains("<owner>"))
    #expect(text.contains("brew tap acme-ios/modulegen https://github.com/acme-ios/modulegen"))
    #expect(text.contains(#"url "https://github.com/acme-ios/modulegen.git", tag: "#))
    let refused = try GeneratedCodeTests.shell("scripts/set-owner.sh 'a/b' 2>&1", in: dir)
    #expect(refused.0 == 64)
  }

  /// The README's main job (`swift run modulegen gen Home viper`) in a clone leaves `git status`
  /// clean: the repository tracks no generation record of its own, and what the job writes at
  /// the root is ignored.
  @Test func theMainJobLeavesAFreshCloneClean() throws {
    guard FileManager.default.fileExists(atPath: Self.root + "/.git") else { return }
    let dir = try makeTemporaryDirectory()
    let result = try runBinary(["gen", "Home", "viper", "--project", "App"], in: dir)
    #expect(result.code == 0, "\(result.err)")
    let written = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    #expect(written == [".modulegen", ".modulegen.lock", "Home", "HomeTests"])
    let (status, output) = try GeneratedCodeTests.shell(
      "git ls-files -- \(written.joined(separator: " ")) && git check-ignore "
        + written.map { "'\($0)/'" }.joined(separator: " "), in: Self.root)
    #expect(status == 0)
    #expect(output == written.map { $0 + "/\n" }.joined(), "tracked or not ignored")
  }

  /// Mint runs `swift package dump-package`, builds every executable product with
  /// `swift build -c release --product NAME` and, with one executable, runs it without asking
  /// which. (That release build of the product is the one `make install` runs in InstallTests.)
  @Test func mintFindsOneExecutableNamedModulegen() throws {
    let (status, output) = try GeneratedCodeTests.shell(
      "swift package --scratch-path .build/mint-tests dump-package 2>/dev/null", in: Self.root)
    #expect(status == 0)
    guard let start = output.firstIndex(of: "{") else {
      Issue.record("no JSON from dump-package:\n\(output)")
      return
    }
    let package = try JSONReader.read(String(output[start...]), file: "dump-package")
    guard case .array(let products) = package["products"]?.value else { throw Failure() }
    let executables = products.filter { $0["type"]?["executable"] != nil }.compactMap {
      product -> String? in
      if case .string(let name)? = product["name"]?.value { return name }
      return nil
    }
    #expect(executables == ["modulegen"])
    let plugins = products.filter { $0["type"]?["plugin"] != nil }
    #expect(plugins.count == 1)
  }
}
