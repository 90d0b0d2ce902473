import Diagnostics
import Liquid

/// A value read from a JSON or YAML document, with where it was written.
package struct DataNode: Sendable, Equatable {
  package indirect enum Value: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([DataNode])
    /// Keys in source order.
    case object([(key: String, keyLocation: SourceLocation, value: DataNode)])

    package static func == (lhs: Value, rhs: Value) -> Bool {
      switch (lhs, rhs) {
      case (.null, .null): return true
      case (.bool(let a), .bool(let b)): return a == b
      case (.int(let a), .int(let b)): return a == b
      case (.double(let a), .double(let b)): return a == b || (a.isNaN && b.isNaN)
      case (.string(let a), .string(let b)): return a == b
      case (.array(let a), .array(let b)): return a == b
      case (.object(let a), .object(let b)):
        return a.count == b.count
          && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
      default: return false
      }
    }
  }

  /// How a scalar was written, so that a position inside a string can be found in the file.
  package enum Style: Sendable, Equatable {
    case plain, quoted, literal, folded
  }

  package var value: Value
  package var location: SourceLocation
  package var style: Style

  package init(_ value: Value, at location: SourceLocation, style: Style = .plain) {
    self.value = value
    self.location = location
    self.style = style
  }

  /// The value as template data.
  package var liquidValue: LiquidValue {
    switch value {
    case .null: return .nil
    case .bool(let b): return .bool(b)
    case .int(let i): return .int(i)
    case .double(let d): return .double(d)
    case .string(let s): return .string(s)
    case .array(let items): return .array(items.map(\.liquidValue))
    case .object(let pairs):
      var object = LiquidObject()
      for pair in pairs { object[pair.key] = pair.value.liquidValue }
      return .object(object)
    }
  }

  /// The value of `key` in an object node.
  package subscript(key: String) -> DataNode? {
    guard case .object(let pairs) = value else { return nil }
    return pairs.first { $0.key == key }?.value
  }
}
