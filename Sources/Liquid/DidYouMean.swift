import EditDistance

/// The one wording of a suggestion, for every "unknown X" message of the engine and of
/// modulegen: "; did you mean 'x'?" for the candidate closest to `word`, else the closest when
/// case is ignored (`SwiftUI` for `swiftui`, `XCTest` for `xctest`: names as Apple spells
/// them), or "" when none is close. `prefix` goes before the suggestion (the command of a
/// subcommand: "templates ").
package func didYouMean(
  _ word: String, in candidates: some Sequence<String>, prefix: String = ""
) -> String {
  let candidates = Array(candidates)
  let match =
    closestMatch(to: word, in: candidates)
    ?? closestMatch(to: word, in: candidates, ignoringCase: true)
  return match.map { "; did you mean '\(prefix)\($0)'?" } ?? ""
}
