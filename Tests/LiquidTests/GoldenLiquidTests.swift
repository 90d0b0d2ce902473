import DataFormats
import Foundation
import Liquid
import Testing

/// Runs the language-neutral golden-liquid suite (Fixtures/golden-liquid, MIT) through the
/// engine. Cases we knowingly differ on are listed, with the reason, in golden-liquid-skips.txt;
/// every other case must pass, and a listed case that starts passing must be taken off the list.
@Suite struct GoldenLiquidTests {
  struct SuiteMissing: Error, CustomStringConvertible {
    var path: String
    var description: String {
      "the golden-liquid suite is missing at \(path); it is part of the repository (see Fixtures/golden-liquid/README.md)"
    }
  }

  struct CaseMalformed: Error, CustomStringConvertible {
    var index: Int
    var description: String { "the golden-liquid suite's test \(index) is not an object" }
  }

  struct Case {
    var name: String
    var template: String
    var data: LiquidObject
    var partials: [String: String]
    var results: [String]
    var invalid: Bool
  }

  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let suitePath = packageRoot.appendingPathComponent(
    "Tests/LiquidTests/Fixtures/golden-liquid/golden_liquid.json")

  static func loadCases() throws -> [Case] {
    guard let text = try? String(contentsOf: suitePath, encoding: .utf8) else {
      throw SuiteMissing(path: suitePath.path)
    }
    // JSONReader keeps an object's keys in order: a `for` over a hash renders in that order.
    guard case .object(let root) = try JSONReader.read(text, file: suitePath.path).liquidValue,
      case .array(let tests) = root["tests"]
    else { return [] }
    return try tests.enumerated().map { index, item in
      guard case .object(let test) = item else { throw CaseMalformed(index: index) }
      func string(_ key: String) -> String? {
        if case .string(let s) = test[key] { return s }
        return nil
      }
      var data = LiquidObject()
      if case .object(let object) = test["data"] { data = object }
      var partials: [String: String] = [:]
      if case .object(let templates) = test["templates"] {
        for key in templates.keys { if case .string(let s) = templates[key] { partials[key] = s } }
      }
      var results: [String] = []
      if let result = string("result") { results = [result] }
      if case .array(let items) = test["results"] {
        results = items.compactMap { if case .string(let s) = $0 { s } else { nil } }
      }
      let invalid = test["invalid"] == .bool(true)
      return Case(
        name: string("name") ?? "?", template: string("template") ?? "", data: data,
        partials: partials, results: results, invalid: invalid)
    }
  }

  /// Name → reason, from golden-liquid-skips.txt (`name` TAB `reason`).
  static func loadSkips() throws -> [String: String] {
    let path = packageRoot.appendingPathComponent("Tests/LiquidTests/golden-liquid-skips.txt")
    var skips: [String: String] = [:]
    for line in try String(contentsOf: path, encoding: .utf8).split(separator: "\n") {
      if line.hasPrefix("#") || line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
      let parts = line.split(separator: "\t", maxSplits: 1)
      skips[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
    }
    return skips
  }

  /// Nil when the case passes; otherwise what went wrong.
  static func run(_ test: Case) -> String? {
    let environment = LiquidEnvironment(
      partialLoader: DictionaryPartialLoader(test.partials), currentTime: 0)
    do {
      let output = try Template(parsing: test.template, name: "case", environment: environment)
        .render(test.data)
      if test.invalid { return "rendered \(output.debugDescription) but the case is invalid" }
      if test.results.contains(output) { return nil }
      return "got \(output.debugDescription), expected \(test.results.first.debugDescription)"
    } catch {
      return test.invalid ? nil : "error: \(error.message)"
    }
  }

  @Test func conformance() throws {
    let cases = try Self.loadCases()
    let skips = try Self.loadSkips()
    #expect(cases.count >= 1000, "the golden-liquid suite was not found at \(Self.suitePath.path)")
    var validPassed = 0
    var invalidRejected = 0
    var unexpected: [String] = []
    var stale: [String] = []
    for test in cases {
      let failure = Self.run(test)
      if failure == nil {
        if test.invalid { invalidRejected += 1 } else { validPassed += 1 }
        if skips[test.name] != nil { stale.append(test.name) }
      } else if skips[test.name] == nil {
        unexpected.append("\(test.name): \(failure!)")
      }
    }
    let valid = cases.filter { !$0.invalid }.count
    let invalid = cases.count - valid
    let validRate = Double(validPassed) / Double(max(valid, 1))
    let invalidRate = Double(invalidRejected) / Double(max(invalid, 1))
    print(
      "golden-liquid: \(validPassed)/\(valid) valid cases pass (\(percent(validRate))), "
        + "\(invalidRejected)/\(invalid) invalid cases rejected (\(percent(invalidRate))), "
        + "\(skips.count) listed as known differences")
    #expect(
      unexpected.isEmpty,
      "cases that fail and are not listed:\n\(unexpected.joined(separator: "\n"))")
    #expect(
      stale.isEmpty,
      "listed cases that now pass; take them off the list:\n\(stale.joined(separator: "\n"))")
    // The thresholds only ever go up.
    #expect(validRate >= 0.97)
    #expect(invalidRate >= 0.90)
  }

  private func percent(_ rate: Double) -> String {
    String(format: "%.1f%%", rate * 100)
  }
}
