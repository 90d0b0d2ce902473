import EditDistance

/// "Did you mean": the closest name to a misspelled one, by the rules of every "did you mean"
/// of modulegen (`closestMatch`), with case ignored.
enum Suggestion {
  /// How a message offers a suggestion, in the words of every "did you mean" of modulegen.
  static func didYouMean(_ suggestion: String) -> String { "; did you mean '\(suggestion)'?" }

  /// The candidate with the smallest distance to `name`, the first of equals, if it is close
  /// enough to be a likely typo.
  static func closest(to name: String, in candidates: [String]) -> String? {
    closestMatch(to: name, in: candidates, ignoringCase: true)
  }
}
