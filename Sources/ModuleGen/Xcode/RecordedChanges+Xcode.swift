import Liquid
import XcodeProject

/// What a run changes in the Xcode project, beside its files.
struct XcodeChanges {
  var integration: XcodeIntegration
  var edit: ProjectEditPlan
  /// Folders Xcode or a Swift package already builds, test files where they would be built
  /// into the app.
  var notes: [Diagnostic]
}

extension RecordedChanges {
  /// Adds the project edit for `plan` (only what is written: no blocked module) to the
  /// transaction: the project file is staged, committed and rolled back with everything else.
  /// Pruned files and stale files already deleted lose their references.
  mutating func addProjectEdit(_ integration: XcodeIntegration?, plan: Plan) throws {
    guard let integration else { return }
    let removed = pruned.map(\.path) + plan.stale.filter { $0.state == .deleted }.map(\.path)
    let (edit, notes) = try integration.edit(for: plan, removing: removed)
    xcode = XcodeChanges(integration: integration, edit: edit, notes: notes)
    if let file = integration.plannedFile(edit) { writes.files.append(file) }
  }
}
