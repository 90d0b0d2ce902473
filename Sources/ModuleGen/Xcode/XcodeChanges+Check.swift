import Diagnostics
import XcodeProject

/// What `check` finds wrong in the project: generated files it does not reference, files
/// missing from their targets, references left for files that are gone.
extension XcodeChanges {
  /// The project's state for `plan`: the edit `gen` would make.
  static func checking(_ plan: Plan, with integration: XcodeIntegration) throws -> XcodeChanges {
    let gone = plan.stale.filter { $0.state == .deleted }.map(\.path)
    return try integration.changes(for: plan, removing: gone)
  }

  /// One line per problem: a label and what it is about (relative to the current folder). A
  /// file the project does not reference is one line, not one more per target it misses.
  func problems(console: Console) -> [(label: String, subject: String)] {
    func shown(_ path: String) -> String {
      console.displayPath(joinPath(integration.folder, path))
    }
    var unreferenced: Set<String> = []
    for case .addFile(let path, _) in edit.changes { unreferenced.insert(path) }
    return edit.changes.compactMap { change in
      switch change {
      case .addFile(let path, _): return ("not in project", shown(path))
      case .addToTarget(let path, let target, _) where !unreferenced.contains(path):
        return ("not in target", "\(shown(path)) (\(target))")
      case .removeFile(let path): return ("left in project", shown(path))
      default: return nil
      }
    }
  }

  /// The summary `check` prints for them.
  static func summary(_ problems: [(label: String, subject: String)], project: String) -> String {
    let left = problems.filter { $0.label == "left in project" }.count
    let missing = problems.count - left
    var parts: [String] = []
    if missing > 0 {
      parts.append(
        (missing == 1 ? "1 file is" : "\(missing) files are")
          + " missing from \(project) or a target ('gen' adds them)")
    }
    if left > 0 {
      parts.append(
        (left == 1 ? "1 reference" : "\(left) references") + " in \(project) "
          + (left == 1 ? "names a file" : "name files")
          + " no longer generated ('gen' removes them)")
    }
    return parts.joined(separator: "; ")
  }
}
