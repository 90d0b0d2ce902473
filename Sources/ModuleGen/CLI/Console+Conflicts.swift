import Diagnostics

extension Console {
  /// Reports each conflict of a plan (a file it would not write over) as an error, its path
  /// relative to the current folder; true when there is any.
  @discardableResult
  func reportConflicts(_ plan: Plan) -> Bool {
    for file in plan.conflicts {
      report(.conflict(displayPath(file.path)))
    }
    return !plan.conflicts.isEmpty
  }
}

extension Diagnostic {
  /// A file that exists with other content than the plan's, and is not written over.
  static func conflict(_ shownPath: String) -> Diagnostic {
    Diagnostic(message: "'\(shownPath)' exists with different content")
  }
}
