import DataFormats
import Foundation
import Testing

@testable import ModuleGen

/// The generated code is the product: every built-in template, with every combination of its
/// parameters, with the default spec and with a spec that uses every signature form, is
/// generated into one package beside stand-ins for UIKit, SwiftUI and Combine that behave as
/// Apple's do (Fixtures/Standins/README.md), built in Swift 6 language mode (complete strict
/// concurrency) with warnings as errors; its generated tests run, and so do scenario tests that
/// drive each typical screen like a user (Fixtures/Scenarios). Generated files must also be
/// `swift format lint` clean in the built-in style.
@Suite(
  .serialized, .enabled(if: runsOnLinux, "Linux: on a Mac, CI tests the modules with xcodebuild"))
struct GeneratedCodeTests {
  static func shell(_ command: String, in directory: String) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", command + " 2>&1"]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  static func progress(_ message: String) {
    print("GeneratedCodeTests: \(message)")
  }

  /// Whether ThreadSanitizer, as the generated tests run under it, reports a test that has a
  /// data race: two threads that meet first, then increment a class's property together (it
  /// reports the races a run meets, so they must run at the same time, on any number of cores).
  static func sanitizerReportsARace() throws -> Bool {
    let path = GeneratedPackage.root.appendingPathComponent(".build/sanitizer-probe").path
    try FileManager.default.createDirectory(
      atPath: path + "/Tests/RaceTests", withIntermediateDirectories: true)
    try """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(name: "SanitizerProbe", targets: [.testTarget(name: "RaceTests")])

    """.write(toFile: path + "/Package.swift", atomically: true, encoding: .utf8)
    try """
    import Foundation
    import XCTest

    final class Counter: @unchecked Sendable {
      let lock = NSLock()
      var started = 0
      var value = 0
    }

    final class RaceTests: XCTestCase {
      func testTwoThreadsIncrementOneCounter() {
        let counter = Counter()
        let done = DispatchGroup()
        for _ in 0..<2 {
          done.enter()
          Thread {
            counter.lock.withLock { counter.started += 1 }
            while counter.lock.withLock({ counter.started }) < 2 {}
            for _ in 0..<10_000 { counter.value += 1 }
            done.leave()
          }.start()
        }
        done.wait()
        XCTAssertGreaterThan(counter.value, 0)
      }
    }

    """.write(toFile: path + "/Tests/RaceTests/RaceTests.swift", atomically: true, encoding: .utf8)
    let (_, output) = try shell("timeout --signal=KILL 600 swift test --sanitize=thread", in: path)
    return output.contains("WARNING: ThreadSanitizer: Swift access race")
  }

  @Test func everyTemplateCompilesAndItsTestsAndScenariosPass() throws {
    let path = GeneratedPackage.root.appendingPathComponent(".build/generated-modules").path
    let variants = try GeneratedPackage.variants()
    #expect(!variants.isEmpty)
    try GeneratedPackage(path: path, variants: variants).write()

    // The toolchain declares a Testing × UIKit cross-import overlay that exists only on Apple's
    // platforms; with a UIKit stand-in it must be switched off.
    let flags =
      "-Xswiftc -warnings-as-errors -Xswiftc -Xfrontend -Xswiftc -disable-cross-import-overlays"
    let modules = Set(variants.map(\.target)).count
    Self.progress(
      "building \(modules) generated modules and \(variants.count) test targets in \(path)")
    let start = Date()
    let (buildStatus, buildOutput) = try Self.shell(
      "swift build --build-tests \(flags)", in: path)
    let problems = buildOutput.split(separator: "\n").filter {
      $0.contains("error:") || $0.contains("warning:")
    }
    #expect(
      buildStatus == 0,
      "the generated modules do not build:\n\(problems.prefix(60).joined(separator: "\n"))")
    guard buildStatus == 0 else { return }
    Self.progress("built in \(Int(Date().timeIntervalSince(start))) s; running their tests")
    // A generated test that waits for ever fails the run after 15 minutes instead of hanging CI.
    let (testStatus, testOutput) = try Self.shell(
      "timeout --signal=KILL 900 swift test --skip-build \(flags)", in: path)
    #expect(testStatus != 137, "the generated tests did not finish within 15 minutes")
    let lines = testOutput.split(separator: "\n")
    let failures = lines.filter {
      $0.contains("error:") || $0.contains("recorded an issue") || $0.contains("timed out")
    }
    #expect(
      testStatus == 0, "the generated tests fail:\n\(failures.prefix(80).joined(separator: "\n"))")
    let totals = [
      lines.last { $0.contains("Executed") }, lines.last { $0.contains("Test run with") },
    ]
    Self.progress("XCTest: \(totals[0] ?? "none") | Swift Testing: \(totals[1] ?? "none")")

    // The same tests under ThreadSanitizer, for a module of each template with its scenario
    // and one with its mock's tests: no data race in the generated code or its tests.
    let sanitized = GeneratedPackage.sanitized(variants)
    if !sanitized.isEmpty {
      let sanitizedPath = GeneratedPackage.root
        .appendingPathComponent(".build/generated-modules-sanitized").path
      try GeneratedPackage(path: sanitizedPath, variants: sanitized).write()
      Self.progress("running \(sanitized.count) test targets under ThreadSanitizer")
      let (status, output) = try Self.shell(
        "timeout --signal=KILL 900 swift test --sanitize=thread \(flags)", in: sanitizedPath)
      let reports = output.split(separator: "\n").filter {
        $0.contains("ThreadSanitizer") || $0.contains("error:") || $0.contains("recorded an issue")
      }
      #expect(
        status == 0 && reports.isEmpty,
        "the generated tests under ThreadSanitizer:\n\(reports.prefix(60).joined(separator: "\n"))")
      #expect(
        try Self.sanitizerReportsARace(),
        "ThreadSanitizer reports no race in a test made to have one: its silence proves nothing")
    }

    // Generated files follow the built-in templates' formatting style.
    let style = GeneratedPackage.root.appendingPathComponent("Templates/common/swift-format.json")
      .path
    let generated = Set(variants.flatMap { ["Sources/\($0.target)", "Tests/\($0.testTarget)"] })
      .sorted()
    let (_, lintOutput) = try Self.shell(
      "swift format lint --configuration '\(style)' --recursive \(generated.joined(separator: " "))",
      in: path)
    let findings = lintOutput.split(separator: "\n").filter {
      $0.contains("warning") || $0.contains("error")
    }
    #expect(
      findings.isEmpty,
      "generated files are not swift format lint clean:\n\(findings.prefix(40).joined(separator: "\n"))"
    )
    #expect(!lintOutput.contains("command not found"))

    // swift format does not break a long string literal or type, nor report it: the lines
    // are measured here against the style's limit.
    let limit = try Self.lineLength(style: style)
    let long = try generated.flatMap { try Self.lines(longerThan: limit, in: path + "/" + $0) }
    #expect(
      long.isEmpty,
      "generated lines over \(limit) columns:\n\(long.prefix(40).joined(separator: "\n"))")

    // A mock that may be called from any task keeps its state behind its lock: it has no
    // stored property a test could read or set without it (ThreadSanitizer above sees only
    // the races the tests happen to run into).
    let unlocked = try generated.flatMap { try Self.unlockedState(in: path + "/" + $0) }
    #expect(
      unlocked.isEmpty,
      "sendable mocks with state outside their lock:\n\(unlocked.joined(separator: "\n"))")

    // A module is observed one way: Observation, or Combine's ObservableObject, not both.
    let mixed = try Set(variants.map(\.target)).sorted().filter { target in
      let folder = path + "/Sources/" + target
      let lines = try FileManager.default.contentsOfDirectory(atPath: folder).flatMap {
        try String(contentsOfFile: folder + "/" + $0, encoding: .utf8).split(separator: "\n")
          .map { $0.trimmingCharacters(in: .whitespaces) }
      }
      return lines.contains("@Observable") && lines.contains { $0.contains("ObservableObject") }
    }
    #expect(mixed.isEmpty, "modules that mix Observation and Combine: \(mixed)")
  }

  /// The `lineLength` of a swift-format configuration.
  static func lineLength(style: String) throws -> Int {
    let configuration = try JSONReader.read(
      try String(contentsOfFile: style, encoding: .utf8), file: style)
    guard case .int(let length) = configuration["lineLength"]?.value else {
      throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: style])
    }
    return length
  }

  /// `file:line: length` of every line of the Swift files in `folder` longer than `limit`.
  static func lines(longerThan limit: Int, in folder: String) throws -> [String] {
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0.hasSuffix(".swift")
    }
    return try files.sorted().flatMap { name in
      lines(
        longerThan: limit, text: try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
      )
      .map { "\(folder)/\(name):\($0)" }
    }
  }

  /// `line: length` of every line of `text` longer than `limit` characters.
  static func lines(longerThan limit: Int, text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      .filter { $0.element.count > limit }
      .map { "\($0.offset + 1): \($0.element.count) columns" }
  }

  /// `file:line: declaration` of every stored property that is not private, directly in a class
  /// declared `@unchecked Sendable`, in the Swift files of `folder`.
  static func unlockedState(in folder: String) throws -> [String] {
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0.hasSuffix(".swift")
    }
    var found: [String] = []
    for name in files.sorted() {
      let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
      var inside = false
      for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        if line.hasPrefix("final class "), line.contains("@unchecked Sendable") {
          inside = true
        } else if line == "}" {
          inside = false
        } else if inside, line.hasPrefix("  var ") || line.hasPrefix("  private(set) var ") {
          found.append("\(folder)/\(name):\(offset + 1): \(line)")
        }
      }
    }
    return found
  }
}
