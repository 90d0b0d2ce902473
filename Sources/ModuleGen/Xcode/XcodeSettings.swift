import Diagnostics

/// Which Xcode project the generated files join, and their targets and groups: from
/// `.modulegen.yml` (`xcodeproj`, `targets`, `test_targets`, `group`, `tests_group`) and
/// overridden by `gen --xcodeproj --target --test-target`.
package struct XcodeSettings: Sendable, Equatable {
  /// The `.xcodeproj` bundle, as written (relative to the config's folder, or absolute).
  package var project: String?
  /// Targets that build the generated code.
  package var targets: [String] = []
  /// Targets that build the generated tests.
  package var testTargets: [String] = []
  /// The Xcode group standing for the code's output folder (a pattern, like `output`), when
  /// groups do not mirror folders.
  package var group: String?
  package var testsGroup: String?
  /// Where values are written, for their errors (a target's name, by name).
  package var locations = Locations()
  /// The project is a Rambafile's `xcodeproj_path`: a missing one is a warning (as before
  /// modulegen edited projects), not an error.
  var isGenerambaProject = false

  package struct Locations: Sendable, Equatable {
    package var project: SourceLocation?
    package var targets: [String: SourceLocation] = [:]

    package static func == (_: Locations, _: Locations) -> Bool { true }
  }

  package init() {}

  /// Whether the settings say anything at all.
  package var isEmpty: Bool {
    project == nil && targets.isEmpty && testTargets.isEmpty && group == nil && testsGroup == nil
  }
}
