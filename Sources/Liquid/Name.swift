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

  /// What `Dictionary` and `Set` place a name by (`Hashable`'s requirement for them; by
  /// default a whole `Hasher` run over `hash(into:)`, about a tenth of a render's
  /// instructions). The text's hash is already random, so one multiplication mixes in the
  /// table's seed: each table orders its names differently, which keeps copying one table into
  /// another linear.
  func _rawHashValue(seed: Int) -> Int {
    let mixed = UInt64(truncatingIfNeeded: textHash ^ seed) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed ^ (mixed >> 29))
  }
}
