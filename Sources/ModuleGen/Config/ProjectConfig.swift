import Liquid

/// A project's shared settings, from `.modulegen.yml`. Command-line flags override them, and
/// they override the built-in defaults.
public struct ProjectConfig: Sendable, Equatable {
  public var author: String?
  public var company: String?
  public var project: String?
  /// The Swift module the generated tests `@testable import`; else derived from `project`.
  public var module: String?
  /// A Liquid template for the header of every generated file.
  public var header: String?
  /// Where `header` is in the file, so that an error inside it points at its line.
  var headerMap: ScalarMap?
  /// Prepended to generated type names (`ACME` → `ACMEHomeView`).
  public var prefix: String?
  /// The template `gen` uses when none is named.
  public var template: String?
  public var params: [ModuleSpec.Param] = []
  /// Path patterns for code and tests, e.g. `Sources/App/Modules/{{ module }}`.
  public var output: String?
  public var testsOutput: String?
  /// Extra folders to look for templates in, relative to the config's folder.
  public var templateFolders: [String] = []
  /// The folder holding the config file; paths in it are relative to this folder.
  public var directory: String?
  /// Where values are written in the config, for their errors.
  public var locations = Locations()

  /// Where a config's values are written. Not part of what the config says: two configs that
  /// say the same are equal wherever they were written.
  public struct Locations: Sendable, Equatable {
    /// Where the text of `template`, `output` and `tests_output` starts, by key.
    public var values: [String: SourceLocation] = [:]
    /// Where each of `templateFolders` is written.
    public var templateFolders: [SourceLocation] = []

    public static func == (_: Locations, _: Locations) -> Bool { true }
  }
  /// Generamba's settings, from a Rambafile or the `generamba:` section.
  package var generamba: GenerambaSettings?
  /// The Xcode project the generated files join (see `ProjectConfig+Xcode.swift`).
  public var xcode = XcodeSettings()

  public init() {}

  public static let fileNames = [".modulegen.yml", ".modulegen.yaml"]
  static let keys =
    [
      "author", "company", "project", "module", "header", "prefix", "template", "params", "output",
      "tests_output", "templates", "generamba",
    ] + xcodeKeys

  public static func decode(_ text: String, file: String, directory: String? = nil)
    throws(DiagnosticList)
    -> ProjectConfig
  {
    let source = text
    let root = try DataFile.root(text, file: file)
    var config = ProjectConfig()
    config.directory = directory
    var problems = Problems()
    let map = SourceMap(text: text)
    switch root.value {
    case .null:
      return config
    case .object(let pairs):
      for pair in pairs {
        let value = pair.value
        switch pair.key {
        case "author", "company", "project", "module", "header", "prefix", "template", "output",
          "tests_output":
          guard case .string(let text) = value.value else {
            problems.error(
              "'\(pair.key)' must be a string, found \(value.value.kindName)\(SpecDecoder.quoteHint(value))",
              at: value.location, path: pair.key)
            continue
          }
          if ["template", "output", "tests_output"].contains(pair.key) {
            config.locations.values[pair.key] = map.locate(value, line: 0, column: 0)
          }
          switch pair.key {
          case "author": config.author = text
          case "company": config.company = text
          case "project": config.project = text
          case "module":
            if !SpecDecoder.isIdentifier(text) {
              problems.error(
                "module '\(text)' must be a Swift module name, such as 'AcmeApp'",
                at: value.location)
            }
            config.module = text
          case "header":
            config.header = text
            config.headerMap = ScalarMap(node: value, source: source)
          case "prefix":
            if !text.isEmpty && !SpecDecoder.isTypeName(text) {
              problems.error(
                "prefix '\(text)' must be the start of a Swift type name, such as 'ACME'",
                at: value.location)
            }
            config.prefix = text
          case "template": config.template = text
          case "output": config.output = text
          default: config.testsOutput = text
          }
        case "params":
          config.params = SpecDecoder.decodeParams(value, path: "params", problems: &problems)
        case "generamba":
          config.generamba = GenerambaSettings.decodeSection(value, problems: &problems)
        case let key where xcodeKeys.contains(key):
          decodeXcodeKey(key, value, into: &config.xcode, map: map, problems: &problems)
        case "templates":
          switch value.value {
          case .string(let folder):
            config.templateFolders = [folder]
            config.locations.templateFolders = [map.locate(value, line: 0, column: 0)]
          case .array(let items):
            for (i, item) in items.enumerated() {
              if case .string(let folder) = item.value, !folder.isEmpty {
                config.templateFolders.append(folder)
                config.locations.templateFolders.append(map.locate(item, line: 0, column: 0))
              } else {
                problems.error(
                  "expected a folder path, found \(item.value.kindName)", at: item.location,
                  path: "templates[\(i)]")
              }
            }
          default:
            problems.error(
              "'templates' must be a folder or a list of folders", at: value.location,
              path: "templates")
          }
        default:
          problems.unknownKey(
            pair.key, at: pair.keyLocation, known: keys, path: "", in: "the project config")
        }
      }
    default:
      problems.error(
        "the project config must be a mapping of settings, found \(root.value.kindName)",
        at: root.location)
    }
    try problems.throwIfAny(file: file)
    return config
  }

  /// The nearest `.modulegen.yml` in `directory` or a folder above it; in a folder without
  /// one, its Generamba `Rambafile`.
  public static func find(from directory: String, fileSystem: any FileSystem) -> String? {
    find(from: directory, fileSystem: fileSystem, names: fileNames + [Rambafile.fileName])
  }

  /// The nearest file with one of `names`, the first of them in each folder.
  static func find(from directory: String, fileSystem: any FileSystem, names: [String]) -> String? {
    var folder = directory
    while true {
      for name in names {
        let path = (folder.hasSuffix("/") ? folder : folder + "/") + name
        if fileSystem.fileExists(atPath: path) && !fileSystem.isDirectory(atPath: path) {
          return path
        }
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
