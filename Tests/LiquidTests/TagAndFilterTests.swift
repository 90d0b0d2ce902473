import Liquid
import Testing

/// One row per tag behaviour and per filter: template → output.
@Suite struct TagTests {
  static let cases: [(String, String)] = [
    ("{% assign x = 'a' | upcase %}{{ x }}", "A"),
    // `assign` writes to the template's own scope, under a loop's variable of the same name.
    ("{% assign x = 1 %}{% for x in (5..6) %}{% assign x = 9 %}{{ x }}{% endfor %}{{ x }}", "569"),
    (
      "{% for x in (1..1) %}{% for x in (2..2) %}{% assign x = 7 %}{{ x }}{% endfor %}{{ x }}{% endfor %}{{ x }}",
      "217"
    ),
    ("{% for i in (1..2) %}{% assign last = i %}{% endfor %}{{ last }}[{{ i }}]", "2[]"),
    ("{% capture x %}{{ 1 | plus: 1 }}!{% endcapture %}{{ x }}", "2!"),
    ("{% increment c %}{% increment c %}{% decrement d %}{{ c }}", "01-12"),
    ("{% if 1 > 2 %}a{% elsif 2 > 1 %}b{% else %}c{% endif %}", "b"),
    ("{% unless false %}yes{% endunless %}", "yes"),
    ("{% case 2 %}{% when 1 %}one{% when 2, 3 %}two{% else %}other{% endcase %}", "two"),
    ("{% case 'z' %}{% when 'a' or 'b' %}ab{% else %}none{% endcase %}", "none"),
    ("{% for i in (1..5) limit: 2 offset: 1 %}{{ i }}{% endfor %}", "23"),
    ("{% for i in (1..3) reversed %}{{ i }}{% endfor %}", "321"),
    (
      "{% for i in (1..4) %}{% if i == 2 %}{% continue %}{% endif %}{% if i == 4 %}{% break %}{% endif %}{{ i }}{% endfor %}",
      "13"
    ),
    ("{% for i in empty_list %}x{% else %}none{% endfor %}", "none"),
    (
      "{% for i in (1..3) %}{{ forloop.index }}/{{ forloop.rindex0 }}{% unless forloop.last %},{% endunless %}{% endfor %}",
      "1/2,2/1,3/0"
    ),
    (
      "{% for a in (1..2) %}{% for b in (1..2) %}{{ forloop.parentloop.index }}{{ b }} {% endfor %}{% endfor %}",
      "11 12 21 22 "
    ),
    (
      "{% for i in (1..6) limit: 2 %}{{ i }}{% endfor %}{% for i in (1..6) offset: continue %}{{ i }}{% endfor %}",
      "123456"
    ),
    ("{% cycle 'a', 'b' %}{% cycle 'a', 'b' %}{% cycle 'a', 'b' %}", "aba"),
    ("{% comment %}{% if %}{% endcomment %}shown", "shown"),
    ("{% # a note %}x", "x"),
    ("{% raw %}{{ not rendered }}{% endraw %}", "{{ not rendered }}"),
    ("{% echo 'e' | upcase %}", "E"),
    (
      "{% tablerow i in (1..3) cols: 2 %}{{ i }}{% endtablerow %}",
      "<tr class=\"row1\">\n<td class=\"col1\">1</td><td class=\"col2\">2</td></tr>\n<tr class=\"row2\"><td class=\"col1\">3</td></tr>\n"
    ),
    (
      "{% for i in (1..3) %}{% ifchanged %}{{ i | divided_by: 2 }}{% endifchanged %}{% endfor %}",
      "01"
    ),
    ("a  {%- if true -%}  b  {%- endif -%}  c", "abc"),
    ("{{- ' x ' -}}", " x "),
    ("{% doc %}Describes the template{% enddoc %}ok", "ok"),
  ]

  @Test(arguments: cases) func tag(_ template: String, _ expected: String) {
    #expect(render(template) == expected)
  }

  /// A global read again after a scope, an `assign` or a loop variable of the same name hid
  /// it.
  static let globalCases: [(String, String)] = [
    ("{{ g }}{% assign g = 'a' %}{{ g }}", "ga"),
    ("{{ g }}{% for g in (1..2) %}{{ g }}{% endfor %}{{ g }}", "g12g"),
    (
      "{% for i in (1..2) %}{{ g }}{% endfor %}{% for g in (3..3) %}{{ g }}{% endfor %}{{ g }}",
      "gg3g"
    ),
    ("{{ g }}{% for i in (1..1) %}{% assign g = 'a' %}{% endfor %}{{ g }}", "ga"),
    ("{{ g }}{% include 'p' g: 'local' %}{{ g }}", "g[local]g"),
    ("{{ g }}{% render 'p', g: 'local' %}{{ g }}", "g[local]g"),
  ]

  @Test(arguments: globalCases) func globalsBehindOtherVariables(
    _ template: String, _ expected: String
  ) {
    #expect(render(template, object(["g": .string("g")]), partials: ["p": "[{{ g }}]"]) == expected)
  }

  /// `split` finds its separator byte by byte, left to right, each match after the one before
  /// (Ruby's `String#split`): empty fields are kept before a non-empty one, trailing ones
  /// dropped; a separator longer than the text, or not in it, leaves the text whole. The
  /// parts joined with `|`, then their count.
  @Test(arguments: [
    ("aaa", "aa", "|a/2"),
    (",a,,b,,", ",", "|a||b/4"),
    ("a→→b→", "→", "a||b/3"),
    ("abc", "abcd", "abc/1"),
    ("abc", ";", "abc/1"),
    ("", ",", "/0"),
    (",,", ",", "/0"),
    ("x::y::z", "::", "x|y|z/3"),
    ("caf\u{E9},e\u{301}", ",", "caf\u{E9}|e\u{301}/2"),
  ])
  func splitFindsItsSeparatorByteByByte(_ text: String, _ separator: String, _ parts: String) {
    let data = object(["text": .string(text), "separator": .string(separator)])
    #expect(
      render(
        "{{ text | split: separator | join: '|' }}/{{ text | split: separator | size }}", data)
        == parts)
  }

  /// Empty fields before a non-empty one count toward the array limit.
  @Test func emptyFieldsCountTowardTheLimitOfSplit() {
    var limits = LiquidEnvironment.Limits()
    limits.maxArrayItems = 2
    #expect(render("{{ ',,c' | split: ',' | size }}", limits: limits).hasPrefix("ERROR"))
    #expect(render("{{ ',c' | split: ',' | size }}", limits: limits) == "2")
  }

  @Test func includeSharesScopeAndRenderIsolates() {
    let partials = ["set": "{% assign x = 'inner' %}", "show": "[{{ x }}{{ y }}]"]
    #expect(render("{% include 'set' %}{{ x }}", partials: partials) == "inner")
    #expect(render("{% assign x = 1 %}{% render 'show', y: 2 %}", partials: partials) == "[2]")
    #expect(render("{% render 'show' with 'v' as x %}", partials: partials) == "[v]")
    #expect(render("{% render 'show' for (1..3) as x %}", partials: partials) == "[1][2][3]")
  }

  /// A value given with `with` is bound to the last non-empty part of the partial's name, as
  /// Ruby's `name.split('/').last`.
  @Test(arguments: ["shared/row", "a/b/row/", "row", "row//", "/row", "x//row"])
  func partialValueIsNamedAfterTheLastPartOfItsName(_ name: String) {
    let partials = [name: "[{{ row }}]"]
    #expect(render("{% include '\(name)' with 'v' %}", partials: partials) == "[v]")
    #expect(render("{% render '\(name)' with 'v' %}", partials: partials) == "[v]")
  }

  /// A partial named by a variable binds its value as one named by a literal does; an include
  /// without `with` passes the variable named after the partial.
  @Test func partialsNamedByVariablesBindAsLiteralsDo() {
    let partials = ["shared/row": "[{{ row }}]", "row": "({{ row }})"]
    let data = object(["p": "shared/row", "row": "g"])
    #expect(render("{% include p with 'v' %}{% include p %}", data, partials: partials) == "[v][]")
    #expect(
      render("{% include 'row' %}{% include 'row' with 'v' as x %}", data, partials: partials)
        == "(g)(g)")
    #expect(render("{% include p for (1..2) as row %}", data, partials: partials) == "[1][2]")
  }

  /// Names are looked up as Swift compares strings: a key written precomposed is found by its
  /// decomposed spelling, in an object, a variable and a loop's scope.
  @Test func canonicallyEqualNamesAreOneName() {
    let precomposed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    var data = LiquidObject()
    data[precomposed] = "global"
    data["o"] = .object(LiquidObject([(precomposed, "member")]))
    #expect(data[decomposed] == "global")
    #expect(render("{{ o['\(decomposed)'] }} {{ ['\(decomposed)'] }}", data) == "member global")
    #expect(
      render("{% capture '\(precomposed)' %}local{% endcapture %}{{ ['\(decomposed)'] }}", data)
        == "local")
  }

  @Test func renderedPartialCannotInclude() {
    let output = render("{% render 'a' %}", partials: ["a": "{% include 'b' %}", "b": "x"])
    #expect(output.contains("'include' cannot be used inside a partial loaded with 'render'"))
  }
}

@Suite struct FilterTests {
  static let cases: [(String, String)] = [
    // Strings
    ("{{ 'a' | append: 'b' | prepend: '>' }}", ">ab"),
    ("{{ 'hELLO wORLD' | capitalize }}", "Hello world"),
    ("{{ 'Ab' | downcase }}{{ 'Ab' | upcase }}", "abAB"),
    ("[{{ '  x  ' | lstrip }}][{{ '  x  ' | rstrip }}][{{ '  x  ' | strip }}]", "[x  ][  x][x]"),
    ("{{ 'a\nb' | newline_to_br }}", "a<br />\nb"),
    ("{{ 'a\r\nb\nc' | strip_newlines }}", "abc"),
    ("{{ '<p class=\"x\">Hi</p><!-- c -->' | strip_html }}", "Hi"),
    ("{{ '<a & \"b\">' | escape }}", "&lt;a &amp; &quot;b&quot;&gt;"),
    ("{{ '&amp; <' | escape_once }}", "&amp; &lt;"),
    ("{{ 'a b&c' | url_encode }}|{{ 'a+b%26c' | url_decode }}", "a+b%26c|a b&c"),
    (
      "{{ 'hi?' | base64_encode }}|{{ 'aGk/' | base64_decode }}|{{ 'hi?' | base64_url_safe_encode }}",
      "aGk/|hi?|aGk_"
    ),
    (
      "{{ 'aXbXc' | remove: 'X' }}{{ 'aXbXc' | remove_first: 'X' }}{{ 'aXbXc' | remove_last: 'X' }}",
      "abcabXcaXbc"
    ),
    (
      "{{ 'aXbX' | replace: 'X', '-' }}{{ 'aXbX' | replace_first: 'X', '-' }}{{ 'aXbX' | replace_last: 'X', '-' }}",
      "a-b-a-bXaXb-"
    ),
    // Matched code point by code point, as Ruby does: also inside a multi-byte text.
    (
      "{{ 'héllo héllo' | replace_last: 'é', 'e' }}|{{ 'a→b→c' | split: '→' | join: ',' }}",
      "héllo hello|a,b,c"
    ),
    (
      "{{ 'e\u{301}x' | replace: 'e', 'a' }}{{ 'e\u{301}x' | replace_first: 'x', 'y' }}",
      "a\u{301}xe\u{301}y"
    ),
    ("{{ 'a,b,,c,,' | split: ',' | join: '|' }}", "a|b||c"),
    ("{{ 'Liquid' | slice: 2, 3 }}{{ 'Liquid' | slice: -1 }}", "quid"),
    (
      "{{ 'Ground control' | truncate: 10 }}|{{ 'one two three' | truncatewords: 2, '…' }}",
      "Ground ...|one two…"
    ),
    ("{{ 'héllo' | size }}", "5"),
    // Arrays
    ("{{ list | join: ', ' }}", "b, a, c"),
    ("{{ list | first }}{{ list | last }}{{ list | size }}", "bc3"),
    ("{{ list | sort | join }}|{{ list | reverse | join }}", "a b c|c a b"),
    // One item or none: nothing to compare, but a key is still read.
    (
      "{{ 'b' | split: ',' | sort | join }}{{ 'b' | split: ',' | uniq: 'x' | join }}{{ nothing | sort | size }}{{ people | slice: 0 | sort: 'age' | map: 'name' | join }}",
      "bb0Ann"
    ),
    (
      "{{ 'b' | split: ',' | sort: 'x' }}",
      """
      ERROR t:1:23: error: filter 'sort': cannot sort by property "x" of 'b'
      {{ 'b' | split: ',' | sort: 'x' }}
                            ^
      """
    ),
    ("{{ 'b,A,a' | split: ',' | sort_natural | join }}", "A a b"),
    ("{{ 'a,b,a' | split: ',' | uniq | join }}", "a b"),
    ("{{ list | concat: list | size }}", "6"),
    ("{{ people | map: 'name' | join }}", "Ann Bob"),
    ("{{ people | where: 'admin' | map: 'name' | join }}", "Ann"),
    ("{{ people | where: 'name', 'Bob' | map: 'age' | join }}", "30"),
    ("{{ people | reject: 'admin' | map: 'name' | join }}", "Bob"),
    ("{{ people | find: 'name', 'Bob' | map: 'age' }}", "30"),
    ("{{ people | find_index: 'name', 'Bob' }}", "1"),
    ("{{ people | has: 'admin' }}", "true"),
    ("{{ people | sum: 'age' }}", "55"),
    ("{{ people | sort: 'age' | map: 'name' | join }}", "Ann Bob"),
    ("{{ maybe | compact | size }}", "2"),
    // Math
    ("{{ 10 | plus: 2.5 }} {{ 10.1 | plus: 2.2 }} {{ 5 | minus: 7 }}", "12.5 12.3 -2"),
    (
      "{{ 3 | times: 1.1 }} {{ 7 | divided_by: 2 }} {{ -7 | divided_by: 2 }} {{ 7 | divided_by: 2.0 }}",
      "3.3 3 -4 3.5"
    ),
    ("{{ -7 | modulo: 3 }} {{ 5.5 | modulo: 2 }}", "2 1.5"),
    (
      "{{ -3 | abs }} {{ 1.2 | ceil }} {{ 1.8 | floor }} {{ 2.567 | round: 2 }} {{ 2.5 | round }}",
      "3 2 1 2.57 3"
    ),
    ("{{ 1 | at_least: 5 }} {{ 9 | at_most: 5 }}", "5 5"),
    // Other
    ("{{ nothing | default: 'x' }}{{ false | default: 'y', allow_false: true }}", "xfalse"),
    ("{{ '2016-03-14' | date: '%Y/%m/%d %a %b %-d %j' }}", "2016/03/14 Mon Mar 14 074"),
    ("{{ 0 | date: '%Y-%m-%dT%H:%M:%S %s' }}", "1970-01-01T00:00:00 0"),
    ("{{ 'now' | date: '%Y' }}", "1970"),
    ("{{ 'March 14, 2016 3:05 pm' | date: '%H:%M %I%p' }}", "15:05 03PM"),
  ]

  static let data = object([
    "list": ["b", "a", "c"],
    "maybe": ["x", .nil, "y"],
    "people": [
      .object(object(["name": "Ann", "age": 25, "admin": true])),
      .object(object(["name": "Bob", "age": 30, "admin": false])),
    ],
  ])

  @Test(arguments: cases) func filter(_ template: String, _ expected: String) {
    #expect(render(template, Self.data) == expected)
  }

  @Test func customFilters() throws {
    var filters = FilterSet.standard
    filters["shout"] = Filter(arguments: 0...1) { input, args in
      .string(
        input.renderedText.uppercased()
          + String(
            repeating: "!",
            count: args[0].flatMap { if case .int(let n) = $0 { n } else { nil } } ?? 1))
    }
    let template = try Template(
      parsing: "{{ 'hi' | shout: 3 }}", environment: LiquidEnvironment(filters: filters))
    #expect(try template.render() == "HI!!!")
  }
}
