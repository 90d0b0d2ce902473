import Liquid

/// Every file a run would write, with what would happen to it. Built completely before
/// anything touches the disk; `--dry-run`, `check` and the JSON report read it.
public struct Plan: Sendable {
  public var files: [PlannedFile]
  /// Modules and the templates they were generated with, in order.
  public var modules: [(name: String, template: String)]
  public var notes: [Diagnostic]
  /// The `version` of each template the modules were generated with, by template name.
  public var templateVersions: [String: String] = [:]

  public var conflicts: [PlannedFile] { files.filter { $0.action == .conflict } }
  /// Files that would be written.
  public var changes: [PlannedFile] {
    files.filter { $0.action == .create || $0.action == .overwrite }
  }

  public func count(_ action: PlannedFile.Action) -> Int {
    files.filter { $0.action == action }.count
  }
}

public struct PlannedFile: Sendable {
  public enum Action: String, Sendable {
    /// The file does not exist.
    case create
    /// The file exists with other content and `--force` was given.
    case overwrite
    /// The file exists with the same content: it is not written.
    case unchanged
    /// The file exists with other content and `--force` was not given.
    case conflict
  }

  public var module: String
  public var role: TemplateManifest.FileEntry.Role
  /// The absolute output folder the file must stay inside.
  public var root: String
  /// The absolute path.
  public var path: String
  public var bytes: [UInt8]
  public var action: Action
}
