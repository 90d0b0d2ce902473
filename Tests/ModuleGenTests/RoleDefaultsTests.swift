import Testing

@testable import ModuleGen

/// The default signatures are parsed with `try?`: every one of them must parse, or a module
/// without methods would silently lose one.
@Suite struct RoleDefaultsTests {
  @Test func everyDefaultSignatureParses() throws {
    let sources =
      RoleDefaults.sources.values.flatMap { $0 } + RoleDefaults.moduleIOSources.input
      + RoleDefaults.moduleIOSources.output
    #expect(sources.count == 7)
    for source in sources {
      _ = try SignatureParser.parseMethod(source)
    }
    for (role, signatures) in RoleDefaults.sources {
      #expect(RoleDefaults.methods(for: role, module: "Home").count == signatures.count)
    }
    #expect(RoleDefaults.moduleInput(module: "Home").map(\.name) == ["reload"])
    #expect(RoleDefaults.moduleOutput(module: "Home").map(\.name) == ["homeModuleDidLoad"])
  }
}
