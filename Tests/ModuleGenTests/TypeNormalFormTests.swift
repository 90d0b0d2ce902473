import Foundation
import Testing

@testable import ModuleGen

/// The normal form of a type (`SignatureParser.normalType(_:)`): one text for the spellings
/// Swift reads as one type, and different texts for types Swift tells apart. The tables are
/// checked against the compiler itself: a class declaring `load(x:)` with each pair's types is
/// a redeclaration exactly when the pair is one type.
@Suite struct TypeNormalFormTests {
  /// Pairs of spellings of one type.
  static let same: [(String, String)] = [
    ("[Int]", "Array<Int>"),
    ("[Int]", "Swift.Array<Swift.Int>"),
    ("[String: Int]", "Dictionary<String, Int>"),
    ("[Int: [String]]", "Dictionary<Int, Array<String>>"),
    ("Int?", "Optional<Int>"),
    ("Int?", "Int!"),
    ("Int??", "Optional<Int>?"),
    ("(Int)?", "Int?"),
    ("(() -> Void)?", "Optional<() -> Void>"),
    ("(() -> Void)?", "Optional<(() -> Void)>"),
    ("()", "Void"),
    ("()", "Swift.Void"),
    ("(())", "()"),
    ("Int", "Swift.Int"),
    ("Int", "(Int)"),
    ("Int", "((Int))"),
    ("Int", "`Int`"),
    ("String.Index", "Swift.String.Index"),
    ("[Int]", "[(Int)]"),
    ("((Int), String)", "(Int, String)"),
    ("Result<Int, Error>", "Swift.Result<Int, any Error>"),
    ("Error", "any Error"),
    ("any P", "P"),
    ("any P.Type", "P.Type"),
    ("[any P]", "[P]"),
    ("(any P)?", "P?"),
    ("Any", "any Any"),
    ("AnyObject", "any AnyObject"),
    ("P & Q", "Q & P"),
    ("any P & Q", "Q & P"),
    ("any P & Q", "any (P & Q)"),
    ("P & Q & P", "P & Q"),
    ("P & Any", "P"),
    ("Sendable & AnyObject", "AnyObject & Swift.Sendable"),
    ("(P & Q)?", "Optional<any Q & P>"),
    ("@escaping () -> Void", "() -> Void"),
    ("@escaping () -> Void", "() -> ()"),
    ("@escaping (() -> Void)", "@escaping () -> Void"),
    ("(Int) -> Void", "((Int)) -> Void"),
    ("(Int) -> Void", "(Int) -> (())"),
    ("(Int) -> Void", "(_: Int) -> Void"),
    ("@escaping @Sendable () -> Void", "@Sendable () -> Void"),
    ("@MainActor @Sendable () -> Void", "@Sendable @MainActor () -> Void"),
    ("() throws -> Void", "() throws(any Error) -> Void"),
    ("() throws -> Void", "() throws(Swift.Error) -> Void"),
    ("() throws(Never) -> Void", "() -> Void"),
    ("(Array<Int>) -> Optional<String>", "([Int]) -> String?"),
    ("[\n  String :\n  Int\n]", "Dictionary<String, Int>"),
  ]

  /// Pairs of types Swift tells apart: overloads.
  static let different: [(String, String)] = [
    ("Int", "String"),
    ("[Int]", "Int"),
    ("Int?", "Int??"),
    ("Int?", "Int"),
    ("Set<Int>", "[Int]"),
    ("inout Int", "Int"),
    ("[Int]", "[Int: Int]"),
    ("() -> Void", "(()) -> Void"),
    ("@Sendable () -> Void", "() -> Void"),
    ("@MainActor () -> Void", "() -> Void"),
    ("@autoclosure () -> Int", "() -> Int"),
    ("() throws -> Void", "() -> Void"),
    ("() async -> Void", "() -> Void"),
    ("() throws(E) -> Void", "() throws -> Void"),
    ("(a: Int, b: Int)", "(Int, Int)"),
    ("(a: Int, b: Int)", "(b: Int, a: Int)"),
    ("P.Type", "P.Protocol"),
    ("(P & Q)?", "P & Q"),
    ("(() -> Void)?", "() -> Void"),
  ]

  @Test(arguments: same)
  func spellingsOfOneTypeHaveOneNormalForm(a: String, b: String) {
    #expect(SignatureParser.normalType(a) == SignatureParser.normalType(b))
  }

  @Test(arguments: different)
  func typesSwiftTellsApartHaveDifferentNormalForms(a: String, b: String) {
    #expect(SignatureParser.normalType(a) != SignatureParser.normalType(b))
  }

  /// The normal form is its own normal form, and reads as the same type again.
  @Test(
    arguments: (same + different).flatMap { [$0.0, $0.1] } + [
      "(() -> Void) & P", "(() -> Void) & (() -> Void)",
    ])
  func theNormalFormIsItsOwn(type: String) {
    let normal = SignatureParser.normalType(type)
    #expect(SignatureParser.normalType(normal) == normal)
  }

  @Test func theNormalFormReadsAsTheTypeItStandsFor() {
    #expect(SignatureParser.normalType("Dictionary<String, Array<Int>>") == "[String: [Int]]")
    #expect(SignatureParser.normalType("Optional<@Sendable () -> Void>") == "(@Sendable () -> ())?")
    #expect(SignatureParser.normalType("any Q & P") == "P & Q")
    #expect(SignatureParser.normalType("Int...") == "Int...")
    // Not a type: the text as it is.
    #expect(SignatureParser.normalType("Int)") == "Int)")
  }

  /// A plain name is taken as its own normal form without parsing: what the parser makes of
  /// it (a keyword alone, a name starting with a digit, `Void`, which is `()`).
  @Test(arguments: [
    "Int", "RichItem", "_Private", "Any", "Self", "Never", "some", "any", "inout", "2x", "Void",
  ])
  func aPlainNameIsWhatTheParserReads(type: String) {
    #expect(SignatureParser.normalType(type) == SignatureParser.parsedNormalType(type))
  }

  /// The variadic parameter and the array are two types; the same variadic one is one.
  @Test func variadicParametersKeepTheirDots() throws {
    let a = try SignatureParser.parseMethod("load(x: Swift.Int...)")
    let b = try SignatureParser.parseMethod("load(x: Int...)")
    let c = try SignatureParser.parseMethod("load(x: [Int])")
    #expect(a.overloadKey == b.overloadKey)
    #expect(a.overloadKey != c.overloadKey)
  }

  /// A result of `()` however written is no result.
  @Test(arguments: ["Void", "()", "Swift.Void", "(())", "(Void)"])
  func anySpellingOfVoidIsNoResult(type: String) throws {
    #expect(try SignatureParser.parseMethod("load() -> \(type)").returnType == nil)
  }

  /// The tables are Swift's: each pair declared in one class is a redeclaration exactly when
  /// it is one type.
  @Test func theTablesAreTheCompilers() throws {
    let pairs = Self.same + Self.different
    var source = """
      import Foundation
      protocol P {}
      protocol Q {}
      struct E: Error {}

      """
    var lines: [Int: Int] = [:]
    for (index, (a, b)) in pairs.enumerated() {
      source += "final class C\(index) {\n  func load(x: \(a)) {}\n"
      lines[source.split(separator: "\n", omittingEmptySubsequences: false).count] = index
      source += "  func load(x: \(b)) {}\n}\n"
    }
    let folder = try makeTemporaryDirectory()
    try source.write(toFile: folder + "/Pairs.swift", atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "Pairs.swift"]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    var redeclared: Set<Int> = []
    for line in output.split(separator: "\n") where line.contains(": error: ") {
      let parts = line.split(separator: ":")
      guard parts.count > 2, let number = Int(parts[1]), let index = lines[number],
        line.contains("invalid redeclaration")
      else {
        Issue.record("unexpected: \(line)")
        continue
      }
      redeclared.insert(index)
    }
    for (index, (a, b)) in pairs.enumerated() {
      #expect(redeclared.contains(index) == (index < Self.same.count), "\(a) and \(b)")
    }
  }
}
