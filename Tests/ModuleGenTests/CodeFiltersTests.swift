import Foundation
import Liquid
import Testing

@testable import ModuleGen

/// modulegen's filters for generating code: registered by ModuleGen through the engine's
/// extension point (`FilterSet`), so plain Liquid does not have them.
@Suite struct CodeFiltersTests {
  static let names: Set<String> = [
    "camel_case", "pascal_case", "snake_case", "kebab_case", "title_case", "upper_first",
    "lower_first", "swift_identifier", "json", "indent", "pluralize",
  ]

  /// The output, or the first line of the error.
  static func render(
    _ template: String, _ data: LiquidObject = LiquidObject(),
    environment: LiquidEnvironment = LiquidEnvironment(filters: .moduleGen)
  ) -> String {
    do {
      return try Template(parsing: template, name: "t", environment: environment).render(data)
    } catch {
      return "ERROR " + String(error.description.prefix { $0 != "\n" })
    }
  }

  /// An ASCII text's words read as bytes (`asciiWords`) are its words read character by
  /// character (`characterWords`), over random texts of letters of both cases, digits,
  /// separators and line ends (`\r\n` is one character).
  @Test func asciiWordsAreTheWordsOfItsCharacters() {
    let pieces = ["a", "b", "Z", "Y", "H", "0", "9", "_", "-", " ", "\r", "\n", ".", "\u{7F}"]
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<2_000 {
      let text = (0..<next(12)).map { _ in pieces[next(pieces.count)] }.joined()
      #expect(
        CaseConversion.asciiWords(text) == CaseConversion.characterWords(text),
        "\(text.debugDescription)")
    }
    #expect(CaseConversion.words("HTTPServer2Go_now") == ["HTTP", "Server2", "Go", "now"])
  }

  @Test func plainLiquidDoesNotKnowTheCodeFiltersAndModuleGenDoes() {
    #expect(Set(FilterSet.moduleGen.names).subtracting(FilterSet.standard.names) == Self.names)
    #expect(Set(FilterSet.standard.names).isSubset(of: FilterSet.moduleGen.names))
    for name in Self.names.sorted() {
      #expect(FilterSet.standard[name] == nil, "\(name)")
      let plain = Self.render("{{ 'a' | \(name) }}", environment: LiquidEnvironment())
      #expect(plain.hasPrefix("ERROR t:1:10: error: unknown filter '\(name)'"), "\(plain)")
    }
    #expect(Self.render("{{ 'user name' | camel_case }}") == "userName")
  }

  static let data = LiquidObject([
    ("list", ["b", "a", "c"]),
    ("text", "a\r\nb\n"),
    (
      "people",
      [
        .object(LiquidObject([("name", "Ann"), ("age", 25), ("admin", true)])),
        .object(LiquidObject([("name", "Bob"), ("age", 30), ("admin", false)])),
      ]
    ),
  ])

  @Test(arguments: [
    (
      "{{ 'user profile-view' | camel_case }} {{ 'user_profile' | pascal_case }} {{ 'HTTPServer' | pascal_case }}",
      "userProfileView UserProfile HTTPServer"
    ),
    (
      "{{ 'UserProfileView' | snake_case }} {{ 'UserProfileView' | kebab_case }} {{ 'URLSession' | camel_case }}",
      "user_profile_view user-profile-view urlSession"
    ),
    ("{{ 'homeView' | upper_first }} {{ 'HomeView' | lower_first }}", "HomeView homeView"),
    (
      "{{ 'HTTPUserProfile' | title_case }}, {{ 'user_profile' | title_case }}, {{ 'Home' | title_case }}",
      "HTTP User Profile, User Profile, Home"
    ),
    ("{{ 'default' | swift_identifier }} {{ 'name' | swift_identifier }}", "`default` name"),
    (
      "{{ 'category' | pluralize }} {{ 'box' | pluralize }} {{ 'Person' | pluralize }} {{ 'item' | pluralize: 1 }} {{ 'day' | pluralize }}",
      "categories boxes People item days"
    ),
    (
      "{{ people | json }}",
      "[{\"name\":\"Ann\",\"age\":25,\"admin\":true},{\"name\":\"Bob\",\"age\":30,\"admin\":false}]"
    ),
    ("{{ list | json: 2 }}", "[\n  \"b\",\n  \"a\",\n  \"c\"\n]"),
    ("{{ 'a\n\nb' | indent: 2 }}", "  a\n\n  b"),
    ("{{ text | indent: 1 }}", " a\r\n b\n"),
  ])
  func filter(_ template: String, _ expected: String) {
    #expect(Self.render(template, Self.data) == expected)
  }

  /// `swift_identifier` writes a name as the signature model does.
  @Test func swiftIdentifierIsTheSignatureModelsSwiftName() {
    for name in swiftKeywords.sorted() + ["name", "Type", "_cache", "`default`"] {
      let rendered = Self.render(
        "{{ name | swift_identifier }}", LiquidObject([("name", .string(name))]))
      #expect(rendered == SwiftName.escaped(name), "\(name)")
    }
  }

  @Test(arguments: [
    (
      "{{ 'a,b' | split: ',' | json: -1 }}",
      "t:1:25: error: filter 'json': json indentation must not be negative"
    ),
    (
      "{{ 'a,b' | split: ',' | json: 9223372036854775807 }}",
      "t:1:25: error: filter 'json': the JSON text would be larger than the output limit of 1048576 bytes"
    ),
    (
      "{{ 'x' | indent: 100000000000 }}",
      "t:1:10: error: filter 'indent': the indented text would be larger than the output limit of 1048576 bytes"
    ),
    (
      "{{ 'x' | indent: 9223372036854775807 }}",
      "t:1:10: error: filter 'indent': the indented text would be larger than the output limit of 1048576 bytes"
    ),
    ("{{ '' | indent: 9223372036854775807 }}", ""),
  ])
  func argumentsThatSizeABufferAreBounded(_ template: String, _ expected: String) {
    var limits = LiquidEnvironment.Limits()
    limits.maxOutputBytes = 1 << 20
    let environment = LiquidEnvironment(filters: .moduleGen, currentTime: 0, limits: limits)
    let outcome = Self.render(template, environment: environment)
    #expect(outcome == (expected.isEmpty ? "" : "ERROR " + expected))
  }

  // MARK: - The READMEs

  /// The code spans of a Markdown line, as written (`` `` `x` `` `` is `` `x` ``).
  static func codeSpans(_ line: Substring) -> [String] {
    var spans: [String] = []
    var rest = line[...]
    while let open = rest.firstIndex(of: "`") {
      let fence = rest[open...].prefix { $0 == "`" }
      let after = rest[fence.endIndex...]
      guard let close = after.range(of: String(fence)) else { break }
      var span = after[..<close.lowerBound]
      if span.count > 2 && span.first == " " && span.last == " " {
        span = span.dropFirst().dropLast()
      }
      spans.append(String(span))
      rest = after[close.upperBound...]
    }
    return spans
  }

  static func readme(_ path: String) throws -> String {
    try String(
      contentsOf: GeneratedPackage.root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The guide's table of code filters (docs/GUIDE.md) has a row for each, and every example
  /// whose result is literal renders that result.
  @Test func theGuideTableShowsEveryCodeFilter() throws {
    let text = try Self.readme("docs/GUIDE.md")
    let start = try #require(
      text.range(of: "Filters for code generation, beyond standard Liquid:\n\n"))
    let rows = text[start.upperBound...].split(separator: "\n").prefix { $0.hasPrefix("|") }
      .dropFirst(2)
    var named: [String] = []
    for row in rows {
      let cells = row.dropFirst().dropLast().split(
        separator: " | ", omittingEmptySubsequences: false
      )
      .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\\|", with: "|") }
      try #require(cells.count == 3, "\(row)")
      named += Self.codeSpans(cells[0][...])
      let example = Self.codeSpans(cells[1][...])
      let result = Self.codeSpans(cells[2][...])
      let literalResult = result.count == 1 && cells[2].hasPrefix("`") && cells[2].hasSuffix("`")
      if example.count == 1 && literalResult {
        #expect(Self.render(example[0]) == result[0], "\(row)")
      }
    }
    #expect(named.sorted() == Self.names.sorted())
  }

  /// Templates/README.md names every code filter, in the sentence that opens "Filters for code".
  @Test func theTemplatesReadmeNamesEveryCodeFilter() throws {
    let text = try Self.readme("Templates/README.md")
    let start = try #require(text.range(of: "## Filters for code\n\n"))
    let paragraph = String(text[start.upperBound...]).components(separatedBy: "\n\n")[0]
    let names = paragraph.split(separator: "\n").flatMap { Self.codeSpans($0) }.map {
      String($0.prefix { $0 != ":" })
    }
    #expect(names.sorted() == Self.names.sorted())
  }
}
