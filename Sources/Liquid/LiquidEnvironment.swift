/// Everything a template is parsed and rendered with besides its data.
public struct LiquidEnvironment: Sendable {
  public var filters: FilterSet
  /// Where `include` and `render` find partials.
  public var partialLoader: (any PartialLoader)?
  /// When true, an undefined variable or a missing property is an error.
  public var strictVariables: Bool
  /// The time `now` and `today` mean in the `date` filter, in seconds since 1970; the system
  /// clock when nil.
  public var currentTime: Int?
  public var limits: Limits

  public init(
    filters: FilterSet = .standard, partialLoader: (any PartialLoader)? = nil,
    strictVariables: Bool = false, currentTime: Int? = nil, limits: Limits = Limits()
  ) {
    self.filters = filters
    self.partialLoader = partialLoader
    self.strictVariables = strictVariables
    self.currentTime = currentTime
    self.limits = limits
  }

  /// Bounds that keep a hostile or mistaken template from crashing or hanging the process.
  public struct Limits: Sendable {
    public var maxNesting = 100
    public var maxPartialDepth = 100
    public var maxLoopIterations = 1_000_000
    /// Also bounds every string a filter makes, and every argument that sizes one (`indent`,
    /// `json`'s indentation, `date`'s field widths).
    public var maxOutputBytes = 64 * 1024 * 1024
    /// The most items an array made by a filter (`concat`, `split`, …) may hold.
    public var maxArrayItems = 1_000_000

    public init() {}
  }
}

/// Finds partials by name for `include` and `render`.
public protocol PartialLoader: Sendable {
  /// The partial's text and the name its errors use (such as its path); nil if there is none.
  func loadPartial(named name: String) throws(LiquidError) -> (text: String, displayName: String)?
  /// Appended to "partial 'x' not found", e.g. " in snippets/".
  var searchDescription: String { get }
  /// The names of the partials it has, for a "did you mean" when one is not found.
  var partialNames: [String] { get }
}

extension PartialLoader {
  public var searchDescription: String { "" }
  public var partialNames: [String] { [] }
}

/// Partials held in memory, by name.
public struct DictionaryPartialLoader: PartialLoader {
  public var partials: [String: String]

  public init(_ partials: [String: String]) { self.partials = partials }

  public func loadPartial(named name: String) throws(LiquidError) -> (
    text: String, displayName: String
  )? {
    partials[name].map { ($0, name) }
  }
}

/// A parsed partial: its source (for error locations) and its body.
struct ParsedPartial: Sendable {
  var source: SourceText
  var body: Block

  static func load(name: String, loader: any PartialLoader, environment: LiquidEnvironment)
    throws(LiquidError) -> ParsedPartial?
  {
    guard let (text, displayName) = try loader.loadPartial(named: name) else { return nil }
    let source = SourceText(name: displayName, text: text)
    let (body, _) = try TemplateParser.parse(
      source, environment: environment, notesPartials: false)
    return ParsedPartial(source: source, body: body)
  }
}
