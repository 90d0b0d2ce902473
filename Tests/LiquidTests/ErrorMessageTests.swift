import Diagnostics
import Liquid
import Testing

/// Every error names the template, line and column, shows the line and puts a caret under the
/// column. These are the exact texts a template author sees.
@Suite struct ErrorMessageTests {
  static let cases:
    [(template: String, partials: [String: String], strict: Bool, expected: String)] = [
      (
        "{% iff x %}{% endif %}", [:], false,
        """
        t:1:4: error: unknown tag 'iff'; did you mean 'if'?
        {% iff x %}{% endif %}
           ^
        """
      ),
      (
        "{% tablerw x in xs %}{% endtablerow %}", [:], false,
        """
        t:1:4: error: unknown tag 'tablerw'; did you mean 'tablerow'?
        {% tablerw x in xs %}{% endtablerow %}
           ^
        """
      ),
      // The inline comment `#` is a tag, and no misspelling of one.
      (
        "{% x %}", [:], false,
        """
        t:1:4: error: unknown tag 'x'
        {% x %}
           ^
        """
      ),
      (
        "line one\n  {% for x in xs %}\n  {{ x }}\n", [:], false,
        """
        t:2:3: error: 'for' tag was never closed; expected '{% endfor %}'
          {% for x in xs %}
          ^
        """
      ),
      (
        "{{ name }}\n{{ name | upcse }}", [:], false,
        """
        t:2:11: error: unknown filter 'upcse'; did you mean 'upcase'?
        {{ name | upcse }}
                  ^
        """
      ),
      (
        "{{ a | append }}", [:], false,
        """
        t:1:8: error: filter 'append' takes 1 argument, got 0
        {{ a | append }}
               ^
        """
      ),
      (
        "{{ a | default: 1, allow_fals: true }}", [:], false,
        """
        t:1:8: error: filter 'default' has no keyword argument 'allow_fals' (it takes: allow_false)
        {{ a | default: 1, allow_fals: true }}
               ^
        """
      ),
      (
        "ok\n{{ a b }}", [:], false,
        """
        t:2:6: error: expected '|' or end of markup, found 'b'
        {{ a b }}
             ^
        """
      ),
      (
        "{{ a", [:], false,
        """
        t:1:1: error: output '{{' was never closed with '}}'
        {{ a
        ^
        """
      ),
      (
        "{% if a %}{% endfor %}{% endif %}", [:], false,
        """
        t:1:11: error: unexpected 'endfor' tag: the 'if' block opened at line 1 is still open; close it first with '{% endif %}'
        {% if a %}{% endfor %}{% endif %}
                  ^
        """
      ),
      (
        "{% if a == %}{% endif %}", [:], false,
        """
        t:1:12: error: expected a value, found end of markup
        {% if a == %}{% endif %}
                   ^
        """
      ),
      (
        "{{ 'unterminated }}", [:], false,
        """
        t:1:4: error: string literal is not terminated
        {{ 'unterminated }}
           ^
        """
      ),
      (
        "{% assign x = 1 + 2 %}", [:], false,
        """
        t:1:17: error: unexpected character '+'
        {% assign x = 1 + 2 %}
                        ^
        """
      ),
      (
        "Hi {{ usr.name }}", [:], true,
        """
        t:1:7: error: undefined variable 'usr' in 'usr.name'
        Hi {{ usr.name }}
              ^
        """
      ),
      (
        "{% include 'missing' %}", [:], false,
        """
        t:1:12: error: partial 'missing' not found
        {% include 'missing' %}
                   ^
        """
      ),
      (
        "a\n{% render 'card' %}", ["card": "<b>\n{{ x | nope }}</b>"], false,
        """
        card:2:8: error: unknown filter 'nope'
        {{ x | nope }}</b>
               ^
        note: included from t:2:11
        """
      ),
      (
        "{% include 'a' %}", ["a": "{% include 'b' %}", "b": "{% if %}{% endif %}"], false,
        """
        b:1:7: error: expected a value, found end of markup
        {% if %}{% endif %}
              ^
        note: included from a:1:12
        note: included from t:1:12
        """
      ),
      (
        "{{ 10 | divided_by: 0 }}", [:], false,
        """
        t:1:9: error: filter 'divided_by': divided by 0
        {{ 10 | divided_by: 0 }}
                ^
        """
      ),
      // A partial named without quotes, as other Liquids take it, is an undefined variable:
      // the message said "not ''".
      (
        "{% include header.html %}", ["header.html": "x"], false,
        """
        t:1:1: error: partial name must be a string, not nil: 'header.html' is an undefined variable; quote the partial's name ({% include 'header.html' %})
        {% include header.html %}
        ^
        """
      ),
      (
        "{% assign n = 2 %}{% include n %}", [:], false,
        """
        t:1:19: error: partial name must be a string, not '2'
        {% assign n = 2 %}{% include n %}
                          ^
        """
      ),
      (
        "{% if '2' > 1 %}{% endif %}", [:], false,
        """
        t:1:11: error: cannot compare string with integer
        {% if '2' > 1 %}{% endif %}
                  ^
        """
      ),
    ]

  @Test(arguments: 0..<cases.count) func message(_ index: Int) {
    let c = Self.cases[index]
    let output = render(c.template, partials: c.partials, strict: c.strict)
    #expect(output == "ERROR " + c.expected)
  }

  @Test func strictUndefinedPropertySuggestsAKey() {
    let data = object(["user": .object(object(["name": "Ann", "email": "a@b"]))])
    let output = render("{{ user.nmae }}", data, strict: true)
    #expect(
      output.hasPrefix(
        "ERROR t:1:4: error: undefined variable 'nmae' in 'user.nmae'; did you mean 'name'?"))
  }

  /// A missing key names the key as looked up, by name, by a bracketed string, by an index or
  /// by a long name (cut to 100 characters); a missing member of a non-object is nil.
  @Test func strictUndefinedKeysAreNamedAsLookedUp() {
    let long = String(repeating: "k", count: 120)
    let data = object([
      "user": .object(object(["name": "Ann"])), "key": "nmae", "list": [1, 2],
    ])
    let outcomes = [
      "{{ user['nmae'] }}", "{{ user[key] }}", "{{ user[3] }}", "{{ user.\(long) }}",
      "{{ list.nmae }}{{ user.name.first }}",
    ].map { firstLine(render($0, data, strict: true)) }
    #expect(
      outcomes == [
        "ERROR t:1:4: error: undefined variable 'nmae' in 'user['nmae']'; did you mean 'name'?",
        "ERROR t:1:4: error: undefined variable 'nmae' in 'user[key]'; did you mean 'name'?",
        "ERROR t:1:4: error: undefined variable '3' in 'user[3]'",
        "ERROR t:1:4: error: undefined variable '\(long.prefix(100))…' in 'user.\(long)'",
        "",
      ])
  }

  /// Two names as close to a misspelt one are suggested in the same order every time: the
  /// variables a render set are compared by name, not in a dictionary's order, which changes
  /// from one table to the next.
  @Test func aTieInDidYouMeanIsBrokenTheSameWayEveryTime() {
    let outcomes = Set(
      (0..<40).map { _ in
        firstLine(
          render(
            "{% render 'p' with 1 as x, y: 2, z: 3, v: 4, u: 5, t: 6 %}",
            partials: ["p": "{{ w }}"],
            strict: true))
      })
    #expect(outcomes == ["ERROR p:1:4: error: undefined variable 'w'; did you mean 't'?"])
  }

  @Test func columnsCountCharactersNotBytes() {
    let output = render("é ü {{ a | nope }}")
    #expect(output.hasPrefix("ERROR t:1:12: error: unknown filter 'nope'"))
  }

  @Test func caretKeepsTabs() {
    let output = render("\t\t{{ a | nope }}")
    #expect(output.hasSuffix("\t\t{{ a | nope }}\n\t\t       ^"))
  }

  /// A minified document is one long line: each error shows 160 characters around its column,
  /// not the whole line.
  @Test func longLinesAreShownAroundTheColumn() {
    let line = String(repeating: "abcdefghij", count: 100)
    let middle = Diagnostic(
      message: "m", location: SourceLocation(file: "f", line: 1, column: 501, lineText: line))
    let window = String(Array(line)[420..<580])
    #expect(
      middle.description
        == "f:1:501: error: m\n…\(window)…\n" + String(repeating: " ", count: 81) + "^")
    let start = Diagnostic(
      message: "m", location: SourceLocation(file: "f", line: 1, column: 3, lineText: line))
    #expect(start.description == "f:1:3: error: m\n\(line.prefix(160))…\n  ^")
    let end = Diagnostic(
      message: "m", location: SourceLocation(file: "f", line: 1, column: 1001, lineText: line))
    #expect(
      end.description == "f:1:1001: error: m\n…\(line.suffix(160))\n"
        + String(repeating: " ", count: 161) + "^")
    let short = Diagnostic(
      message: "m", location: SourceLocation(file: "f", line: 1, column: 2, lineText: "ab"))
    #expect(short.description == "f:1:2: error: m\nab\n ^")
  }

  @Test func nothingRendersWhenAnyPartOfTheTemplateIsBad() {
    // The error is at the end, but parsing sees it before the first byte is rendered.
    #expect(render("{% for i in (1..3) %}{{ i }}{% endfor %}{% bad %}").hasPrefix("ERROR t:1:44"))
  }
}
