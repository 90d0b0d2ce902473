/// What a module was generated with, besides its template and parameters, that the generation
/// record keeps for the next runs: where it came from and went, and what the command line
/// chose. A plan's module (`PlannedModule`) carries the settings the run records; the record's
/// entry (`GenerationRecord.Module`) those it recorded. A new recorded setting is a property
/// here, its key in the record's coding, and where a run decides its value.
package struct RecordedSettings: Sendable, Equatable {
  /// The spec file that declares the module, relative to the record's folder.
  package var spec: String? = nil
  /// The output folders given on the command line (`--output`, `--tests-output`), relative to
  /// the record's folder: later runs use them again.
  package var output: String? = nil
  package var testsOutput: String? = nil
  /// The local Swift package the module is a target of, relative to the record's folder.
  package var package: String? = nil
  /// The description given on the command line (`--description`): later runs use it again.
  package var description: String? = nil
  /// The author, company and project in the module's file headers as first generated (empty:
  /// none; the project is also the module its tests `@testable import`); later runs keep them
  /// unless `--author` / `--company` / `--project` says otherwise. Nil in a record written
  /// before they were kept: the run's own, as then.
  package var author: String? = nil
  package var company: String? = nil
  package var project: String? = nil
  /// Generated with `--no-tests`: later runs generate no tests for it until `--with-tests`.
  package var noTests = false

  package init(spec: String? = nil) { self.spec = spec }

  /// The settings that are paths relative to the record's folder, each changed by `transform`.
  mutating func mapPaths(_ transform: (String) -> String) {
    spec = spec.map(transform)
    output = output.map(transform)
    testsOutput = testsOutput.map(transform)
    package = package.map(transform)
  }

  /// Whether any of the settings that are paths is one for which `test` is true.
  func containsPath(where test: (String) -> Bool) -> Bool {
    var found = false
    var copy = self
    copy.mapPaths { path in
      if test(path) { found = true }
      return path
    }
    return found
  }
}
