extension Console {
  /// Asks on the terminal; nil at end of input.
  func ask(_ prompt: String, suggestion: String?) -> String? {
    writeError(prompt + (suggestion.map { " [\($0)]" } ?? "") + ": ")
    guard let line = readLine() else { return nil }
    let answer = line.trimmingCharacters()
    return answer.isEmpty ? (suggestion ?? "") : answer
  }
}
