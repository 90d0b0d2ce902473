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
  /// The spec file the module was declared in, relative to the record's folder.
  package var spec: String?
  /// The output folders given on the command line, relative to the record's folder: the
  /// record keeps them for the next runs.
  package var output: String? = nil
  package var testsOutput: String? = nil
  /// The local Swift package the module is a target of, relative to the record's folder.
  package var package: String? = nil
  /// The description given on the command line, now or when the module was recorded.
  package var description: String? = nil
  /// The author, company and project in its file headers, as the record keeps them; nil for a
  /// module recorded without them that this run does not write (see `Generator.modulePlan`).
  package var author: String? = nil
  package var company: String? = nil
  package var project: String? = nil
  /// Tests left out by choice (`--no-tests`, now or when recorded): the record keeps it.
  package var noTests = false
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

  package enum State: String, Sendable, CaseIterable {
    /// On disk as modulegen generated it: `gen --prune` removes it.
    case unchanged
    /// Edited since it was generated: `gen --prune` refuses to remove it.
    case edited
    /// No longer on disk: only its entry in the record is dropped.
    case deleted
  }
}
