import Foundation
import Testing

@testable import ModuleGen

/// A module generated from a spec (methods, entities, an interactor output, async throwing
/// methods, URL and UIImage parameters) as a reviewer reads it: each file's imports, the view's
/// state, the service, when the view reports that it loaded, and the generated tests.
@Suite struct SpecModuleTests {
  static let spec = """
    name: Gallery
    imports: [UIKit]
    view:
      - "showLoading(_ isLoading: Bool)"
      - "showPhotos(_ photos: [GalleryPhoto])"
      - "setThumbnail(_ image: UIImage, at index: Int)"
      - "showError(_ message: String)"
    presenter:
      - viewDidLoad()
      - "didSelectPhoto(at index: Int)"
      - didTapRetry()
    interactor:
      - "fetchPhotos() async throws -> [GalleryPhoto]"
      - "loadThumbnail(for url: URL) async throws -> UIImage"
    interactor_output:
      - "didUpdatePhotos(_ photos: [GalleryPhoto])"
    router:
      - "showPhoto(_ photo: GalleryPhoto)"
      - "share(url: URL)"
    entities:
      GalleryPhoto: {id: UUID, title: String, url: URL, createdAt: Date}
    """

  /// The files `template` generates for `spec` with `params`, by file name.
  static func generate(
    _ template: String, _ params: [(String, String)] = [], spec: String = spec
  ) throws -> [String: String] {
    var module = try SpecDecoder.decode(spec, file: "Gallery.yml").modules[0]
    module.template = template
    var generator = Generator(
      library: TemplateLibrary(folders: []), config: nil, fileSystem: LocalFileSystem())
    var options = GenerationOptions(
      settings: GenerationSettings(project: "App", date: "2026-01-01"),
      currentDirectory: try makeTemporaryDirectory())
    options.setParams = params
    options.force = true
    let plan = try generator.plan([module], options: options)
    return Dictionary(
      uniqueKeysWithValues: plan.files.map {
        (($0.path as NSString).lastPathComponent, String(decoding: $0.bytes, as: UTF8.self))
      })
  }

  static func imports(_ text: String) -> String {
    text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map {
      String($0.dropFirst("import ".count))
    }.joined(separator: ",")
  }

  @Test(arguments: [
    (
      "viper", "uikit",
      [
        "GalleryBuilder.swift": "UIKit", "GalleryContracts.swift": "Foundation,UIKit",
        "GalleryEntity.swift": "Foundation", "GalleryInteractor.swift": "Foundation,UIKit",
        "GalleryPresenter.swift": "Foundation", "GalleryRouter.swift": "UIKit",
        "GalleryService.swift": "Foundation,UIKit", "GalleryViewController.swift": "UIKit",
        "GalleryMocks.swift": "Foundation,UIKit", "GalleryTests.swift": "Foundation,UIKit,XCTest",
      ]
    ),
    (
      "viper", "swiftui",
      [
        "GalleryBuilder.swift": "SwiftUI,UIKit", "GalleryContracts.swift": "Foundation,UIKit",
        "GalleryEntity.swift": "Foundation", "GalleryInteractor.swift": "Foundation,UIKit",
        "GalleryPresenter.swift": "Foundation", "GalleryRouter.swift": "Foundation",
        "GalleryService.swift": "Foundation,UIKit", "GalleryView.swift": "SwiftUI,UIKit",
        "GalleryMocks.swift": "Foundation,UIKit",
        "GalleryTests.swift": "Foundation,SwiftUI,UIKit,XCTest",
      ]
    ),
    (
      "mvp", "swiftui",
      [
        "GalleryBuilder.swift": "SwiftUI,UIKit", "GalleryContracts.swift": "Foundation,UIKit",
        "GalleryEntity.swift": "Foundation", "GalleryPresenter.swift": "Foundation",
        "GalleryRouter.swift": "Foundation", "GalleryService.swift": "Foundation,UIKit",
        "GalleryView.swift": "SwiftUI,UIKit", "GalleryMocks.swift": "Foundation,UIKit",
        "GalleryTests.swift": "Foundation,SwiftUI,UIKit,XCTest",
      ]
    ),
    (
      "mvc", "uikit",
      [
        "GalleryBuilder.swift": "UIKit", "GalleryModel.swift": "Foundation",
        "GalleryService.swift": "Foundation,UIKit", "GalleryViewController.swift": "UIKit",
        "GalleryMocks.swift": "Foundation,UIKit", "GalleryTests.swift": "Foundation,UIKit,XCTest",
      ]
    ),
  ])
  func eachFileImportsWhatItsTypesNeed(template: String, ui: String, expected: [String: String])
    throws
  {
    let files = try Self.generate(template, template == "mvc" ? [] : [("ui", ui)])
    #expect(files.mapValues(Self.imports) == expected)
  }
}
