import Diagnostics

/// Generamba's Xcode settings (a Rambafile's `xcodeproj_path`, `project_targets`,
/// `test_targets`, `project_group_path`, `test_group_path`, and the same command-line options)
/// as modulegen's. Generamba puts a module's files in the group `GROUP_PATH/NAME`.
extension XcodeSettings {
  /// The config's settings: modulegen's own keys where it has them, else Generamba's.
  static func resolved(_ config: ProjectConfig?) -> XcodeSettings {
    var settings = config?.xcode ?? XcodeSettings()
    if let generamba = config?.generamba, settings.isEmpty {
      settings.project = generamba.xcodeprojPath
      settings.locations.project = generamba.locations["xcodeproj_path"]
      settings.targets = generamba.projectTargets ?? []
      settings.testTargets = generamba.testTargets ?? []
      for name in settings.targets + settings.testTargets {
        settings.locations.targets[name] = generamba.targetLocations[name]
      }
      settings.group = generamba.projectGroupPath.map(moduleGroup)
      settings.testsGroup = generamba.testGroupPath.map(moduleGroup)
      settings.isGenerambaProject = settings.project != nil
    }
    return settings
  }

  /// The settings for a run: the config's, which Generamba's command-line options override.
  static func resolved(_ config: ProjectConfig?, arguments: ParsedArguments) -> XcodeSettings {
    var settings = resolved(config)
    if let targets = arguments.value(.projectTargets) {
      settings.targets = XcodeIntegration.names([targets])
    }
    if let targets = arguments.value(.testTargets) {
      settings.testTargets = XcodeIntegration.names([targets])
    }
    // As Generamba: `--module_path` (`--test_path`) is the group path too, before
    // `--project_group_path` (`--test_group_path`).
    if let group = arguments.value(.modulePath) ?? arguments.value(.projectGroupPath) {
      settings.group = moduleGroup(group)
    }
    if let group = arguments.value(.testPath) ?? arguments.value(.testGroupPath) {
      settings.testsGroup = moduleGroup(group)
    }
    return settings
  }

  /// Generamba's module group: the group path, then the module's name.
  static func moduleGroup(_ path: String) -> String {
    var path = path
    while path.hasSuffix("/") { path.removeLast() }
    return joinPath(path, Generator.defaultOutput)
  }
}
