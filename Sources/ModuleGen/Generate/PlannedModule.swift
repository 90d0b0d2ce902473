import Liquid

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
