/// The interactor or router method that a view-output method (the `presenter` role) calls, by
/// the rule Templates/README.md documents: a method with the event's name, or its name without
/// `did` or `didTap` (`didTapRetry()` calls `retry()`), looked for in the interactor first and
/// then in the router, whose every parameter the event has (same name and type) or has a default
/// value. An event that returns a value calls nothing, and so does one whose only candidates
/// return a value that a test cannot make and cannot throw instead.
package struct EventLink: Sendable, Equatable {
  /// `.interactor` or `.router`.
  package var role: Role
  package var target: MethodSignature
  /// The call with the event's arguments (a default value where the event has none):
  /// `load(id: id)`, `showDetail(for: item, animated: true)`.
  package var call: String
  /// The names of the target's parameters that the event passes on.
  package var passed: [String]
  /// The target's parameters that the event leaves at a default value a test can compare with
  /// what the target received: a literal (`animated: true`) of a type a test can make.
  package var defaults: [Default] = []

  /// A parameter left at its default value.
  package struct Default: Sendable, Equatable {
    package var name: String
    package var value: String
  }

  /// The names an event's target may have, in the order they are tried.
  package static func candidateNames(for event: String) -> [String] {
    var names = [event]
    for prefix in ["did", "didTap"] where event.hasPrefix(prefix) {
      let rest = event.dropFirst(prefix.count)
      guard let first = rest.first, first.isUppercase else { continue }
      names.append(first.lowercased() + rest.dropFirst())
    }
    return names
  }

  /// The interactor's and the router's methods by name, each name's in the order they are
  /// tried (the interactor's first, then the router's, each in declaration order): a module's
  /// events look their targets up here rather than going through every method for each event.
  package struct Targets: Sendable {
    var byName: [String: [(role: Role, method: MethodSignature)]] = [:]

    package init(interactor: [MethodSignature], router: [MethodSignature]) {
      for (role, methods) in [(Role.interactor, interactor), (.router, router)] {
        for method in methods { byName[method.name, default: []].append((role, method)) }
      }
    }
  }

  /// The method `event` calls among `targets`, if any. `canStub` tells whether a test can make
  /// a value of a type, for a result that a mock must be given and for a default a test compares.
  package static func link(
    for event: MethodSignature, in targets: Targets, canStub: (String) -> Bool
  ) -> EventLink? {
    guard event.returnType == nil else { return nil }
    for name in candidateNames(for: event.name) {
      for (role, target) in targets.byName[name] ?? [] {
        if let returnType = target.returnType, !target.isThrowing,
          !SignatureParser.normalType(returnType).hasSuffix("?"),
          !canStub(returnType)
        {
          continue
        }
        if let link = link(role: role, target: target, from: event, canMake: canStub) {
          return link
        }
      }
    }
    return nil
  }

  /// The link to `target` with the arguments `event` passes on, or nil when a parameter has
  /// neither an argument in `event` nor a default value, or cannot be passed on (`inout`,
  /// variadic). `canMake` tells whether a test can make (and so compare) a value of a type.
  static func link(
    role: Role, target: MethodSignature, from event: MethodSignature,
    canMake: (String) -> Bool = { _ in false }
  ) -> EventLink? {
    var arguments: [String] = []
    var passed: [String] = []
    var defaults: [Default] = []
    for p in target.parameters {
      guard !p.isInout, !p.isVariadic else { return nil }
      let value: String
      // The same type however it is written (`[Item]`, `Array<Item>`), but a closure that may
      // not escape cannot be passed on to one that does.
      if event.parameters.contains(where: {
        $0.name == p.name && $0.normalType == p.normalType && ($0.isEscaping || !p.isEscaping)
      }) {
        value = SwiftName.escaped(p.name)
        passed.append(p.name)
      } else if let defaultValue = p.defaultValue {
        value = defaultValue
        if !p.isClosure, isLiteral(defaultValue), canMake(p.storageType) {
          defaults.append(Default(name: p.name, value: defaultValue))
        }
      } else {
        return nil
      }
      arguments.append(p.label.map { "\(SwiftName.label($0)): \(value)" } ?? value)
    }
    // Always after its receiver and a dot (`router.default()`).
    let call = SwiftName.member(target.name) + "(" + arguments.joined(separator: ", ") + ")"
    return EventLink(role: role, target: target, call: call, passed: passed, defaults: defaults)
  }

  /// Whether `value` is a Boolean, number or string literal (without interpolation): the same
  /// value wherever a test writes it, unlike `Date()` or `.now`; not `nil`, which a test
  /// compares otherwise with a doubly optional received argument.
  static func isLiteral(_ value: String) -> Bool {
    if value == "true" || value == "false" { return true }
    if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\""), !value.contains("\\") {
      return !value.dropFirst().dropLast().contains("\"")
    }
    let digits = value.hasPrefix("-") ? value.dropFirst() : Substring(value)
    return digits.first?.isNumber == true
      && digits.allSatisfy { $0.isNumber || $0 == "_" || $0 == "." }
      && digits.filter { $0 == "." }.count <= 1
  }
}
