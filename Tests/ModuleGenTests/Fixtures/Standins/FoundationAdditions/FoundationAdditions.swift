// What Foundation has on Apple's platforms and not on Linux, for generated code that imports
// only Foundation. The generated-code package imports this module implicitly into every target
// (`-import-module FoundationAdditions`), so that it stands where Apple's Foundation would.
@_exported import Foundation

extension String {
  /// The localized string for a key; here always the key itself (the development language).
  public init(
    localized keyAndValue: String.LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
    locale: Locale = .current, comment: StaticString? = nil
  ) {
    self = keyAndValue.text
  }

  public init(
    localized key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil,
    bundle: Bundle? = nil, locale: Locale = .current, comment: StaticString? = nil
  ) {
    self = defaultValue.text
  }

  /// A localizable string with its interpolated arguments.
  public struct LocalizationValue: Equatable, Sendable, ExpressibleByStringInterpolation {
    let text: String

    public init(_ value: String) { text = value }
    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
      var text = ""

      public init(literalCapacity: Int, interpolationCount: Int) {}

      public mutating func appendLiteral(_ literal: String) { text += literal }
      public mutating func appendInterpolation(_ string: String) { text += string }
      public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) {
        text += String(value)
      }
      public mutating func appendInterpolation<T: BinaryFloatingPoint & CustomStringConvertible>(
        _ value: T
      ) {
        text += value.description
      }
    }
  }
}
