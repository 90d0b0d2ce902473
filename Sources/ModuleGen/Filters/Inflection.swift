/// English plurals, for the `pluralize` filter.
enum Inflection {
  static let irregular = [
    "person": "people", "child": "children", "man": "men", "woman": "women", "mouse": "mice",
    "goose": "geese", "foot": "feet", "tooth": "teeth", "ox": "oxen", "leaf": "leaves",
  ]
  static let uncountable: Set<String> = [
    "data", "information", "equipment", "news", "series", "species", "media", "metadata",
    "settings", "feedback",
  ]

  /// The English plural of the last word of `text`, keeping its case.
  static func plural(_ text: String) -> String {
    guard let last = CaseConversion.words(text).last, !last.isEmpty else { return text }
    let lower = last.lowercased()
    let stem = text.dropLast(last.count)
    if uncountable.contains(lower) { return text }
    if let plural = irregular[lower] {
      let cased =
        last.first!.isUppercase ? CaseConversion.capitalizedFirst(plural) : plural
      return stem + (last == last.uppercased() && last.count > 1 ? plural.uppercased() : cased)
    }
    let upper = last.count > 1 && last == last.uppercased()
    func suffix(_ s: String) -> String { upper ? s.uppercased() : s }
    let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
    if lower.hasSuffix("y"), lower.count > 1, !vowels.contains(lower.dropLast().last!) {
      return stem + last.dropLast() + suffix("ies")
    }
    if ["s", "x", "z", "ch", "sh"].contains(where: lower.hasSuffix) {
      return stem + last + suffix("es")
    }
    return stem + last + suffix("s")
  }
}
