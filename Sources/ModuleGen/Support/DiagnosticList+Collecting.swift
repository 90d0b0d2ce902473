import Diagnostics
import Liquid

extension DiagnosticList {
  /// The problems `error` reports: a list's diagnostics, a diagnostic, a template's error; nil
  /// for any other error (one that is not about what was checked), which ends the run.
  /// `templateErrors` places a template's error (the config's header is shown where it is set).
  package init?(_ error: any Error, templateErrors: (Diagnostic) -> Diagnostic = { $0 }) {
    switch error {
    case let error as DiagnosticList: self = error
    case let error as Diagnostic: self.init([error])
    case let error as LiquidError: self.init([templateErrors(error.diagnostic)])
    default: return nil
    }
  }
}

/// Runs `body`, adding the problems it throws to `problems` instead of throwing them, so that
/// checking many things (modules, parameter values, templates) reports every problem at once.
/// Returns nil when `body` threw a problem; any other error is thrown.
func collectingProblems<Result>(
  into problems: inout [Diagnostic], templateErrors: (Diagnostic) -> Diagnostic = { $0 },
  _ body: () throws -> Result
) rethrows -> Result? {
  do {
    return try body()
  } catch {
    guard let list = DiagnosticList(error, templateErrors: templateErrors) else { throw error }
    problems += list.diagnostics
    return nil
  }
}
