/// What the command line adds to the specs and the config.
package struct GenerationOptions: Sendable {
  /// `--set key=value`: the highest-precedence parameters.
  package var setParams: [(String, String)] = []
  /// `--output` / `--tests-output`: patterns relative to the current folder.
  package var output: String?
  package var testsOutput: String?
  /// `--package`: a local Swift package the modules become targets of, relative to the current
  /// folder.
  package var package: String?
  /// The environment of programs the run starts (`swift package`).
  package var environment: [String: String] = [:]
  package var includeTests = true
  package var force = false
  /// `gen --prune`: files and registrations no longer generated are removed.
  package var prune = false
  /// The spec files (absolute) the run takes every module of: a full run of a spec finds the
  /// modules removed from it.
  package var completeSpecFiles: [String] = []
  package var settings: GenerationSettings
  package var currentDirectory: String
  /// Generamba's targets and groups, from its command-line options.
  package var generamba = GenerambaRunOptions()

  package init(settings: GenerationSettings, currentDirectory: String) {
    self.settings = settings
    self.currentDirectory = currentDirectory
  }
}
