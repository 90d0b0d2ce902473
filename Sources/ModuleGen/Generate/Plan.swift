import Liquid

/// Every file a run would write, with what would happen to it. Built completely before
/// anything touches the disk; `--dry-run`, `check` and the JSON report read it.
public struct Plan: Sendable {
  public var files: [PlannedFile]
  /// Modules, in order, with what they were generated from.
  public var modules: [PlannedModule]
  /// Files a previous run generated for these modules that the plan no longer has.
  public var stale: [StaleFile] = []
  public var notes: [Diagnostic]

  public init(
    files: [PlannedFile], modules: [PlannedModule], stale: [StaleFile] = [],
    notes: [Diagnostic]
  ) {
    self.files = files
    self.modules = modules
    self.stale = stale
    self.notes = notes
  }

  public var conflicts: [PlannedFile] { files.filter { $0.action == .conflict } }
  /// Files that would be written.
  public var changes: [PlannedFile] { files.filter(\.action.writes) }

  public func count(_ action: PlannedFile.Action) -> Int {
    files.filter { $0.action == action }.count
  }

  /// The files of each module, in plan order.
  public var filesByModule: [String: [PlannedFile]] {
    Dictionary(grouping: files, by: \.module)
  }

  /// The `version` of each template the modules were generated with, by template name.
  public var templateVersions: [String: String] {
    Dictionary(
      modules.compactMap { module in module.templateVersion.map { (module.template, $0) } },
      uniquingKeysWith: { first, _ in first })
  }

  /// The names of modules that have a conflict: a run writes nothing of them.
  public var blockedModules: Set<String> { Set(conflicts.map(\.module)) }

  /// The plan without the modules that have a conflict, ready to apply.
  public var withoutBlockedModules: Plan {
    let blocked = blockedModules
    var plan = self
    plan.files = files.filter { !blocked.contains($0.module) }
    plan.stale = stale.filter { !blocked.contains($0.module) }
    return plan
  }
}

/// A module of a plan: what its files are generated from, as the generation record keeps it.
public struct PlannedModule: Sendable, Equatable {
  public var name: String
  public var template: String
  /// The template's `version`, when its manifest has one.
  public var templateVersion: String?
  /// `sha256:` and a hash of the template's files, for a template without a version.
  public var templateHash: String?
  /// The date in the module's file headers: its creation date.
  public var created: String
  /// Every parameter of the template, resolved.
  public var params: [Param]
  /// Whether test files were planned (not with `--no-tests`).
  public var includesTests: Bool
  /// The spec file the module was declared in, relative to the record's folder.
  public var spec: String?

  public struct Param: Sendable, Equatable {
    public var name: String
    public var value: ModuleSpec.ParamValue
  }

  /// What the generation record keeps of the template: its version, else its hash.
  public var recordedVersion: String { templateVersion ?? templateHash ?? "" }
}

public struct PlannedFile: Sendable {
  public enum Action: String, Sendable, CaseIterable {
    /// The file does not exist.
    case create
    /// A `regenerate: always` file as modulegen last generated it (the record says so), and
    /// the templates now produce other content: no edit is lost by writing it.
    case update
    /// The file exists with other content and `--force` was given.
    case overwrite
    /// The file exists with the same content: it is not written.
    case unchanged
    /// A `regenerate: once` file that exists with other content: it is the developer's and left
    /// alone (`update` merges into it).
    case keep
    /// The file exists with other content and `--force` was not given.
    case conflict
    /// `modulegen update`: the developer's edits and the new content merged cleanly.
    case merge
    /// `modulegen update`: merged with conflict markers where both changed the same lines.
    case mergeConflict = "merge_conflict"

    /// Whether applying the plan writes the file.
    public var writes: Bool {
      switch self {
      case .create, .update, .overwrite, .merge, .mergeConflict: return true
      case .unchanged, .keep, .conflict: return false
      }
    }
  }

  public var module: String
  public var role: TemplateManifest.FileEntry.Role
  public var regenerate: TemplateManifest.FileEntry.Regenerate = .always
  /// The absolute output folder the file must stay inside.
  public var root: String
  /// The absolute path.
  public var path: String
  public var bytes: [UInt8]
  public var action: Action
  /// For a merge, what the templates produced (`bytes` is the merged text): the record keeps
  /// it as the base of the next merge.
  public var generatedBytes: [UInt8]?

  public init(
    module: String, role: TemplateManifest.FileEntry.Role,
    regenerate: TemplateManifest.FileEntry.Regenerate = .always, root: String, path: String,
    bytes: [UInt8], action: Action
  ) {
    self.module = module
    self.role = role
    self.regenerate = regenerate
    self.root = root
    self.path = path
    self.bytes = bytes
    self.action = action
  }
}

/// A file the generation record lists for a module that the plan no longer generates.
public struct StaleFile: Sendable, Equatable {
  public var module: String
  /// The absolute path.
  public var path: String
  /// The hash of what was generated, to tell whether the developer has edited it since.
  public var generatedHash: String
  public var state: State

  public enum State: String, Sendable {
    /// On disk as modulegen generated it: `gen --prune` removes it.
    case unchanged
    /// Edited since it was generated: `gen --prune` refuses to remove it.
    case edited
    /// No longer on disk: only its entry in the record is dropped.
    case deleted
  }
}
