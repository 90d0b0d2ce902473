import Diagnostics

/// Several problems found together, reported one after another.
package struct DiagnosticList: Error, Sendable {
  package var diagnostics: [Diagnostic]
  /// The file they are in, for the summary line ("3 errors in Home.yml").
  package var file: String?

  package init(_ diagnostics: [Diagnostic], file: String? = nil) {
    self.diagnostics = diagnostics
    self.file = file
  }

  package var summary: String {
    let count = diagnostics.count == 1 ? "1 error" : "\(diagnostics.count) errors"
    return file.map { "\(count) in \($0)" } ?? count
  }
}
