/// Files that go into the same targets, all inside one folder: a module's code, or its tests.
package struct ProjectFileSet: Sendable, Equatable {
  /// The folder holding the files, relative to the folder holding the `.xcodeproj`.
  package var folder: String
  /// The files, relative to `folder` (`HomeView.swift`, `Views/HomeCell.xib`).
  package var files: [String]
  /// The targets the files are built into: sources to their Sources phase, resources to their
  /// Resources phase; headers and other files are only referenced.
  package var targets: [String]
  /// The group standing for `folder`, as Xcode shows its path (`App/Modules/Home`), when groups
  /// do not mirror folders; nil to find or create the groups of the folders.
  package var group: String?
  /// Files (as in `files`) to copy as resources whatever their type.
  package var resources: Set<String>
  /// Whether these are test files: they should never land in an app's synchronized folder.
  package var isTests: Bool

  package init(
    folder: String, files: [String], targets: [String], group: String? = nil,
    resources: Set<String> = [], isTests: Bool = false
  ) {
    self.folder = folder
    self.files = files
    self.targets = targets
    self.group = group
    self.resources = resources
    self.isTests = isTests
  }
}
