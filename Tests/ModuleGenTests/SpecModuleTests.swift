import Diagnostics
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

  /// The spec, with a view that shows a photo's image by its URL: what an MVVM view model holds.
  static let mvvmSpec = spec.replacingOccurrences(
    of: "setThumbnail(_ image: UIImage, at index: Int)",
    with: "setThumbnail(_ url: URL, at index: Int)")

  @Test func anMVVMViewModelImportsNeitherUIKitNorTheSpecsUIKitTypes() throws {
    let files = try Self.generate("mvvm", [("ui", "swiftui")], spec: Self.mvvmSpec)
    #expect(
      files.mapValues(Self.imports) == [
        "GalleryBuilder.swift": "SwiftUI,UIKit", "GalleryContracts.swift": "Foundation",
        "GalleryEntity.swift": "Foundation", "GalleryRouter.swift": "Foundation",
        "GalleryService.swift": "Foundation,UIKit", "GalleryView.swift": "SwiftUI",
        "GalleryViewModel.swift": "Foundation,Observation",
        "GalleryMocks.swift": "Foundation,UIKit",
        "GalleryTests.swift": "Foundation,SwiftUI,UIKit,XCTest",
      ])
  }

  @Test func anMVVMViewModelThatWouldImportUIKitIsRefusedAtTheModule() throws {
    let error = #expect(throws: DiagnosticList.self) { try Self.generate("mvvm") }
    #expect(
      error?.diagnostics.map(\.description) == [
        """
        Gallery.yml:1:1: error: GalleryViewModel.swift (template 'mvvm') never imports UIKit, but \
        setThumbnail(_:at:) names UIImage; declare the module's state with types that do not need \
        UIKit (Data, a URL) and make the UIKit values in the view
        name: Gallery
        ^
        """
      ])
  }

  /// The lines of `text` from the one that contains `start` to the first after it that is `end`.
  static func excerpt(_ text: String, from start: String, to end: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let first = lines.firstIndex(where: { $0.contains(start) }) else { return "" }
    let last = lines[first...].firstIndex { $0 == end } ?? lines.count - 1
    return lines[first...last].joined(separator: "\n")
  }

  @Test(arguments: ["viper", "mvp"])
  func aSwiftUIViewStateIsNamedAsStateWithPrivateSetters(template: String) throws {
    let view = try #require(try Self.generate(template, [("ui", "swiftui")])["GalleryView.swift"])
    #expect(
      Self.excerpt(view, from: "final class GalleryViewState", to: "}") == """
        final class GalleryViewState: Gallery\(template == "viper" ? "ViewInput" : "Viewing") {
          private(set) var isLoading: Bool = false
          private(set) var photos: [GalleryPhoto] = []
          private(set) var thumbnails: [Int: UIImage] = [:]
          private(set) var errorMessage: String? = nil

          /// Updates the state the view shows.
          func showLoading(_ isLoading: Bool) {
            self.isLoading = isLoading
          }

          /// Updates the state the view shows.
          func showPhotos(_ photos: [GalleryPhoto]) {
            self.photos = photos
          }

          /// Updates the state the view shows.
          func setThumbnail(_ image: UIImage, at index: Int) {
            thumbnails[index] = image
          }

          /// Updates the state the view shows.
          func showError(_ message: String) {
            errorMessage = message
          }
        }
        """)
  }

  /// With Combine and Input/Output, each state property's publisher is made once, as the
  /// built-in screen's `statePublisher` is: a SwiftUI view's `.onReceive` given another
  /// publisher on every render would subscribe again each time, and get the value again.
  @Test func anMVVMViewModelKeepsTheViewsStateNamedAsState() throws {
    let files = try Self.generate(
      "mvvm", [("ui", "uikit"), ("binding", "combine"), ("io", "true")], spec: Self.mvvmSpec)
    let viewModel = try #require(files["GalleryViewModel.swift"])
    #expect(
      Self.excerpt(viewModel, from: "final class GalleryViewModel", to: "") == """
        final class GalleryViewModel: ObservableObject {
          @Published private(set) var isLoading: Bool = false
          @Published private(set) var photos: [GalleryPhoto] = []
          @Published private(set) var thumbnails: [Int: URL] = [:]
          @Published private(set) var errorMessage: String? = nil
          // Each property's value then every change, one publisher for the view model's life, as
          // SwiftUI's `onReceive` subscribes again whenever it is given another one.
          private(set) lazy var isLoadingPublisher = $isLoading.eraseToAnyPublisher()
          private(set) lazy var photosPublisher = $photos.eraseToAnyPublisher()
          private(set) lazy var thumbnailsPublisher = $thumbnails.eraseToAnyPublisher()
          private(set) lazy var errorMessagePublisher = $errorMessage.eraseToAnyPublisher()
          private let service: any GalleryServicing
          private let router: any GalleryRouting

        """)
    #expect(
      viewModel.contains(
        "  func setThumbnail(_ url: URL, at index: Int) {\n    thumbnails[index] = url\n  }"))
    #expect(!viewModel.contains("Publisher: AnyPublisher"))
    let contracts = try #require(files["GalleryContracts.swift"])
    #expect(
      contracts.contains("  var errorMessagePublisher: AnyPublisher<String?, Never> { get }\n"))
    let mocks = try #require(files["GalleryMocks.swift"])
    #expect(
      mocks.contains("  let thumbnailsSubject = CurrentValueSubject<[Int: URL], Never>([:])\n"))
    #expect(
      mocks.contains(
        "  private(set) lazy var thumbnailsPublisher = thumbnailsSubject.eraseToAnyPublisher()\n"))
  }

  /// A UIKit view of an MVVM view model with Combine and Input/Output sees the state only
  /// through the outputs' publishers: it subscribes to each, and shows each value it is sent
  /// (`@Published` sends it before the property changes), instead of rendering once.
  @Test func anMVVMCombineViewControllerShowsEveryPublishedState() throws {
    let files = try Self.generate(
      "mvvm", [("ui", "uikit"), ("binding", "combine"), ("io", "true")], spec: Self.mvvmSpec)
    let controller = try #require(files["GalleryViewController.swift"])
    #expect(
      Self.excerpt(controller, from: "private func bind()", to: "  }") == """
          private func bind() {
            viewModel.outputs.isLoadingPublisher
              .sink { [weak self] in self?.render(isLoading: $0) }
              .store(in: &cancellables)
            viewModel.outputs.photosPublisher
              .sink { [weak self] in self?.render(photos: $0) }
              .store(in: &cancellables)
            viewModel.outputs.thumbnailsPublisher
              .sink { [weak self] in self?.render(thumbnails: $0) }
              .store(in: &cancellables)
            viewModel.outputs.errorMessagePublisher
              .sink { [weak self] in self?.render(errorMessage: $0) }
              .store(in: &cancellables)
          }
        """)
    #expect(
      Self.excerpt(controller, from: "Shows `thumbnails`", to: "  }") == """
          /// Shows `thumbnails`, now and after every change.
          private func render(thumbnails: [Int: URL]) {
            // TODO: update the views that show it.
          }
        """)
    #expect(!controller.contains("render()"))
  }

  /// A SwiftUI view of an MVVM view model with Combine and Input/Output keeps a copy of each
  /// state property, which `onReceive` keeps up to date from the property's publisher (the
  /// view model makes each once, so a render does not subscribe again): its body can show the
  /// state, which the outputs give only as publishers.
  @Test func anMVVMCombineSwiftUIViewReceivesEveryPublishedState() throws {
    let files = try Self.generate(
      "mvvm", [("ui", "swiftui"), ("binding", "combine"), ("io", "true")], spec: Self.mvvmSpec)
    let view = try #require(files["GalleryView.swift"])
    #expect(
      Self.excerpt(view, from: "@State private var viewModel", to: "") == """
          @State private var viewModel: any GalleryViewModelType
          // The view model's state, as it publishes it: what the body shows.
          @State private var isLoading: Bool = false
          @State private var photos: [GalleryPhoto] = []
          @State private var thumbnails: [Int: URL] = [:]
          @State private var errorMessage: String? = nil

        """)
    #expect(
      Self.excerpt(view, from: "var body: some View", to: "  }") == """
          var body: some View {
            Text("Gallery", comment: "The title of the Gallery screen")
              .onAppear {
                guard !hasLoaded else { return }
                hasLoaded = true
                viewModel.inputs.viewDidLoad()
              }
              .onReceive(viewModel.outputs.isLoadingPublisher) { isLoading = $0 }
              .onReceive(viewModel.outputs.photosPublisher) { photos = $0 }
              .onReceive(viewModel.outputs.thumbnailsPublisher) { thumbnails = $0 }
              .onReceive(viewModel.outputs.errorMessagePublisher) { errorMessage = $0 }
          }
        """)
  }

  /// With closures, the view model reports each change with `onChange`, which a SwiftUI view
  /// does not observe: the view keeps a copy of each state property that the closure keeps up to
  /// date (holding the copies' bindings, not the view, which holds the view model), so that its
  /// body can show the state; it showed its title and followed nothing.
  @Test func anMVVMClosuresSwiftUIViewFollowsEveryReportedState() throws {
    for io in [false, true] {
      let files = try Self.generate(
        "mvvm", [("ui", "swiftui"), ("binding", "closures"), ("io", "\(io)")],
        spec: Self.mvvmSpec)
      let view = try #require(files["GalleryView.swift"])
      let (outputs, inputs) =
        io ? ("viewModel.outputs", "viewModel.inputs") : ("viewModel", "viewModel")
      #expect(
        Self.excerpt(view, from: "  // The view model's state", to: "") == """
            // The view model's state, as it reports it: what the body shows.
            @State private var isLoading: Bool = false
            @State private var photos: [GalleryPhoto] = []
            @State private var thumbnails: [Int: URL] = [:]
            @State private var errorMessage: String? = nil

          """, "io: \(io)")
      #expect(
        Self.excerpt(view, from: "var body: some View", to: "  }") == """
            var body: some View {
              Text("Gallery", comment: "The title of the Gallery screen")
                .onAppear {
                  // The copies follow the view model's state, as it is now and after every change. The view
                  // model keeps the closure, which holds the copies' bindings, not the view (which holds the
                  // view model: the two would keep each other after the screen is gone).
                  let outputs = \(outputs)
                  let isLoading = $isLoading
                  let photos = $photos
                  let thumbnails = $thumbnails
                  let errorMessage = $errorMessage
                  outputs.onChange = { [weak outputs] in
                    guard let outputs else { return }
                    isLoading.wrappedValue = outputs.isLoading
                    photos.wrappedValue = outputs.photos
                    thumbnails.wrappedValue = outputs.thumbnails
                    errorMessage.wrappedValue = outputs.errorMessage
                  }
                  outputs.onChange?()
                  guard !hasLoaded else { return }
                  hasLoaded = true
                  \(inputs).viewDidLoad()
                }
            }
          """, "io: \(io)")
    }
  }

  @Test func viperUseCasesCallTheServiceThatHasTheirMethods() throws {
    let files = try Self.generate("viper")
    #expect(
      Self.excerpt(files["GalleryService.swift"] ?? "", from: "protocol GalleryServicing", to: "}")
        == """
        protocol GalleryServicing: Sendable {
          func fetchPhotos() async throws -> [GalleryPhoto]
          func loadThumbnail(for url: URL) async throws -> UIImage
        }
        """)
    #expect(
      Self.excerpt(files["GalleryInteractor.swift"] ?? "", from: "func fetchPhotos", to: "  }")
        == """
          func fetchPhotos() async throws -> [GalleryPhoto] {
            // TODO: apply the use case's business rules around what the service does.
            try await service.fetchPhotos()
          }
        """)
    #expect(
      files["GalleryMocks.swift"]?.contains("final class GalleryServicingMock: GalleryServicing")
        == true)
    #expect(
      files["GalleryMocks.swift"]?.contains("private(set) var fetchPhotosCallCount = 0") == true)
  }

  @Test(arguments: ["viper", "mvp", "mvvm"])
  func aSwiftUIViewReportsThatItLoadedTheFirstTimeItAppears(template: String) throws {
    let files = try Self.generate(template, [("ui", "swiftui")], spec: Self.mvvmSpec)
    let receiver = ["viper": "output", "mvp": "presenter", "mvvm": "viewModel"][template] ?? ""
    #expect(
      Self.excerpt(
        files["GalleryView.swift"] ?? "", from: "Whether the view has appeared", to: "  }")
          == """
            /// Whether the view has appeared once: `viewDidLoad()` is reported then, and only then.
            @State private var hasLoaded = false

            var body: some View {
              Text("Gallery", comment: "The title of the Gallery screen")
                .onAppear {
                  guard !hasLoaded else { return }
                  hasLoaded = true
                  \(receiver).viewDidLoad()
                }
            }
          """)
  }

  @Test func theTestsOfAUIKitScreenCheckThatItReportsThatItLoadedOnce() throws {
    let tests = try #require(try Self.generate("viper")["GalleryTests.swift"])
    #expect(
      Self.excerpt(tests, from: "final class GalleryTests", to: "  }") == """
        final class GalleryTests: XCTestCase {

          func testScreenReportsThatItLoadedOnce() async throws {
            let output = GalleryViewOutputMock()
            let screen = GalleryViewController(output: output)
            screen.loadViewIfNeeded()
            screen.loadViewIfNeeded()
            XCTAssertEqual(output.viewDidLoadCallCount, 1)
          }
        """)
  }

  /// Each test makes the view state as `viewState` (a view method's argument named `state`
  /// made two declarations of `state`, and the tests did not compile).
  @Test func theTestsOfAViewStateCheckEachViewMethodWhoseArgumentsTheyCanMake() throws {
    let tests = try #require(
      try Self.generate("mvp", [("ui", "swiftui"), ("tests", "swift-testing")])[
        "GalleryTests.swift"])
    // The view-output methods' tests (EventLinkTests) follow.
    let next = "  @Test func viewDidLoadCallsNothingYet() async throws {"
    #expect(
      Self.excerpt(tests, from: "@Suite struct GalleryTests", to: next) == """
        @Suite struct GalleryTests {

          @Test func showLoadingUpdatesTheState() async throws {
            let viewState = GalleryViewState()
            let isLoading = true
            viewState.showLoading(isLoading)
            #expect(viewState.isLoading == isLoading)
          }

          @Test func showPhotosUpdatesTheState() async throws {
            let viewState = GalleryViewState()
            let photos = [GalleryPhoto(id: UUID(), title: "Text", url: URL(fileURLWithPath: "/sample"), createdAt: Date(timeIntervalSince1970: 0))]
            viewState.showPhotos(photos)
            #expect(viewState.photos == photos)
          }

          @Test func setThumbnailAtUpdatesTheState() async throws {
            let viewState = GalleryViewState()
            let image = UIImage()
            let index = 2
            viewState.setThumbnail(image, at: index)
            #expect(viewState.thumbnails[index] == image)
          }

          @Test func showErrorUpdatesTheState() async throws {
            let viewState = GalleryViewState()
            let message = "Text"
            viewState.showError(message)
            #expect(viewState.errorMessage == message)
          }

          @Test func viewDidLoadCallsNothingYet() async throws {
        """)
  }

  /// A mock's method whose result has no stub stops the test when it cannot throw the missing
  /// stub's error instead, and the comment before the stop says why: the method cannot throw
  /// at all, or only its own error (typed throws).
  @Test func aMockSaysWhyAMethodWithoutAStubStops() throws {
    let spec = """
      name: Gallery
      interactor:
        - "count() -> Int"
        - "fetch() async throws(CancellationError) -> Int"
        - "load() async throws -> Int"
      """
    let mocks = try #require(try Self.generate("viper", spec: spec)["GalleryMocks.swift"])
    let lines = mocks.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    /// The line before the stop of the interactor mock's `method`, or nil when it does not stop.
    func reason(_ method: String) -> String? {
      let stop = "fatalError(\"GalleryInteractorInputMock.\(method) has no stub"
      return lines.firstIndex { $0.hasPrefix(stop) }.map { lines[$0 - 1] }
    }
    #expect(reason("count()") == "// A method that cannot throw has nothing to return.")
    #expect(
      reason("fetch()")
        == "// A method that can throw only CancellationError, not GalleryMissingStub, has nothing to return."
    )
    #expect(reason("load()") == nil)
    // The stubbed error is of the type the method throws, written as a developer writes it.
    #expect(lines.contains("var fetchError: CancellationError?"))
    #expect(lines.contains("var loadError: (any Error)?"))
    #expect(mocks.contains("throw GalleryMissingStub(in: self, \"load()\", stub: \"load\")"))
  }
}
