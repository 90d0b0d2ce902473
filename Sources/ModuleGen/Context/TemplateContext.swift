import Liquid

/// Builds the variables every template sees for a module. This is the public contract for
/// template authors; Templates/README.md documents every key.
package enum TemplateContext {
  package static func make(
    module: ModuleSpec, template: String, params: [(String, ModuleSpec.ParamValue)],
    settings: GenerationSettings, templateVersion: String? = nil
  ) -> LiquidObject {
    var context = LiquidObject()
    context.reserveCapacity(40)
    let usesDefaults = module.roles.isEmpty && module.entities.isEmpty
    context["module"] = .string(module.name)
    context["prefixed_module"] = .string(settings.prefix + module.name)
    context["description"] = module.description.map { .string($0) } ?? .nil
    context["template"] = .string(template)
    context["template_version"] = templateVersion.map { .string($0) } ?? .nil
    var paramObject = LiquidObject()
    for (name, value) in params { paramObject[name] = liquid(value) }
    context["params"] = .object(paramObject)
    context["author"] = .string(settings.author)
    context["company"] = .string(settings.company)
    context["project"] = .string(settings.project)
    context["testable_module"] = .string(settings.testableModule)
    context["prefix"] = .string(settings.prefix)
    context["date"] = .string(settings.date)
    context["year"] = .string(String(settings.date.prefix(4)))
    context["uses_defaults"] = .bool(usesDefaults)

    var roles = LiquidObject()
    let methodsByRole = Role.allCases.map { role in
      module.roles[role]
        ?? (usesDefaults ? RoleDefaults.methods(for: role, module: module.name) : [])
    }
    // A state property named as a method without arguments would declare the name twice in a
    // type that implements both (an MVVM view model: `var items` and `func items()`).
    let methodNames = Set(methodsByRole.joined().filter(\.parameters.isEmpty).map(\.name))
    for (role, methods) in zip(Role.allCases, methodsByRole) {
      let declared = module.roles[role]
      var values = LiquidValue.array(methods.map(method))
      if role == .view {
        values = withViewState(
          values, methods: methods, taken: methodNames, entities: module.entities,
          context: &context)
      } else if role == .presenter && declared != nil {
        values = withEventLinks(
          values, methods: methods, module: module, entities: module.entities)
      }
      roles[role.rawValue] = .object(
        LiquidObject([("methods", values), ("declared", .bool(declared != nil))]))
      context[role.rawValue] = values
    }
    context["roles"] = .object(roles)
    // A spec's module whose interactor has no methods has no service: nothing would use it.
    context["has_service"] = .bool(usesDefaults || !(module.roles[.interactor] ?? []).isEmpty)
    context["module_input"] = .array(
      usesDefaults ? RoleDefaults.moduleInput(module: module.name).map(method) : [])
    context["module_output"] = .array(
      usesDefaults ? RoleDefaults.moduleOutput(module: module.name).map(method) : [])
    context["screen_events"] = .array(
      usesDefaults ? RoleDefaults.screenEvents(module: module.name).map(method) : [])
    let entities = usesDefaults ? RoleDefaults.entities(module: module.name) : module.entities
    context["entities"] = .array(entities.map(entity))
    let importsByPart = SpecImports.modulesByPart(for: module)
    context["imports"] = .array(SpecImports.modules(inParts: importsByPart).map { .string($0) })
    context["imports_by_part"] = .object(
      LiquidObject(
        importsByPart.keys.sorted().map { part in
          (part, .array((importsByPart[part] ?? []).map { .string($0) }))
        }))

    // Generamba's names, so that Generamba templates keep working.
    context["module_info"] = .object(
      LiquidObject([
        ("name", .string(module.name)), ("description", context["description"]!),
        ("project_name", .string(settings.project)),
        ("product_module_name", .string(settings.project)),
        ("file_name", .string("")),
      ]))
    context["developer"] = .object(
      LiquidObject([("name", .string(settings.author)), ("company", .string(settings.company))]))
    context["custom_parameters"] = .object(paramObject)
    return context
  }

  /// The view's state (`view_state`), and each view method's `state_updates`, `state_checks`
  /// and `sample_arguments` (nil when a parameter's type is not one a test can make).
  static func withViewState(
    _ values: LiquidValue, methods: [MethodSignature], taken: Set<String>,
    entities: [ModuleSpec.Entity], context: inout LiquidObject
  ) -> LiquidValue {
    let state = ViewState(methods: methods, taken: taken)
    context["view_state"] = .array(
      state.properties.map {
        .object(
          LiquidObject([
            ("name", .string($0.name)), ("type", .string($0.type)),
            ("initial_value", .string($0.initialValue)),
          ]))
      })
    guard case .array(let objects) = values else { return values }
    return .array(
      objects.indices.map { i in
        guard case .object(var object) = objects[i] else { return objects[i] }
        object["state_updates"] = .array(state.updates[i].map { .string($0) })
        object["state_checks"] = .array(
          state.checks[i].map {
            .object(
              LiquidObject([("actual", .string($0.actual)), ("expected", .string($0.expected))]))
          })
        object["sample_arguments"] = sampleArguments(for: methods[i], entities: entities)
        return .object(object)
      })
  }

  /// The view-output methods with their `sample_arguments` and what each `calls` (`EventLink`):
  /// `role`, `method` (the method it calls), `call`, `passed` (the names of the parameters the
  /// event passes on), `defaults` (`name` and `value` of each parameter left at a literal
  /// default a test can compare) and `return_value` (a result a test can stub, or nil), or nil.
  static func withEventLinks(
    _ values: LiquidValue, methods: [MethodSignature], module: ModuleSpec,
    entities: [ModuleSpec.Entity]
  ) -> LiquidValue {
    guard case .array(let objects) = values else { return values }
    let targets = EventLink.Targets(
      interactor: module.roles[.interactor] ?? [], router: module.roles[.router] ?? [])
    return .array(
      objects.indices.map { i in
        guard case .object(var object) = objects[i] else { return objects[i] }
        object["sample_arguments"] = sampleArguments(for: methods[i], entities: entities)
        object["sample_call"] = .string(sampleCall(methods[i]))
        let link = EventLink.link(
          for: methods[i], in: targets, canStub: { SampleValue.of($0, entities: entities) != nil })
        object["calls"] =
          link.map { link in
            .object(
              LiquidObject([
                ("role", .string(link.role.rawValue)), ("method", method(link.target)),
                ("call", .string(link.call)), ("passed", .array(link.passed.map { .string($0) })),
                (
                  "defaults",
                  .array(
                    link.defaults.map {
                      .object(
                        LiquidObject([("name", .string($0.name)), ("value", .string($0.value))]))
                    })
                ),
                (
                  "return_value",
                  link.target.returnType.flatMap { SampleValue.of($0, entities: entities) }
                    .map { .string($0) } ?? .nil
                ),
              ]))
          } ?? .nil
        return .object(object)
      })
  }

  /// A value for each of `m`'s parameters that a test can pass (`name`, `value`), or nil when a
  /// parameter's type is not one a test can make or its line would be too long.
  static func sampleArguments(for m: MethodSignature, entities: [ModuleSpec.Entity]) -> LiquidValue
  {
    let samples = m.parameters.map { p in
      p.isInout || p.isVariadic || p.isClosure
        ? nil : SampleValue.of(p.storageType, entities: entities)
    }
    return zip(m.parameters, samples).contains { p, value in
      !SampleValue.fitsOnALine(name: SwiftName.escaped(p.name), value: value)
    }
      ? .nil
      : .array(
        zip(m.parameters, samples).map { p, value in
          .object(
            LiquidObject([
              ("name", .string(SwiftName.escaped(p.name))), ("parameter", .string(p.name)),
              ("local", .string(testLocal(p.name))), ("value", .string(value ?? "")),
            ]))
        })
  }

  /// The names the built-in templates give their own values where a spec's arguments are in
  /// scope: what the event tests make before an event's arguments (the subject, its spies, and
  /// `wait_while`'s deadline), and a spy method's stubs and closure.
  static let generatedNames: Set<String> = [
    "view", "interactor", "router", "presenter", "service", "coordinator", "viewModel",
    "controller", "deadline", "stub", "closure",
  ]

  /// The name a test declares a sample argument under, and a spy names a parameter inside its
  /// method: the parameter's, or with `Value` after it where the generated code names
  /// something else so (`generatedNames`).
  static func localName(_ name: String) -> String {
    generatedNames.contains(name) ? name + "Value" : name
  }

  /// `localName` as Swift code writes it.
  static func testLocal(_ name: String) -> String {
    SwiftName.escaped(localName(name))
  }

  /// The call that passes each sample argument under its `local` name: `didTap(router:
  /// routerValue)`.
  static func sampleCall(_ m: MethodSignature) -> String {
    let arguments = m.parameters.map { p in
      p.label.map { "\(SwiftName.label($0)): \(testLocal(p.name))" } ?? testLocal(p.name)
    }
    return SwiftName.escaped(m.name) + "(" + arguments.joined(separator: ", ") + ")"
  }

  static func liquid(_ value: ModuleSpec.ParamValue) -> LiquidValue {
    switch value {
    case .string(let s): return .string(s)
    case .bool(let b): return .bool(b)
    case .int(let i): return .int(i)
    }
  }

  static func method(_ m: MethodSignature) -> LiquidValue {
    var object = LiquidObject()
    object.reserveCapacity(24)
    object["name"] = .string(m.name)
    object["identifier"] = .string(m.identifier)
    object["selector"] = .string(m.selector)
    // Protocol requirements cannot have default values: `declaration` and `signature` leave
    // them out; a method with defaults also gets a convenience overload for an extension.
    let requirement = m.requirement
    let defaulted = m.parameters.filter { $0.defaultValue != nil }
    let signature = String(requirement.dropFirst("func ".count))
    object["declaration"] = .string(requirement)
    object["signature"] = .string(signature)
    // The same, but for a parameter named as the generated code's own values (rarely any).
    var local = m
    var renamed = false
    for (i, p) in m.parameters.enumerated() where generatedNames.contains(p.name) {
      local.parameters[i].name = localName(p.name)
      renamed = true
    }
    object["local_signature"] = .string(
      renamed ? String(local.requirement.dropFirst("func ".count)) : signature)
    object["declaration_with_defaults"] = .string(defaulted.isEmpty ? requirement : m.declaration)
    object["has_default_arguments"] = .bool(!defaulted.isEmpty)
    if !defaulted.isEmpty {
      var short = m
      short.parameters = m.parameters.filter { $0.defaultValue == nil }
      object["convenience_signature"] = .string(String(short.requirement.dropFirst("func ".count)))
      let arguments = m.parameters.map { p -> String in
        let value = p.defaultValue ?? ((p.isInout ? "&" : "") + SwiftName.escaped(p.name))
        return p.label.map { "\(SwiftName.label($0)): \(value)" } ?? value
      }
      object["convenience_call"] = .string(
        SwiftName.escaped(m.name) + "(" + arguments.joined(separator: ", ") + ")")
    } else {
      object["convenience_signature"] = .nil
      object["convenience_call"] = .nil
    }
    let parameters = m.parameters.map(parameter)
    object["parameters"] = .array(parameters)
    // What a spy keeps of a call: every parameter but a closure that cannot escape, the
    // closures last.
    object["stored_parameters"] = .array(
      m.parameters.indices.filter { !m.parameters[$0].isClosure }.map { parameters[$0] }
        + m.parameters.indices.filter { m.parameters[$0].isEscaping }.map { parameters[$0] })
    object["has_parameters"] = .bool(!m.parameters.isEmpty)
    object["is_async"] = .bool(m.isAsync)
    object["is_throwing"] = .bool(m.isThrowing)
    object["thrown_type"] = m.thrownType.map { .string($0) } ?? .nil
    object["return_type"] = m.returnType.map { .string($0) } ?? .nil
    object["return_storage_type"] =
      m.returnType.map { .string(SignatureParser.storable($0)) } ?? .nil
    object["has_return"] = .bool(m.returnType != nil)
    let normalReturnType = m.returnType.map(SignatureParser.normalType)
    object["returns_optional"] = .bool(normalReturnType?.hasSuffix("?") ?? false)
    object["empty_return_value"] =
      normalReturnType.flatMap(SampleValue.empty).map { .string($0) } ?? .nil
    var effects = ""
    if m.isAsync { effects += " async" }
    if m.isThrowing { effects += m.thrownType.map { " throws(\($0))" } ?? " throws" }
    object["effects"] = .string(effects)
    object["call_prefix"] = .string((m.isThrowing ? "try " : "") + (m.isAsync ? "await " : ""))
    object["call"] = .string(
      SwiftName.escaped(m.name) + "(" + m.parameters.map(argument).joined(separator: ", ") + ")")
    return .object(object)
  }

  /// How a call passes a parameter of the same name on: `at: index`, `index`, `&value`.
  static func argument(_ p: MethodParameter) -> String {
    let value = (p.isInout ? "&" : "") + SwiftName.escaped(p.name)
    return p.label.map { "\(SwiftName.label($0)): \(value)" } ?? value
  }

  static func parameter(_ p: MethodParameter) -> LiquidValue {
    var object = LiquidObject()
    object.reserveCapacity(12)
    object["label"] = p.label.map { .string($0) } ?? .nil
    object["name"] = .string(p.name)
    object["type"] = .string(p.type)
    object["storage_type"] = .string(p.storageType)
    object["default_value"] = p.defaultValue.map { .string($0) } ?? .nil
    object["is_inout"] = .bool(p.isInout)
    object["is_variadic"] = .bool(p.isVariadic)
    object["is_closure"] = .bool(p.isClosure)
    object["is_escaping"] = .bool(p.isEscaping)
    object["declaration"] = .string(p.declaration)
    object["argument"] = .string(argument(p))
    object["local"] = .string(testLocal(p.name))
    return .object(object)
  }

  static func entity(_ e: ModuleSpec.Entity) -> LiquidValue {
    let conformances = e.allConformances
    return .object(
      LiquidObject([
        ("name", .string(e.name)),
        ("kind", .string(e.kind.rawValue)),
        ("conformances", .array(conformances.map { .string($0) })),
        ("raw_type", e.rawType.map { .string($0) } ?? .nil),
        ("is_identifiable", .bool(conformances.contains("Identifiable"))),
        (
          "fields",
          .array(
            e.fields.map {
              .object(
                LiquidObject([
                  ("name", .string($0.name)), ("type", .string($0.type)),
                  ("is_optional", .bool(SignatureParser.normalType($0.type).hasSuffix("?"))),
                  ("is_identifier", .bool($0.name == "id")),
                  ("is_mutable", .bool($0.isMutable)),
                  ("default_value", $0.defaultValue.map { .string($0) } ?? .nil),
                  ("declaration", .string($0.declaration)),
                ]))
            })
        ),
        (
          "cases",
          .array(
            e.cases.map {
              .object(
                LiquidObject([
                  ("name", .string($0.name)),
                  ("raw_value", $0.rawValue.map { .string($0) } ?? .nil),
                  (
                    "associated_values",
                    .array(
                      $0.associatedValues.map {
                        .object(
                          LiquidObject([
                            ("label", $0.label.map { .string($0) } ?? .nil),
                            ("type", .string($0.type)),
                          ]))
                      })
                  ),
                  ("declaration", .string($0.declaration)),
                ]))
            })
        ),
      ]))
  }
}
