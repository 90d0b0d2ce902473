import Testing

@testable import ModuleGen

/// The default signatures are parsed with `try?`: every one of them must parse, or a module
/// without methods would silently lose one.
@Suite struct RoleDefaultsTests {
  @Test func everyDefaultSignatureParses() throws {
    let sources =
      Role.allCases.flatMap(RoleDefaults.sources(for:)) + RoleDefaults.moduleIOSources.input
      + RoleDefaults.moduleIOSources.output + RoleDefaults.moduleIOSources.screenEvents
    #expect(sources.count == 9)
    for source in sources {
      _ = try SignatureParser.parseMethod(source)
    }
    for role in Role.allCases {
      #expect(
        RoleDefaults.methods(for: role, module: "Home").count
          == RoleDefaults.sources(for: role).count)
    }
    #expect(RoleDefaults.moduleInput(module: "Home").map(\.name) == ["reload"])
    #expect(RoleDefaults.moduleOutput(module: "Home").map(\.name) == ["homeModuleDidLoad"])
    #expect(
      RoleDefaults.screenEvents(module: "Home").map(\.name) == ["viewDidAppear", "viewDidLeave"])
  }

  /// The module's name replaces the placeholder everywhere it stands.
  @Test func theModuleNameReplacesThePlaceholder() {
    let methods =
      Role.allCases.flatMap { RoleDefaults.methods(for: $0, module: "UserProfile") }
      + RoleDefaults.moduleInput(module: "UserProfile")
      + RoleDefaults.moduleOutput(module: "UserProfile")
    #expect(
      methods.map { "\($0.declaration) \($0.identifier) \($0.parameters.map(\.storageType))" } == [
        "func display(_ state: UserProfileLoadState) display [\"UserProfileLoadState\"]",
        "func load() async load []", "func didSelectItem(id: UUID) didSelectItemId [\"UUID\"]",
        "func fetchItems() async throws -> [UserProfileItem] fetchItems []",
        "func showDetail(for item: UserProfileItem) showDetailFor [\"UserProfileItem\"]",
        "func reload() reload []",
        "func userProfileModuleDidLoad(_ items: [UserProfileItem]) userProfileModuleDidLoad [\"[UserProfileItem]\"]",
      ])
  }
}
