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
  ]

  @Test(arguments: [
    ("Bool", "true"), ("String?", "\"Text\""), ("[Int]", "[2]"),
    ("[String: [URL]]", "[\"Text\": [URL(fileURLWithPath: \"/sample\")]]"),
    ("UIImage", "UIImage()"), ("[Photo]", "[Photo(id: UUID(), tags: [\"Text\"])]"),
  ])
  func aTypeATestCanMake(type: String, value: String) {
    #expect(SampleValue.of(type, entities: Self.entities) == value)
  }

  @Test(arguments: ["any Loader", "(Int) -> Void", "Pin", "Node", "CLLocation", "(x: Int, y: Int)"])
  func aTypeATestCannotMake(type: String) {
    #expect(SampleValue.of(type, entities: Self.entities) == nil)
  }
}
