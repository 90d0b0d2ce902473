import Testing

@testable import Liquid

@Suite struct LexerTests {
  func tokens(_ text: String) throws -> [String] {
    let source = SourceText(name: "t", text: text)
    let tokens = try source.withBytes { (bytes) throws(LiquidError) in
      try TemplateLexer(source: source, bytes: bytes).tokenize()
    }
    return tokens.map { token in
      let markup = source.string(token.markup)
      switch token.kind {
      case .text: return "text(\(markup))"
      case .output:
        return "out(\(markup))\(token.trimBefore ? "<" : "")\(token.trimAfter ? ">" : "")"
      case .tag:
        return
          "tag(\(source.string(token.nameStart..<token.argumentsStart)))\(token.trimBefore ? "<" : "")\(token.trimAfter ? ">" : "")"
      }
    }
  }

  @Test func splitsTextOutputsAndTags() throws {
    #expect(
      try tokens("a{{ b }}c{% if d %}e") == [
        "text(a)", "out( b )", "text(c)", "tag(if)", "text(e)",
      ])
  }

  @Test func whitespaceControlMarkers() throws {
    #expect(try tokens("{{- a -}}{%- if b -%}") == ["out( a )<>", "tag(if)<>"])
  }

  @Test func rawAndDocBodiesAreText() throws {
    #expect(
      try tokens("{% raw %}{{ x }}{% endraw %}") == ["tag(raw)", "text({{ x }})", "tag(endraw)"])
    #expect(try tokens("{% doc %}{{ x {% enddoc %}") == ["tag(doc)", "text({{ x )", "tag(enddoc)"])
  }

  @Test func inlineCommentName() throws {
    #expect(try tokens("{%# note %}") == ["tag(#)"])
  }

  @Test func expressionTokens() throws {
    let source = SourceText(
      name: "t", text: "a.b[0] | f: 'x', -1.5, k: (1..n) == != <> <= contains")
    let kinds = try lex(source, 0..<source.count).map(\.kind)
    #expect(
      kinds == [
        .identifier, .dot, .identifier, .leftBracket, .integer, .rightBracket, .pipe, .identifier,
        .colon, .string, .comma, .float, .comma, .identifier, .colon, .leftParen, .integer, .dotDot,
        .identifier, .rightParen, .comparison, .comparison, .comparison, .comparison, .identifier,
        .end,
      ])
  }

  @Test func identifiersKeepHyphensAndQuestionMarks() throws {
    let source = SourceText(name: "t", text: "foo-bar baz?")
    let texts = try lex(source, 0..<source.count).map {
      source.string($0.text)
    }
    #expect(texts == ["foo-bar", "baz?", ""])
  }

  @Test func tokensPointIntoTheSource() throws {
    // A string's text is its contents, its offset its opening quote; the end is empty.
    let source = SourceText(name: "t", text: "{{ 'ab' | f: \"ç\" }}")
    let tokens = try lex(source, 2..<(source.count - 2))
    #expect(tokens.map(\.offset) == [3, 8, 10, 11, 13, 18])
    #expect(tokens.map { source.string($0.text) } == ["ab", "|", "f", ":", "ç", ""])
  }

  /// The markups of one parse are lexed into one array, each after the ones before it, and an
  /// expression parser reads only its own markup's tokens, up to its end.
  @Test func markupsAreLexedOneAfterAnother() throws {
    let source = SourceText(name: "t", text: "{{ a | f }}{% if b == 'c' %}")
    try source.withBytes { (bytes) throws(LiquidError) in
      let scratch = ParseScratch()
      var first = try ExpressionParser(
        source: source, bytes: bytes, range: 2..<9, filters: .standard, scratch: scratch)
      var second = try ExpressionParser(
        source: source, bytes: bytes, range: 16..<26, filters: .standard, scratch: scratch)
      #expect(
        scratch.tokens.map(\.kind) == [
          .identifier, .pipe, .identifier, .end, .identifier, .comparison, .string, .end,
        ])
      #expect(first.text(first.advance()) == "a")
      #expect(second.text(second.advance()) == "b")
      #expect(first.peek(5).kind == .end && first.peek(5).offset == 9)
      _ = (first.advance(), first.advance(), first.advance(), first.advance())
      #expect(first.atEnd && first.current.offset == 9)
      #expect(second.peek(2).kind == .end && second.peek(2).offset == 26)
    }
  }

  /// Every tag name is found by its bytes, wherever they are, and a text that is not one is
  /// none: a prefix, a longer word, a name with one byte changed, the empty name.
  @Test func tagNamesAreFoundByTheirBytes() {
    for name in TagName.allCases {
      let bytes = Array(("x " + name.rawValue + " y").utf8)
      #expect(
        bytes.withUnsafeBufferPointer { TagName.named($0, 2..<(2 + name.rawValue.utf8.count)) }
          == name)
      var changed = Array(name.rawValue.utf8)
      changed[changed.count - 1] ^= 0x20
      #expect(
        changed.withUnsafeBufferPointer { TagName.named($0, 0..<changed.count) } == nil, "\(name)")
    }
    for text in ["", "iff", "en", "endifchange", "endifchangedx", "elsifs", "tablerows2x"] {
      let bytes = Array(text.utf8)
      #expect(
        bytes.withUnsafeBufferPointer { TagName.named($0, 0..<bytes.count) } == nil, "\(text)")
    }
  }

  private func lex(_ source: SourceText, _ range: Range<Int>) throws -> [ExpressionToken] {
    var tokens: [ExpressionToken] = []
    try source.withBytes { (bytes) throws(LiquidError) in
      try ExpressionLexer.tokenize(source, bytes, range, into: &tokens)
    }
    return tokens
  }
}

@Suite struct ParserTests {
  /// An output without filters (most of a template's) and a short text fit in a node's
  /// existential unboxed; outputs with filters, empty ones and `echo` render as ever.
  @Test func outputsWithoutFiltersAndShortTextsAreHeldUnboxed() {
    #expect(MemoryLayout<OutputNode>.size <= 3 * MemoryLayout<Int>.size)
    #expect(MemoryLayout<ShortTextNode>.size <= 3 * MemoryLayout<Int>.size)
    #expect(
      render("{{ a }}|{{ a | upcase }}|{{ }}|{% echo a | append: '!' %}", object(["a": "x"]))
        == "x|X||x!")
  }

  @Test func conditionsGroupFromTheRight() {
    // true and (false and (false or true)) → false, as in Ruby Liquid.
    #expect(render("{% if true and false and false or true %}yes{% else %}no{% endif %}") == "no")
  }

  @Test func blankBlocksDropTheirWhitespace() {
    #expect(render("a{% if true %}\n  {% assign x = 1 %}\n{% endif %}b") == "ab")
    #expect(render("a{% if true %}\n  {{ 'x' }}\n{% endif %}b") == "a\n  x\nb")
  }

  @Test func liquidTagLines() {
    #expect(
      render("{% liquid\n assign x = 2\n # comment\n if x > 1\n echo 'big'\n endif %}") == "big")
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let template =
      String(repeating: "{% if true %}", count: 5000)
      + String(repeating: "{% endif %}", count: 5000)
    #expect(render(template).contains("nested more than 100 deep"))
  }

  @Test func deeplyNestedExpressionIsAnError() {
    let template =
      "{{ " + String(repeating: "[", count: 10000) + "a" + String(repeating: "]", count: 10000)
      + " }}"
    #expect(render(template).contains("nested too deeply"))
  }

  @Test func everyTemplateIsParsedOnceAndRenderedMany() throws {
    let template = try Template(parsing: "{{ n | plus: 1 }}")
    #expect(try template.render(object(["n": 1])) == "2")
    #expect(try template.render(object(["n": 41])) == "42")
  }
}

@Suite struct LimitTests {
  @Test func hugeRangeLoopFailsInsteadOfHanging() {
    #expect(render("{% for i in (1..1000000000) %}{% endfor %}").contains("larger than the limit"))
  }

  @Test func nestedLoopsShareOneIterationBudget() {
    var limits = LiquidEnvironment.Limits()
    limits.maxLoopIterations = 1000
    let output = render(
      "{% for a in (1..100) %}{% for b in (1..100) %}{% endfor %}{% endfor %}", limits: limits)
    #expect(output.contains("loops ran more than 1000 iterations"))
  }

  @Test func doublingStringsHitTheOutputLimit() {
    var limits = LiquidEnvironment.Limits()
    limits.maxOutputBytes = 1 << 20
    let output = render(
      "{% assign s = 'xx' %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}",
      limits: limits)
    #expect(output.contains("larger than the output limit"))
  }

  /// The chain and the notes of where each partial was included show both ends of the cycle
  /// and how many more there were: a note for each of the 100 made a hundred lines.
  @Test func includeCycleIsReportedWithItsChain() {
    let output = render(
      "{% include 'a' %}", partials: ["a": "{% include 'b' %}", "b": "{% include 'a' %}"])
    #expect(
      output == """
        ERROR b:1:1: error: partials nested more than 100 deep (a cycle?): a → b → a → … 95 more … → a → b → a
        {% include 'a' %}
        ^
        note: included from a:1:1
        note: included from b:1:1
        note: included from a:1:1
        note: … included from 94 more places …
        note: included from b:1:1
        note: included from a:1:1
        note: included from t:1:1
        """)
  }

  @Test func recursionWithAnEndIsAllowed() {
    let partials = [
      "count": "{{ n }}{% if n > 0 %}{% assign n = n | minus: 1 %}{% include 'count' %}{% endif %}"
    ]
    #expect(render("{% assign n = 3 %}{% include 'count' %}", partials: partials) == "3210")
  }
}

/// `liquid` tags inside `liquid` tags nest parsers: a thousand of them overflowed the stack.
/// A raw body full of `{%` was scanned again from every `{%`.
@Suite struct NestingAndScanningTests {
  @Test func nestedLiquidTagsCountAsBlocks() {
    let deep = "{% liquid " + String(repeating: "liquid ", count: 50_000) + "%}"
    #expect(
      firstLine(render(deep)) == "ERROR t:1:704: error: blocks are nested more than 100 deep")
    let shallow = "{% liquid " + String(repeating: "liquid ", count: 50) + "echo 'ok' %}"
    #expect(render(shallow) == "ok")
  }

  @Test func rawBodiesFullOfTagOpenings() {
    let body = String(repeating: "{% ", count: 5_000)
    #expect(render("{% raw %}" + body + "{% endraw %}") == body)
    #expect(render("{% raw %}" + body + " %}x{% endraw %}") == body + " %}x")
    #expect(
      firstLine(render("{% raw %}" + body + " %}"))
        == "ERROR t:1:1: error: " + LiquidError.unclosedTagMessage("raw"))
  }
}

/// Inputs found by reading the code for overflows and by fuzzing: each renders or fails
/// cleanly instead of trapping or hanging.
@Suite struct ExtremeInputTests {
  static let templates = [
    "{% for i in (1..5) offset: 5 limit: 9223372036854775807 %}{{ i }}{% endfor %}",
    "{% tablerow i in (1..3) limit: 9223372036854775807 offset: 2 %}{% endtablerow %}",
    "{% for i in (-9223372036854775807..9223372036854775807) %}{% endfor %}",
    "{{ (-9223372036854775807..9223372036854775807) | size }}",
    "{{ (1..100000000) | join }}",
    "{{ 'abc' | truncate: -9223372036854775807 }}",
    "{{ 'x' | slice: -9223372036854775807, 9223372036854775807 }}",
    "{{ -9223372036854775807 | date: '%Y' }}",
    "{{ 1 | date: '%9223372036854775807Y' }}",
    "{{ 9223372036854775807 | plus: 1 }}{{ -9223372036854775807 | minus: 9 }}",
    "{{ -9223372036854775807 | divided_by: -1 }}{{ 3 | modulo: -1 }}",
    "{{ 5 | round: 9223372036854775807 }}{{ 5.5 | round: -9223372036854775807 }}",
    "{{ 99999999999999999999 }}{{ 1.0e308 | times: 10 }}",
    "{{ (1..3)[-9223372036854775807] }}",
  ]

  @Test(arguments: templates) func rendersOrFailsCleanly(_ template: String) {
    let output = render(template)
    #expect(output.count < 10_000)
  }
}
