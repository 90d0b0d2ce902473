import Diagnostics

/// A protocol method as a module spec declares it, parsed from a Swift signature such as
/// `fetchItems(page: Int = 1) async throws -> [HomeItem]`.
package struct MethodSignature: Sendable, Equatable {
  package var name: String
  package var parameters: [MethodParameter]
  package var isAsync: Bool
  package var isThrowing: Bool
  /// The error type of typed throws, `throws(LoadError)`.
  package var thrownType: String?
  /// Nil for `Void`.
  package var returnType: String?
  /// A name that is unique among the methods of its protocol, for mock properties:
  /// `load()` → `load`, `load(id:)` → `loadId`, overloads by type get the types appended.
  package var identifier: String

  package init(
    name: String, parameters: [MethodParameter] = [], isAsync: Bool = false,
    isThrowing: Bool = false,
    thrownType: String? = nil, returnType: String? = nil
  ) {
    self.name = name
    self.parameters = parameters
    self.isAsync = isAsync
    self.isThrowing = isThrowing
    self.thrownType = thrownType
    self.returnType = returnType
    self.identifier = MethodSignature.baseIdentifier(name: name, parameters: parameters)
  }

  /// The declaration as written, default values included: `func load(page: Int = 1)`.
  package var declaration: String { declaration(withDefaults: true) }

  /// The declaration as a protocol requires it: without default values, which protocols
  /// cannot have.
  package var requirement: String { declaration(withDefaults: false) }

  func declaration(withDefaults: Bool) -> String {
    let list = parameters.map { withDefaults ? $0.declaration : $0.requirement }
    var text = "func \(SwiftName.escaped(name))(" + list.joined(separator: ", ") + ")"
    if isAsync { text += " async" }
    if isThrowing { text += thrownType.map { " throws(\($0))" } ?? " throws" }
    if let returnType { text += " -> \(returnType)" }
    return text
  }

  /// `load(id:)`, the way Swift names a method.
  package var selector: String {
    name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
  }

  /// What makes two methods with the same name one method to Swift: their selector and their
  /// parameters' types in the normal form (`load(x: [Int])` and `load(x: Array<Int>)` are one).
  /// Methods that differ only in effects or result are one too: a call could not tell them apart.
  package var overloadKey: String {
    selector + " " + parameters.map(\.normalType).joined(separator: ", ")
  }

  static func baseIdentifier(name: String, parameters: [MethodParameter]) -> String {
    var identifier = name
    for parameter in parameters {
      guard let label = parameter.label else { continue }
      identifier += CaseConversion.capitalizedFirst(label)
    }
    return identifier
  }
}

/// One parameter: `at index: Int`, `_ message: String`, `completion: @escaping (Result<[Item], Error>) -> Void`.
package struct MethodParameter: Sendable, Equatable {
  /// The argument label; nil for `_`.
  package var label: String?
  /// The name inside the method.
  package var name: String
  /// The type as written (normalized), attributes and `inout` included.
  package var type: String
  /// The type for storing a received value: no `inout`, `@escaping` or variadic dots (a
  /// variadic `Int...` is stored as `[Int]`), an implicitly unwrapped `Item!` as `Item?`.
  package var storageType: String
  package var defaultValue: String?
  package var isInout: Bool
  package var isVariadic: Bool
  /// A closure parameter (its type is a function type).
  package var isClosure: Bool
  package var isEscaping: Bool

  package var declaration: String {
    var text: String
    if let label {
      text =
        label == name
        ? SwiftName.escaped(name) : "\(SwiftName.label(label)) \(SwiftName.escaped(name))"
    } else {
      text = "_ \(SwiftName.escaped(name))"
    }
    text += ": " + type
    if let defaultValue { text += " = " + defaultValue }
    return text
  }

  /// `type` in the normal form, the one to compare (`SignatureParser.normalType(_:)`): `[Int]`
  /// for `Array<Int>`.
  package var normalType: String { SignatureParser.normalType(type) }

  /// The declaration without its default value.
  package var requirement: String {
    var copy = self
    copy.defaultValue = nil
    return copy.declaration
  }
}
