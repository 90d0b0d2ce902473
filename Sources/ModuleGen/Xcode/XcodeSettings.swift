import Liquid

/// Which Xcode project the generated files join, and their targets and groups: from
/// `.modulegen.yml` (`xcodeproj`, `targets`, `test_targets`, `group`, `tests_group`) and
/// overridden by `gen --xcodeproj --target --test-target`.
public struct XcodeSettings: Sendable, Equatable {
  /// The `.xcodeproj` bundle, as written (relative to the config's folder, or absolute).
  public var project: String?
  /// Targets that build the generated code.
  public var targets: [String] = []
  /// Targets that build the generated tests.
  public var testTargets: [String] = []
  /// The Xcode group standing for the code's output folder (a pattern, like `output`), when
  /// groups do not mirror folders.
  public var group: String?
  public var testsGroup: String?
  /// Where values are written, for their errors (a target's name, by name).
  public var locations = Locations()
  /// The project is a Rambafile's `xcodeproj_path`: a missing one is a warning (as before
  /// modulegen edited projects), not an error.
  var isGenerambaProject = false

  public struct Locations: Sendable, Equatable {
    public var project: SourceLocation?
    public var targets: [String: SourceLocation] = [:]

    public static func == (_: Locations, _: Locations) -> Bool { true }
  }

  public init() {}

  /// Whether the settings say anything at all.
  public var isEmpty: Bool {
    project == nil && targets.isEmpty && testTargets.isEmpty && group == nil && testsGroup == nil
  }
}
