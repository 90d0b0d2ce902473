import Foundation
import Liquid
import Testing

@testable import ModuleGen

/// What a spec's view-output method calls (`EventLink`, Templates/README.md "Events"), what
/// templates see of it, and the test each view-output method gets.
@Suite struct EventLinkTests {
  static func methods(_ texts: [String]) throws -> [MethodSignature] {
    try texts.map { try SignatureParser.parseMethod($0) }
  }

  /// The call `event` makes by the rule (`role.call`), or nil.
  static func link(
    _ event: String, interactor: [String] = [], router: [String] = [],
    canStub: @escaping (String) -> Bool = { _ in true }
  ) throws -> String? {
    try EventLink.link(
      for: SignatureParser.parseMethod(event),
      in: EventLink.Targets(interactor: methods(interactor), router: methods(router)),
      canStub: canStub
    ).map { "\($0.role.rawValue).\($0.call) passes \($0.passed)" }
  }

  @Test(arguments: [
    ("viewDidLoad", ["viewDidLoad"]), ("didTapRetry", ["didTapRetry", "tapRetry", "retry"]),
    ("didShowDetail", ["didShowDetail", "showDetail"]), ("did", ["did"]),
    ("didtap", ["didtap"]), ("search", ["search"]), ("didTap", ["didTap", "tap"]),
  ])
  func candidateNames(event: String, names: [String]) {
    #expect(EventLink.candidateNames(for: event) == names)
  }

  @Test func anEventCallsTheMethodItNamesInTheInteractorFirst() throws {
    #expect(
      try Self.link(
        "search(query: String) async", interactor: ["search(query: String) async throws -> [Int]"])
        == "interactor.search(query: query) passes [\"query\"]")
    #expect(
      try Self.link("didTapRetry()", interactor: ["retry() async"], router: ["retry()"])
        == "interactor.retry() passes []")
    #expect(try Self.link("didTapClose()", router: ["close()"]) == "router.close() passes []")
    // After the receiver's dot a keyword needs no backticks.
    #expect(
      try Self.link("didTapDefault()", router: ["`default`()"]) == "router.default() passes []")
    // The event's own name comes before the name without `did`.
    #expect(
      try Self.link(
        "didSelect(at index: Int)", interactor: ["select(at index: Int)"],
        router: ["didSelect(at index: Int)"])
        == "router.didSelect(at: index) passes [\"index\"]")
  }

  @Test func parametersArePassedByNameAndTypeOrTheirDefault() throws {
    #expect(
      try Self.link(
        "didShowDetail(for item: Item)",
        router: ["showDetail(for item: Item, animated: Bool = true)"])
        == "router.showDetail(for: item, animated: true) passes [\"item\"]")
    #expect(
      try Self.link("open(_ url: URL, extra: Int)", router: ["`open`(url: URL)"])
        == "router.open(url: url) passes [\"url\"]")
    // A parameter of another type, or one the event lacks without a default: the next candidate.
    #expect(try Self.link("load(id: Int)", interactor: ["load(id: String)"]) == nil)
    #expect(
      try Self.link("load(id: Int)", interactor: ["load(id: Int, page: Int)", "load(id: Int)"])
        == "interactor.load(id: id) passes [\"id\"]")
    #expect(
      try Self.link("adjust(_ value: Int)", interactor: ["adjust(_ value: inout Int)"]) == nil)
    #expect(try Self.link("sum(_ values: Int)", interactor: ["sum(_ values: Int...)"]) == nil)
  }

  /// A parameter's type is compared as Swift reads it, not as it is written; but a closure that
  /// may not escape is not passed on to one that does.
  @Test func parameterTypesAreComparedInTheirNormalForm() throws {
    #expect(
      try Self.link("didShowAll(items: Array<Item>)", router: ["showAll(items: [Item])"])
        == "router.showAll(items: items) passes [\"items\"]")
    #expect(
      try Self.link("didOpen(id: Swift.Int?)", router: ["open(id: Optional<Int>)"])
        == "router.open(id: id) passes [\"id\"]")
    #expect(
      try Self.link(
        "didLoad(done: @escaping () -> Void)", interactor: ["load(done: () -> ())"])
        == "interactor.load(done: done) passes [\"done\"]")
    #expect(
      try Self.link("didLoad(done: () -> Void)", interactor: ["load(done: @escaping () -> Void)"])
        == nil)
  }

  /// The parameters an event leaves at their default, which its test checks the target got:
  /// literals of a type a test can make, not a value made anew (`Date()`), nor `nil`.
  @Test func theDefaultsAnEventLeavesAreThoseATestCanCompare() throws {
    func defaults(_ target: String, canMake: @escaping (String) -> Bool = { _ in true }) throws
      -> [String]
    {
      try #require(
        EventLink.link(
          for: SignatureParser.parseMethod("didShowDetail(for item: Item)"),
          in: EventLink.Targets(interactor: [], router: EventLinkTests.methods([target])),
          canStub: canMake)
      ).defaults.map { "\($0.name)=\($0.value)" }
    }
    #expect(try defaults("showDetail(for item: Item, animated: Bool = true)") == ["animated=true"])
    #expect(
      try defaults(
        "showDetail(for item: Item, count: Int = -2, scale: Double = 0.5, title: String = \"A\")")
        == ["count=-2", "scale=0.5", "title=\"A\""])
    #expect(
      try defaults(
        "showDetail(for item: Item, at date: Date = Date(), note: String? = nil, mode: Mode = .all)"
      ).isEmpty)
    #expect(try defaults("showDetail(for item: Item, done: @escaping () -> Void = {})").isEmpty)
    #expect(
      try defaults("showDetail(for item: Item, animated: Bool = true)", canMake: { $0 != "Bool" })
        .isEmpty)
    #expect(!EventLink.isLiteral("\"a\\(b)\"") && !EventLink.isLiteral("1.2.3"))
    #expect(!EventLink.isLiteral("x1") && EventLink.isLiteral("1_000"))
  }

  /// The rich spec's test of an event that leaves `animated` at its default checks that the
  /// router got `true`, beside the item it passed.
  @Test(arguments: ["viper", "mvp", "mvvm"])
  func anEventsTestChecksTheDefaultItLeaves(template: String) throws {
    let tests = try #require(
      try SpecModuleTests.generate(template, spec: GeneratedPackage.richSpec(for: template))[
        "RichTests.swift"])
    #expect(
      tests.contains(
        """
            XCTAssertEqual(router.showDetailForAnimatedReceivedArguments?.item, item)
            XCTAssertEqual(router.showDetailForAnimatedReceivedArguments?.animated, true)
        """))
  }

  @Test func anEventThatReturnsOrATargetATestCannotStubCallsNothing() throws {
    #expect(try Self.link("count() -> Int", interactor: ["count() -> Int"]) == nil)
    let cannot: (String) -> Bool = { _ in false }
    #expect(
      try Self.link("point()", interactor: ["point() -> (x: Int, y: Int)"], canStub: cannot) == nil)
    // A result it can throw instead of, or an optional one, needs no stub.
    #expect(
      try Self.link("point()", interactor: ["point() throws -> (x: Int, y: Int)"], canStub: cannot)
        == "interactor.point() passes []")
    #expect(
      try Self.link("find()", interactor: ["find() -> Int?"], canStub: cannot)
        == "interactor.find() passes []")
  }

  @Test func templatesSeeWhatAViewOutputMethodCalls() throws {
    let spec = try SpecDecoder.decode(
      """
      name: Feed
      presenter:
        - "didShowPost(id: UUID)"
        - didTapShare()
      interactor:
        - count() -> Int
      router:
        - "showPost(id: UUID, animated: Bool = true)"
      """, file: "f.yml"
    ).modules[0]
    let context = TemplateContext.make(
      module: spec, template: "viper", params: [], settings: GenerationSettings(date: "2026-01-01"))
    let template = try Template(
      parsing: """
        {% for m in presenter %}{{ m.selector }}: {% if m.calls %}{{ m.calls.role }} {{ m.calls.method.selector }} \
        {{ m.calls.call }} {{ m.calls.passed | join: "," }} {{ m.calls.return_value | default: "-" }}\
        {% else %}nothing{% endif %} [{% for a in m.sample_arguments %}{{ a.name }}={{ a.value }}{% endfor %}]
        {% endfor %}
        """, environment: LiquidEnvironment(filters: .moduleGen, strictVariables: true))
    #expect(
      try template.render(context) == """
        didShowPost(id:): router showPost(id:animated:) showPost(id: id, animated: true) id - [id=UUID()]
        didTapShare(): nothing []

        """)
  }

  /// The tests of the rich spec's module (GeneratedPackage.richSpec), by name: one per
  /// view-output method; GeneratedCodeTests builds and runs them.
  @Test(arguments: [
    ("viper", "output"), ("mvp", "presenter"), ("mvvm", ""), ("mvc", ""),
  ])
  func aSpecModuleGetsATestPerViewOutputMethod(template: String, screenSpy: String) throws {
    let tests = try #require(
      try SpecModuleTests.generate(template, spec: GeneratedPackage.richSpec(for: template))[
        "RichTests.swift"])
    let names = tests.split(separator: "\n").compactMap {
      line -> String? in
      guard line.hasPrefix("  func test"), let end = line.firstIndex(of: "(") else { return nil }
      return String(line[line.index(line.startIndex, offsetBy: 11)..<end])
    }.filter { !$0.hasSuffix("UpdatesTheState") }
    let interactor = template == "viper" ? "Interactor" : "Service"
    let router = template == "mvc" ? nil : "Router"
    var expected = screenSpy.isEmpty ? [] : ["ScreenReportsThatItLoadedOnce"]
    if template == "mvc" { expected.append("BuilderMakesTheController") }
    if template != "mvc" { expected.append("ViewDidLoadCallsNothingYet") }
    expected += [
      "DidSelectAtCallsNothingYet", "DidTapRetryCalls\(interactor)Retry",
      "SearchQueryCalls\(interactor)SearchQuery", "ApplyEventCallsNothingYet",
      router.map { "DidTapCloseCalls\($0)Close" } ?? "DidTapCloseCallsNothingYet",
      router.map { "DidTapOpenUrlCalls\($0)OpenUrl" } ?? "DidTapOpenUrlCallsNothingYet",
      router.map { "DidShowDetailForCalls\($0)ShowDetailForAnimated" }
        ?? "DidShowDetailForCallsNothingYet",
      router.map { "DidTapDefaultCalls\($0)Default" } ?? "DidTapDefaultCallsNothingYet",
      "DidTapRefreshRouterDeadlineCalls\(interactor)RefreshRouterDeadline",
      "DidPickViewServiceCallsNothingYet", "DidMarkViewModelPresenterCallsNothingYet",
      "DidSetInteractorControllerCallsNothingYet", "DidTapCoordinatorCallsNothingYet",
      "ResetCalls\(interactor)Reset", "DidTapScreenSpyCallsNothingYet",
      "DidPickSutExpectationCallsNothingYet", "DidSetValueStateCallsNothingYet",
      "DidTapTaskLoadCallsNothingYet", "DidMarkOutputCompletionCallsNothingYet",
      "DidGetResultErrorCallsNothingYet", "DidSelectInForCallsNothingYet",
      "SelectCallsNothingYet", "DidTapLockCallsStubsCallsNothingYet", "ProgressCallsNothingYet",
      "UpdateProgressCallsNothingYet",
      router.map { "DidOpenAllCountCalls\($0)OpenAllCount" } ?? "DidOpenAllCountCallsNothingYet",
    ]
    #expect(names == expected)
  }

  /// An event's arguments named as the test names its subject, spies or deadline are declared
  /// with `Value` after their names: the test declared `router` twice and did not compile.
  @Test func anEventsArgumentsNamedAsTheTestsOwnValuesGetOtherNames() throws {
    let tests = try #require(
      try SpecModuleTests.generate("viper", spec: GeneratedPackage.richSpec(for: "viper"))[
        "RichTests.swift"])
    #expect(tests.contains("    let routerValue = 2\n    let deadlineValue = 2\n"))
    #expect(
      tests.contains("presenter.didTapRefresh(router: routerValue, deadline: deadlineValue)\n"))
    #expect(
      tests.contains("interactor.refreshRouterDeadlineReceivedArguments?.router, routerValue"))
    #expect(tests.contains("presenter.didPick(view: viewValue, service: serviceValue)\n"))
    #expect(
      tests.contains("presenter.didMark(viewModel: viewModelValue, presenter: presenterValue)\n"))
  }
}
