import Testing

@testable import ModuleGen

/// The state a view keeps for a spec's view methods is named as state, starts empty, and keeps
/// every value a keyed method sets.
@Suite struct ViewStateTests {
  static func state(_ signatures: [String]) throws -> (declarations: [String], updates: [String]) {
    let state = ViewState(methods: try signatures.map { try SignatureParser.parseMethod($0) })
    return (
      state.properties.map { "\($0.name): \($0.type) = \($0.initialValue)" },
      state.updates.map { $0.joined(separator: "; ") }
    )
  }

  @Test(arguments: [
    ("showLoading(_ isLoading: Bool)", "isLoading: Bool = false", "self.isLoading = isLoading"),
    ("showPhotos(_ photos: [Photo])", "photos: [Photo] = []", "self.photos = photos"),
    ("showError(_ message: String)", "errorMessage: String? = nil", "errorMessage = message"),
    (
      "setThumbnail(_ image: UIImage, at index: Int)", "thumbnails: [Int: UIImage] = [:]",
      "thumbnails[index] = image"
    ),
    (
      "setCategory(_ name: String, for id: UUID)", "categories: [UUID: String] = [:]",
      "categories[id] = name"
    ),
    ("show(image: UIImage)", "image: UIImage? = nil", "self.image = image"),
    (
      "update(progress: Double, animated: Bool)", "progress: Double? = nil",
      "self.progress = progress"
    ),
    ("showURL(_ url: URL)", "url: URL? = nil", "self.url = url"),
    ("reloadData()", "reloadDataCount: Int = 0", "reloadDataCount += 1"),
    ("showEmptyState()", "isEmptyStateVisible: Bool = false", "isEmptyStateVisible = true"),
    ("showCounts(_ counts: [String: Int])", "counts: [String: Int] = [:]", "self.counts = counts"),
    (
      "showDelegate(_ delegate: any Delegate)", "delegate: (any Delegate)? = nil",
      "self.delegate = delegate"
    ),
    ("setTitle(_ title: String?)", "title: String? = nil", "self.title = title"),
    // A state named as a Swift keyword gets the method's name before it.
    ("display(_ default: String)", "displayDefault: String? = nil", "displayDefault = `default`"),
    ("show(in count: Int)", "count: Int? = nil", "self.count = count"),
    // …and so does one named as what holds the state names its own members.
    ("show(service: String)", "showService: String? = nil", "showService = service"),
    ("show(router: String)", "showRouter: String? = nil", "showRouter = router"),
    ("update(onChange: Int)", "updateOnChange: Int? = nil", "updateOnChange = onChange"),
    ("show(eventTasks: Int)", "showEventTasks: Int? = nil", "showEventTasks = eventTasks"),
    // …once, where the method's name ends with it.
    ("showOutputs(_ outputs: [String])", "showOutputs: [String] = []", "showOutputs = outputs"),
  ])
  func aMethodUpdatesStateNamedAsState(signature: String, declaration: String, update: String)
    throws
  {
    let state = try Self.state([signature])
    #expect(state.declarations == [declaration])
    #expect(state.updates == [update])
  }

  /// A state named as one of the module's methods without arguments (a presenter's `items()`,
  /// which an MVVM view model implements beside the state) gets the method's name before it:
  /// `var items` and `func items()` in one type do not compile.
  /// A type is known however it is written: a Bool starts false, a collection empty, and an
  /// optional is not made optional again (`Optional<Int>?`); an implicitly unwrapped one, which
  /// cannot be made optional (`String!?` does not compile), is kept as `String?`. The spelling is
  /// the spec's.
  @Test(arguments: [
    ("showFlag(_ isOn: Swift.Bool)", "isOn: Swift.Bool = false"),
    ("showPhotos(_ photos: Array<Photo>)", "photos: Array<Photo> = []"),
    ("showCounts(_ counts: Dictionary<String, Int>)", "counts: Dictionary<String, Int> = [:]"),
    ("showGroups(_ groups: [[String: Int]])", "groups: [[String: Int]] = []"),
    ("showCount(_ count: Optional<Int>)", "count: Optional<Int> = nil"),
    ("showName(_ name: String!)", "name: String? = nil"),
    ("showItem(_ item: Item!)", "item: Item? = nil"),
  ])
  func aTypeIsKnownHoweverItIsWritten(signature: String, declaration: String) throws {
    #expect(try Self.state([signature]).declarations == [declaration])
  }

  /// Two methods share a state whose types are one type written two ways.
  @Test func methodsShareAStateOfOneTypeWrittenTwoWays() throws {
    let state = try Self.state([
      "showLoading(_ isLoading: Bool)", "setLoading(_ isLoading: Swift.Bool)",
    ])
    #expect(state.declarations == ["isLoading: Bool = false"])
  }

  @Test func aStateNamedAsAMethodWithoutArgumentsIsRenamed() throws {
    let methods = try ["display(items: [Item])", "update(progress: Double)"].map {
      try SignatureParser.parseMethod($0)
    }
    let state = ViewState(methods: methods, taken: ["items", "reset"])
    #expect(state.properties.map(\.name) == ["displayItems", "progress"])
    #expect(state.updates == [["displayItems = items"], ["self.progress = progress"]])
  }

  /// A state whose renamed name is a method's too (a presenter's `items()` and `displayItems()`
  /// beside `display(items:)`) is numbered: the view model declared `var displayItems` and
  /// `func displayItems()`, which does not compile.
  @Test func aStateRenamedToAMethodsNameIsNumbered() throws {
    let methods = try ["display(items: [Item])", "show(items: Int)"].map {
      try SignatureParser.parseMethod($0)
    }
    let state = ViewState(methods: methods, taken: ["items", "displayItems", "displayItems2"])
    #expect(state.properties.map(\.name) == ["displayItems3", "showItems"])
    #expect(state.updates == [["displayItems3 = items"], ["showItems = items"]])
  }

  @Test func methodsShareOrSeparateTheirState() throws {
    let state = try Self.state([
      "display(title: String, subtitle: String?)", "showLoading()", "hideLoading()",
      "setTitle(_ title: String)", "showError(title: String, message: String)",
      "showTitle(_ title: Int)", "completion(handler: @escaping () -> Void)",
    ])
    #expect(
      state.declarations == [
        "title: String? = nil", "subtitle: String? = nil", "isLoadingVisible: Bool = false",
        "errorTitle: String? = nil", "errorMessage: String? = nil",
        "showTitleTitle: Int? = nil", "completionHandlerCount: Int = 0",
      ])
    #expect(
      state.updates == [
        "self.title = title; self.subtitle = subtitle", "isLoadingVisible = true",
        "isLoadingVisible = false", "self.title = title",
        "errorTitle = title; errorMessage = message",
        "showTitleTitle = title", "completionHandlerCount += 1",
      ])
  }

  @Test func aCheckSaysWhatACallLeavesInTheState() throws {
    let state = ViewState(
      methods: try [
        "setThumbnail(_ image: UIImage, at index: Int)", "reloadData()", "hideSpinner()",
        "showLoading(_ isLoading: Bool)",
      ].map { try SignatureParser.parseMethod($0) })
    #expect(
      state.checks.map { $0.map { "\($0.actual) == \($0.expected)" } } == [
        ["thumbnails[index] == image"], ["reloadDataCount == 1"], ["isSpinnerVisible == false"],
        ["isLoading == isLoading"],
      ])
  }
}
