import Liquid

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
    if diagnostic.message.hasPrefix("unknown filter") {
      return
        "Generamba's Liquid passes a value through an unknown filter unchanged; remove the filter (or correct its name) to get what Generamba wrote"
    }
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
      return
        "a range needs parentheses: write '(\(low)..\(high))'. Generamba's lax parser reads '\(low)..\(high)' without them as a number or a variable, not a range"
    }
    let trimmedRest = rest.drop { $0 == " " || $0 == "\t" }
    let endsMarkup =
      trimmedRest.hasPrefix("}}") || trimmedRest.hasPrefix("%}") || trimmedRest.hasPrefix("|")
      || trimmedRest.hasPrefix("-}}") || trimmedRest.hasPrefix("-%}")
    if endsMarkup && (before.hasSuffix(",") || before.hasSuffix(":")) && before.contains("|") {
      return
        "remove the '\(before.last!)' after the filter's last argument; Generamba's lax parser ignores it"
    }
    if (trimmedRest.hasPrefix(":") || trimmedRest.hasPrefix(","))
      && trimmedRest.dropFirst().drop(while: { $0 == " " }).hasPrefix("}}")
    {
      return
        "remove the '\(trimmedRest.first!)' after the filter's last argument; Generamba's lax parser ignores it"
    }
    // `| append "x"`: a filter name followed by a value without ':'.
    if let filter = filterBeforeValue(before: before, rest: rest) {
      return
        "write ':' between the filter and its arguments ('\(filter): …'). Generamba's lax parser drops arguments given without it and writes a Liquid error into the file"
    }
    if let name = filterNamed(at: rest), before.hasSuffix("|"),
      diagnostic.message.contains("argument")
    {
      let after = rest.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
      if let next = after.first, next != ":", next != "|", next != "}", next != "%" {
        return
          "write ':' between the filter and its arguments ('\(name): …'). Generamba's lax parser drops arguments given without it and writes a Liquid error into the file"
      }
    }
    return nil
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
