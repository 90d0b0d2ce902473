import Diagnostics
import Liquid

extension BuiltinTemplates {
  /// The built-in templates' parameters, for the tables in README.md and Templates/README.md:
  /// made from their manifests, so that the tables say what `modulegen templates show NAME` says.
  static func parametersTable() throws(DiagnosticList) -> String {
    var table = "| template | parameter | values | what it chooses |\n| --- | --- | --- | --- |\n"
    for name in names {
      let file = name + "/template.yml"
      let manifest = try TemplateManifest.decode(files[file] ?? "", file: file)
      for parameter in manifest.parameters {
        let values = parameter.kind == .bool ? ["true", "false"] : parameter.values
        let defaultValue = parameter.defaultValue?.description
        let list = values.map { "`\($0)`" + ($0 == defaultValue ? " (default)" : "") }
        let meaning = parameter.description.replacingAll("|", with: "\\|")
        table +=
          "| `\(name)` | `\(parameter.name)` | \(list.joined(separator: ", ")) | \(meaning) |\n"
      }
    }
    return table
  }
}
