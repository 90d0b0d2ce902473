import Diagnostics

/// The modules a template says one of its files never imports (`never_imports`: an MVVM view
/// model never imports UIKit). A spec whose types would make the rendered file import one is
/// refused at the module, naming the methods and types that would. A class: every file to
/// render holds one or none, and a batch holds every file to render at once (the module's spec
/// would otherwise be stored, and copied, with each of them).
final class ForbiddenImports: Sendable {
  let modules: [String]
  /// The generated file's name and its template's, for the message.
  let fileName: String
  let template: String
  let module: ModuleSpec

  init(modules: [String], fileName: String, template: String, module: ModuleSpec) {
    self.modules = modules
    self.fileName = fileName
    self.template = template
    self.module = module
  }

  /// Throws when `text`, the rendered file, imports one of `modules`.
  func check(_ text: String) throws {
    let imported = Set(
      text.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("import ") else { return nil }
        return String(line.dropFirst("import ".count)).trimmingCharacters()
      })
    guard let framework = modules.first(where: imported.contains) else { return }
    var culprits: [String] = []
    for role in module.roles.keys.sorted() {
      for method in module.roles[role] ?? [] where text.contains(method.requirement) {
        let types = (method.parameters.map(\.type) + [method.returnType].compactMap { $0 })
          .flatMap(SpecImports.typeNames).filter {
            SpecImports.framework(declaring: $0) == framework
          }
        if let first = types.first { culprits.append("\(method.selector) names \(first)") }
      }
    }
    let cause =
      culprits.isEmpty ? "the spec's imports need it there" : culprits.joined(separator: ", ")
    throw Diagnostic(
      message:
        "\(fileName) (template '\(template)') never imports \(framework), but \(cause); declare "
        + "the module's state with types that do not need \(framework) (Data, a URL) and make the "
        + "\(framework) values in the view",
      location: module.location)
  }
}
