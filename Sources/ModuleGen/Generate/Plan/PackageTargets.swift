import DataFormats
import Diagnostics

/// What a run adds to a local Swift package's manifest for its modules: each module's target
/// (with the dependencies its template declares and the package's targets its spec imports),
/// its test target, and the app's targets' dependency on it. The manifest is edited by SwiftPM
/// itself (`swift package add-target`, `add-target-dependency`) on a copy in a temporary
/// folder; the result is one more file of the run's all-or-nothing write.
package struct PackageTargets: Sendable {
  /// The package's folder (absolute).
  package var folder: String
  /// What the edit adds, in order.
  package var changes: [Change]
  /// `Package.swift` with the edit (action `.update`), or as it is (`.unchanged`).
  package var file: PlannedFile
  /// What the edit leaves to do: a new target that no target of the app depends on.
  package var notes: [Diagnostic] = []

  /// One addition to the manifest.
  package struct Change: Sendable, Equatable {
    package enum Kind: String, Sendable, CaseIterable {
      /// The module's target.
      case target
      /// The module's test target.
      case testTarget = "test_target"
      /// An app target of the package depends on the module's target.
      case dependency
    }
    package var kind: Kind
    package var module: String
    /// The target added, or for a dependency the target that gets it.
    package var target: String

    /// "target Home", "test target HomeTests", "App depends on Home".
    package var description: String {
      switch kind {
      case .target: return "target \(target)"
      case .testTarget: return "test target \(target)"
      case .dependency: return "\(target) depends on \(module)"
      }
    }
  }

  /// A module of the package, as the plan needs it.
  struct Module {
    var name: String
    var hasTests: Bool
    /// The targets its target depends on: the template's `dependencies`, and the spec's
    /// `imports` that are targets of the package.
    var dependencies: [String]
    var imports: [String]
    /// The targets that build the app (the config's or the module's `targets`): those that are
    /// targets of the package depend on the module.
    var appTargets: [String]
  }

  /// The code and tests folders of a module in `package`, as output patterns.
  static func folders(in package: String) -> (code: String, tests: String) {
    (
      joinPath(package, "Sources/" + Generator.defaultOutput),
      joinPath(package, "Tests/" + Generator.defaultTestsOutput)
    )
  }

  static let manifestName = "Package.swift"

  /// The edit of the package in `folder` for `modules`; the manifest as it is (unchanged) when
  /// it has every target and dependency already.
  static func plan(
    folder: String, modules: [Module], fileSystem: any FileSystem,
    environment: [String: String], shown: (String) -> String,
    refusing: @escaping (String) -> String
  ) throws -> PackageTargets {
    let manifest = joinPath(folder, manifestName)
    guard let original = try PlannedFile.existingBytes(atPath: manifest, fileSystem: fileSystem)
    else {
      throw Diagnostic(
        message:
          refusing(
            "'\(shown(folder))' has no \(manifestName): the package the module\(modules.count == 1 ? " '\(modules[0].name)'" : "s") should join must exist"
          ))
    }
    let scratch = try TemplateInstaller.makeScratchFolder(
      named: "modulegen-package", environment: environment)
    let local = LocalFileSystem()
    defer { try? local.removeTree(atPath: scratch) }
    try local.writeFile(atPath: joinPath(scratch, manifestName), bytes: original)
    // SwiftPM reads the package's layout too (the sources of a single target found directly in
    // Sources/ are moved into a folder of their own): the copy gets the package's target
    // folders, without their files.
    for top in ["Sources", "Tests"] {
      let names = (try? fileSystem.contentsOfDirectory(atPath: joinPath(folder, top))) ?? []
      for name in names where fileSystem.isDirectory(atPath: joinPath(folder, top + "/" + name)) {
        if !local.isDirectory(atPath: joinPath(scratch, top)) {
          try local.createDirectory(atPath: joinPath(scratch, top))
        }
        try local.createDirectory(atPath: joinPath(scratch, top + "/" + name))
      }
    }
    let swiftPM = SwiftPM(
      folder: scratch, environment: environment, shownManifest: shown(manifest),
      refusing: refusing)
    var targets = try swiftPM.targets()
    var changes: [Change] = []
    var notes: [Diagnostic] = []
    for module in modules {
      if targets[module.name] == nil {
        let dependencies =
          module.dependencies
          + module.imports.filter { targets[$0] != nil && !module.dependencies.contains($0) }
        try swiftPM.run(
          ["add-target", module.name, "--type", "library", "--testing-library", "none"]
            + (dependencies.isEmpty ? [] : ["--dependencies"] + dependencies))
        targets[module.name] = dependencies
        changes.append(Change(kind: .target, module: module.name, target: module.name))
      }
      let tests = module.name + "Tests"
      if module.hasTests && targets[tests] == nil {
        try swiftPM.run(
          [
            "add-target", tests, "--type", "test", "--testing-library", "none", "--dependencies",
            module.name,
          ])
        targets[tests] = [module.name]
        changes.append(Change(kind: .testTarget, module: module.name, target: tests))
      }
      for app in module.appTargets where app != module.name {
        guard let existing = targets[app], !existing.contains(module.name) else { continue }
        try swiftPM.run(["add-target-dependency", module.name, app])
        targets[app] = existing + [module.name]
        changes.append(Change(kind: .dependency, module: module.name, target: app))
      }
      if changes.contains(Change(kind: .target, module: module.name, target: module.name)),
        !module.appTargets.contains(where: { targets[$0] != nil })
      {
        // A problem (the app does not build the module), not news: said with --quiet too.
        notes.append(
          Diagnostic(
            .warning, message: unusedTargetMessage(module.name, package: shown(folder))))
      }
    }
    let bytes = changes.isEmpty ? original : try local.readFile(atPath: swiftPM.manifest)
    var file = PlannedFile(
      module: "", role: .code, root: folder, path: manifest, bytes: bytes,
      action: bytes == original ? .unchanged : .update)
    if file.action == .update { file.expectedHash = GenerationRecord.hash(original) }
    return PackageTargets(folder: folder, changes: changes, file: file, notes: notes)
  }

  /// A new target that no target of the app in the package depends on: the app does not build
  /// it until something does.
  static func unusedTargetMessage(_ module: String, package: String) -> String {
    "\(module) is a new target of \(package), and no target of the package that builds the app depends on it ('targets' in .modulegen.yml names none): add it to a product or a target your app uses"
  }
}

/// `swift package` on a manifest in a folder of its own.
private struct SwiftPM {
  var folder: String
  var environment: [String: String]
  /// How messages show the real manifest.
  var shownManifest: String
  /// A failure's message with what it did to the run (`OutputFolders.refusing`).
  var refusing: (String) -> String

  var manifest: String { joinPath(folder, PackageTargets.manifestName) }

  /// Runs `swift package ARGUMENTS` on the copy; a failure is an error with SwiftPM's message.
  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    let command =
      ["package", "--package-path", folder, "--scratch-path", joinPath(folder, ".build")]
      + arguments
    guard
      let result = ChildProcess.run(
        "swift", command, environment: environment, errors: .withOutput)
    else {
      throw Diagnostic(
        message: refusing(
          "cannot run 'swift package' to edit '\(shownManifest)' (is the Swift toolchain, 6.0 or later, on PATH?)"
        ))
    }
    guard result.status == 0 else {
      let words = (["swift", "package"] + arguments).joined(separator: " ")
      throw Diagnostic(
        message: refusing("'\(words)' failed on '\(shownManifest)'") + ":\n"
          + result.output.trimmingCharacters())
    }
    return result.output
  }

  /// Every target of the manifest with the names of the targets and products it depends on.
  func targets() throws -> [String: [String]] {
    let output = try run(["dump-package"])
    guard let start = output.firstIndex(of: "{") else {
      throw Diagnostic(
        message: "'swift package dump-package' printed no JSON for '\(shownManifest)'")
    }
    let root = try JSONReader.read(String(output[start...]), file: shownManifest)
    var targets: [String: [String]] = [:]
    guard case .object(let pairs) = root.value,
      case .array(let items)? = pairs.first(where: { $0.key == "targets" })?.value.value
    else { return targets }
    for item in items {
      guard case .object(let fields) = item.value,
        case .string(let name)? = fields.first(where: { $0.key == "name" })?.value.value
      else { continue }
      var dependencies: [String] = []
      if case .array(let list)? = fields.first(where: { $0.key == "dependencies" })?.value.value {
        for dependency in list {
          // {"byName": ["Core", null]}, {"target": [...]}, {"product": ["X", "pkg", ...]}
          guard case .object(let kinds) = dependency.value, let first = kinds.first,
            case .array(let values) = first.value.value,
            case .string(let target)? = values.first?.value
          else { continue }
          dependencies.append(target)
        }
      }
      targets[name] = dependencies
    }
    return targets
  }
}
