import Liquid
import Testing

@testable import ModuleGen

/// Entities written as Swift (`entities: |`): what the parser reads, the errors it gives at
/// their line and column in the spec, and the context templates get (the same as the mapping
/// form's for the same entity).
@Suite struct EntityDeclarationTests {
  typealias Entity = ModuleSpec.Entity

  static let valid: [(String, [Entity])] = [
    (
      "struct HomeItem: Identifiable { let id: UUID; let title: String; var subtitle: String? }",
      [
        Entity(
          name: "HomeItem", conformances: ["Identifiable"],
          fields: [
            .init(name: "id", type: "UUID", isMutable: false),
            .init(name: "title", type: "String", isMutable: false),
            .init(name: "subtitle", type: "String?", isMutable: true),
          ])
      ]
    ),
    (
      """
      // The page the list shows.
      struct Page: Hashable, Codable, Sendable {
        var items: [Result<Int, Failure>]   // a comment after a field
        var counts: [String: Int] = [:]
        var handler: (@Sendable (Int) async throws -> Void)?

        var `default`: Bool = false
        var title: String = "a; b } // c"  // a comment after a default value
      }
      """,
      [
        Entity(
          name: "Page", conformances: ["Hashable", "Codable", "Sendable"],
          fields: [
            .init(name: "items", type: "[Result<Int, Failure>]", isMutable: true),
            .init(name: "counts", type: "[String: Int]", isMutable: true, defaultValue: "[:]"),
            .init(
              name: "handler", type: "(@Sendable (Int) async throws -> Void)?", isMutable: true),
            .init(name: "default", type: "Bool", isMutable: true, defaultValue: "false"),
            .init(name: "title", type: "String", isMutable: true, defaultValue: "\"a; b } // c\""),
          ])
      ]
    ),
    (
      """
      enum Filter: String, CaseIterable {
        case all, favorites = "fav"  // stored as "fav"
        case recent
      }
      enum Event {
        case selected(Item)
        case failed(message: String, code: Int = 0); case closed
      }
      struct Empty {}
      """,
      [
        Entity(
          name: "Filter", kind: .enum, conformances: ["String", "CaseIterable"],
          cases: [
            .init(name: "all"), .init(name: "favorites", rawValue: "\"fav\""),
            .init(name: "recent"),
          ]),
        Entity(
          name: "Event", kind: .enum,
          cases: [
            .init(name: "selected", associatedValues: [.init(type: "Item")]),
            .init(
              name: "failed",
              associatedValues: [
                .init(label: "message", type: "String"),
                .init(label: "code", type: "Int", defaultValue: "0"),
              ]),
            .init(name: "closed"),
          ]),
        Entity(name: "Empty"),
      ]
    ),
  ]

  @Test(arguments: valid) func parses(_ text: String, _ expected: [Entity]) throws {
    #expect(try SignatureParser.parseEntities(text) == expected)
  }

  /// Each mistake, with the text at the offset the error points at.
  static let invalid: [(String, String, String)] = [
    (
      "class Item { }",
      "entities are value types: declare 'class' types in your own files, or use 'struct'", "class"
    ),
    (
      "public struct Item { }",
      "'public' is not supported here: entities are 'struct' and 'enum' declarations without modifiers",
      "public"
    ),
    ("Item: {id: UUID}", "expected 'struct' or 'enum', found 'Item'", "Item"),
    ("struct item { }", "entity name 'item' is not a Swift type name", "item"),
    ("struct Page<T> { }", "generic entities are not supported; use concrete types", "<T>"),
    ("struct Item { let id: UUID", "the body of 'Item' is never closed with '}'", "{ let"),
    ("struct Item let id: UUID }", "expected '{' to open the body of 'Item', found 'l'", "let id"),
    (
      "struct Item { let id: UUID let title: String }",
      "expected a new line or ';' between declarations, found 'l'", "let title"
    ),
    (
      "struct Item { let id: UUID\n let id: Int }", "two fields of 'Item' are named 'id'",
      "let id: Int"
    ),
    ("struct Item { let a, b: Int }", "declare one field per 'let': 'let a: Type'", ", b"),
    (
      "struct Item { var count = 0 }", "the field 'count' needs a type: 'var count: Type = …'",
      "= 0"
    ),
    (
      "struct Item { let id: UUID = UUID() }",
      "a 'let' with a default value is never set by an initializer; make 'id' a 'var' or leave the value out",
      "= UUID"
    ),
    (
      "struct Item { var n: Int { 1 } }",
      "computed properties and observers are not supported in entities; declare stored fields ('var n: Int')",
      "{ 1 }"
    ),
    (
      "struct Item { func load() }",
      "'func' declarations are not supported in entities; write them in an extension in your own file",
      "func"
    ),
    ("struct Item { case a }", "'case' declares an enum's cases, and 'Item' is a struct", "case"),
    (
      "struct Item { @Published var a: Int }",
      "expected 'let' or 'var' in the body of 'Item', found '@'", "@Pub"
    ),
    ("struct Item { var a: [Int }", "expected ']' to close the collection type, found '}'", "}"),
    ("struct Item { var a: inout Int }", "'inout' applies only to parameters", "inout"),
    (
      "enum Kind { var a: Int }",
      "an enum cannot have stored properties; declare its cases ('case name')", "var"
    ),
    (
      "enum Kind { case a = 1 }",
      "the cases of 'Kind' have raw values; declare its raw type first, e.g. 'enum Kind: String'",
      "Kind"
    ),
    (
      "enum Kind: Int { case a = 1, b(Int) }",
      "'Kind' has raw values, so its case 'b' cannot have associated values", "Kind"
    ),
    ("enum Kind { case a(Int, ) }", "expected a type, found ')'", ")"),
    ("enum Kind { case a() }", "write 'case a' without '()', or give it associated values", ")"),
    ("enum Kind { case a, a }", "two cases of 'Kind' are named 'a'", "a }"),
    ("struct A {}\nstruct A {}", "the entity 'A' is declared twice", "struct A {}"),
  ]

  @Test(arguments: invalid) func refuses(_ text: String, _ message: String, _ at: String) {
    do {
      _ = try SignatureParser.parseEntities(text)
      Issue.record("expected an error for \(text)")
    } catch {
      #expect(error.message == message)
      #expect(String(Array(text)[error.offset...]).hasPrefix(at), "at \(error.offset)")
    }
  }

  // MARK: - In a spec

  /// Errors in a block point at their line and column in the file, lines indented further
  /// than the block included.
  @Test(arguments: [
    (
      "name: A\nentities: |\n  struct Item {\n    let id: UUID\n    var title String\n  }\n",
      "a.yml:5:15: error: entities: expected ':' and a type after the field 'title', found 'S'\n    var title String\n              ^"
    ),
    (
      "modules:\n  - name: A\n    entities: |\n      enum Kind {\n        case a(Int, )\n      }\n",
      "a.yml:5:21: error: modules[0].entities: expected a type, found ')'\n        case a(Int, )\n                    ^"
    ),
    (
      "name: A\nentities: 'struct Item { var a: [Int }'\n",
      "a.yml:2:38: error: entities: expected ']' to close the collection type, found '}'\nentities: 'struct Item { var a: [Int }'\n                                     ^"
    ),
    (
      "name: A\nentities: 3\n",
      "a.yml:2:11: error: entities: 'entities' must map entity names to their fields, e.g. HomeItem: {id: UUID, title: String}, or be Swift declarations ('entities: |' then 'struct HomeItem { … }')\nentities: 3\n          ^"
    ),
    (
      "name: A\nview: |\n  func show()\n    func hide(x Int)\n",
      "a.yml:4:17: error: view: expected ':' between the parameter 'x' and its type 'Int'\n    func hide(x Int)\n                ^"
    ),
  ])
  func errorsPointIntoTheBlock(_ text: String, _ expected: String) {
    do {
      _ = try SpecDecoder.decode(text, file: "a.yml")
      Issue.record("expected an error")
    } catch {
      #expect(error.diagnostics.map(\.description) == [expected])
    }
  }

  static let settings = GenerationSettings(date: "2026-01-01")

  static func render(_ template: String, _ context: LiquidObject) throws -> String {
    try Template(
      parsing: template, environment: LiquidEnvironment(filters: .moduleGen, strictVariables: true)
    ).render(context)
  }

  static func context(_ spec: String) throws -> LiquidObject {
    let module = try SpecDecoder.decode(spec, file: "a.yml").modules[0]
    return TemplateContext.make(module: module, template: "viper", params: [], settings: settings)
  }

  /// The mapping form and the Swift it stands for give templates the same entity.
  @Test func mappingAndSwiftGiveTheSameContext() throws {
    let mapped = try Self.context(
      "name: A\nentities:\n  HomeItem: {id: UUID, title: String, tags: '[String]?'}\n")
    let swift = try Self.context(
      """
      name: A
      entities: |
        struct HomeItem {
          let id: UUID
          var title: String
          var tags: [String]?
        }
      """)
    #expect(mapped["entities"] == swift["entities"])
    #expect(
      try Self.render(
        "{% for e in entities %}{{ e.kind }} {{ e.name }}: {{ e.conformances | join: ', ' }} {{ e.is_identifiable }}{% endfor %}",
        mapped) == "struct HomeItem: Identifiable, Equatable, Sendable true")
  }

  @Test func contextOfEnumsAndDeclaredConformances() throws {
    let context = try Self.context(
      """
      name: A
      entities: |
        struct Item: Hashable, Codable { let id: Int; var note: String? = nil }
        enum Filter: String, CaseIterable { case all, favorites = "fav" }
        enum Event: @unchecked Sendable { case failed(message: String, UIImage) }
      """)
    let output = try Self.render(
      """
      {% for e in entities %}{{ e.kind }} {{ e.name }}: {{ e.conformances | join: ', ' }} [{{ e.raw_type }}] {{ e.is_identifiable }}
      {% for f in e.fields %}  {{ f.declaration }} {{ f.is_mutable }} [{{ f.default_value }}]
      {% endfor %}{% for c in e.cases %}  {{ c.declaration }} {{ c.name }}={{ c.raw_value }} {{ c.associated_values | map: 'label' | join: ',' }}/{{ c.associated_values | map: 'type' | join: ',' }}
      {% endfor %}{% endfor %}{{ imports | join: ',' }}
      """, context)
    #expect(
      output == """
        struct Item: Hashable, Codable, Identifiable, Sendable [] true
          let id: Int false []
          var note: String? = nil true [nil]
        enum Filter: String, CaseIterable, Sendable [String] false
          case all all= /
          case favorites = "fav" favorites="fav" /
        enum Event: @unchecked Sendable, Equatable [] false
          case failed(message: String, UIImage) failed= message,/String,UIImage
        UIKit
        """)
  }

  /// `entities:` with nothing under it declares none, as a role with nothing under it; an
  /// entity with nothing under it has no fields.
  @Test func emptyEntities() throws {
    let module = try SpecDecoder.decode("name: A\nentities:\n", file: "a.yml").modules[0]
    #expect(module.entities == [])
    let empty = try SpecDecoder.decode("name: A\nentities:\n  Item:\n", file: "a.yml").modules[0]
    #expect(empty.entities == [Entity(name: "Item")])
  }
}
