import Diagnostics

/// A template's `template.yml`: its parameters and the files it generates.
package struct TemplateManifest: Sendable {
  package var name: String
  /// Where `name`'s value is, for an error about the name.
  package var nameLocation: SourceLocation? = nil
  package var summary: String
  package var parameters: [Parameter]
  package var files: [FileEntry]
  /// `version: 1.2.0` (MAJOR.MINOR.PATCH): which revision of the template generated a module.
  /// Built-in templates always have one; for other templates it is optional.
  package var version: String? = nil
  /// The variables the files are rendered with: modulegen's context, or Generamba's.
  package var variables: Variables = .modulegen
  /// `register:`: snippets inserted into the app's files after marker lines (a route's case, a
  /// builder call), so that a new module is wired where the app builds its screens.
  package var registrations: [Registration] = []
  /// `dependencies:`: the targets of a module's Swift package (`package`) its target depends on.
  package var dependencies: [String] = []

  /// Which context a template's files see (`variables:` in template.yml).
  package enum Variables: String, Sendable {
    /// modulegen's context (Templates/README.md), with strict variables.
    case modulegen
    /// Generamba's variables (`module_info`, `developer`, `date` as dd/MM/yyyy,
    /// `custom_parameters`), with undefined variables rendering empty, as Generamba does.
    case generamba
  }

  package struct Parameter: Sendable, Equatable {
    package enum Kind: String, Sendable { case string, bool, choice }
    package var name: String
    package var kind: Kind
    package var defaultValue: ModuleSpec.ParamValue?
    package var description: String
    /// The allowed values of a choice.
    package var values: [String]
  }

  package struct FileEntry: Sendable {
    package enum Role: String, Sendable, CaseIterable { case code, test }

    /// Who owns the file once it exists.
    package enum Regenerate: String, Sendable, CaseIterable {
      /// modulegen: regenerated on every run; an edit is a conflict and drift fails `check`.
      case always
      /// The developer: created when missing, then never a conflict; `update` merges template
      /// and spec changes into it.
      case once
    }

    /// The source file, relative to the template folder.
    package var template: String
    /// A Liquid template for the output path, relative to the role's output folder.
    package var output: String
    package var role: Role
    package var regenerate: Regenerate = .always
    /// A Liquid condition (`params.ui == 'swiftui'`); the file is generated when it holds.
    package var when: String?
    /// `resource: true`: the file goes to an Xcode target's Resources phase whatever its type.
    package var isResource = false
    /// `never_imports`: modules the rendered file must not import; a spec whose types would
    /// make it is refused.
    package var neverImports: [String] = []
    /// `shared: true`: one file for the modules beside this one, not one per module (the
    /// protocol their coordinators share): it goes to the folder above the module's own when
    /// that folder is named after the module, is created once and then kept, and a run that
    /// plans it for several modules writes it once.
    package var isShared = false
    /// Where the entry is in the manifest, for errors.
    package var location: SourceLocation
    /// Where its `template`, `output` and `when` values are.
    package var templateLocation: SourceLocation
    package var outputLocation: SourceLocation
    package var whenLocation: SourceLocation?
    /// Where the characters of `output` are in the manifest, for errors inside the pattern.
    var outputMap: ScalarMap
    /// Where the characters of `when` are in the manifest, for errors inside the condition.
    var whenMap: ScalarMap?
  }

  package static func decode(_ text: String, file: String) throws(DiagnosticList)
    -> TemplateManifest
  {
    let root = try DataFile.root(text, file: file)
    var decoding = KeyDecoding(source: text)
    var manifest = TemplateManifest(name: "", summary: "", parameters: [], files: [])
    guard case .object(let pairs) = root.value else {
      decoding.problems.error(
        "a template manifest must be a mapping with 'name', 'summary', 'parameters' and 'files'\(root.missingSpaceHint)",
        at: root.location)
      try decoding.problems.throwIfAny(file: file)
      return manifest
    }
    decoding.location = root.location
    keys.decode(pairs, into: &manifest, &decoding, in: "a template manifest")
    try decoding.problems.throwIfAny(file: file)
    return manifest
  }

  /// `1.0.0`: three numbers separated by dots.
  static func isVersion(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 3
      && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
  }
}
