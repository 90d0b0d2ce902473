/// Exit codes, as CI scripts read them. The rule, as `diff` and `cmp` have it: 1 when the
/// command did its work and the answer is "no" (drift, problems found, modules skipped), 2 when
/// it could not do its work, so that a script can tell "out of date" from "broken".
package enum ExitCode {
  /// Done, and nothing to report: written, up to date, valid.
  package static let success: Int32 = 0
  /// Done, and the answer is no: `check` found drift, `validate` found problems, `gen` or
  /// `update` skipped a module for its conflicts or left conflict markers.
  package static let failure: Int32 = 1
  /// Not done: an error stopped the command (a spec, config or template that does not read or
  /// render, a file that cannot be read or written, an interrupted run in the way).
  package static let error: Int32 = 2
  /// The command line is wrong (unknown option, missing argument), as sysexits' EX_USAGE.
  package static let usage: Int32 = 64

  /// Every code with what it means, for `--help`, the manual page and docs/GUIDE.md.
  package static let meanings: [(code: Int32, meaning: String)] = [
    (success, "Success: written, up to date, valid."),
    (
      failure,
      "Done, and the answer is no: check found drift, validate found problems, gen or update skipped a module (conflicts) or left conflict markers."
    ),
    (
      error,
      "An error stopped the command: a spec, config or template that does not read or render, a file that cannot be read or written, an interrupted run to finish first."
    ),
    (usage, "Usage error: an unknown option, a missing or extra argument."),
  ]
}
