import Testing

@testable import ModuleGen

@Suite struct SignatureParserTests {
  static let valid: [(String, String)] = [
    ("viewDidLoad()", "func viewDidLoad()"),
    ("func showLoading()", "func showLoading()"),
    ("display(items: [HomeItemViewModel])", "func display(items: [HomeItemViewModel])"),
    ("didSelectItem(at index: Int)", "func didSelectItem(at index: Int)"),
    ("showError(_ message: String)", "func showError(_ message: String)"),
    ("fetchItems() async throws -> [HomeItem]", "func fetchItems() async throws -> [HomeItem]"),
    ("route(to destination: HomeRoute)", "func route(to destination: HomeRoute)"),
    ("load(page: Int = 1, query: String? = nil)", "func load(page: Int = 1, query: String? = nil)"),
    (
      "update(_ values: [String: [Int]], flag: Bool!)",
      "func update(_ values: [String: [Int]], flag: Bool!)"
    ),
    ("point() -> (x: Int, y: Int)", "func point() -> (x: Int, y: Int)"),
    ("pair(_ p: (Int, String)?) -> Void", "func pair(_ p: (Int, String)?)"),
    ("result() -> Result<[Item], Error>", "func result() -> Result<[Item], Error>"),
    (
      "load(completion: @escaping @Sendable (Result<[Item], any Error>) -> Void)",
      "func load(completion: @escaping @Sendable (Result<[Item], any Error>) -> Void)"
    ),
    (
      "observe(handler: ((Int) async throws -> Bool)?)",
      "func observe(handler: ((Int) async throws -> Bool)?)"
    ),
    ("swap(_ a: inout Int, _ b: inout Int)", "func swap(_ a: inout Int, _ b: inout Int)"),
    ("sum(_ values: Int...) -> Int", "func sum(_ values: Int...) -> Int"),
    ("save() throws(SaveError)", "func save() throws(SaveError)"),
    ("make() -> any View", "func make() -> any View"),
    ("nested() -> Swift.Result<Foo.Bar, Never>", "func nested() -> Swift.Result<Foo.Bar, Never>"),
    ("`default`(`for` key: String)", "func `default`(for key: String)"),
    // `open` is reserved only before a declaration: a method's name as it is.
    ("`open`(url: URL)", "func open(url: URL)"),
    ("  spaced ( a :Int,b:String )  ->Bool  ", "func spaced(a: Int, b: String) -> Bool"),
    ("title(format: String = \"a, (b)\")", "func title(format: String = \"a, (b)\")"),
    // Types named as ownership modifiers, with nothing after them: names.
    (
      "take(x: sending, y: borrowing?) -> consuming",
      "func take(x: sending, y: borrowing?) -> consuming"
    ),
  ]

  @Test(arguments: valid) func parsesAndPrints(_ text: String, _ declaration: String) throws {
    #expect(try SignatureParser.parseMethod(text).declaration == declaration)
  }

  /// The ASCII characters are classified without Unicode's tables, as Unicode's tables do.
  @Test func asciiCharactersAreClassifiedAsUnicodeClassifiesThem() {
    for byte in UInt8(0)..<128 {
      let c = Character(Unicode.Scalar(byte))
      #expect(SignatureParser(String(c)).units == [byte])
      #expect(SignatureParser.isSpace(byte) == c.isWhitespace, "\(c.unicodeScalars)")
      #expect(SignatureParser.isNewline(byte) == c.isNewline, "\(c.unicodeScalars)")
      #expect(
        SignatureParser.isIdentifierCharacter(byte) == (c == "_" || c.isLetter || c.isNumber),
        "\(c.unicodeScalars)")
      #expect(
        SignatureParser.isIdentifierHead(byte) == (c == "_" || c.isLetter), "\(c.unicodeScalars)")
    }
  }

  /// A character that is not one ASCII byte is one unit that says what Unicode's tables say
  /// of it; positions count characters.
  @Test func otherCharactersAreOneUnitEach() {
    // After "\u{2028}" (a control) a combining mark is a character of its own.
    let parser = SignatureParser("é\r\ne\u{301}\u{2028}\u{0610}١\u{3000}x")
    #expect(parser.units.count == 8)
    #expect(parser.characterStarts == [0, 2, 4, 7, 10, 12, 14, 17, 18])
    let (letter, newline) = (parser.units[0], parser.units[1])
    #expect(
      SignatureParser.isIdentifierHead(letter) && SignatureParser.isIdentifierCharacter(letter))
    #expect(!SignatureParser.isSpace(letter) && !SignatureParser.isNewline(letter))
    // "\r\n" is one character, a new line but not "\n".
    #expect(newline != UInt8(ascii: "\n"))
    #expect(SignatureParser.isSpace(newline) && SignatureParser.isNewline(newline))
    #expect(!SignatureParser.isIdentifierCharacter(newline))
    // An ASCII letter with a combining mark is a letter, not the ASCII letter.
    #expect(
      parser.units[2] != UInt8(ascii: "e") && SignatureParser.isIdentifierHead(parser.units[2]))
    #expect(SignatureParser.isNewline(parser.units[3]))
    // A combining mark is a letter for `isLetter` but cannot start an identifier.
    #expect(!SignatureParser.isIdentifierHead(parser.units[4]))
    // An Arabic-Indic digit continues an identifier and does not start one.
    #expect(SignatureParser.isIdentifierCharacter(parser.units[5]))
    #expect(!SignatureParser.isIdentifierHead(parser.units[5]))
    #expect(SignatureParser.isSpace(parser.units[6]) && !SignatureParser.isNewline(parser.units[6]))
    #expect(parser.units[7] == UInt8(ascii: "x"))
    #expect(parser.text(0..<4) == "é\r\ne\u{301}\u{2028}")
    #expect(parser.text(7..<8) == "x")
    #expect(SignatureParser("load()").characterStarts.isEmpty)
  }

  @Test func methodModel() throws {
    let method = try SignatureParser.parseMethod(
      "fetch(at index: Int, _ completion: @escaping (Int) -> Void, ids: Int...) async throws -> [Item]"
    )
    #expect(method.name == "fetch")
    #expect(method.isAsync && method.isThrowing)
    #expect(method.returnType == "[Item]")
    #expect(method.selector == "fetch(at:_:ids:)")
    #expect(method.identifier == "fetchAtIds")
    let p = method.parameters
    #expect(p[0].label == "at" && p[0].name == "index" && p[0].type == "Int")
    #expect(
      p[1].label == nil && p[1].isClosure && p[1].isEscaping && p[1].storageType == "(Int) -> Void")
    #expect(p[2].isVariadic && p[2].type == "Int..." && p[2].storageType == "[Int]")
  }

  /// A label's first character in upper case, as `uppercased()` writes it, in an identifier.
  @Test func identifiersCapitalizeLabels() throws {
    let cases: [(String, String)] = [
      ("id", "Id"), ("x", "X"), ("ID", "ID"), ("_x", "_x"), ("1a", "1a"), ("élan", "Élan"),
      ("e\u{301}lan", "E\u{301}lan"), ("ßig", "SSig"), ("a\u{345}b", "A\u{399}b"), ("", ""),
    ]
    for (label, capitalized) in cases {
      #expect(CaseConversion.capitalizedFirst(label) == capitalized, "\(label.unicodeScalars)")
      #expect(
        CaseConversion.capitalizedFirst(label) == label.prefix(1).uppercased() + label.dropFirst())
    }
    #expect(
      try SignatureParser.parseMethod("f(élan a: Int, _ b: Int, c d: Int)").identifier == "fÉlanC")
  }

  static let invalid: [(String, String, Int)] = [
    ("display(items [Item])", "expected ':' and a type after the parameter 'items', found '['", 14),
    ("show(x Int)", "expected ':' between the parameter 'x' and its type 'Int'", 7),
    ("display(items: )", "\(SignatureParser.expectedTypeMessage), found ')'", 15),
    ("load(", "expected a parameter name, found the end", 5),
    ("load(id: Int", "expected ',' or ')' after a parameter, found the end", 12),
    ("load() -> ", SignatureParser.expectedTypeMessage, 10),
    ("load() throws(E", "expected ')' after the thrown type, found the end", 15),
    ("load(f: () throws(E -> Void)", "expected ')' after the thrown type, found '-'", 20),
    ("load() async async", "unexpected 'async' after the signature", 13),
    ("load() throws async", "'async' must come before 'throws'", 14),
    ("load<T>(x: T)", "generic methods are not supported; use concrete types", 4),
    ("make() -> some View", SignatureParser.opaqueTypeMessage, 10),
    ("count(_ values: some Collection<Int>) -> Int", SignatureParser.opaqueTypeMessage, 16),
    ("load() async -> [String: some Sendable]", SignatureParser.opaqueTypeMessage, 25),
    // Ownership modifiers are said to be what they are, not read as a type's name.
    ("make() async -> sending Item", SignatureParser.ownershipMessage("sending"), 16),
    ("take(_ item: sending Item)", SignatureParser.ownershipMessage("sending"), 13),
    ("take(_ item: borrowing [Int])", SignatureParser.ownershipMessage("borrowing"), 13),
    (
      "take(_ item: consuming @Sendable () -> Void)", SignatureParser.ownershipMessage("consuming"),
      13
    ),
    ("(x: Int)", "expected a method name, found '('", 0),
    ("load(a: Int, a: String)", "two parameters are named 'a'", 13),
    ("load(x: @escaping Int)", "@escaping applies only to closure types", 8),
    ("load(x: [Int)", "expected ']' to close the collection type, found ')'", 12),
    ("load() extra", "unexpected 'extra' after the signature", 7),
    (
      "init(x: Int)", "'init' declarations are not supported; write a method like 'load(id: Int)'",
      0
    ),
    // Offsets count characters, whatever their bytes: a caret points at a character.
    ("café(é: Int) extra", "unexpected 'extra' after the signature", 13),
    ("cafe\u{301}(e\u{301}: Int, é: String)", "two parameters are named 'é'", 13),
    ("charger(é: Int, → x)", "expected a parameter name, found '→'", 16),
    ("名前(a: Int) -> 🇫🇷", "\(SignatureParser.expectedTypeMessage), found '🇫🇷'", 14),
    ("名前(a:\r\nInt) async throws(E", "expected ')' after the thrown type, found the end", 25),
    ("名前(a: Int\r\n\u{3000}", "expected ',' or ')' after a parameter, found the end", 11),
  ]

  @Test(arguments: invalid) func errorsPointIntoTheString(
    _ text: String, _ message: String, _ offset: Int
  ) {
    #expect(throws: SignatureParser.Failure(message: message, offset: offset)) {
      try SignatureParser.parseMethod(text)
    }
  }

  @Test func types() throws {
    #expect(try SignatureParser.parseType("[String : Int]?") == "[String: Int]?")
    #expect(try SignatureParser.parseType("UUID") == "UUID")
    #expect(throws: SignatureParser.Failure.self) { try SignatureParser.parseType("Int Int") }
  }

  /// Found by fuzzing (Fuzz/run.sh signatures): what the parser accepts, printed back, must
  /// parse to the same text, or generated code would say something else than the spec.
  static let printedFormsReadBack: [String] = [
    "load(_ a: `class`)", "load(_ a: `Type`)", "load(_ a: `Any`)", "`default`(`for` key: `Self`)",
  ]

  @Test(arguments: printedFormsReadBack) func printedFormParsesToItself(_ text: String) throws {
    let declaration = try SignatureParser.parseMethod(text).declaration
    #expect(try SignatureParser.parseMethod(declaration).declaration == declaration)
  }

  @Test func keywordTypesKeepTheirBackticks() throws {
    #expect(try SignatureParser.parseType("`class`") == "`class`")
    #expect(try SignatureParser.parseType("`Type`") == "Type")
    #expect(try SignatureParser.parseType("[`Any`: `default`]?") == "[Any: `default`]?")
    #expect(
      try SignatureParser.parseMethod("f(_ a: `class`)").declaration == "func f(_ a: `class`)")
  }

  /// Between backticks stands an identifier; `` `?` `` was read as a type named "?", whose
  /// printed form did not parse.
  static let badBackticks: [(String, String, Int)] = [
    ("`\u{FFFD}?`", "\(SignatureParser.expectedTypeMessage), found '`'", 0),
    ("``", "\(SignatureParser.expectedTypeMessage), found '`'", 0),
    ("`a b`", "\(SignatureParser.expectedTypeMessage), found '`'", 0),
    ("[`1x`]", "\(SignatureParser.expectedTypeMessage), found '`'", 1),
  ]

  @Test(arguments: badBackticks) func backticksHoldAnIdentifier(
    _ text: String, _ message: String, _ offset: Int
  ) {
    #expect(throws: SignatureParser.Failure(message: message, offset: offset)) {
      try SignatureParser.parseType(text)
    }
  }

  /// Found by fuzzing: an attribute's unclosed arguments moved past the end of the text, and
  /// the error pointed outside it.
  @Test func unclosedAttributeArgumentsAreReportedInsideTheText() {
    #expect(
      throws: SignatureParser.Failure(
        message: "expected ')' to close the arguments of '@iie', found the end", offset: 8)
    ) { try SignatureParser.parseType("@iie(fod") }
    #expect(
      throws: SignatureParser.Failure(
        message: "expected ')' to close the arguments of '@available', found the end", offset: 28)
    ) { try SignatureParser.parseMethod("load(x: @available(iOS 17, *") }
  }

  /// Found by fuzzing: a name or default value that starts with a combining mark (which
  /// `isLetter` admits) lost it when printed after a space, so the generated code changed it.
  @Test func namesAndDefaultsCannotStartWithACombiningMark() throws {
    #expect(
      throws: SignatureParser.Failure(
        message: "expected a method name, found '\u{0610}'", offset: 0)
    ) { try SignatureParser.parseMethod("\u{0610}ad(page: Int)") }
    #expect(
      throws: SignatureParser.Failure(message: "a combining mark cannot follow a space", offset: 13)
    ) { try SignatureParser.parseMethod("load(x: Int = \u{0301}a)") }
    #expect(
      throws: SignatureParser.Failure(message: "a combining mark cannot follow a space", offset: 3)
    ) { try SignatureParser.parseType("Int \u{20DD}") }
    #expect(throws: SignatureParser.Failure.self) { try SignatureParser.parseType("Foo.\u{0301}x") }
    #expect(
      try SignatureParser.parseMethod("café(é: Int = \"é\")").declaration
        == "func café(é: Int = \"é\")")
  }

  /// Identifiers in any script, precomposed or with combining marks, and backticked.
  @Test func nonASCIIIdentifiers() throws {
    let method = try SignatureParser.parseMethod(
      "загрузить(страница: Int, für e\u{301}tat: [Ключ: 値]?) async -> Результат")
    #expect(
      method.declaration
        == "func загрузить(страница: Int, für e\u{301}tat: [Ключ: 値]?) async -> Результат")
    #expect(method.parameters.map(\.label) == ["страница", "für"])
    #expect(method.identifier == "загрузитьСтраницаFür")
    #expect(try SignatureParser.parseType("`été`.Ü٣<名前>") == "été.Ü٣<名前>")
  }

  @Test func entityErrorsAfterNonASCIITextCountCharacters() throws {
    #expect(
      try SignatureParser.parseEntities("struct Été {\r\n  var 名前: String = \"é\" // nom\r\n}")
        .map(\.fields) == [
          [.init(name: "名前", type: "String", isMutable: true, defaultValue: "\"é\"")]
        ])
    #expect(
      throws: SignatureParser.Failure(message: "two fields of 'Été' are named '名前'", offset: 32)
    ) {
      try SignatureParser.parseEntities("struct Été {\r\n  let 名前: String\r\n  let 名前: Int\r\n}")
    }
    #expect(
      throws: SignatureParser.Failure(
        message: "expected a new line or ';' between declarations, found 'ü'", offset: 21)
    ) { try SignatureParser.parseEntities("enum Été { case à, b ü }") }
  }

  @Test func backtickedMethodNamesHoldAnIdentifier() {
    #expect(
      throws: SignatureParser.Failure(message: "expected a method name, found '`'", offset: 0)
    ) {
      try SignatureParser.parseMethod("`a-b`()")
    }
  }
}
