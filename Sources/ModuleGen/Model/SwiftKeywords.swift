/// Swift's reserved words: an identifier spelled like one needs backticks.
let swiftKeywords: Set<String> = [
  "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
  "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol",
  "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
  "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
  "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false",
  "is", "nil", "self", "Self", "super", "throws", "true", "try",
]
