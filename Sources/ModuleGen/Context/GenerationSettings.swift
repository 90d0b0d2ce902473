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
    var name = ""
    for c in project { name.append(c.isLetter || c.isNumber || c == "_" ? c : "_") }
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
