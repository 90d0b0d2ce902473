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
    #expect(pins.count >= 3, "the README pins no version")
    #expect(Set(pins) == [version])
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
