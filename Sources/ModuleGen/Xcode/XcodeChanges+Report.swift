import Liquid
import XcodeProject

/// How `gen` shows the project edit: its notes on stderr, each change with `--dry-run` or
/// `--verbose`, a summary line; in JSON, the `xcode_project` object.
extension XcodeChanges {
  /// The bundle as messages show it (`App.xcodeproj`).
  var shownBundle: String { integration.shownBundle }

  func print(_ report: GenerationReport, console: Console) {
    for note in notes { console.report(note) }
    guard report.printsSummaries else { return }
    let name = shownBundle
    if edit.isEmpty {
      if report.detail == .verbose { console.writeOut("\(name): no change needed.\n") }
      return
    }
    if report.dryRun || report.detail == .verbose {
      for change in edit.changes { console.writeOut("  \(change)\n") }
    }
    let count = edit.changes.count == 1 ? "1 change" : "\(edit.changes.count) changes"
    console.writeOut((report.dryRun ? "Would update " : "Updated ") + "\(name): \(count).\n")
  }

  /// `xcode_project` in the JSON report.
  static func json(_ changes: XcodeChanges?, console: Console) -> [(String, LiquidValue)] {
    guard let changes else { return [] }
    let items = changes.edit.changes.map { change -> LiquidValue in
      var object = LiquidObject()
      func set(_ key: String, _ value: String?) { object[key] = value.map { .string($0) } ?? .nil }
      switch change {
      case .addGroup(let group, let folder):
        set("change", "add_group")
        set("group", group)
        set("folder", folder)
      case .addFile(let path, let group):
        set("change", "add_file")
        set("path", path)
        set("group", group)
      case .addToTarget(let path, let target, let phase):
        set("change", "add_to_target")
        set("path", path)
        set("target", target)
        set("phase", phase)
      case .addBuildPhase(let target, let phase):
        set("change", "add_build_phase")
        set("target", target)
        set("phase", phase)
      case .removeFile(let path):
        set("change", "remove_file")
        set("path", path)
      case .removeFromTarget(let path, let target, let phase):
        set("change", "remove_from_target")
        set("path", path)
        set("target", target)
        set("phase", phase)
      case .removeGroup(let group):
        set("change", "remove_group")
        set("group", group)
      case .removeBuildPhase(let target, let phase):
        set("change", "remove_build_phase")
        set("target", target)
        set("phase", phase)
      }
      set("description", change.description)
      return .object(object)
    }
    return [
      (
        "xcode_project",
        .object(
          LiquidObject([
            ("path", .string(changes.shownBundle)),
            ("changed", .bool(!changes.edit.isEmpty)), ("changes", .array(items)),
            ("notes", .array(changes.notes.map { .string($0.message) })),
          ]))
      )
    ]
  }
}
