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
    let modules = try BuildDescription.modules(in: Self.binFolder)
    #expect(modules.count >= 12, "\(modules.map(\.name))")
    print("AvailabilityTests: dumping the AST of \(modules.count) modules")
    let folder = try makeTemporaryDirectory()
    let dumps = modules.map { "\(folder)/\($0.name).json" }
    // Two at a time: ModuleGenTests alone takes a minute and a half (its macros).
    let failed = Failures()
    DispatchQueue.concurrentPerform(iterations: modules.count) { index in
      do { try modules[index].dumpAST(to: dumps[index]) } catch { failed.add(modules[index].name) }
    }
    #expect(failed.names.isEmpty, "no AST dump of \(failed.names)")
    let (problems, resolved) = try AvailabilityScan.problems(
      inDumps: dumps, deploymentTarget: target)
    #expect(
      problems.isEmpty,
      "\(problems.count) uses above macOS \(target):\n\(problems.joined(separator: "\n"))")
    // The scan itself works: the package references thousands of standard library declarations.
    #expect(resolved > 5_000, "only \(resolved) references resolved against the symbol graph")
  }

  /// The `#if canImport(Darwin)` branches (and the `#else` of `#if canImport(Glibc)`) are never
  /// compiled on Linux: with an iOS 18 SDK (or newer) prepared by scripts/prepare-ios-sdk.sh,
  /// every target of the package but the tests is type-checked for iOS 17 (which has what
  /// macOS 14 has), in dependency order. On a Mac, `swift build` compiles them, and CI's macOS
  /// jobs do.
  @Test func theDarwinBranchesTypeCheckForAnAppleTarget() throws {
    guard runsOnLinux, let (sdk, flags) = preparedIOSSDK else {
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
    try module.dumpAST(to: folder + "/Probe.json")
    let at14 = try AvailabilityScan.problems(
      inDumps: [folder + "/Probe.json"], deploymentTarget: "14.0")
    #expect(at14.problems == ["\(file):4:10: String.init(validating:as:) needs macOS 15.0"])
    #expect(at14.resolved >= 4)
    let problems = try AvailabilityScan.problems(
      inDumps: [folder + "/Probe.json"], deploymentTarget: "12.0"
    ).problems
    #expect(
      problems.contains("\(file):2:15: ContinuousClock.init() needs macOS 13.0"), "\(problems)")
    #expect(problems.contains("\(file):3:7: ContinuousClock.now needs macOS 13.0"), "\(problems)")
  }

  private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var failed: [String] = []
    func add(_ name: String) { lock.withLock { failed.append(name) } }
    var names: [String] { lock.withLock { failed } }
  }

  /// "14.0" for `.macOS(.v14)` (or "14.5" for `.v14_5`) in Package.swift.
  static func declaredMacOS() throws -> String {
    let manifest = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
    guard let match = manifest.firstMatch(of: /\.macOS\(\.v(\d+)(?:_(\d+))?\)/),
      let major = Int(match.1)
    else {
      Issue.record("Package.swift declares no macOS platform")
      throw Failure()
    }
    return "\(major).\(match.2.flatMap { Int($0) } ?? 0)"
  }
}

/// The toolchain's symbol graph and the compiled scanner (Fixtures/AvailabilityScan), which
/// reads it with the AST dumps in a process of its own: loaded here, the 90 MB graph and the
/// dumps would raise the test process's peak memory, which Linux hands on to the processes it
/// starts (the memory tests measure those).
enum AvailabilityScan {
  static let modules = [
    "Swift", "_Concurrency", "_StringProcessing", "Synchronization", "Foundation",
    "FoundationEssentials", "Testing",
  ]

  /// (the scanner, the symbol graph), made once for the run.
  static let tools = Result { () throws -> (scanner: String, graph: String) in
    let folder = try makeTemporaryDirectory()
    let source = GeneratedPackage.testsFolder.appendingPathComponent(
      "Fixtures/AvailabilityScan/main.swift"
    ).path
    try runCompilerTool("swiftc", ["-O", source, "-o", "availability-scan"], in: folder)
    // One graph of a module that re-exports them all: swift-symbolgraph-extract leaves out the
    // declarations of underscored modules when asked for them directly.
    try write(modules.map { "@_exported import \($0)\n" }.joined(), to: folder + "/All.swift")
    try runCompilerTool(
      "swiftc", ["-emit-module", "-module-name", "All", "All.swift", "-o", "All.swiftmodule"],
      in: folder)
    try runCompilerTool(
      "swift-symbolgraph-extract",
      [
        "-module-name", "All", "-I", ".", "-target", try hostTarget(), "-output-dir", ".",
        "-minimum-access-level", "public",
        "-experimental-allowed-reexported-modules=" + modules.joined(separator: ","),
      ], in: folder)
    return (folder + "/availability-scan", folder + "/All.symbols.json")
  }

  /// The uses above `deploymentTarget` in the dumps (`file:line:col: Name needs macOS X`), and
  /// how many references the graph knows.
  static func problems(inDumps dumps: [String], deploymentTarget: String) throws -> (
    problems: [String], resolved: Int
  ) {
    let (scanner, graph) = try tools.get()
    let output = String(
      decoding: try runCompilerTool(scanner, [graph, deploymentTarget] + dumps, in: "/"),
      as: UTF8.self)
    var lines = output.split(separator: "\n").map(String.init)
    guard let last = lines.popLast(), last.hasPrefix("resolved "),
      let resolved = Int(last.dropFirst("resolved ".count))
    else {
      Issue.record("the scanner said:\n\(output)")
      throw Failure()
    }
    return (lines, resolved)
  }
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

  /// Writes the compiler's JSON AST dump of the module (one object per source file, which
  /// the compiler writes to standard error, or with one file to standard output) to `path`.
  func dumpAST(to path: String) throws {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? file.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["swiftc", "-dump-ast", "-dump-ast-format", "json", "-module-name", name] + arguments
      + sources
    process.currentDirectoryURL = URL(fileURLWithPath: NSTemporaryDirectory())
    process.standardOutput = file
    process.standardError = file
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      Issue.record("swiftc -dump-ast of \(name) failed:\n\(text.suffix(4000))")
      throw Failure()
    }
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

/// What `swiftc -print-target-info` says, asked once.
private let targetInfo = Result { () throws -> TargetInfo in
  let output = try runCompilerTool("swiftc", ["-print-target-info"], in: NSTemporaryDirectory())
  return try JSONDecoder().decode(TargetInfo.self, from: Data(output))
}

/// This machine's target triple, as the compiler names it.
func hostTarget() throws -> String { try targetInfo.get().target.triple }

/// The toolchain's lib/swift.
func runtimeResourcePath() throws -> String { try targetInfo.get().paths.runtimeResourcePath }

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
