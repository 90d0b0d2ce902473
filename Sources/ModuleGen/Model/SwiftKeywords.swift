/// Swift's reserved words: an identifier spelled like one needs backticks. Not `open`, which
/// the language reserves only before a declaration: `func open(url: URL)`, `router.open(url:)`
/// and `var open: Bool` compile as they are (UIApplication's `open(_:)` is one).
let swiftKeywords: Set<String> = [
  "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
  "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol",
  "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
  "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
  "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false",
  "is", "nil", "self", "Self", "super", "throws", "true", "try",
]
