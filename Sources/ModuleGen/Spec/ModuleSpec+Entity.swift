extension ModuleSpec {
  /// A value type the module uses, from the mapping form (`HomeItem: {id: UUID, title: String}`)
  /// or from Swift (`struct HomeItem: Identifiable { let id: UUID; var title: String }`,
  /// `enum HomeFilter: String { case all, favorites }`).
  package struct Entity: Sendable, Equatable {
    package enum Kind: String, Sendable {
      case `struct`, `enum`
    }

    package var name: String
    package var kind: Kind
    /// The types after the colon, as written (an enum's raw type first).
    package var conformances: [String]
    /// A struct's stored properties.
    package var fields: [Field]
    /// An enum's cases.
    package var cases: [Case]

    package init(
      name: String, kind: Kind = .struct, conformances: [String] = [], fields: [Field] = [],
      cases: [Case] = []
    ) {
      self.name = name
      self.kind = kind
      self.conformances = conformances
      self.fields = fields
      self.cases = cases
    }

    /// The types Swift accepts as an enum's raw type without a raw value on every case.
    static let rawTypes: Set<String> = [
      "String", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
      "UInt32", "UInt64", "Double", "Float",
    ]

    /// An enum's raw type: its first conformance when a case has a raw value or when it is a
    /// type Swift gives raw values by itself (`String`, `Int`).
    package var rawType: String? {
      guard kind == .enum, let first = conformances.first else { return nil }
      return cases.contains { $0.rawValue != nil } || Self.rawTypes.contains(first) ? first : nil
    }

    /// What the generated type conforms to: the declared conformances, then those every entity
    /// has: `Identifiable` for a struct with an `id`, `Equatable` (unless `Hashable` or
    /// `Comparable` implies it, or a raw type gives it) and `Sendable`.
    package var allConformances: [String] {
      var list = conformances
      // `Codable & Sendable`, `@unchecked Sendable` and `Swift.Hashable` count by their names.
      func has(_ names: String...) -> Bool {
        let declared = list.flatMap { $0.split(separator: "&") }.compactMap {
          $0.split(separator: " ").last.map { $0.hasPrefix("Swift.") ? $0.dropFirst(6) : $0 }
        }
        return declared.contains { names.contains(String($0)) }
      }
      if kind == .struct && fields.contains(where: { $0.name == "id" }) && !has("Identifiable") {
        list.append("Identifiable")
      }
      if rawType == nil && !has("Equatable", "Hashable", "Comparable") { list.append("Equatable") }
      if !has("Sendable") { list.append("Sendable") }
      return list
    }

    /// A stored property: `let id: UUID`, `var count: Int = 0`.
    package struct Field: Sendable, Equatable {
      package var name: String
      package var type: String
      package var isMutable: Bool
      package var defaultValue: String?

      package init(name: String, type: String, isMutable: Bool, defaultValue: String? = nil) {
        self.name = name
        self.type = type
        self.isMutable = isMutable
        self.defaultValue = defaultValue
      }

      /// The field as the mapping form declares it: `id` is a `let`, every other field a `var`.
      package static func mapped(name: String, type: String) -> Field {
        Field(name: name, type: type, isMutable: name != "id")
      }

      package var declaration: String {
        (isMutable ? "var " : "let ") + SwiftName.escaped(name) + ": " + type
          + (defaultValue.map { " = " + $0 } ?? "")
      }
    }

    /// An enum case: `case all`, `case favorites = "fav"`, `case failed(message: String)`.
    package struct Case: Sendable, Equatable {
      package var name: String
      package var associatedValues: [AssociatedValue]
      package var rawValue: String?

      package init(name: String, associatedValues: [AssociatedValue] = [], rawValue: String? = nil)
      {
        self.name = name
        self.associatedValues = associatedValues
        self.rawValue = rawValue
      }

      package var declaration: String {
        var text = "case " + SwiftName.escaped(name)
        if !associatedValues.isEmpty {
          text += "(" + associatedValues.map(\.declaration).joined(separator: ", ") + ")"
        }
        if let rawValue { text += " = " + rawValue }
        return text
      }
    }

    /// One value a case carries: `message: String`, `Int`.
    package struct AssociatedValue: Sendable, Equatable {
      package var label: String?
      package var type: String
      package var defaultValue: String?

      package init(label: String? = nil, type: String, defaultValue: String? = nil) {
        self.label = label
        self.type = type
        self.defaultValue = defaultValue
      }

      package var declaration: String {
        (label.map { SwiftName.label($0) + ": " } ?? "") + type
          + (defaultValue.map { " = " + $0 } ?? "")
      }
    }
  }
}
