/// What the command line adds to the specs and the config.
package struct GenerationOptions: Sendable {
  /// `--set key=value`: the highest-precedence parameters.
  package var setParams: [(String, String)] = []
  /// `--output` / `--tests-output`: patterns relative to the current folder.
  package var output: String?
  package var testsOutput: String?
  /// The options that gave them, for messages: `--output`, or Generamba's `--module_path` and
  /// the like.
  package var outputOption = "--" + CommandSpec.Option.output.name
  package var testsOutputOption = "--" + CommandSpec.Option.testsOutput.name
  /// `--package`: a local Swift package the modules become targets of, relative to the current
  /// folder.
  package var package: String?
  /// The environment of programs the run starts (`swift package`).
  package var environment: [String: String] = [:]
  /// Whether the run generates tests at all (not for a Rambafile without a test path).
  package var includeTests = true
  /// `--no-tests` (false) or `--with-tests` (true): the modules' choice, recorded for each; nil:
  /// each module's recorded one (else tests).
  package var tests: Bool? = nil
  /// Whether `--author` / `--company` / `--project` were given: they replace a module's
  /// recorded ones.
  package var authorGiven = false
  package var companyGiven = false
  package var projectGiven = false
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

extension GenerationOptions {
  /// The options a module renders with: what its record keeps of the command line it was
  /// generated with (its headers' author, company and project, no tests), unless given again.
  func forModule(_ recorded: GenerationRecord.Module?) -> GenerationOptions {
    var options = self
    options.includeTests = includeTests && !recordsNoTests(recorded)
    guard let recorded else { return options }
    if !authorGiven, let author = recorded.settings.author { options.settings.author = author }
    if !companyGiven, let company = recorded.settings.company { options.settings.company = company }
    if !projectGiven, let project = recorded.settings.project { options.settings.project = project }
    return options
  }

  /// Whether the record keeps that the module has no tests: `--no-tests` now, or before and
  /// not `--with-tests` now.
  func recordsNoTests(_ recorded: GenerationRecord.Module?) -> Bool {
    tests.map { !$0 } ?? recordedNoTests(recorded)
  }

  /// Whether the record keeps that the module has no tests: `no_tests`, or, in a run that
  /// generates tests, an entry an earlier modulegen wrote (it kept no `no_tests`) with code
  /// files and no test file: it was generated with `--no-tests`.
  func recordedNoTests(_ recorded: GenerationRecord.Module?) -> Bool {
    guard let recorded else { return false }
    return recorded.settings.noTests || includeTests && recorded.isEarlierWithoutTests
  }
}
