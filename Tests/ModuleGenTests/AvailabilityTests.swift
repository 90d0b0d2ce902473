import Foundation
import Testing

/// modulegen is built on Macs with the deployment target Package.swift declares, but its tests
/// run on Linux, where the compiler does not check Apple availability. This checks it anyway:
/// the symbol graphs of the standard library, Foundation and Testing carry each declaration's
/// Apple availability on Linux too, and the compiler's JSON AST dump names every declaration a
/// target references by USR. A reference to a declaration introduced after the declared macOS
/// (or unavailable on macOS) fails the test with the file:line that uses it.
///
/// What it cannot see: code in `#if canImport(Darwin)` branches (type-checked against Apple's SDK
/// by `templates lint --typecheck`'s suite when one is available), types named only in type
/// annotations (their members' uses are found), Foundation API that swift-corelibs-foundation
/// declares without Apple availability, and `if #available` guards (the package has none; a
/// guarded use would be reported).
@Suite(.serialized) struct AvailabilityTests {
  static let root = GeneratedPackage.root.path
  static let binFolder = URL(fileURLWithPath: builtBinary).deletingLastPathComponent().path

  @Test func everyTargetUsesOnlyWhatTheDeclaredMacOSHas() throws {
    let target = try Self.declaredMacOS()
    let table = try AppleAvailability.shared.get()
    let modules = try BuildDescription.modules(in: Self.binFolder)
    #expect(modules.count >= 12, "\(modules.map(\.name))")
    print("AvailabilityTests: dumping the AST of \(modules.count) modules")
    // Two at a time: ModuleGenTests alone takes a minute and a half (its macros).
    let results = Results(count: modules.count)
    DispatchQueue.concurrentPerform(iterations: modules.count) { index in
      results.set(index, Result { try modules[index].references() })
    }
    var resolved = 0
    var findings: [String] = []
    for result in results.all {
      let references = try result.get()
      resolved += references.filter { table.entries[$0.usr] != nil }.count
      findings += table.problems(in: references, deploymentTarget: target)
    }
    #expect(
      findings.isEmpty,
      "\(findings.count) uses above macOS \(target):\n\(findings.joined(separator: "\n"))")
    // The scan itself works: the package references thousands of standard library declarations.
    #expect(resolved > 5_000, "only \(resolved) references resolved against the symbol graphs")
  }

  /// The `#if canImport(Darwin)` branches (and the `#else` of `#if canImport(Glibc)`) are never
  /// compiled on Linux: with an iOS 18 SDK (or newer) prepared by scripts/prepare-ios-sdk.sh,
  /// every target of the package but the tests is type-checked for iOS 17 (which has what
  /// macOS 14 has), in dependency order. On a Mac, `swift build` compiles them, and CI's macOS
  /// jobs do.
  @Test func theDarwinBranchesTypeCheckForAnAppleTarget() throws {
    let environment = ProcessInfo.processInfo.environment
    guard runsOnLinux, let sdk = environment["MODULEGEN_IOS_SDK"], !sdk.isEmpty else {
      if runsOnLinux {
        print(
          "AvailabilityTests: the Darwin branches not type-checked: no iOS SDK (run scripts/prepare-ios-sdk.sh and export what it prints)"
        )
      }
      return
    }
    // The package needs Swift 6's standard library (typed throws in `map`, `count(where:)`):
    // an iOS 18 SDK (Xcode 16) or newer. The iOS 17 SDK's is Swift 5.10.
    let interface = try FileManager.default.contentsOfDirectory(
      atPath: sdk + "/usr/lib/swift/Swift.swiftmodule"
    ).first { $0.hasSuffix(".swiftinterface") }
    let header = try interface.map {
      try String(contentsOfFile: sdk + "/usr/lib/swift/Swift.swiftmodule/" + $0, encoding: .utf8)
        .prefix(300)
    }
    guard let header, let match = header.firstMatch(of: /Apple Swift version (\d+)/),
      let version = Int(match.1), version >= 6
    else {
      print(
        "AvailabilityTests: the Darwin branches not type-checked: \(sdk) has an older standard library than Swift 6's (it needs an iOS 18 SDK, from Xcode 16, or newer)"
      )
      return
    }
    let flags = (environment["MODULEGEN_IOS_SWIFTC_FLAGS"] ?? "").split(separator: " ").map {
      String($0)
    }
    let out = try makeTemporaryDirectory()
    var pending = try BuildDescription.modules(in: Self.binFolder).filter {
      !$0.name.hasSuffix("Tests") && $0.name != "ModuleGenPlugin"
    }
    #expect(pending.contains { $0.name == "ModuleGen" })
    print("AvailabilityTests: type-checking \(pending.count) modules for arm64-apple-ios17.0")
    // Each module once none of the package's modules it imports is still to do.
    while let next = pending.firstIndex(where: { module in
      !module.dependencies.contains { dependency in pending.contains { $0.name == dependency } }
    }) {
      let module = pending.remove(at: next)
      let common =
        ["-module-name", module.name, "-sdk", sdk, "-target", "arm64-apple-ios17.0", "-I", out]
        + flags + module.portableArguments + module.sources
      try runCompilerTool("swiftc", ["-typecheck", "-warnings-as-errors"] + common, in: out)
      try runCompilerTool(
        "swiftc",
        ["-emit-module", "-emit-module-path", "\(out)/\(module.name).swiftmodule"] + common,
        in: out)
    }
    #expect(pending.isEmpty, "\(pending.map(\.name)) wait for each other")
  }

  /// The check fails on what the package once used: `String(validating:as:)` is macOS 15, and
  /// `ContinuousClock` (macOS 13, through the type its initializer is a member of) is reported
  /// when the deployment target is lower.
  @Test func aUseAboveTheDeploymentTargetIsReported() throws {
    let folder = try makeTemporaryDirectory()
    let file = folder + "/Probe.swift"
    try write(
      """
      func probe(_ bytes: [UInt8]) -> String? {
        let clock = ContinuousClock()
        _ = clock.now
        return String(validating: bytes, as: UTF8.self)
      }

      """, to: file)
    let module = CompiledModule(name: "Probe", sources: [file], arguments: ["-swift-version", "6"])
    let references = try module.references()
    let table = try AppleAvailability.shared.get()
    #expect(
      table.problems(in: references, deploymentTarget: Version(major: 14, minor: 0)) == [
        "\(file):4:10: String.init(validating:as:) needs macOS 15.0"
      ])
    let problems = table.problems(in: references, deploymentTarget: Version(major: 12, minor: 0))
    #expect(
      problems.contains("\(file):2:15: ContinuousClock.init() needs macOS 13.0"), "\(problems)")
    #expect(problems.contains("\(file):3:7: ContinuousClock.now needs macOS 13.0"), "\(problems)")
  }

  private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<[Reference], any Error>?]
    init(count: Int) { results = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ result: Result<[Reference], any Error>) {
      lock.withLock { results[index] = result }
    }
    var all: [Result<[Reference], any Error>] { lock.withLock { results.compactMap { $0 } } }
  }

  /// `.macOS(.v14)` (or `.v14_5`) in Package.swift.
  static func declaredMacOS() throws -> Version {
    let manifest = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
    guard let match = manifest.firstMatch(of: /\.macOS\(\.v(\d+)(?:_(\d+))?\)/),
      let major = Int(match.1)
    else {
      Issue.record("Package.swift declares no macOS platform")
      throw Failure()
    }
    return Version(major: major, minor: match.2.flatMap { Int($0) } ?? 0)
  }
}

struct Version: Comparable, Decodable, CustomStringConvertible {
  var major: Int
  var minor: Int?
  var patch: Int?
  var parts: [Int] { [major, minor ?? 0, patch ?? 0] }
  var description: String { "\(major).\(minor ?? 0)" + (patch.map { ".\($0)" } ?? "") }
  static func < (a: Version, b: Version) -> Bool { a.parts.lexicographicallyPrecedes(b.parts) }
  static func == (a: Version, b: Version) -> Bool { a.parts == b.parts }
}

/// Each public declaration of the toolchain's Swift, _Concurrency, _StringProcessing,
/// Synchronization, Foundation(Essentials) and Testing with its macOS availability, from one
/// symbol graph of a module that re-exports them all (swift-symbolgraph-extract leaves out the
/// declarations of underscored modules when asked for them directly).
struct AppleAvailability: Sendable {
  struct Entry: Sendable {
    var name: String
    var introduced: Version?
    var unavailable: Bool
  }
  static let modules = [
    "Swift", "_Concurrency", "_StringProcessing", "Synchronization", "Foundation",
    "FoundationEssentials", "Testing",
  ]
  static let shared = Result { try AppleAvailability() }
  var entries: [String: Entry] = [:]

  private struct Graph: Decodable {
    struct Symbol: Decodable {
      struct Identifier: Decodable { var precise: String }
      struct Availability: Decodable {
        var domain: String?
        var introduced: Version?
        var isUnconditionallyUnavailable: Bool?
      }
      var identifier: Identifier
      var pathComponents: [String]
      var availability: [Availability]?
    }
    struct Relationship: Decodable { var kind: String, source: String, target: String }
    var symbols: [Symbol]
    var relationships: [Relationship]
  }

  init() throws {
    let folder = try makeTemporaryDirectory()
    try write(Self.modules.map { "@_exported import \($0)\n" }.joined(), to: folder + "/All.swift")
    let host = try hostTarget()
    try runCompilerTool(
      "swiftc", ["-emit-module", "-module-name", "All", "All.swift", "-o", "All.swiftmodule"],
      in: folder)
    try runCompilerTool(
      "swift-symbolgraph-extract",
      [
        "-module-name", "All", "-I", ".", "-target", host, "-output-dir", ".",
        "-minimum-access-level", "public",
        "-experimental-allowed-reexported-modules=" + Self.modules.joined(separator: ","),
      ], in: folder)
    let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/All.symbols.json"))
    let graph = try JSONDecoder().decode(Graph.self, from: data)
    var parents: [String: String] = [:]
    var defaultImplementations: [String: [String]] = [:]
    for relationship in graph.relationships {
      switch relationship.kind {
      case "memberOf": parents[relationship.source] = relationship.target
      case "defaultImplementationOf":
        defaultImplementations[relationship.target, default: []].append(relationship.source)
      default: break
      }
    }
    var own: [String: Entry] = [:]
    // Members a type gets from a protocol extension are listed again under the type, with the
    // type's availability; a use references the extension's declaration, listed on its own.
    for symbol in graph.symbols where !symbol.identifier.precise.contains("::SYNTHESIZED::") {
      let macOS = (symbol.availability ?? []).filter { $0.domain == "macOS" }
      own[symbol.identifier.precise] = Entry(
        name: symbol.pathComponents.joined(separator: "."),
        introduced: macOS.compactMap(\.introduced).max(),
        unavailable: macOS.contains { $0.isUnconditionallyUnavailable == true })
    }
    // A member is no older than the type (or extension) it belongs to.
    for (usr, entry) in own {
      var effective = entry
      var parent = parents[usr]
      while let next = parent, let outer = own[next] {
        effective.introduced = [effective.introduced, outer.introduced].compactMap { $0 }.max()
        effective.unavailable = effective.unavailable || outer.unavailable
        parent = parents[next]
      }
      entries[usr] = effective
    }
    // A requirement added to a protocol later (FixedWidthInteger's `&*`, macOS 15) resolves to
    // its older default implementation where the requirement is not there yet; the AST names the
    // requirement either way.
    for (requirement, implementations) in defaultImplementations {
      guard var entry = entries[requirement], entry.introduced != nil else { continue }
      for implementation in implementations {
        guard let older = entries[implementation], !older.unavailable else { continue }
        entry.introduced = older.introduced.map { min($0, entry.introduced!) }
        if entry.introduced == nil { break }
      }
      entries[requirement] = entry
    }
  }

  /// `file:line:col: name needs macOS X` for each reference above `deploymentTarget`, once per
  /// place, in file order.
  func problems(in references: [Reference], deploymentTarget: Version) -> [String] {
    var seen = Set<String>()
    return references.compactMap { reference in
      guard let entry = entries[reference.usr] else { return nil }
      let problem: String
      if entry.unavailable {
        problem = "\(reference.place): \(entry.name) is unavailable on macOS"
      } else if let introduced = entry.introduced, introduced > deploymentTarget {
        problem = "\(reference.place): \(entry.name) needs macOS \(introduced)"
      } else {
        return nil
      }
      return seen.insert(problem).inserted ? problem : nil
    }
  }
}

/// A declaration a module references, and where.
struct Reference {
  var usr: String
  var place: String
}

/// One Swift module as the build compiles it, from the build's description.json: its sources
/// and the arguments that matter for type-checking them.
struct CompiledModule {
  var name: String
  var sources: [String]
  var arguments: [String]
  /// The modules of the package it imports (C targets included).
  var dependencies: [String] = []

  /// The arguments without this machine's own: its target, module cache and built modules.
  var portableArguments: [String] {
    var result: [String] = []
    var index = 0
    while index < arguments.count {
      switch arguments[index] {
      case "-Xcc": result += arguments[index..<min(index + 2, arguments.count)]
      case "-I", "-target", "-module-cache-path": break
      default:
        result.append(arguments[index])
        index += 1
        continue
      }
      index += 2
    }
    return result
  }

  /// Every declaration the module references, by USR, at the place of the expression or
  /// declaration that references it: the compiler's JSON AST dump (one object per source file,
  /// on standard error) scanned for `decl_usr` and `protocol` fields, each placed at the last
  /// `range` before it (the referencing node's, which the JSON writes before its children).
  func references() throws -> [Reference] {
    let dump = try runCompilerTool(
      "swiftc",
      ["-dump-ast", "-dump-ast-format", "json", "-module-name", name] + arguments + sources,
      in: NSTemporaryDirectory())
    var references: [Reference] = []
    var lines = LineTable(path: "")
    var offset = 0
    dump.withUnsafeBufferPointer { bytes in
      var i = 0
      /// Whether the key begins at `i`; if so, `i` moves past it.
      func skip(_ key: StaticString) -> Bool {
        let count = key.utf8CodeUnitCount
        guard i + count <= bytes.count, memcmp(bytes.baseAddress! + i, key.utf8Start, count) == 0
        else { return false }
        i += count
        return true
      }
      func string() -> String {
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
      }
      while i < bytes.count {
        guard bytes[i] == UInt8(ascii: "\"") else {
          i += 1
          continue
        }
        if skip(#""filename":""#) {
          lines = LineTable(path: string())
        } else if skip(#""range":{"start":"#) {
          offset = 0
          while i < bytes.count, (48...57).contains(bytes[i]) {
            offset = offset * 10 + Int(bytes[i] - 48)
            i += 1
          }
        } else if skip(#""decl_usr":""#) || skip(#""protocol":""#) {
          references.append(Reference(usr: string(), place: lines.place(offset)))
        } else {
          i += 1
        }
      }
    }
    return references
  }
}

/// `path:line:col` of byte offsets into a file.
struct LineTable {
  var path: String
  var lineStarts: [Int] = [0]

  init(path: String) {
    self.path = path
    guard let bytes = FileManager.default.contents(atPath: path) else { return }
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      lineStarts.append(index + 1)
    }
  }

  func place(_ offset: Int) -> String {
    let line = (lineStarts.lastIndex { $0 <= offset } ?? 0)
    return "\(path):\(line + 1):\(offset - lineStarts[line] + 1)"
  }
}

/// The modules of this package's build (libraries, executables, tests and the plugin) from the
/// description.json SwiftPM writes beside the products.
enum BuildDescription {
  private struct Description: Decodable {
    struct Command: Decodable {
      var moduleName: String
      var sources: [String]
      var importPath: String
      var otherArguments: [String]
    }
    struct Plugin: Decodable {
      struct Sources: Decodable { var root: String, relativePaths: [String] }
      struct ToolsVersion: Decodable { var _version: String }
      var moduleName: String
      var sources: Sources
      var toolsVersion: ToolsVersion
    }
    var swiftCommands: [String: Command]
    var pluginDescriptions: [Plugin]
    var targetDependencyMap: [String: [String]]
  }

  /// The arguments of a build command that type-checking needs, with their values.
  static let keptWithValue: Set = [
    "-Xcc", "-target", "-package-name", "-swift-version", "-module-cache-path",
  ]
  static let kept: Set = ["-parse-as-library", "-enable-testing"]

  static func modules(in binFolder: String) throws -> [CompiledModule] {
    let path = binFolder + "/description.json"
    guard let data = FileManager.default.contents(atPath: path) else {
      Issue.record("no build description at \(path)")
      throw Failure()
    }
    let description = try JSONDecoder().decode(Description.self, from: data)
    var modules: [CompiledModule] = []
    // The host-tool copies ("-tool.module") compile the same sources again.
    for (key, command) in description.swiftCommands.sorted(by: { $0.key < $1.key })
    where !key.hasSuffix("-tool.module") {
      var arguments = ["-I", command.importPath]
      var index = 0
      let other = command.otherArguments
      while index < other.count {
        if keptWithValue.contains(other[index]), index + 1 < other.count {
          arguments += other[index...(index + 1)]
          index += 2
          continue
        }
        if kept.contains(other[index]) || other[index].hasPrefix("-D") {
          arguments.append(other[index])
        }
        index += 1
      }
      // SwiftPM's own generated files (the test runner) are not the package's code.
      let sources = command.sources.filter { !$0.contains("/.build/") }
      guard !sources.isEmpty else { continue }
      let target = description.targetDependencyMap.keys.first {
        $0.replacingOccurrences(of: "-", with: "_") == command.moduleName
      }
      modules.append(
        CompiledModule(
          name: command.moduleName, sources: sources, arguments: arguments,
          dependencies: (target.flatMap { description.targetDependencyMap[$0] } ?? []).map {
            $0.replacingOccurrences(of: "-", with: "_")
          }))
    }
    let pluginAPI = try runtimeResourcePath() + "/pm/PluginAPI"
    for plugin in description.pluginDescriptions {
      modules.append(
        CompiledModule(
          name: plugin.moduleName,
          sources: plugin.sources.relativePaths.map { plugin.sources.root + "/" + $0 },
          arguments: [
            "-I", pluginAPI, "-swift-version", "6", "-parse-as-library",
            "-package-description-version", plugin.toolsVersion._version,
          ]))
    }
    return modules
  }
}

private struct TargetInfo: Decodable {
  struct Target: Decodable { var triple: String }
  struct Paths: Decodable { var runtimeResourcePath: String }
  var target: Target
  var paths: Paths
}

private func targetInfo() throws -> TargetInfo {
  let output = try runCompilerTool("swiftc", ["-print-target-info"], in: NSTemporaryDirectory())
  return try JSONDecoder().decode(TargetInfo.self, from: Data(output))
}

/// This machine's target triple, as the compiler names it.
func hostTarget() throws -> String { try targetInfo().target.triple }

/// The toolchain's lib/swift.
func runtimeResourcePath() throws -> String { try targetInfo().paths.runtimeResourcePath }

/// Runs a toolchain tool (found on PATH) and returns what it wrote to standard output and
/// standard error together; a failure is a test failure with the output's beginning.
@discardableResult
func runCompilerTool(_ tool: String, _ arguments: [String], in directory: String) throws
  -> [UInt8]
{
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [tool] + arguments
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    let command = ([tool] + arguments.prefix(8)).joined(separator: " ")
    Issue.record("\(command) … failed:\n\(String(decoding: output.prefix(4000), as: UTF8.self))")
    throw Failure()
  }
  return [UInt8](output)
}
