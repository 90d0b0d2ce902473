import Diagnostics

/// A spec's entity named as a type the template generates for the module (`ShopPresenter` in a
/// VIPER module, `ShopViewState` in a SwiftUI one) would be declared twice, and the module
/// would not compile: it is refused at the module, naming the files that declare the name.
enum EntityNames {
  /// Throws when a name of `module`'s entities is declared more than once at the top level of
  /// the rendering's code files.
  static func check(_ module: ModuleSpec, rendering: Generator.Rendering) throws {
    guard !module.entities.isEmpty else { return }
    let names = Set(module.entities.map(\.name))
    var declaring: [String: [String]] = [:]
    for file in rendering.files where file.role == .code && file.path.hasSuffix(".swift") {
      let text = String(decoding: file.bytes, as: UTF8.self)
      for line in text.split(separator: "\n") {
        if let name = declaredType(line), names.contains(name) {
          declaring[name, default: []].append(lastPathComponent(file.path))
        }
      }
    }
    guard
      let (name, files) = declaring.sorted(by: { $0.key < $1.key }).first(where: {
        $0.value.count > 1
      })
    else { return }
    throw Diagnostic(
      message:
        "the entity '\(name)' is named as a type that template '\(rendering.template.manifest.name)' "
        + "generates for module '\(module.name)' (declared in \(files.joined(separator: " and "))); "
        + "give the entity another name",
      location: module.location)
  }

  /// The words before a type's name in a top-level declaration.
  static let modifiers: Set<String> = [
    "public", "package", "internal", "fileprivate", "private", "final", "open", "indirect",
  ]
  static let kinds: Set<String> = ["class", "struct", "enum", "protocol", "actor", "typealias"]

  /// The name a top-level line declares a type under (`final class ShopPresenter: …` →
  /// `ShopPresenter`), or nil.
  static func declaredType(_ line: Substring) -> String? {
    guard let first = line.first, first.isLetter else { return nil }
    let words = line.split(separator: " ").drop { modifiers.contains(String($0)) }
    guard let kind = words.first, kinds.contains(String(kind)), words.count > 1 else { return nil }
    let name = words[words.index(after: words.startIndex)].prefix {
      $0.isLetter || $0.isNumber || $0 == "_"
    }
    return name.isEmpty ? nil : String(name)
  }
}
