import EditDistance

/// The one wording of a suggestion, for every "unknown X" message of the engine and of
/// modulegen: "; did you mean 'x'?" for the candidate closest to `word`, or "" when none is close.
/// `prefix` goes before the suggestion (the command of a subcommand: "templates ").
package func didYouMean(
  _ word: String, in candidates: some Sequence<String>, prefix: String = ""
) -> String {
  closestMatch(to: word, in: candidates).map { "; did you mean '\(prefix)\($0)'?" } ?? ""
}
