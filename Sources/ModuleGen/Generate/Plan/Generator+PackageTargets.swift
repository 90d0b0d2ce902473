import Diagnostics

extension Generator {
  /// The local Swift package a module becomes a target of (absolute): `--package` (relative to
  /// the current folder), else the spec's or the config's `package` (relative to the config's
  /// folder), else the one the record keeps for it.
  func packageFolder(
    of module: ModuleSpec, recorded: GenerationRecord.Module?, recordDirectory: String,
    options: GenerationOptions
  ) throws -> String? {
    let projectBase = config?.directory ?? options.currentDirectory
    let given: (text: String, base: String, location: SourceLocation?)? =
      options.package.map { ($0, options.currentDirectory, nil) }
      ?? module.package.map { ($0, projectBase, module.packageLocation) }
      ?? config?.package.map { ($0, projectBase, config?.locations.values["package"]) }
      ?? recorded?.settings.package.map { ($0, recordDirectory, nil) }
    guard let given else { return nil }
    return try outputFolders.checkedRoot(
      given.text, pattern: given, what: "package folder", record: recordDirectory,
      option: options.package.map { _ in "--" + CommandSpec.Option.swiftPackage.name })
  }

  /// The edits of the packages the planned modules join, each package once, for the modules
  /// that are written (none with a conflict).
  func packageEdits(
    _ planned: [PlannedModule], files: [PlannedFile], specs: [ModuleSpec],
    options: GenerationOptions, record: GenerationRecord?
  ) throws -> [PackageTargets] {
    let blocked = Set(files.lazy.filter { $0.action == .conflict }.map(\.module))
    let withTests = Set(files.lazy.filter { $0.role == .test }.map(\.module))
    let top = recordDirectory(options)
    let specsByName = Dictionary(specs.map { ($0.name, $0) }) { a, _ in a }
    var folders: [String] = []
    var modules: [String: [PackageTargets.Module]] = [:]
    for module in planned where !blocked.contains(module.name) {
      guard let package = module.settings.package, let spec = specsByName[module.name] else {
        continue
      }
      let folder = record?.absolutePath(package) ?? normalizePath(joinPath(top, package))
      if modules[folder] == nil { folders.append(folder) }
      let own = spec.xcode.targets
      modules[folder, default: []].append(
        PackageTargets.Module(
          name: module.name,
          hasTests: withTests.contains(module.name),
          dependencies: compiled[module.template]?.manifest.dependencies ?? [],
          imports: spec.imports,
          appTargets: own.isEmpty ? config?.xcode.targets ?? [] : own))
    }
    return try folders.map { folder in
      let members = modules[folder] ?? []
      // A run plans twice (the second time under the lock): SwiftPM edits a manifest once.
      let manifest = joinPath(folder, PackageTargets.manifestName)
      let key =
        "\(folder)\n\(members)\n"
        + ((try? fileSystem.readFile(atPath: manifest)).map { GenerationRecord.hash($0) } ?? "")
      if let cached = packageCache.values[key] { return cached }
      let planned = try PackageTargets.plan(
        folder: folder, modules: members, fileSystem: fileSystem,
        environment: options.environment,
        shown: { PathSafety.shown($0, from: options.currentDirectory) },
        refusing: outputFolders.refusing)
      packageCache.values[key] = planned
      return planned
    }
  }
}
