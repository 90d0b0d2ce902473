/// A variable's or a key's name with its hash worked out once. A template's names are read
/// when it is parsed and an object's keys when it is built, so looking one up while rendering
/// never hashes its text again (it did several times per variable: about a sixth of the time
/// a render took).
struct Name: Hashable, Sendable {
  let text: String
  /// The text's own hash (`String`'s, which treats canonically equivalent texts as equal, as
  /// `==` does), for this process only: never stored.
  private let textHash: Int

  init(_ text: String) {
    self.text = text
    textHash = text.hashValue
  }

  static func == (lhs: Name, rhs: Name) -> Bool {
    lhs.textHash == rhs.textHash && lhs.text == rhs.text
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(textHash)
  }
}
