import BackgroundWork
import Diagnostics
import XcodeProject

/// The Xcode project a run adds its files to: which project, which targets and groups, and the
/// project as read. Made before anything is rendered or written, so that a missing project, a
/// malformed one or an unknown target stops the run with nothing on disk changed.
struct XcodeIntegration {
  /// The `.xcodeproj` bundle (absolute): the folder the run locks to write the project file.
  var bundle: String
  /// `project.pbxproj` inside it (absolute).
  var file: String
  /// The project file as messages about a place in it show it (relative to the current folder).
  var shown: String
  /// The bundle as messages about the project show it (relative to the current folder): what
  /// the user names with `--xcodeproj` or `xcodeproj`, and sees in the Finder.
  var shownBundle: String
  /// The folder holding the bundle (absolute): project paths are relative to it.
  var folder: String
  var targets: [String]
  var testTargets: [String]
  var group: String?
  var testsGroup: String?
  /// The config's folder: the search for a Swift package's `Package.swift` stops there.
  var configFolder: String? = nil
  /// Modules of a spec that set their own targets or groups, by name.
  var modules: [String: XcodeSettings] = [:]
  var project: XcodeProject
  /// The project file as it was when read: `reloaded` reads it again only if it changed.
  var signature: FileSignature?

  /// The project the run edits: `--xcodeproj`, else the config's `xcodeproj`; nil when neither
  /// names one (the run then works as without Xcode). Targets are checked here.
  static func make(
    _ arguments: ParsedArguments, config: ProjectConfig?, modules: [ModuleSpec] = [],
    console: Console,
    fileSystem: any FileSystem, command: String
  ) throws -> XcodeIntegration? {
    try start(
      arguments, config: config, modules: modules, console: console, fileSystem: fileSystem,
      command: command)?.finish()
  }

  /// `make` in two steps: this one finds the project file (its errors thrown here) and starts
  /// reading it on another thread; `Pending.finish()` waits for the project and checks the
  /// targets, with the errors `make` throws.
  static func start(
    _ arguments: ParsedArguments, config: ProjectConfig?, modules: [ModuleSpec] = [],
    console: Console,
    fileSystem: any FileSystem, command: String
  ) throws -> Pending? {
    try start(
      XcodeSettings.resolved(config, arguments: arguments),
      project: arguments.value(.xcodeproj), targets: names(arguments.all(.target)),
      testTargets: names(arguments.all(.testTarget)), config: config, modules: modules,
      console: console, fileSystem: fileSystem, command: command)
  }

  /// `start` with the settings and the `--xcodeproj`, `--target` and `--test-target` values
  /// given apart (`validate` checks a config's settings alone).
  static func start(
    _ settings: XcodeSettings, project projectFlag: String?, targets flagTargets: [String],
    testTargets flagTestTargets: [String], config: ProjectConfig?, modules: [ModuleSpec] = [],
    console: Console, fileSystem: any FileSystem, command: String
  ) throws -> Pending? {
    var bundle: String
    var location: SourceLocation?
    if let path = projectFlag {
      bundle = normalizePath(console.path(path))
    } else if let path = settings.project {
      let base = config?.directory ?? console.currentDirectory
      bundle = normalizePath(path.hasPrefix("/") ? path : joinPath(base, path))
      location = settings.locations.project
    } else {
      if !flagTargets.isEmpty || !flagTestTargets.isEmpty {
        throw UsageError(
          "--target and --test-target need an Xcode project: pass --xcodeproj or set 'xcodeproj' in .modulegen.yml",
          command: command)
      }
      return nil
    }
    while bundle.hasSuffix("/") && bundle != "/" { bundle.removeLast() }
    let file = joinPath(bundle, "project.pbxproj")
    let shown = console.displayPath(file)
    let bundleShown = console.displayPath(bundle)
    guard fileSystem.fileExists(atPath: file), !fileSystem.isDirectory(atPath: file) else {
      // GenerambaCommandLine warns about it: the files are written, added to no project.
      if settings.isGenerambaProject && projectFlag == nil { return nil }
      let problem =
        fileSystem.isDirectory(atPath: bundle)
        ? "'\(bundleShown)' has no project.pbxproj: it is not an Xcode project"
        : fileSystem.fileExists(atPath: bundle)
          ? "'\(bundleShown)' is a file: an Xcode project is a folder holding project.pbxproj"
          : "no Xcode project at '\(bundleShown)'"
      throw Diagnostic(message: problem, location: location)
    }
    let folder = parentPath(bundle)
    let reading = BackgroundWork { Result { try read(file, shown: shown, folder: folder) } }
    return Pending { () throws -> XcodeIntegration in
      let (project, signature) = try reading.wait().get()
      var integration = XcodeIntegration(
        bundle: bundle, file: file, shown: shown, shownBundle: bundleShown, folder: folder,
        targets: flagTargets.isEmpty ? settings.targets : flagTargets,
        testTargets: flagTestTargets.isEmpty ? settings.testTargets : flagTestTargets,
        group: settings.group, testsGroup: settings.testsGroup, configFolder: config?.directory,
        project: project, signature: signature)
      let fromConfig = flagTargets.isEmpty && flagTestTargets.isEmpty
      try integration.checkTargets(locations: fromConfig ? settings.locations.targets : [:])
      for module in modules where !module.xcode.isEmpty {
        integration.modules[module.name] = module.xcode
        for name in module.xcode.targets + module.xcode.testTargets {
          try integration.check(name, at: module.xcode.locations.targets[name])
        }
      }
      return integration
    }
  }

  /// A project being read (`start`): `finish()` gives the integration `make` gives.
  struct Pending {
    let finish: () throws -> XcodeIntegration
  }

  /// Target names from repeated options and comma lists.
  static func names(_ values: [String]) -> [String] {
    values.flatMap { $0.split(separator: ",") }.map { String($0).trimmingCharacters() }
      .filter { !$0.isEmpty }
  }

  /// Reads and parses the project file; a malformed one is an error at its line and column.
  /// The signature is taken first, so that a change made while it is read makes it differ
  /// later.
  static func read(_ file: String, shown: String, folder: String) throws -> (
    XcodeProject, FileSignature?
  ) {
    let signature = FileSignature(ofFile: file)
    do {
      return (
        try XcodeProject(contentsOfFile: file, file: shown, absoluteFolder: folder), signature
      )
    } catch {
      throw error.diagnostic
    }
  }

  /// The project as it is now, under the run's lock (another run may have changed it
  /// meanwhile): the project already read when the file is still the same, else read again.
  func reloaded() throws -> XcodeIntegration {
    if let signature, FileSignature(ofFile: file) == signature { return self }
    var copy = self
    (copy.project, copy.signature) = try Self.read(file, shown: shown, folder: folder)
    return copy
  }

  /// Every target named exists and can hold files, each one that does not an error of its
  /// own. With none named, the project's only app target (and only test target) is used;
  /// with several, the user must choose.
  mutating func checkTargets(locations: [String: SourceLocation]) throws {
    if targets.isEmpty {
      targets = try onlyTarget(tests: false)
    }
    if testTargets.isEmpty {
      testTargets = try onlyTarget(tests: true)
    }
    var problems: [Diagnostic] = []
    for name in targets + testTargets {
      try collectingProblems(into: &problems) { try check(name, at: locations[name]) }
    }
    if !problems.isEmpty { throw DiagnosticList(problems) }
  }

  /// A target the project has and that can hold files; the error is at `location` (where the
  /// name is written) when there is one.
  func check(_ name: String, at location: SourceLocation?) throws {
    do {
      try project.checkTargets([name])
    } catch {
      var problem = error.diagnostic
      problem.location = location
      throw problem
    }
  }

  /// Where a target of a kind is named: the option, and the `.modulegen.yml` key.
  static func targetSetting(tests: Bool) -> (flag: String, key: String) {
    tests
      ? ("--" + CommandSpec.Option.testTarget.name, "test_targets")
      : ("--" + CommandSpec.Option.target.name, "targets")
  }

  /// The single target of a kind, when no target is configured: for tests, the only unit-test
  /// target (UI-test targets are never chosen for generated unit tests).
  private func onlyTarget(tests: Bool) throws -> [String] {
    let candidates = project.targets.filter {
      $0.canHoldFiles && (tests ? $0.isUnitTest : !$0.isTest)
    }
    if candidates.count <= 1 { return candidates.map(\.name) }
    let (flag, key) = Self.targetSetting(tests: tests)
    throw Diagnostic(
      message:
        "\(shownBundle) has \(candidates.count) \(tests ? "unit-test targets" : "targets") (\(candidates.map(\.name).joined(separator: ", "))): name the ones the generated \(tests ? "tests" : "code") joins with '\(key)' in .modulegen.yml or \(flag)"
    )
  }
}
