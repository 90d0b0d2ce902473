import Testing

@testable import ModuleGen

/// The values generated tests pass to a spec's view methods.
@Suite struct SampleValueTests {
  static let entities: [ModuleSpec.Entity] = [
    .init(
      name: "Photo",
      fields: [
        .init(name: "id", type: "UUID", isMutable: false),
        .init(name: "tags", type: "[String]?", isMutable: false),
      ]),
    .init(name: "Node", fields: [.init(name: "next", type: "Node?", isMutable: false)]),
    .init(name: "Pin", fields: [.init(name: "place", type: "CLLocation", isMutable: false)]),
    .init(name: "Filter", kind: .enum, conformances: ["String"], cases: [.init(name: "all")]),
    // A keyword after a dot is a name as it is.
    .init(name: "Mode", kind: .enum, cases: [.init(name: "default"), .init(name: "compact")]),
    .init(
      name: "Event", kind: .enum,
      cases: [
        .init(name: "moved", associatedValues: [.init(type: "CLLocation")]),
        .init(name: "selected", associatedValues: [.init(type: "Photo")]),
        .init(name: "failed", associatedValues: [.init(label: "message", type: "String")]),
      ]),
    .init(
      name: "Place", kind: .enum, cases: [.init(name: "at", associatedValues: [.init(type: "Pin")])]
    ),
  ]

  @Test(arguments: [
    ("Bool", "true"), ("String?", "\"Text\""), ("[Int]", "[2]"),
    ("[String: [URL]]", "[\"Text\": [URL(fileURLWithPath: \"/sample\")]]"),
    ("UIImage", "UIImage()"), ("[Photo]", "[Photo(id: UUID(), tags: [\"Text\"])]"),
    ("Filter", "Filter.all"), ("Mode", "Mode.default"),
    ("Event?", "Event.selected(Photo(id: UUID(), tags: [\"Text\"]))"),
  ])
  func aTypeATestCanMake(type: String, value: String) {
    #expect(SampleValue.of(type, entities: Self.entities) == value)
  }

  @Test(arguments: [
    "any Loader", "(Int) -> Void", "Pin", "Node", "CLLocation", "(x: Int, y: Int)", "Place",
  ])
  func aTypeATestCannotMake(type: String) {
    #expect(SampleValue.of(type, entities: Self.entities) == nil)
  }
}
