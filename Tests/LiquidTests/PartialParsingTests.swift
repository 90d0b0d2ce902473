import BackgroundWork
import Liquid
import Testing

/// Partials parsed up front (with the templates) or on first use (as renders reach them, once
/// for all the renders of the templates parsed together).
@Suite struct PartialParsingTests {
  /// Notes the partials it hands out, from any thread.
  final class CountingLoader: PartialLoader {
    let partials: [String: String]
    private let names = Locked<[String]>([])

    init(_ partials: [String: String]) { self.partials = partials }

    func loadPartial(named name: String) throws(LiquidError) -> (
      text: String, displayName: String
    )? {
      names.withLock { $0.append(name) }
      return partials[name].map { ($0, name) }
    }

    var loaded: [String] { names.withLock { $0 } }
  }

  static let broken = "{% if %}"

  /// The error's text, nil when there is none.
  static func message(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as LiquidError {
      return error.description
    } catch {
      return "not a LiquidError: \(error)"
    }
  }

  func group(_ loader: CountingLoader, _ parsing: PartialParsing) throws(LiquidError)
    -> [Template]
  {
    try Template.parseGroup(
      [
        ("t", "{% if show %}{% include 'a' %}{% endif %}{% include 'b' %}"),
        ("u", "{% include 'b' %}{% include 'b' %}"),
      ],
      environment: LiquidEnvironment(partialLoader: loader), partials: parsing)
  }

  @Test func upFrontParsesEveryNamedPartialWithTheTemplates() throws {
    let loader = CountingLoader(["a": "A{% include 'c' %}", "b": "B", "c": "C"])
    let templates = try group(loader, .upFront)
    #expect(loader.loaded == ["a", "b", "c"])
    #expect(try templates[0].render(LiquidObject([("show", .bool(true))])) == "ACB")
    #expect(try templates[1].render() == "BB")
    #expect(loader.loaded == ["a", "b", "c"])
  }

  @Test func onFirstUseParsesWhatRendersReachOnceForTheGroup() throws {
    let loader = CountingLoader(["a": "A{% include 'c' %}", "b": "B", "c": "C"])
    let templates = try group(loader, .onFirstUse)
    #expect(loader.loaded == [])
    #expect(try templates[0].render(LiquidObject([("show", .bool(false))])) == "B")
    #expect(try templates[1].render() == "BB")
    #expect(loader.loaded == ["b"])
    #expect(try templates[0].render(LiquidObject([("show", .bool(true))])) == "ACB")
    #expect(loader.loaded == ["b", "a", "c"])
  }

  @Test func aBrokenPartialNoRenderReachesIsAnErrorOnlyUpFront() throws {
    let loader = CountingLoader(["a": Self.broken, "b": "B"])
    #expect(throws: LiquidError.self) { try group(loader, .upFront) }
    let templates = try group(loader, .onFirstUse)
    #expect(try templates[0].render(LiquidObject([("show", .bool(false))])) == "B")
  }

  /// A broken partial is reported where it is, with the chain of partials the render followed
  /// to it; its notes point at the tags, as every error of a render does. (Parsing up front
  /// reports the first broken partial in the order it reads them, from the partials' names.)
  @Test func aBrokenPartialARenderReachesIsReportedAtItsPlace() throws {
    let partials = ["a": "{% include 'b' %}", "b": "x\n" + Self.broken]
    let templates = try group(CountingLoader(partials), .onFirstUse)
    let data = LiquidObject([("show", .bool(true))])
    #expect(
      Self.message { _ = try templates[0].render(data) } == """
        b:2:7: error: expected a value, found end of markup
        {% if %}
              ^
        note: included from a:1:1
        note: included from t:1:14
        """)
    #expect(
      Self.message { _ = try group(CountingLoader(partials), .upFront) } == """
        b:2:7: error: expected a value, found end of markup
        {% if %}
              ^
        note: included from t:1:53
        """)
  }

  @Test func aMissingPartialARenderReachesIsNotFound() throws {
    let templates = try group(CountingLoader(["b": "B"]), .onFirstUse)
    let data = LiquidObject([("show", .bool(true))])
    #expect(
      Self.message { _ = try templates[0].render(data) } == """
        t:1:14: error: partial 'a' not found
        {% if show %}{% include 'a' %}{% endif %}{% include 'b' %}
                     ^
        """)
  }

  /// Renders on several threads at once share what each parses (a thread that finds a partial
  /// not parsed yet may parse it too: each partial is parsed at most once per thread).
  @Test func rendersOnManyThreadsShareThePartials() throws {
    let loader = CountingLoader(["a": "A{% include 'c' %}", "b": "B", "c": "C"])
    let templates = try group(loader, .onFirstUse)
    let data = LiquidObject([("show", .bool(true))])
    let outputs = Array(0..<64).concurrentMap(maxThreads: 4) { i in
      try? templates[i % 2].render(data)
    }
    #expect(outputs == (0..<64).map { $0 % 2 == 0 ? "ACB" : "BB" })
    for name in ["a", "b", "c"] {
      #expect((1...4).contains(loader.loaded.count { $0 == name }), "\(loader.loaded)")
    }
  }
}
