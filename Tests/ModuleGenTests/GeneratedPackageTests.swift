import Testing

@testable import ModuleGen

/// How GeneratedCodeTests puts its package together, checked without building it.
@Suite struct GeneratedPackageTests {
  /// Each template's first variant with the rich spec gets the tests of the mock of the rich
  /// spec's interactor: a sendable service mock, or VIPER's main-actor interactor mock.
  @Test func everyTemplateTestsTheMockOfItsInteractor() throws {
    let variants = try GeneratedPackage.variants().filter(\.mockTests)
    let path = try makeTemporaryDirectory()
    var mocks: [String: String] = [:]
    for variant in variants {
      let options = GeneratedPackage.options(variant, in: path)
      let files = try GeneratedPackage.generatedFiles(
        variant, options: options, library: TemplateLibrary(folders: []))
      mocks[variant.template] = GeneratedPackage.mockTested(in: files)?.name
    }
    #expect(
      mocks == [
        "mvc": "RichServicingMock", "mvp": "RichServicingMock", "mvvm": "RichServicingMock",
        "viper": "RichInteractorInputMock",
      ])
  }
}
