import Diagnostics

/// A module of a plan: what its files are generated from, as the generation record keeps it.
package struct PlannedModule: Sendable, Equatable {
  package var name: String
  package var template: String
  /// The template's `version`, when its manifest has one.
  package var templateVersion: String?
  /// `sha256:` and a hash of the template's files, for a template without a version.
  package var templateHash: String?
  /// The date in the module's file headers: its creation date.
  package var created: String
  /// Every parameter of the template, resolved.
  package var params: [Param]
  /// Whether test files were planned (not with `--no-tests`).
  package var includesTests: Bool
  /// What the record keeps for the next runs: its spec, output folders, the headers' names
  /// (nil for a module recorded without them that this run does not write, see
  /// `Generator.modulePlan`), and the rest.
  package var settings = RecordedSettings()
  /// The snippets its template's `register:` entries insert into the app's files.
  package var registrations: [PlannedRegistration] = []

  package struct Param: Sendable, Equatable {
    package var name: String
    package var value: ModuleSpec.ParamValue
  }

  /// What the generation record keeps of the template: its version, else its hash.
  package var recordedVersion: String { templateVersion ?? templateHash ?? "" }
}

/// A file the generation record lists for a module that the plan no longer generates.
package struct StaleFile: Sendable, Equatable {
  package var module: String
  /// The absolute path.
  package var path: String
  /// The hash of what was generated, to tell whether the developer has edited it since.
  package var generatedHash: String
  package var state: State

  /// Whether it is on disk as this module's stale file (unchanged or edited): what `check`
  /// lists as stale (`--prune` removes the unchanged ones); not one gone, nor one another
  /// module has, which only leave the module's entry.
  package var isStillThere: Bool { state == .unchanged || state == .edited }

  package enum State: String, Sendable, CaseIterable {
    /// On disk as modulegen generated it: `gen --prune` removes it.
    case unchanged
    /// Edited since it was generated: `gen --prune` refuses to remove it.
    case edited
    /// No longer on disk: only its entry in the record is dropped.
    case deleted
    /// Generated or recorded by another module too, for a module the run no longer generates:
    /// only this module's entry for it is dropped from the record (the file stays the other's).
    case elsewhere
  }
}
