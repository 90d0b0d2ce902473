import Testing

/// What the parser's lexers make of the edges of their input: delimiters at the very end,
/// whitespace control, raw and doc bodies, names that are not ASCII, keywords, operators and
/// every way a tag or an expression can be malformed; the output or the exact error, with
/// strict variables (a keyword read as a variable would be an undefined variable).
@Suite struct ParserEdgeCaseTests {
  static let cases: [(template: String, expected: String)] = [
    ("a{{", "ERROR t:1:2: error: output '{{' was never closed with '}}'\na{{\n ^"),
    ("a{%", "ERROR t:1:2: error: tag '{%' was never closed with '%}'\na{%\n ^"),
    ("a{", "a{"),
    ("{", "{"),
    ("{{", "ERROR t:1:1: error: output '{{' was never closed with '}}'\n{{\n^"),
    ("{%", "ERROR t:1:1: error: tag '{%' was never closed with '%}'\n{%\n^"),
    ("}}", "}}"),
    ("%}", "%}"),
    ("a{{ b", "ERROR t:1:2: error: output '{{' was never closed with '}}'\na{{ b\n ^"),
    ("a{% if", "ERROR t:1:2: error: tag '{%' was never closed with '%}'\na{% if\n ^"),
    ("{{}}", ""),
    ("{%%}", "ERROR t:1:1: error: missing tag name\n{%%}\n^"),
    ("{% %}", "ERROR t:1:1: error: missing tag name\n{% %}\n^"),
    ("{%-%}", "ERROR t:1:1: error: missing tag name\n{%-%}\n^"),
    ("{{-}}", ""),
    ("{{--}}", ""),
    ("{%--%}", "ERROR t:1:1: error: missing tag name\n{%--%}\n^"),
    ("a  {%- if true -%}  b  {%- endif -%}  c", "abc"),
    ("x {{- 'y' -}} z", "xyz"),
    ("x {{- 'y' }} z", "xy z"),
    ("x {{ 'y' -}} z", "x yz"),
    ("{% raw %}{% if %}{{{% endraw %}", "{% if %}{{"),
    (
      "{% raw %}{% endraw",
      "ERROR t:1:1: error: 'raw' tag was never closed; expected '{% endraw %}'\n{% raw %}{% endraw\n^"
    ),
    (
      "{% raw %}x",
      "ERROR t:1:1: error: 'raw' tag was never closed; expected '{% endraw %}'\n{% raw %}x\n^"
    ),
    (
      "{% doc %}x",
      "ERROR t:1:1: error: 'doc' tag was never closed; expected '{% enddoc %}'\n{% doc %}x\n^"
    ),
    ("{%- raw -%} a {%- endraw -%}", "a"),
    (
      "{% raw %}{% raw %}{% endraw %}{% endraw %}",
      "ERROR t:1:31: error: unexpected 'endraw' tag: it does not close or continue any open block\n{% raw %}{% raw %}{% endraw %}{% endraw %}\n                              ^"
    ),
    ("{% doc %}{{ x {% enddoc %}y", "y"),
    (
      "{% doc x %}{% enddoc %}",
      "ERROR t:1:7: error: 'doc' takes no arguments\n{% doc x %}{% enddoc %}\n      ^"
    ),
    ("{%raw%}{%endraw%}", ""),
    ("{% raw %}{%{%{% endraw %}", "{%{%"),
    ("{% ïf %}", "ERROR t:1:4: error: unknown tag 'ïf'; did you mean 'if'?\n{% ïf %}\n   ^"),
    (
      "{% ïf true %}x{% endif %}",
      "ERROR t:1:4: error: unknown tag 'ïf'; did you mean 'if'?\n{% ïf true %}x{% endif %}\n   ^"
    ),
    ("é{{ 'ü' }}ß", "éüß"),
    (
      "{% endfoo %}",
      "ERROR t:1:1: error: unexpected 'endfoo' tag: it does not close or continue any open block\n{% endfoo %}\n^"
    ),
    (
      "{% else %}",
      "ERROR t:1:1: error: unexpected 'else' tag: it does not close or continue any open block\n{% else %}\n^"
    ),
    (
      "{% elsif %}",
      "ERROR t:1:1: error: unexpected 'elsif' tag: it does not close or continue any open block\n{% elsif %}\n^"
    ),
    (
      "{% when %}",
      "ERROR t:1:1: error: unexpected 'when' tag: it does not close or continue any open block\n{% when %}\n^"
    ),
    (
      "{% endif %}",
      "ERROR t:1:1: error: unexpected 'endif' tag: it does not close or continue any open block\n{% endif %}\n^"
    ),
    (
      "{% endraw %}",
      "ERROR t:1:1: error: unexpected 'endraw' tag: it does not close or continue any open block\n{% endraw %}\n^"
    ),
    ("{% iff %}", "ERROR t:1:4: error: unknown tag 'iff'; did you mean 'if'?\n{% iff %}\n   ^"),
    (
      "{% tablerw %}",
      "ERROR t:1:4: error: unknown tag 'tablerw'; did you mean 'tablerow'?\n{% tablerw %}\n   ^"
    ),
    ("{% x %}", "ERROR t:1:4: error: unknown tag 'x'\n{% x %}\n   ^"),
    (
      "{% end %}",
      "ERROR t:1:1: error: unexpected 'end' tag: it does not close or continue any open block\n{% end %}\n^"
    ),
    // An end tag that closes another block than the open one names the open one.
    (
      "{% for x in (1..2) %}{% endif %}",
      "ERROR t:1:22: error: unexpected 'endif' tag: the 'for' block opened at line 1 is still open; close it first with '{% endfor %}'\n{% for x in (1..2) %}{% endif %}\n                     ^"
    ),
    (
      "{% if true %}\n{% unless false %}\n{% endif %}",
      "ERROR t:3:1: error: unexpected 'endif' tag: the 'unless' block opened at line 2 is still open; close it first with '{% endunless %}'\n{% endif %}\n^"
    ),
    (
      "{% case 1 %}{% when 1 %}{% elsif %}",
      "ERROR t:1:25: error: unexpected 'elsif' tag: the 'case' block opened at line 1 is still open; close it first with '{% endcase %}'\n{% case 1 %}{% when 1 %}{% elsif %}\n                        ^"
    ),
    (
      "{% liquid\n if true\n for x in (1..2)\n endif %}",
      "ERROR t:4:2: error: unexpected 'endif' tag: the 'for' block opened at line 3 is still open; close it first with '{% endfor %}'\n endif %}\n ^"
    ),
    ("{% # hi %}", ""),
    ("{%# hi\n # there %}", ""),
    (
      "{% # hi\n there %}",
      "ERROR t:2:2: error: every line of an inline comment must start with '#'\n there %}\n ^"
    ),
    ("{%#%}", ""),
    (
      "{% liquid\n  ïf x\n %}",
      "ERROR t:2:3: error: unknown tag 'ïf'; did you mean 'if'?\n  ïf x\n  ^"
    ),
    (
      "{% liquid\n  = x\n%}",
      "ERROR t:2:3: error: expected a tag name in the 'liquid' tag\n  = x\n  ^"
    ),
    ("{% liquid\n assign x = 2\n # c\n if x > 1\n echo 'big'\n endif %}", "big"),
    (
      "{% liquid\n if true\n echo 1 %}",
      "ERROR t:2:2: error: 'if' tag was never closed; expected '{% endif %}'\n if true\n ^"
    ),
    (
      "{% liquid\n endif %}",
      "ERROR t:2:2: error: unexpected 'endif' tag: it does not close or continue any open block\n endif %}\n ^"
    ),
    (
      "{% liquid\n else %}",
      "ERROR t:2:2: error: unexpected 'else' tag: it does not close or continue any open block\n else %}\n ^"
    ),
    (
      "{% if 1 == 1 %}a{% endif %}{% if 1 != 2 %}b{% endif %}{% if 1 <> 2 %}c{% endif %}{% if 1 < 2 %}d{% endif %}{% if 2 > 1 %}e{% endif %}{% if 1 <= 1 %}f{% endif %}{% if 1 >= 1 %}g{% endif %}{% if 'ab' contains 'a' %}h{% endif %}",
      "abcdefgh"
    ),
    (
      "{% if 1 =< 2 %}x{% endif %}",
      "ERROR t:1:9: error: expected an operator, 'and', 'or' or end of markup, found '='\n{% if 1 =< 2 %}x{% endif %}\n        ^"
    ),
    (
      "{% if 1 ! 2 %}x{% endif %}",
      "ERROR t:1:9: error: unexpected character '!'\n{% if 1 ! 2 %}x{% endif %}\n        ^"
    ),
    (
      "{% if 1 => 2 %}x{% endif %}",
      "ERROR t:1:9: error: expected an operator, 'and', 'or' or end of markup, found '='\n{% if 1 => 2 %}x{% endif %}\n        ^"
    ),
    (
      "{% if 1 >> 2 %}x{% endif %}",
      "ERROR t:1:10: error: expected a value, found '>'\n{% if 1 >> 2 %}x{% endif %}\n         ^"
    ),
    (
      "{% if 1 foo 2 %}x{% endif %}",
      "ERROR t:1:9: error: unknown operator 'foo'\n{% if 1 foo 2 %}x{% endif %}\n        ^"
    ),
    (
      "{% if 1 and %}x{% endif %}",
      "ERROR t:1:13: error: expected a value, found end of markup\n{% if 1 and %}x{% endif %}\n            ^"
    ),
    (
      "{{ nil }}|{{ null }}|{{ true }}|{{ false }}|{{ empty }}|{{ blank }}|{{ truex }}|{{ nul }}|{{ 'a' == empty }}",
      "ERROR t:1:98: error: expected '|' or end of markup, found '=='\n{{ nil }}|{{ null }}|{{ true }}|{{ false }}|{{ empty }}|{{ blank }}|{{ truex }}|{{ nul }}|{{ 'a' == empty }}\n                                                                                                 ^"
    ),
    (
      "{% if '' == empty %}e{% endif %}{% if '  ' == blank %}b{% endif %}{% if x == nil %}n{% endif %}",
      "ERROR t:1:73: error: undefined variable 'x'\n{% if '' == empty %}e{% endif %}{% if '  ' == blank %}b{% endif %}{% if x == nil %}n{% endif %}\n                                                                        ^"
    ),
    (
      "{% assign a? = 1 %}",
      "ERROR t:1:11: error: expected a variable name, found 'a?'\n{% assign a? = 1 %}\n          ^"
    ),
    ("{% assign 1 = 2 %}{{ 1 }}", "1"),
    ("{% for a? in (1..2) %}{{ a? }}{% endfor %}", "12"),
    (
      "{% assign = 1 %}",
      "ERROR t:1:11: error: expected a variable name, found '='\n{% assign = 1 %}\n          ^"
    ),
    ("{% capture 'x' %}y{% endcapture %}{{ x }}", "y"),
    (
      "{% capture %}y{% endcapture %}",
      "ERROR t:1:12: error: expected a variable name, found end of markup\n{% capture %}y{% endcapture %}\n           ^"
    ),
    (
      "{{ 'a' | upcase | append: 'b', 'c' }}",
      "ERROR t:1:19: error: filter 'append' takes 1 argument, got 2\n{{ 'a' | upcase | append: 'b', 'c' }}\n                  ^"
    ),
    (
      "{{ 'a' | nosuch }}",
      "ERROR t:1:10: error: unknown filter 'nosuch'\n{{ 'a' | nosuch }}\n         ^"
    ),
    (
      "{{ 'a' | upcse }}",
      "ERROR t:1:10: error: unknown filter 'upcse'; did you mean 'upcase'?\n{{ 'a' | upcse }}\n         ^"
    ),
    (
      "{{ 'a' | }}",
      "ERROR t:1:10: error: expected a filter name after '|', found end of markup\n{{ 'a' | }}\n         ^"
    ),
    (
      "{{ 'a' | append }}",
      "ERROR t:1:10: error: filter 'append' takes 1 argument, got 0\n{{ 'a' | append }}\n         ^"
    ),
    (
      "{{ 'a' | truncate: 3, x: 1 }}",
      "ERROR t:1:10: error: filter 'truncate' has no keyword argument 'x' (it takes: none)\n{{ 'a' | truncate: 3, x: 1 }}\n         ^"
    ),
    (
      "{{ 'a' 'b' }}",
      "ERROR t:1:8: error: expected '|' or end of markup, found string \"b\"\n{{ 'a' 'b' }}\n       ^"
    ),
    (
      "{{ a. }}",
      "ERROR t:1:7: error: expected a property name after '.', found end of markup\n{{ a. }}\n      ^"
    ),
    (
      "{{ a.b[ }}",
      "ERROR t:1:9: error: expected a value, found end of markup\n{{ a.b[ }}\n        ^"
    ),
    ("{{ a[1 }}", "ERROR t:1:8: error: expected ']', found end of markup\n{{ a[1 }}\n       ^"),
    ("{{ (1..) }}", "ERROR t:1:8: error: expected a value, found ')'\n{{ (1..) }}\n       ^"),
    (
      "{{ (1..3 }}",
      "ERROR t:1:10: error: expected ')' to close the range, found end of markup\n{{ (1..3 }}\n         ^"
    ),
    ("{{ 'abc }}", "ERROR t:1:4: error: string literal is not terminated\n{{ 'abc }}\n   ^"),
    ("{{ \"abc }}", "ERROR t:1:4: error: string literal is not terminated\n{{ \"abc }}\n   ^"),
    ("{{ - }}", "ERROR t:1:4: error: unexpected character '-'\n{{ - }}\n   ^"),
    ("{{ -a }}", "ERROR t:1:4: error: unexpected character '-'\n{{ -a }}\n   ^"),
    ("{{ 1a }}", "ERROR t:1:5: error: unexpected character in number\n{{ 1a }}\n    ^"),
    (
      "{{ 1.5 }}{{ -2 }}{{ 1.5.3 }}",
      "ERROR t:1:24: error: expected '|' or end of markup, found '.'\n{{ 1.5 }}{{ -2 }}{{ 1.5.3 }}\n                       ^"
    ),
    ("{{ 99999999999999999999 }}", "1.0e+20"),
    ("{{ a-b }}{{ a? }}", "ERROR t:1:4: error: undefined variable 'a-b'\n{{ a-b }}{{ a? }}\n   ^"),
    ("{{ @ }}", "ERROR t:1:4: error: unexpected character '@'\n{{ @ }}\n   ^"),
    ("{{ é }}", "ERROR t:1:4: error: undefined variable 'é'\n{{ é }}\n   ^"),
    ("{{ ü.x }}", "ERROR t:1:4: error: undefined variable 'ü' in 'ü.x'\n{{ ü.x }}\n   ^"),
    ("{{ a | é }}", "ERROR t:1:8: error: unknown filter 'é'\n{{ a | é }}\n       ^"),
    ("{% for i in (1..3) reversed %}{{ i }}{% endfor %}", "321"),
    ("{% for i in (1..5) limit: 2 offset: 1 %}{{ i }}{% endfor %}", "23"),
    (
      "{% for i in (1..3) foo: 1 %}{% endfor %}",
      "ERROR t:1:20: error: expected 'reversed', 'limit', 'offset', found 'foo'\n{% for i in (1..3) foo: 1 %}{% endfor %}\n                   ^"
    ),
    (
      "{% for i (1..3) %}{% endfor %}",
      "ERROR t:1:10: error: expected 'in', found '('\n{% for i (1..3) %}{% endfor %}\n         ^"
    ),
    (
      "{% for i in (1..3) %}",
      "ERROR t:1:1: error: 'for' tag was never closed; expected '{% endfor %}'\n{% for i in (1..3) %}\n^"
    ),
    ("{% for i in (1..3) %}{% else %}e{% endfor %}", ""),
    (
      "{% tablerow i in (1..3) cols: 2 %}{{ i }}{% endtablerow %}",
      "<tr class=\"row1\">\n<td class=\"col1\">1</td><td class=\"col2\">2</td></tr>\n<tr class=\"row2\"><td class=\"col1\">3</td></tr>\n"
    ),
    (
      "{% tablerow i in (1..3) reversed %}{% endtablerow %}",
      "ERROR t:1:25: error: expected 'cols', 'limit', 'offset', found 'reversed'\n{% tablerow i in (1..3) reversed %}{% endtablerow %}\n                        ^"
    ),
    ("{% case 1 %}{% when 1, 2 %}a{% when 3 or 1 %}b{% else %}c{% endcase %}", "ab"),
    (
      "{% case %}{% endcase %}",
      "ERROR t:1:9: error: expected a value, found end of markup\n{% case %}{% endcase %}\n        ^"
    ),
    (
      "{% case 1 %}",
      "ERROR t:1:1: error: 'case' tag was never closed; expected '{% endcase %}'\n{% case 1 %}\n^"
    ),
    ("{% case 1 %}x{% when 2 %}{% else %}y{% else %}z{% endcase %}", "yz"),
    ("{% unless false %}u{% else %}v{% endunless %}", "u"),
    (
      "{% unless true %}",
      "ERROR t:1:1: error: 'unless' tag was never closed; expected '{% endunless %}'\n{% unless true %}\n^"
    ),
    (
      "{% if true %}a{% elsif %}{% endif %}",
      "ERROR t:1:24: error: expected a value, found end of markup\n{% if true %}a{% elsif %}{% endif %}\n                       ^"
    ),
    ("{% if false %}a{% elsif true %}b{% else %}c{% else %}d{% endif %}", "b"),
    (
      "{% if true %}{% endunless %}",
      "ERROR t:1:14: error: unexpected 'endunless' tag: the 'if' block opened at line 1 is still open; close it first with '{% endif %}'\n{% if true %}{% endunless %}\n             ^"
    ),
    (
      "{% comment %}{% if %}{{ {% comment %}{% endcomment %}{% endcomment %}x",
      "ERROR t:1:22: error: output '{{' was never closed with '}}'\n{% comment %}{% if %}{{ {% comment %}{% endcomment %}{% endcomment %}x\n                     ^"
    ),
    (
      "{% comment %}x",
      "ERROR t:1:1: error: 'comment' tag was never closed; expected '{% endcomment %}'\n{% comment %}x\n^"
    ),
    ("{% comment %}{% raw %}{% endcomment %}{% endraw %}{% endcomment %}y", "y"),
    ("{% increment x %}{% increment x %}{% decrement x %}", "011"),
    (
      "{% cycle 'a', 'b' %}{% cycle 'a', 'b' %}{% cycle g: 1, 2 %}",
      "ERROR t:1:50: error: undefined variable 'g'\n{% cycle 'a', 'b' %}{% cycle 'a', 'b' %}{% cycle g: 1, 2 %}\n                                                 ^"
    ),
    ("{% ifchanged %}a{% endifchanged %}{% ifchanged %}a{% endifchanged %}", "a"),
    ("{% echo 'x' | upcase %}{% echo %}", "X"),
    ("{% for i in (1..3) %}{% if i == 2 %}{% break %}{% endif %}{{ i }}{% endfor %}", "1"),
    ("{% for i in (1..3) %}{% if i == 2 %}{% continue %}{% endif %}{{ i }}{% endfor %}", "13"),
    (
      "{{ a['b'][0].c }}",
      "ERROR t:1:4: error: undefined variable 'a' in 'a['b'][0].c'\n{{ a['b'][0].c }}\n   ^"
    ),
    ("{{ [a] }}", "ERROR t:1:5: error: undefined variable 'a'\n{{ [a] }}\n    ^"),
    ("{{ a[b.c] }}", "ERROR t:1:4: error: undefined variable 'a' in 'a[b.c]'\n{{ a[b.c] }}\n   ^"),
    ("{{ a.size }}", "ERROR t:1:4: error: undefined variable 'a' in 'a.size'\n{{ a.size }}\n   ^"),
    ("{{ a.b- }}", "ERROR t:1:4: error: undefined variable 'a' in 'a.b-'\n{{ a.b- }}\n   ^"),
    ("\u{FEFF}{{ 'bom' }}", "bom"),
    // Offsets, lines and columns count from after a byte order mark.
    (
      "\u{FEFF}a\n{{ 'a' | nosuch }}",
      "ERROR t:2:10: error: unknown filter 'nosuch'\n{{ 'a' | nosuch }}\n         ^"
    ),
    (
      "\u{FEFF}é {{ 'a' | nosuch }}",
      "ERROR t:1:12: error: unknown filter 'nosuch'\né {{ 'a' | nosuch }}\n           ^"
    ),
    // Text is appended byte for byte from the source: whitespace control trims ASCII whitespace
    // only, next to any character, and a combining mark after a tag stays where it is.
    ("é \n{%- if true -%}\n\u{3000}ü {{- 'x' -}} ñ{% endif %}", "é\u{3000}üxñ"),
    ("{{- 'a' -}} \u{301}b", "a\u{301}b"),
    ("{{ 'e' }}\u{301}", "e\u{301}"),
    ("{% if true %} \u{3000} {% endif %}|{% if true %} \n\t {% endif %}|", " \u{3000} ||"),
    // Texts of up to 15 bytes and longer ones, blank or not, ASCII or not.
    ("{{ 1 }}123456789012345{{ 2 }}1234567890123456", "11234567890123452" + "1234567890123456"),
    ("{{ 1 }}ééééééé1{{ 2 }}éééééééé", "1ééééééé12éééééééé"),
    ("{% if true %}" + String(repeating: " ", count: 20) + "{% endif %}|", "|"),
    ("{{ 'x' }}\n{% if true -%}\n y\n{%- endif %}", "x\ny"),
    (
      "{% if true %}{% if true %}{% if true %}{% endif %}{% endif %}",
      "ERROR t:1:1: error: 'if' tag was never closed; expected '{% endif %}'\n{% if true %}{% if true %}{% if true %}{% endif %}{% endif %}\n^"
    ),
    ("{{ 'ab' | split: '' | join: ',' }}", "a,b"),
    (
      "{% if a contains %}",
      "ERROR t:1:18: error: expected a value, found end of markup\n{% if a contains %}\n                 ^"
    ),
    ("{% if (1..2) contains 1 %}r{% endif %}", "r"),
    ("{%- if true -%}\n\t x \n{%- endif -%}", "x"),
    ("{{-'a'-}}", "a"),
    ("{{ -1 | abs }}", "1"),
    (
      "{{ x.first }}{{ x.last? }}",
      "ERROR t:1:4: error: undefined variable 'x' in 'x.first'\n{{ x.first }}{{ x.last? }}\n   ^"
    ),
    // Delimiters at odd and even offsets, next to braces and percent signs (the lexer's
    // searches look at every second byte first).
    ("a{{ 'x' }}", "ax"),
    ("ab{{ 'x' }}", "abx"),
    ("abc{{ 'x' }}", "abcx"),
    ("abcd{% if true %}y{% endif %}", "abcdy"),
    ("{{{ 'x' }}}", "ERROR t:1:3: error: unexpected character '{'\n{{{ 'x' }}}\n  ^"),
    (
      "{{% if true %}x{% endif %}",
      "ERROR t:1:1: error: output '{{' was never closed with '}}'\n{{% if true %}x{% endif %}\n^"
    ),
    ("{%{ 'x' }%}", "ERROR t:1:1: error: missing tag name\n{%{ 'x' }%}\n^"),
    ("%}{% if true %}}}{% endif %}", "%}}}"),
    ("x}{{ 'a' }}}", "x}a}"),
    ("{{ 'a' }}}}", "a}}"),
    (
      "{{ 'a' }{{ 'b' }}",
      "ERROR t:1:8: error: unexpected character '}'\n{{ 'a' }{{ 'b' }}\n       ^"
    ),
    (
      "{% if true %%}y{% endif %}",
      "ERROR t:1:12: error: unexpected character '%'\n{% if true %%}y{% endif %}\n           ^"
    ),
    ("{% if true %}y{% endif %}%", "y%"),
    ("{% raw %}{%{%}%}%{% endraw %}", "{%{%}%}%"),
    ("{%- raw -%} {{%{% endraw %}", "{{%"),
    ("{ {% if true %}a{% endif %}", "{ a"),
    ("%%{%% if %}", "ERROR t:1:3: error: missing tag name\n%%{%% if %}\n  ^"),
    ("{%% if %}", "ERROR t:1:1: error: missing tag name\n{%% if %}\n^"),
    (
      "}%{% assign a = '%}' %}{{ a }}",
      "ERROR t:1:17: error: string literal is not terminated\n}%{% assign a = '%}' %}{{ a }}\n                ^"
    ),
    ("{{ '}}' }}", "ERROR t:1:4: error: string literal is not terminated\n{{ '}}' }}\n   ^"),
    ("{{ \"%}\" }}x", "%}x"),
    // Messages made only when they are thrown.
    (
      "{{ 'a' | slice }}",
      "ERROR t:1:10: error: filter 'slice' takes 1 to 2 arguments, got 0\n{{ 'a' | slice }}\n         ^"
    ),
    (
      "{{ 'a' | truncate: 1, 2, 3 }}",
      "ERROR t:1:10: error: filter 'truncate' takes 0 to 2 arguments, got 3\n{{ 'a' | truncate: 1, 2, 3 }}\n         ^"
    ),
    (
      "{% for i in (1..2) limit 1 %}{% endfor %}",
      "ERROR t:1:26: error: expected ':' after 'limit', found '1'\n{% for i in (1..2) limit 1 %}{% endfor %}\n                         ^"
    ),
    (
      "{% render 'p' x 1 %}",
      "ERROR t:1:17: error: expected ':' after 'x', found '1'\n{% render 'p' x 1 %}\n                ^"
    ),
  ]

  @Test(arguments: 0..<cases.count) func rendersOrReports(_ index: Int) {
    let c = Self.cases[index]
    #expect(render(c.template, strict: true) == c.expected)
  }

  /// A template made from a slice of a bigger text reads only its own bytes, and a partial's
  /// byte order mark is not part of it either.
  @Test func readsATemplateFromASliceAndAPartialWithAByteOrderMark() {
    let text = "before {{ 'x' | upcase }}\n{% include 'p' %} after"
    let slice = text.dropFirst(7).dropLast(6)
    #expect(render(String(slice), partials: ["p": "\u{FEFF}p{{ 'y' }}"]) == "X\npy")
    #expect(
      render(String(slice), partials: ["p": "\u{FEFF}{{ 'y' | nosuch }}"])
        == "ERROR p:1:10: error: unknown filter 'nosuch'\n{{ 'y' | nosuch }}\n         ^"
        + "\nnote: included from t:2:12")
  }
}
