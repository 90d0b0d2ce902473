import Diagnostics

extension Console {
  /// Reports each conflict of a plan (a file it would not write over) as an error, its path
  /// relative to the current folder; true when there is any.
  @discardableResult
  func reportConflicts(_ plan: Plan) -> Bool {
    for file in plan.conflicts {
      let shown = displayPath(file.path)
      report(
        Diagnostic(
          message: file.conflictReason.map { "'\(shown)' \($0)" } ?? Self.conflictMessage(shown)))
    }
    return !plan.conflicts.isEmpty
  }

  /// The last line of every command's dry run (`gen`, `update`, `forget`, `migrate`).
  static let dryRunLine = "Dry run: nothing was written.\n"

  /// A file that exists with other content than the plan's, and is not written over.
  static func conflictMessage(_ shownPath: String) -> String {
    "'\(shownPath)' exists with different content"
  }
}
