/// `--color auto|always|never`, and the environment's say when it is `auto`.
package enum ColorChoice: String, CaseIterable, Sendable {
  case auto, always, never

  /// Whether output to a stream (`terminal`: it is one) is coloured. `always` and `never` win
  /// over the environment, as no-color.org and force-color.org ask of a command-line option;
  /// with `auto`, a non-empty `NO_COLOR` turns colour off (it wins over `FORCE_COLOR`: asking
  /// for none is the safer of two contradicting wishes), a non-empty `FORCE_COLOR` turns it on
  /// even off a terminal or with `TERM=dumb`, and otherwise a terminal other than `TERM=dumb`
  /// gets colour.
  func allows(terminal: Bool, environment: [String: String]) -> Bool {
    switch self {
    case .always: return true
    case .never: return false
    case .auto:
      if !(environment["NO_COLOR"] ?? "").isEmpty { return false }
      if !(environment["FORCE_COLOR"] ?? "").isEmpty { return true }
      return terminal && environment["TERM"] != "dumb"
    }
  }
}
