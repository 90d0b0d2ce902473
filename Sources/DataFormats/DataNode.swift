import Diagnostics
import Liquid

/// A value read from a JSON or YAML document, with where it was written.
package struct DataNode: Sendable, Equatable {
  /// Not `indirect`: lists and objects hold their nodes in arrays, on the heap already, and
  /// boxing every value cost an allocation for each node read.
  package enum Value: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([DataNode])
    /// Keys in source order.
    case object([Pair])

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

  /// A key of an object, where it is written, and its value. A struct, not a tuple: a tuple's
  /// copies go through the runtime's generic witnesses, and reading one field of an array's
  /// tuple copies all three.
  package struct Pair: Sendable {
    package var key: String
    package var keyLocation: SourceLocation
    package var value: DataNode

    package init(_ key: String, at keyLocation: SourceLocation, _ value: DataNode) {
      self.key = key
      self.keyLocation = keyLocation
      self.value = value
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
