import Diagnostics

/// Generamba parses templates with Liquid 4's lax parser, which accepts markup that modulegen's
/// parser refuses. modulegen does not guess what such markup means: the error stays, and a
/// note names the construct, what Generamba made of it, and the fix.
package enum GenerambaLiquidHints {
  /// The diagnostic with a note when it is one of the lax constructs.
  package static func explain(_ diagnostic: Diagnostic) -> Diagnostic {
    guard let hint = hint(for: diagnostic) else { return diagnostic }
    var explained = diagnostic
    explained.notes.append("note: " + hint)
    return explained
  }

  static func hint(for diagnostic: Diagnostic) -> String? {
    if diagnostic.message.hasPrefix("unknown filter") { return unknownFilter }
    guard let location = diagnostic.location else { return nil }
    let line = Array(location.lineText)
    let at = location.column - 1
    guard at >= 0, at <= line.count else { return nil }
    let rest = String(line[at...])
    var before = String(line[..<at])
    while before.last == " " || before.last == "\t" { before.removeLast() }
    if rest.hasPrefix("..") {
      let start = before.lastIndex { !($0.isLetter || $0.isNumber || "_.-[]'\"".contains($0)) }
      let low = String(before[(start.map { before.index(after: $0) } ?? before.startIndex)...])
      let high = String(rest.dropFirst(2).prefix { !" \t%}|".contains($0) })
      return rangeWithoutParentheses("\(low)..\(high)")
    }
    let trimmedRest = rest.drop { $0 == " " || $0 == "\t" }
    let endsMarkup = ["}}", "%}", "|", "-}}", "-%}"].contains { trimmedRest.hasPrefix($0) }
    // `| f: a, }}`: the error is at the end of the markup, after the separator.
    if endsMarkup, before.contains("|"), let separator = before.last, ",:".contains(separator) {
      return trailingSeparator(separator)
    }
    // `| f: a: }}`: the error is at the separator.
    if let separator = trimmedRest.first, ",:".contains(separator),
      trimmedRest.dropFirst().drop(while: { $0 == " " }).hasPrefix("}}")
    {
      return trailingSeparator(separator)
    }
    // `| append "x"`: a filter name followed by a value without ':'.
    if let filter = filterBeforeValue(before: before, rest: rest) { return missingColon(filter) }
    if let name = filterNamed(at: rest), before.hasSuffix("|"),
      diagnostic.message.contains("argument")
    {
      let after = rest.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
      if let next = after.first, !":|}%".contains(next) { return missingColon(name) }
    }
    return nil
  }

  // MARK: - Messages

  static let unknownFilter =
    "Generamba's Liquid passes a value through an unknown filter unchanged; remove the filter (or correct its name) to get what Generamba wrote"

  static func rangeWithoutParentheses(_ range: String) -> String {
    "a range needs parentheses: write '(\(range))'. Generamba's lax parser reads '\(range)' without them as a number or a variable, not a range"
  }

  static func trailingSeparator(_ separator: Character) -> String {
    "remove the '\(separator)' after the filter's last argument; Generamba's lax parser ignores it"
  }

  static func missingColon(_ filter: String) -> String {
    "write ':' between the filter and its arguments ('\(filter): …'). Generamba's lax parser drops arguments given without it (the filter runs without them, or writes a Liquid error into the file)"
  }

  /// The filter whose name ends `before` when `rest` starts with a value.
  private static func filterBeforeValue(before: String, rest: String) -> String? {
    guard let first = rest.first, first == "\"" || first == "'" || first.isNumber || first.isLetter
    else { return nil }
    guard let name = before.split(separator: "|").last.map({ String($0).trimmingCharacters() }),
      !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
      before.hasSuffix(name),
      String(before.dropLast(name.count)).trimmingCharacters().hasSuffix("|")
    else { return nil }
    return name
  }

  private static func filterNamed(at text: String) -> String? {
    let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    return name.isEmpty ? nil : String(name)
  }
}
