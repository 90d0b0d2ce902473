/// Default argument values, which a protocol cannot declare: the template writes each
/// defaulted method's short overload in an extension of the protocol, calling the method with
/// the defaults (`func load() { load(page: 1) }`), and they are read back from those calls.
extension ModuleReader {
  /// `methods` with the default values the extension `declaration` of their protocol passes;
  /// nil when the extension is not made of such overloads (then it gets a note).
  static func withDefaults(
    _ methods: [MethodSignature], from declaration: SwiftDeclarations.Declaration,
    in file: SwiftDeclarations
  ) -> [MethodSignature]? {
    var methods = methods
    let members = file.members(of: declaration)
    guard !members.isEmpty else { return nil }
    for member in members {
      guard member.keyword == "func", let name = member.name, let body = member.body,
        let arguments = callArguments(of: name, in: file.text(body))
      else { return nil }
      guard
        let index = methods.firstIndex(where: { method in
          method.name == name && method.parameters.count == arguments.count
            && zip(method.parameters, arguments).allSatisfy { $0.label == $1.label }
        })
      else { return nil }
      for (i, argument) in arguments.enumerated()
      where argument.value != methods[index].parameters[i].name {
        methods[index].parameters[i].defaultValue = argument.value
      }
    }
    return methods
  }

  /// The labels and values of the call `name(…)` in `text`, or nil when it has none.
  static func callArguments(of name: String, in text: String) -> [(label: String?, value: String)]?
  {
    let characters = Array(text)
    let call = Array(name + "(")
    guard
      let start = characters.indices.first(where: {
        characters[$0...].starts(with: call)
          && ($0 == 0 || !(characters[$0 - 1].isLetter || characters[$0 - 1].isNumber))
      })
    else { return nil }
    var depth = 1
    var current = ""
    var pieces: [String] = []
    var inString = false
    for c in characters[(start + call.count)...] {
      if inString {
        current.append(c)
        if c == "\"" { inString = false }
        continue
      }
      switch c {
      case "\"": inString = true
      case "(", "[", "{": depth += 1
      case ")", "]", "}":
        depth -= 1
        if depth == 0 {
          pieces.append(current)
          return pieces.allSatisfy { $0.trimmingCharacters().isEmpty }
            ? [] : pieces.map(labelled)
        }
      case "," where depth == 1:
        pieces.append(current)
        current = ""
        continue
      default: break
      }
      current.append(c)
    }
    return nil
  }

  /// `page: 1` as ("page", "1"); `20` as (nil, "20").
  private static func labelled(_ piece: String) -> (label: String?, value: String) {
    let text = piece.trimmingCharacters()
    if let colon = text.firstIndex(of: ":") {
      let label = text[..<colon]
      if !label.isEmpty && label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
        return (String(label), String(text[text.index(after: colon)...]).trimmingCharacters())
      }
    }
    return (nil, text)
  }
}
