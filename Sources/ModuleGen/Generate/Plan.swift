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
  /// Whether files with other content are overwritten (`--force`) or are conflicts.
  public var force = false
  /// Whether generated tests `@testable import` the app's module (modulegen's templates do;
  /// Generamba's name their own).
  public var testsImportTheApp = false

  public var conflicts: [PlannedFile] { files.filter { $0.action == .conflict } }
  /// Files that would be written.
  public var changes: [PlannedFile] {
    files.filter { $0.action == .create || $0.action == .overwrite }
  }

  public func count(_ action: PlannedFile.Action) -> Int {
    files.filter { $0.action == action }.count
  }

  /// Every output folder, once, in byte order: what a run locks.
  public var roots: [String] {
    var seen: Set<PathKey> = []
    return files.map(\.root).filter { seen.insert(PathKey($0)).inserted }.sorted {
      PathKey($0) < PathKey($1)
    }
  }

  /// The plan with every action read again from the disk (once the output folders are
  /// locked, files may differ from when the plan was made).
  public func refreshed(fileSystem: any FileSystem) throws -> Plan {
    var plan = self
    for i in plan.files.indices {
      plan.files[i].action = try plan.files[i].currentAction(force: force, fileSystem: fileSystem)
    }
    return plan
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
  /// The absolute output folder the file must stay inside. Files of one plan may have any
  /// number of roots (each module's code and tests, a project file); the applier writes them
  /// all as one transaction.
  public var root: String
  /// The absolute path.
  public var path: String
  public var bytes: [UInt8]
  public var action: Action

  /// What writing the file means, given what is on disk now.
  func currentAction(force: Bool, fileSystem: any FileSystem) throws -> Action {
    guard fileSystem.fileExists(atPath: path) else { return .create }
    if fileSystem.isDirectory(atPath: path) {
      throw Diagnostic(message: "'\(path)' is a folder; a file is needed there")
    }
    let existing = try fileSystem.readFile(atPath: path)
    if existing == bytes { return .unchanged }
    return force ? .overwrite : .conflict
  }
}
