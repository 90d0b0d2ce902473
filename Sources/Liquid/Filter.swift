/// A filter: its arity (checked when a template is parsed) and its function.
public struct Filter: Sendable {
  public typealias Function = @Sendable (LiquidValue, FilterArguments) throws -> LiquidValue

  public var minArguments: Int
  public var maxArguments: Int
  /// Keyword arguments the filter accepts, such as `allow_false`.
  public var keywords: Set<String>
  public var function: Function

  public init(
    arguments: ClosedRange<Int> = 0...0, keywords: Set<String> = [], _ function: @escaping Function
  ) {
    self.minArguments = arguments.lowerBound
    self.maxArguments = arguments.upperBound
    self.keywords = keywords
    self.function = function
  }

  func checkArity(
    positional: Int, keywords given: [String], name: String,
    error: (String) -> LiquidError
  ) throws(LiquidError) {
    if positional < minArguments || positional > maxArguments {
      // Made only when it is thrown: this runs for every filter a template calls.
      func plural(_ n: Int) -> String { n == 1 ? "1 argument" : "\(n) arguments" }
      let expected =
        minArguments == maxArguments
        ? plural(minArguments) : "\(minArguments) to \(maxArguments) arguments"
      throw error("filter '\(name)' takes \(expected), got \(positional)")
    }
    for keyword in given where !keywords.contains(keyword) {
      let known = keywords.isEmpty ? "none" : keywords.sorted().joined(separator: ", ")
      throw error("filter '\(name)' has no keyword argument '\(keyword)' (it takes: \(known))")
    }
  }
}

/// What a filter receives besides its input.
public struct FilterArguments: Sendable {
  public var positional: [LiquidValue]
  public var keywords: [String: LiquidValue]
  public var environment: LiquidEnvironment

  public subscript(index: Int) -> LiquidValue? {
    index < positional.count ? positional[index] : nil
  }
}

/// The filters a template may use, by name.
public struct FilterSet: Sendable {
  private var table: [String: Filter]

  public init(_ table: [String: Filter] = [:]) { self.table = table }

  public subscript(name: String) -> Filter? {
    get { table[name] }
    set { table[name] = newValue }
  }

  public var names: [String] { table.keys.sorted() }

  /// Every standard Liquid filter. A program adds its own filters to a copy of this set and
  /// passes it to `LiquidEnvironment(filters:)`.
  public static let standard: FilterSet = {
    var set = FilterSet()
    registerStringFilters(&set)
    registerArrayFilters(&set)
    registerMathFilters(&set)
    registerOtherFilters(&set)
    return set
  }()
}
