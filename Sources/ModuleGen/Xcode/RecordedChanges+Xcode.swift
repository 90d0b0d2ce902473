import Diagnostics
import XcodeProject

/// What a run changes in the Xcode project, beside its files.
struct XcodeChanges {
  var integration: XcodeIntegration
  var edit: ProjectEditPlan
  /// Folders Xcode or a Swift package already builds, test files where they would be built
  /// into the app.
  var notes: [Diagnostic]
  /// What the edit was planned for: the files added, the paths removed (`XcodeIntegration`).
  var sets: [ProjectFileSet] = []
  var removed: [String] = []
  /// The project file with the edit, as the transaction writes it (nil when the project stays
  /// as it is; `XcodeIntegration.plannedFile`).
  var file: PlannedFile? = nil
}

extension RecordedChanges {
  /// Adds the project edit for `plan` (only what is written: no blocked module) to the
  /// transaction: the project file is staged, committed and rolled back with everything else.
  /// Pruned files and stale files already deleted lose their references. `previous` (the
  /// same run's edit, planned before the lock) is reused when nothing changed since.
  mutating func addProjectEdit(
    _ integration: XcodeIntegration?, plan: Plan, reusing previous: XcodeChanges? = nil
  ) throws {
    guard let integration else { return }
    let removed = pruned.map(\.path) + plan.stale.filter { $0.state == .deleted }.map(\.path)
    let changes = try integration.changes(for: plan, removing: removed, reusing: previous)
    xcode = changes
    if let file = changes.file { writes.files.append(file) }
  }
}
