import Diagnostics

/// A project's shared settings, from `.modulegen.yml`. Command-line flags override them, and
/// they override the built-in defaults.
package struct ProjectConfig: Sendable, Equatable {
  package var author: String?
  package var company: String?
  package var project: String?
  /// The Swift module the generated tests `@testable import`; else derived from `project`.
  package var module: String?
  /// A Liquid template for the header of every generated file.
  package var header: String?
  /// Where `header` is in the file, so that an error inside it points at its line.
  var headerMap: ScalarMap?
  /// Prepended to generated type names (`ACME` → `ACMEHomeView`).
  package var prefix: String?
  /// The template `gen` uses when none is named.
  package var template: String?
  package var params: [ModuleSpec.Param] = []
  /// Path patterns for code and tests, e.g. `Sources/App/Modules/{{ module }}`.
  package var output: String?
  package var testsOutput: String?
  /// A local Swift package (its folder) each module becomes a target of.
  package var package: String?
  /// Extra folders to look for templates in, relative to the config's folder.
  package var templateFolders: [String] = []
  /// The folder holding the config file; paths in it are relative to this folder.
  package var directory: String?
  /// Where values are written in the config, for their errors.
  package var locations = Locations()

  /// Where a config's values are written. Not part of what the config says: two configs that
  /// say the same are equal wherever they were written.
  package struct Locations: Sendable, Equatable {
    /// Where the text of `template`, `output` and `tests_output` starts, by key.
    package var values: [String: SourceLocation] = [:]
    /// Where each of `templateFolders` is written.
    package var templateFolders: [SourceLocation] = []

    package static func == (_: Locations, _: Locations) -> Bool { true }
  }
  /// Generamba's settings, from a Rambafile or the `generamba:` section.
  package var generamba: GenerambaSettings?
  /// The Xcode project the generated files join (see `ProjectConfig+Xcode.swift`).
  package var xcode = XcodeSettings()

  package init() {}

  package static let fileNames = [".modulegen.yml", ".modulegen.yaml"]
  package static func decode(_ text: String, file: String, directory: String? = nil)
    throws(DiagnosticList)
    -> ProjectConfig
  {
    let (config, problems) = try decodeCollecting(text, file: file, directory: directory)
    try problems.throwIfAny(file: file)
    return config
  }

  /// The config with every setting that reads, and the problems of those that do not: for
  /// `validate`, which checks the rest (templates, output patterns) in the same run. A syntax
  /// error throws.
  static func decodeCollecting(_ text: String, file: String, directory: String? = nil)
    throws(DiagnosticList) -> (config: ProjectConfig, problems: Problems)
  {
    let root = try DataFile.root(text, file: file)
    var config = ProjectConfig()
    config.directory = directory
    var decoding = KeyDecoding(source: text)
    switch root.value {
    case .null:
      break
    case .object(let pairs):
      keys.decode(pairs, into: &config, &decoding, in: "the project config")
    default:
      decoding.problems.error(
        "the project config must be a mapping of settings, found \(root.value.kindName)\(root.missingSpaceHint)",
        at: root.location)
    }
    return (config, decoding.problems)
  }

  /// The nearest `.modulegen.yml` in `directory` or a folder above it; in a folder without
  /// one, its Generamba `Rambafile`.
  package static func find(from directory: String, fileSystem: any FileSystem) -> String? {
    find(from: directory, fileSystem: fileSystem, names: fileNames + [Rambafile.fileName])
  }

  /// The nearest file with one of `names`, the first of them in each folder. A folder of such a
  /// name is found too, for reading it to say what it is: passed over, a run went on with no
  /// config (or a folder above's) and generated what the project's settings did not ask for.
  static func find(from directory: String, fileSystem: any FileSystem, names: [String]) -> String? {
    var folder = directory
    while true {
      for name in names {
        let path = joinPath(folder, name)
        if fileSystem.fileExists(atPath: path) { return path }
      }
      guard let slash = folder.dropLast().lastIndex(of: "/") else { return nil }
      let parent = String(folder[..<slash])
      if parent.isEmpty {
        if folder == "/" { return nil }
        folder = "/"
      } else {
        folder = parent
      }
    }
  }
}
