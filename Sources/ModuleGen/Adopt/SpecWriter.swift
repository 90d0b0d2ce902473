/// A module spec as a person writes one: its keys in the order of the spec's key table,
/// methods and entities as blocks of Swift declarations (`view: |`, `entities: |`), so that
/// nothing in them needs YAML's quoting.
package enum SpecWriter {
  static func yaml(_ module: ModuleSpec) -> String {
    var out = "name: \(YAMLText.scalar(module.name))\n"
    if let template = module.template { out += "template: \(YAMLText.scalar(template))\n" }
    if !module.params.isEmpty {
      out += "params:\n"
      for param in module.params {
        out += "  \(YAMLText.key(param.name)): \(paramValue(param.value))\n"
      }
    }
    if !module.imports.isEmpty {
      out += "imports: " + YAMLText.list(module.imports) + "\n"
    }
    for role in Role.allCases {
      guard let methods = module.roles[role] else { continue }
      out += block(role.rawValue, methods.map(\.declaration))
    }
    if !module.entities.isEmpty {
      out += block("entities", module.entities.flatMap(entityLines))
    }
    return out
  }

  /// `key: |` and the lines, indented; `key: []` for none.
  private static func block(_ key: String, _ lines: [String]) -> String {
    guard !lines.isEmpty else { return "\(key): []\n" }
    return "\(key): |\n" + lines.map { "  " + $0 + "\n" }.joined()
  }

  /// An entity as Swift, one member a line.
  static func entityLines(_ entity: ModuleSpec.Entity) -> [String] {
    var head = "\(entity.kind.rawValue) \(entity.name)"
    if !entity.conformances.isEmpty { head += ": " + entity.conformances.joined(separator: ", ") }
    let members = entity.fields.map(\.declaration) + entity.cases.map(\.declaration)
    guard !members.isEmpty else { return [head + " {}"] }
    return [head + " {"] + members.map { "  " + $0 } + ["}"]
  }

  private static func paramValue(_ value: ModuleSpec.ParamValue) -> String {
    switch value {
    case .string(let text): return YAMLText.scalar(text)
    case .bool, .int: return value.description
    }
  }
}
