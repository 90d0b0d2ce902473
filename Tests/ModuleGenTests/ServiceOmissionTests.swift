import Foundation
import Testing

@testable import ModuleGen

/// A spec's module whose interactor has no methods has no service: no protocol, no struct, no
/// mock and nothing that takes one (`has_service`); one whose interactor has methods, and the
/// typical screen, keep it.
@Suite struct ServiceOmissionTests {
  @Test(arguments: [
    (
      "viper", [("ui", "uikit")],
      [
        "LeanBuilder.swift", "LeanContracts.swift", "LeanEntity.swift",
        "LeanInteractor.swift", "LeanPresenter.swift", "LeanRouter.swift",
        "LeanViewController.swift", "LeanMocks.swift", "LeanTests.swift",
      ]
    ),
    (
      "viper", [("ui", "swiftui")],
      [
        "LeanBuilder.swift", "LeanContracts.swift", "LeanEntity.swift",
        "LeanInteractor.swift", "LeanPresenter.swift", "LeanRouter.swift",
        "LeanView.swift", "LeanMocks.swift", "LeanTests.swift",
      ]
    ),
    (
      "mvp", [("ui", "uikit"), ("coordinator", "true")],
      [
        // The coordinators' shared protocol, beside the module's folder.
        "Coordinator.swift",
        "LeanBuilder.swift", "LeanContracts.swift", "LeanCoordinator.swift",
        "LeanEntity.swift", "LeanPresenter.swift", "LeanViewController.swift",
        "LeanMocks.swift", "LeanTests.swift",
      ]
    ),
    (
      "mvvm", [("ui", "swiftui"), ("coordinator", "false")],
      [
        "LeanBuilder.swift", "LeanContracts.swift", "LeanEntity.swift",
        "LeanRouter.swift", "LeanView.swift", "LeanViewModel.swift",
        "LeanMocks.swift", "LeanTests.swift",
      ]
    ),
    (
      "mvc", [],
      [
        "LeanBuilder.swift", "LeanModel.swift", "LeanViewController.swift",
        "LeanTests.swift",
      ]
    ),
  ])
  func aModuleWithoutInteractorMethodsHasNoService(
    template: String, params: [(String, String)], files: [String]
  ) throws {
    let generated = try SpecModuleTests.generate(template, params, spec: GeneratedPackage.leanSpec)
    #expect(generated.keys.sorted() == files.sorted())
    for (path, text) in generated {
      #expect(!text.contains("Servic"), "\(path) names a service:\n\(text)")
    }
  }

  @Test func viperWiresTheInteractorWithoutAService() throws {
    let generated = try SpecModuleTests.generate("viper", spec: GeneratedPackage.leanSpec)
    #expect(
      generated["LeanInteractor.swift"]?.hasSuffix(
        """
        /// The module's use cases: it returns their results to the presenter, and knows nothing about
        /// views.
        struct LeanInteractor: LeanInteractorInput {}

        """) == true)
    #expect(
      generated["LeanBuilder.swift"]?.contains(
        """
          static func build(output: (any LeanModuleOutput)? = nil) -> LeanModule {
            let router = LeanRouter()
            let presenter = LeanPresenter(interactor: LeanInteractor(), router: router)
        """) == true)
  }

  @Test(arguments: ["viper", "mvc", "mvp", "mvvm"])
  func aModuleWhoseInteractorHasMethodsKeepsItsService(template: String) throws {
    for spec in ["name: Home\n", "name: Home\ninteractor:\n  - fetch() async throws -> Int\n"] {
      let generated = try SpecModuleTests.generate(template, spec: spec)
      #expect(generated["HomeService.swift"]?.contains("protocol HomeServicing") == true)
    }
  }
}
