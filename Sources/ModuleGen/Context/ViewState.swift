/// The state a view keeps for a spec's view methods, named as state: what a SwiftUI view state or
/// a view model holds so that the view can show it, and how each method updates it.
///
/// - `showPhotos(_ photos: [Photo])` → `photos: [Photo] = []`, `photos = photos`
/// - `showError(_ message: String)` → `errorMessage: String? = nil`
/// - `showLoading(_ isLoading: Bool)` → `isLoading: Bool = false`
/// - `setThumbnail(_ image: UIImage, at index: Int)` → `thumbnails: [Int: UIImage] = [:]`,
///   `thumbnails[index] = image` (every index's value, not only the last)
/// - `showEmptyState()` / `hideEmptyState()` → `isEmptyStateVisible: Bool = false`
/// - `display(title: String, subtitle: String?)` → `title: String?`, `subtitle: String?`
/// - `update(progress: Double, animated: Bool)` → `progress: Double?` (`animated` says how to
///   show a change, not what to show)
/// - another method without arguments (`reloadData()`) → `reloadDataCount: Int = 0`, counting
///   its calls
package struct ViewState: Equatable, Sendable {
  package struct Property: Equatable, Sendable {
    package var name: String
    package var type: String
    package var initialValue: String
  }

  /// What a test reads after a method ran (`thumbnails[index]`) and what it expects there
  /// (`image`, the argument; `true`; `1`).
  package struct Check: Equatable, Sendable {
    package var actual: String
    package var expected: String
  }

  package private(set) var properties: [Property] = []
  /// For each method, in order, the statements that update the state.
  package private(set) var updates: [[String]] = []
  /// For each method, in order, what its call leaves in the state.
  package private(set) var checks: [[Check]] = []

  /// What the built-in templates name the members of the type that holds the state besides it
  /// (an MVVM view model's service, router or coordinator, `onChange`, `inputs`, `outputs`, and
  /// `eventTasks`, the tasks its events start): a state is not named so.
  static let holderMembers: Set<String> = [
    "service", "router", "coordinator", "onChange", "inputs", "outputs", "eventTasks",
  ]
  /// Words a view method starts with that say "show this": the rest names the state.
  static let verbs = ["show", "display", "set", "update", "render", "present", "hide", "reload"]
  /// Parameters that say how to show a change, not what to show.
  static let presentationParameters: Set<String> = ["animated"]
  static let booleanPrefixes = ["is", "has", "should", "can", "was", "did", "are"]
  static let keyLabels: Set<String> = ["at", "for"]

  /// Names a state may not take besides `holderMembers`: the module's methods without
  /// arguments, which a type holding the state may implement.
  private var taken: Set<String> = []
  /// Where each property is in `properties`, by name: a module of many view methods looks a
  /// name up for each.
  private var propertyIndex: [String: Int] = [:]

  package init(methods: [MethodSignature], taken: Set<String> = []) {
    self.taken = taken
    for method in methods {
      let changes = self.changes(for: method)
      updates.append(changes.map { "\($0.target)\($0.check.actual) \($0.operation) \($0.value)" })
      checks.append(changes.map(\.check))
    }
  }

  /// A statement that updates the state: `target` (`self.` when a parameter hides the
  /// property) + `check.actual` + `operation` + `value`, and what it leaves there.
  private struct Change {
    var target = ""
    var check: Check
    var operation = "="
    var value: String
  }

  private mutating func changes(for method: MethodSignature) -> [Change] {
    let (verb, noun) = Self.split(method.name)
    let stored = method.parameters.filter {
      !$0.isClosure && !Self.presentationParameters.contains($0.name)
    }
    if stored.isEmpty {
      if (verb == "show" || verb == "hide") && !noun.isEmpty {
        let name = declare(
          "is" + CaseConversion.capitalizedFirst(noun) + "Visible", type: "Bool", method: method)
        let shown = String(verb == "show")
        return [Change(check: Check(actual: name, expected: shown), value: shown)]
      }
      let name = declare(method.identifier + "Count", type: "Int", method: method, counts: true)
      return [Change(check: Check(actual: name, expected: "1"), operation: "+=", value: "1")]
    }
    /// A parameter of the same name hides the property.
    func target(_ name: String) -> String {
      method.parameters.contains { SwiftName.escaped($0.name) == name } ? "self." : ""
    }
    if stored.count == 2, let key = stored.dropFirst().first(where: Self.isKey),
      let value = stored.first(where: { $0 != key })
    {
      let base = noun.isEmpty ? value.name : noun
      let name = declare(
        Self.plural(base), type: "[\(key.storageType): \(value.storageType)]", method: method)
      let argument = SwiftName.escaped(value.name)
      return [
        Change(
          target: target(name),
          check: Check(actual: "\(name)[\(SwiftName.escaped(key.name))]", expected: argument),
          value: argument)
      ]
    }
    return stored.map { parameter in
      let name = declare(
        Self.stateName(noun: noun, parameter: parameter), type: parameter.storageType,
        method: method)
      let argument = SwiftName.escaped(parameter.name)
      return Change(
        target: target(name), check: Check(actual: name, expected: argument), value: argument)
    }
  }

  /// Declares a property, or finds the one another method declared with the same name and type
  /// (`showLoading(_ isLoading: Bool)` and `setLoading(_ isLoading: Bool)` share `isLoading`);
  /// a Swift keyword, a name of the holder's own members (`holderMembers`) and a name `taken`
  /// (a method's) get the method's name before it (`display(_ default:)` → `displayDefault`,
  /// `show(service:)` → `showService`, `showService(_ service:)` → `showService`, numbered when
  /// that is taken too), and a name taken by another type its identifier. A count starts at 0.
  /// Returns the name to assign.
  private mutating func declare(
    _ name: String, type: String, method: MethodSignature, counts: Bool = false
  ) -> String {
    var name = name
    let (declared, initial) = counts ? (type, "0") : Self.declaredType(type)
    if !isFree(name) {
      // `showOutputs(_ outputs:)` → `showOutputs`, not `showOutputsOutputs`.
      let capitalized = CaseConversion.capitalizedFirst(name)
      name = method.name.hasSuffix(capitalized) ? method.name : method.name + capitalized
      // Taken too (a presenter's `items()` and `displayItems()` beside `display(items:)`).
      if !isFree(name) { name = numbered(name) }
    }
    if let existing = propertyIndex[name].map({ properties[$0] }) {
      if SignatureParser.normalType(existing.type) == SignatureParser.normalType(declared) {
        return SwiftName.escaped(name)
      }
      name = method.identifier + CaseConversion.capitalizedFirst(name)
      if !isFree(name) || propertyIndex[name] != nil { name = numbered(name) }
    }
    propertyIndex[name] = properties.count
    properties.append(Property(name: name, type: declared, initialValue: initial))
    return SwiftName.escaped(name)
  }

  /// Whether a state may be named `name`: not a Swift keyword, a member of its holder
  /// (`holderMembers`) or a method's name (`taken`).
  private func isFree(_ name: String) -> Bool {
    !(swiftKeywords.contains(name) || Self.holderMembers.contains(name) || taken.contains(name))
  }

  /// `name` followed by the first number from 2 that makes it a free name no state has.
  private func numbered(_ name: String) -> String {
    var number = 2
    while !isFree(name + String(number)) || propertyIndex[name + String(number)] != nil {
      number += 1
    }
    return name + String(number)
  }

  /// The verb a method name starts with and the rest, lower camel case: `showPhotos` → (`show`,
  /// `photos`); (``, ``) for a name that is not a verb and a noun.
  static func split(_ name: String) -> (verb: String, noun: String) {
    for verb in verbs where name.hasPrefix(verb) {
      let rest = name.dropFirst(verb.count)
      if rest.isEmpty { return (verb, "") }
      if rest.first?.isUppercase == true { return (verb, CaseConversion.camelCase(String(rest))) }
    }
    return ("", "")
  }

  /// The state a parameter of a method about `noun` sets: the parameter's name when it says
  /// more (`isLoading`, `newTitle`), the noun when it ends with it (`photos`), else both
  /// (`errorMessage`).
  static func stateName(noun: String, parameter: MethodParameter) -> String {
    let name = parameter.name
    if noun.isEmpty { return name }
    if SignatureParser.normalType(parameter.storageType) == "Bool",
      booleanPrefixes.contains(where: { name.hasPrefix($0) && name.count > $0.count })
    {
      return name
    }
    if noun.lowercased().hasSuffix(name.lowercased()) { return noun }
    if name.lowercased().contains(noun.lowercased()) { return name }
    return noun + CaseConversion.capitalizedFirst(name)
  }

  /// Whether a parameter says where a value goes (`at index: Int`, `for id: UUID`).
  static func isKey(_ parameter: MethodParameter) -> Bool {
    (parameter.label.map(keyLabels.contains) ?? false) || parameter.name == "index"
      || parameter.name == "indexPath"
  }

  /// The type to declare and its initial value: a Bool starts false, a collection empty, and
  /// anything else is optional until the first update; however the type is written
  /// (`Swift.Bool`, `Array<Item>`, `Optional<Int>`).
  static func declaredType(_ type: String) -> (type: String, initial: String) {
    let normal = SignatureParser.normalType(type)
    if normal == "Bool" { return (type, "false") }
    if let empty = emptyCollection(normal) { return (type, empty) }
    // One already, however it is written (`Optional<Int>`), as it is.
    return (normal.hasSuffix("?") ? type : optional(type), "nil")
  }

  /// An empty value of `type` (in its normal form) when it is a collection: `[]` or `[:]`.
  static func emptyCollection(_ type: String) -> String? {
    guard type.hasPrefix("["), type.hasSuffix("]") else { return nil }
    return dictionaryParts(type) == nil ? "[]" : "[:]"
  }

  static func optional(_ type: String) -> String {
    if type.hasSuffix("?") { return type }
    if type.contains("->") || type.hasPrefix("any ") || type.hasPrefix("some ") {
      return "(\(type))?"
    }
    return type + "?"
  }

  /// The key and value types of a dictionary type, `[Key: Value]`; nil for another type.
  static func dictionaryParts(_ type: String) -> (key: String, value: String)? {
    guard type.hasPrefix("["), type.hasSuffix("]") else { return nil }
    let inner = type.dropFirst().dropLast()
    var depth = 0
    for index in inner.indices {
      switch inner[index] {
      case "[", "(", "<": depth += 1
      case "]", ")", ">": depth -= 1
      case ":" where depth == 0:
        return (
          String(inner[..<index]).trimmingCharacters(),
          String(inner[inner.index(after: index)...]).trimmingCharacters()
        )
      default: break
      }
    }
    return nil
  }

  /// `thumbnail` → `thumbnails`; a word that already ends in `s` is taken as a plural.
  static func plural(_ word: String) -> String {
    word.hasSuffix("s") ? word : Inflection.plural(word)
  }
}
