import Liquid

/// The variables Generamba 1.6.0 gives a template, for templates with `variables: generamba`
/// (every `.rambaspec` template). modulegen's own context is `TemplateContext`.
package enum GenerambaContext {
  /// Generamba's scope: `year`, `date` (dd/MM/yyyy), `developer`, `module_info`, `prefix` and
  /// `custom_parameters`, in Generamba's order. Unset values are nil, as in Generamba.
  /// `parameters`: the custom parameters, when the caller resolved them (with the module's
  /// recorded ones); else the config's, the module's and the command line's.
  package static func make(
    module: ModuleSpec, config: ProjectConfig?, options: GenerationOptions,
    parameters: [(String, ModuleSpec.ParamValue)]? = nil
  ) -> LiquidObject {
    let settings = options.settings
    func text(_ value: String) -> LiquidValue { value.isEmpty ? .nil : .string(value) }
    let projectName = settings.project
    let productModuleName =
      config?.generamba?.productModuleName
      ?? (projectName.isEmpty ? nil : productModuleName(forProject: projectName))
    func targets(_ list: [String]?) -> LiquidValue {
      list.map { .array($0.map { .string($0) }) } ?? .nil
    }
    var customParameters = LiquidObject()
    for (name, value) in parameters
      ?? Self.parameters(module: module, config: config, options: options)
    {
      customParameters[name] = TemplateContext.liquid(value)
    }

    var scope = LiquidObject()
    scope["year"] = .string(String(settings.date.prefix(4)))
    scope["date"] = .string(generambaDate(settings.date))
    scope["developer"] = .object(
      LiquidObject([("name", text(settings.author)), ("company", text(settings.company))]))
    scope["module_info"] = .object(
      LiquidObject([
        ("name", .string(module.name)),
        ("description", .string(module.description ?? "\(module.name) module")),
        ("project_name", text(projectName)),
        ("product_module_name", productModuleName.map { .string($0) } ?? .nil),
        (
          "project_targets",
          targets(options.generamba.projectTargets ?? config?.generamba?.projectTargets)
        ),
        ("test_targets", targets(options.generamba.testTargets ?? config?.generamba?.testTargets)),
      ]))
    scope["prefix"] = (config?.generamba?.prefix ?? config?.prefix).map { .string($0) } ?? .nil
    scope["custom_parameters"] = .object(customParameters)
    return scope
  }

  /// Custom parameters are free-form: the config's, those recorded for the module (`recorded`),
  /// the spec's, then `--set` and `--custom_parameters`, the later winning.
  static func parameters(
    module: ModuleSpec, config: ProjectConfig?, options: GenerationOptions,
    recorded: [PlannedModule.Param] = []
  ) -> [(String, ModuleSpec.ParamValue)] {
    var result: [(String, ModuleSpec.ParamValue)] = []
    func set(_ name: String, _ value: ModuleSpec.ParamValue) {
      if let index = result.firstIndex(where: { $0.0 == name }) {
        result[index].1 = value
      } else {
        result.append((name, value))
      }
    }
    for param in config?.params ?? [] { set(param.name, param.value) }
    for param in recorded { set(param.name, param.value) }
    for param in module.params { set(param.name, param.value) }
    for (name, value) in options.setParams { set(name, .string(value)) }
    return result
  }

  /// modulegen's context, for the output folder patterns of a Generamba template's module.
  static func patternContext(
    module: ModuleSpec, template: String, parameters: [(String, ModuleSpec.ParamValue)],
    options: GenerationOptions
  ) -> LiquidObject {
    TemplateContext.make(
      module: module, template: template, params: parameters, settings: options.settings)
  }

  /// Generamba's default product module name: the project name with every character outside
  /// `[A-Za-z0-9_]` replaced by `_` (Ruby's `gsub(/[^\w]/, '_')`, one per code point).
  package static func productModuleName(forProject name: String) -> String {
    String(
      String.UnicodeScalarView(
        name.unicodeScalars.map {
          $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
            ? $0 : "_"
        }))
  }

  /// `YYYY-MM-DD` as Generamba writes dates: `dd/MM/yyyy`.
  static func generambaDate(_ date: String) -> String {
    let parts = date.split(separator: "-")
    guard parts.count == 3 else { return date }
    return "\(parts[2])/\(parts[1])/\(parts[0])"
  }
}
