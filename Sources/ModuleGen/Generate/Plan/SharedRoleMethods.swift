import Diagnostics

/// A method a spec declares in two roles (`reset()` in `view` and in `presenter`) is declared
/// twice by a type the template has implement both roles (MVVM's view model, MVC's controller,
/// VIPER's presenter with the interactor's output), and the module would not compile. Which
/// roles one type implements is read from the template itself: a probe module whose every role
/// has one marker method is rendered with the module's template and parameters, and the types
/// whose bodies declare a role's marker implement that role. Two roles that different types
/// implement may share a method, and one type may have two roles' overloads (`show(screen:)`
/// with an `Int` and with a `String`).
enum SharedRoleMethods {
  /// A method of a role whose selector a method of another role has, declared before it.
  struct Pair {
    var first: Method
    var second: Method
  }

  struct Method {
    var role: Role
    var signature: MethodSignature
    var location: SourceLocation?
    /// Its place among the module's methods in the roles' order.
    var offset: Int

    /// Whether it comes before `other` in the spec: by where each is declared, else in the
    /// roles' order.
    func precedes(_ other: Method) -> Bool {
      if let l = location, let r = other.location, (l.line, l.column) != (r.line, r.column) {
        return (l.line, l.column) < (r.line, r.column)
      }
      return offset < other.offset
    }
  }

  /// The pairs of methods of different roles with one selector (name and labels) and the same
  /// parameter types however they are written (`MethodSignature.overloadKey`), the second
  /// declared after the first, the firsts of each second in order (overloads by parameter type
  /// are two methods; by effects or result, calls to them are ambiguous). Empty for nearly
  /// every module, which then needs no probe.
  static func pairs(in module: ModuleSpec) -> [Pair] {
    // By selector, each asked for once: only the methods of a selector two roles declare are
    // ordered (where they are declared) and paired, so that a module of thousands of methods,
    // none shared, takes one pass.
    var bySelector: [String: [Method]] = [:]
    var offset = 0
    for role in Role.allCases {
      let signatures = module.roles[role] ?? []
      let locations = module.methodLocations[role] ?? []
      for (index, signature) in signatures.enumerated() {
        let location = locations.count == signatures.count ? locations[index] : nil
        bySelector[signature.selector, default: []].append(
          Method(role: role, signature: signature, location: location, offset: offset))
        offset += 1
      }
    }
    var result: [Pair] = []
    for methods in bySelector.values where methods.contains(where: { $0.role != methods[0].role }) {
      let ordered = methods.sorted { $0.precedes($1) }
      // The types as Swift compares them (`[Int]` is `Array<Int>`), each method's once.
      let keys = ordered.map(\.signature.overloadKey)
      for (index, second) in ordered.enumerated() {
        for (firstIndex, first) in ordered[..<index].enumerated()
        where first.role != second.role && keys[firstIndex] == keys[index] {
          result.append(Pair(first: first, second: second))
        }
      }
    }
    // In the order of the second methods, then of the firsts.
    return result.sorted { a, b in
      a.second.offset != b.second.offset
        ? a.second.precedes(b.second) : a.first.precedes(b.first)
    }
  }

  /// The types of `rendering` that implement each role: those whose declaration or extension
  /// declares the role's marker method with a body.
  static func implementers(in rendering: Generator.Rendering) -> [Role: Set<String>] {
    var result: [Role: Set<String>] = [:]
    let markers = Dictionary(
      uniqueKeysWithValues: Role.allCases.map { (TemplateShape.marker($0), $0) })
    for file in rendering.files where file.path.hasSuffix(".swift") {
      let source = SwiftDeclarations(
        path: file.path, text: String(decoding: file.bytes, as: UTF8.self))
      for (declaration, member) in source.methods where member.body != nil {
        guard let type = declaration.name, declaration.keyword != "protocol",
          let name = member.name, let role = markers[name]
        else { continue }
        result[role, default: []].insert(type)
      }
    }
    return result
  }

  /// Throws at the second method of each pair whose roles one type of `probe` (the rendering
  /// of `TemplateShape.probe` with the module's template and parameters) implements, naming
  /// the first method it meets there.
  static func check(_ pairs: [Pair], probe: Generator.Rendering, module: ModuleSpec) throws {
    let implementers = implementers(in: probe)
    var problems: [Diagnostic] = []
    var reported: Set<String> = []
    for pair in pairs {
      let second = pair.second.role.rawValue + " " + pair.second.signature.identifier
      guard !reported.contains(second) else { continue }
      let both = (implementers[pair.first.role] ?? []).intersection(
        implementers[pair.second.role] ?? [])
      guard let type = both.sorted().first else { continue }
      reported.insert(second)
      problems.append(
        Diagnostic(
          message: message(pair, type: type), location: pair.second.location ?? module.location))
    }
    if problems.count == 1 { throw problems[0] }
    if !problems.isEmpty { throw DiagnosticList(problems) }
  }

  static func message(_ pair: Pair, type: String) -> String {
    let first = pair.first.location.map { " (first at line \($0.line))" } ?? ""
    return
      "'\(pair.second.signature.selector)' is declared in the \(pair.second.role.rawValue) role "
      + "and in the \(pair.first.role.rawValue) role\(first), and \(type) implements both roles: "
      + "it would declare the method twice; rename one of them"
  }
}
