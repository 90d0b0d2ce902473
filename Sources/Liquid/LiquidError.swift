import Diagnostics

/// An error from parsing or rendering a template, with where it happened.
public struct LiquidError: DiagnosticConvertible, Sendable, Equatable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// Found while parsing: nothing was rendered.
    case syntax
    /// Found while rendering: an undefined variable in strict mode, a filter that failed, a limit.
    case render
  }

  public var kind: Kind
  public var message: String
  public var location: SourceLocation?
  /// Where the partial holding the error was included from, innermost first.
  public var includedFrom: [SourceLocation]

  public init(
    _ kind: Kind, _ message: String, location: SourceLocation? = nil,
    includedFrom: [SourceLocation] = []
  ) {
    self.kind = kind
    self.message = message
    self.location = location
    self.includedFrom = includedFrom
  }

  public var diagnostic: Diagnostic {
    Diagnostic(
      message: message, location: location,
      notes: includedFrom.map { "note: included from \($0)" }.abridged(keeping: 3) {
        "note: … included from \($0) more places …"
      })
  }

  public var description: String { diagnostic.description }
}

/// An error raised by a filter or value operation before its location is known.
package struct FilterFailure: Error {
  package var message: String
  package init(_ message: String) { self.message = message }

  /// An integer, or the result of integer arithmetic, that 64 bits cannot hold.
  static func outsideIntegerRange(_ what: String) -> FilterFailure {
    FilterFailure("\(what) is outside the 64-bit integer range (\(Int.min) to \(Int.max))")
  }

  /// Text that would pass `LiquidEnvironment.Limits.maxOutputBytes`.
  package static func largerThanOutputLimit(_ what: String, limit: Int) -> FilterFailure {
    FilterFailure("\(what) would be larger than the output limit of \(limit) bytes")
  }

  /// An array that would pass `LiquidEnvironment.Limits.maxArrayItems`.
  static func moreItemsThanLimit(_ what: String, count: Int, limit: Int) -> FilterFailure {
    FilterFailure("\(what) would have \(count) items, more than the limit of \(limit) items")
  }
}
