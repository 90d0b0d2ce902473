import Liquid

/// Settings that come from the project config and the command line, not from the spec.
package struct GenerationSettings: Sendable, Equatable {
  package var author: String
  package var company: String
  package var project: String
  /// The Swift module generated tests `@testable import`; empty to derive it from `project`.
  package var module: String
  package var prefix: String
  /// `YYYY-MM-DD`.
  package var date: String

  /// The module the generated tests `@testable import`: `module`, else `project` as Xcode names
  /// a product module (characters other than letters, digits and `_` become `_`; a leading
  /// digit gets a `_` before it); empty when there is neither.
  package var testableModule: String {
    if !module.isEmpty { return module }
    var name = String(project.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    if name.first?.isNumber == true { name = "_" + name }
    return name
  }

  package init(
    author: String = "", company: String = "", project: String = "", module: String = "",
    prefix: String = "", date: String
  ) {
    self.author = author
    self.company = company
    self.project = project
    self.module = module
    self.prefix = prefix
    self.date = date
  }
}

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
    for role in Role.allCases {
      let declared = module.roles[role]
      let methods =
        declared ?? (usesDefaults ? RoleDefaults.methods(for: role, module: module.name) : [])
      let values = LiquidValue.array(methods.map(method))
      roles[role.rawValue] = .object(
        LiquidObject([("methods", values), ("declared", .bool(declared != nil))]))
      context[role.rawValue] = values
    }
    context["roles"] = .object(roles)
    context["module_input"] = .array(
      usesDefaults ? RoleDefaults.moduleInput(module: module.name).map(method) : [])
    context["module_output"] = .array(
      usesDefaults ? RoleDefaults.moduleOutput(module: module.name).map(method) : [])
    let entities = usesDefaults ? RoleDefaults.entities(module: module.name) : module.entities
    context["entities"] = .array(entities.map(entity))
    context["imports"] = .array(
      SpecImports.modules(for: module).map { .string($0) })

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
    object["declaration"] = .string(m.requirement)
    object["signature"] = .string(String(m.requirement.dropFirst("func ".count)))
    object["declaration_with_defaults"] = .string(m.declaration)
    let defaulted = m.parameters.filter { $0.defaultValue != nil }
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
    object["parameters"] = .array(m.parameters.map(parameter))
    object["has_parameters"] = .bool(!m.parameters.isEmpty)
    object["is_async"] = .bool(m.isAsync)
    object["is_throwing"] = .bool(m.isThrowing)
    object["thrown_type"] = m.thrownType.map { .string($0) } ?? .nil
    object["return_type"] = m.returnType.map { .string($0) } ?? .nil
    object["has_return"] = .bool(m.returnType != nil)
    object["returns_optional"] = .bool(
      m.returnType.map { $0.hasSuffix("?") || $0.hasSuffix("!") } ?? false)
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
    return .object(object)
  }

  static func entity(_ e: ModuleSpec.Entity) -> LiquidValue {
    .object(
      LiquidObject([
        ("name", .string(e.name)),
        ("is_identifiable", .bool(e.fields.contains { $0.name == "id" })),
        (
          "fields",
          .array(
            e.fields.map {
              .object(
                LiquidObject([
                  ("name", .string($0.name)), ("type", .string($0.type)),
                  ("is_optional", .bool($0.type.hasSuffix("?"))),
                  ("is_identifier", .bool($0.name == "id")),
                ]))
            })
        ),
      ]))
  }
}
