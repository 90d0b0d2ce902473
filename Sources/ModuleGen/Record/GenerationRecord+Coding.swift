import BackgroundWork
import DataFormats
import Diagnostics
import Liquid

/// The record as YAML: keys sorted, one file per line, no timestamps but the modules' creation
/// dates, so that the same generation always gives the same bytes and a new module is a
/// contiguous block in a diff.
extension GenerationRecord {
  static let header = """
    # What modulegen generated: per module its template, parameters and creation date, and a hash
    # of every file as generated. Commit it with the app; modulegen keeps it up to date.
    # Base copies of the files developers own (regenerate: once) are in .modulegen/base.

    """

  static let keys = ["version", "modules"]
  static let moduleKeys = [
    "template", "template_version", "template_hash", "created", "author", "company", "project",
    "spec",
    "output", "tests_output", "package", "description", "no_tests",
    "params", "files", "test_files", "registrations",
  ]
  static let registrationKeys = ["file", "marker", "text"]

  /// The record's text.
  package var encoded: String {
    var out = Self.header + "version: \(Self.formatVersion)\n"
    guard !modules.isEmpty else { return out + "modules: {}\n" }
    out += "modules:\n"
    // Each module's entry on every core: a batch's record has thousands.
    let entries = modules.sorted { $0.key < $1.key }.concurrentMap(perThread: 32, Self.encodedEntry)
    for entry in entries { out += entry }
    return out
  }

  /// One module's entry in `encoded`.
  private static func encodedEntry(name: String, module: Module) -> String {
    var out = ""
    out += "  \(YAMLText.key(name)):\n"
    out += "    template: \(YAMLText.scalar(module.template))\n"
    let versionKey =
      module.templateVersion.hasPrefix(hashPrefix) ? "template_hash" : "template_version"
    out += "    \(versionKey): \(YAMLText.scalar(module.templateVersion))\n"
    out += "    created: \(YAMLText.scalar(module.created))\n"
    // Kept empty too: an empty author is a header without one.
    if let author = module.settings.author { out += "    author: \(YAMLText.scalar(author))\n" }
    if let company = module.settings.company { out += "    company: \(YAMLText.scalar(company))\n" }
    if let project = module.settings.project { out += "    project: \(YAMLText.scalar(project))\n" }
    // Functions rather than loops over arrays of pairs: each such array is a generic type the
    // runtime makes on first use, for one module's entry.
    func optional(_ key: String, _ value: String?) {
      if let value { out += "    \(key): \(YAMLText.scalar(value))\n" }
    }
    optional("spec", module.settings.spec)
    optional("output", module.settings.output)
    optional("tests_output", module.settings.testsOutput)
    optional("package", module.settings.package)
    optional("description", module.settings.description)
    if module.settings.noTests { out += "    no_tests: true\n" }
    if module.params.isEmpty {
      out += "    params: {}\n"
    } else {
      out += "    params:\n"
      for param in module.params.sorted(by: { $0.name < $1.name }) {
        let value: String
        switch param.value {
        case .bool(let b): value = b ? "true" : "false"
        case .int(let i): value = String(i)
        case .string(let s): value = YAMLText.scalar(s)
        }
        out += "      \(YAMLText.key(param.name)): \(value)\n"
      }
    }
    func files(_ key: String, _ files: [String: String]) {
      if files.isEmpty {
        if key == "files" { out += "    files: {}\n" }
        return
      }
      out += "    \(key):\n"
      for path in files.keys.sorted() {
        out += "      \(YAMLText.key(path)): \(YAMLText.scalar(files[path]!))\n"
      }
    }
    files("files", module.files)
    files("test_files", module.testFiles)
    if !module.registrations.isEmpty {
      out += "    registrations:\n"
      for registration in module.registrations {
        out += "      - file: \(YAMLText.scalar(registration.file))\n"
        out += "        marker: \(YAMLText.scalar(registration.marker))\n"
        out += "        text: \(YAMLText.scalar(registration.text))\n"
      }
    }
    return out
  }

  /// Reads a record; every problem is reported with its line and column. A record with merge
  /// conflict markers is read as both sides' modules (`decodeBothSides`).
  package static func decode(_ text: String, file: String, directory: String)
    throws(DiagnosticList) -> GenerationRecord
  {
    if mayHaveConflictMarkers(text),
      let record = try decodeBothSides(
        lines(of: text), file: file,
        directory: directory)
    {
      return record
    }
    return try decodeText(text, file: file, directory: directory)
  }

  /// Reads a record without conflict markers.
  static func decodeText(_ text: String, file: String, directory: String)
    throws(DiagnosticList) -> GenerationRecord
  {
    let root = try DataFile.root(text, file: file)
    var problems = Problems()
    var unknown = UnknownKeys()
    var record = GenerationRecord(directory: directory)
    guard case .object(let pairs) = root.value else {
      // Nothing at all (a file cut short, or emptied): the modules' entries are lost, and only
      // version control has them.
      let empty = if case .null = root.value { true } else { false }
      problems.error(
        empty
          ? "the generation record is empty, as if cut short: restore it from version control (check and update take every module from it)"
          : "a generation record must be a mapping with 'version' and 'modules'",
        at: root.location)
      try problems.throwIfAny(file: file)
      return record
    }
    for pair in pairs {
      switch pair.key {
      case "version":
        guard case .int(let version) = pair.value.value, version >= 1 else {
          problems.error("'version' must be a positive integer", at: pair.value.location)
          continue
        }
        if version > formatVersion {
          problems.error(
            "the record was written by a newer modulegen (format \(version)); this one reads format \(formatVersion)",
            at: pair.value.location)
        }
      case "modules":
        switch pair.value.value {
        case .null: break
        case .object(let modulePairs):
          for entry in modulePairs {
            // A name is also a file name (its base file): only what a spec or `gen` accepts.
            switch ModuleName.normalize(entry.key) {
            case .valid(let name) where name == entry.key: break
            case .invalid(let message):
              problems.error(message, at: entry.keyLocation, path: "modules")
              continue
            case .changed(let name, _), .valid(let name):
              problems.error(
                "'\(entry.key)' is not a module name modulegen records; did you mean '\(name)'?",
                at: entry.keyLocation, path: "modules")
              continue
            }
            if let module = decodeModule(
              entry.value, name: entry.key, path: "modules.\(entry.key)", &problems, &unknown)
            {
              record.modules[entry.key] = module
            }
          }
        default:
          problems.error(
            "'modules' must map module names to what they were generated from",
            at: pair.value.location, path: "modules")
        }
      default:
        unknown.add(
          pair.key, at: pair.keyLocation, known: keys, module: nil, path: "",
          in: "the generation record", &problems)
      }
    }
    // In the file's order: the one error for unknown keys is at the first of them.
    unknown.report(into: &problems)
    try problems.throwIfAny(file: file, inFileOrder: true)
    record.makeRecordedPathsRelative()
    return record
  }

  private static func decodeModule(
    _ node: DataNode, name: String, path: String, _ problems: inout Problems,
    _ unknown: inout UnknownKeys
  ) -> Module? {
    guard case .object(let pairs) = node.value else {
      problems.error("a module must be a mapping", at: node.location, path: path)
      return nil
    }
    var module = Module(template: "", templateVersion: "", created: "")
    let count = problems.diagnostics.count
    func string(_ node: DataNode, _ key: String) -> String? {
      guard case .string(let text) = node.value, !text.isEmpty else {
        problems.error(Problems.notANonEmptyStringMessage(key), at: node.location, path: path)
        return nil
      }
      return text
    }
    func files(_ node: DataNode, _ key: String) -> [String: String] {
      var result: [String: String] = [:]
      switch node.value {
      case .null: break
      case .object(let filePairs):
        for file in filePairs {
          // Relative to the record's folder, climbing out of it for a file outside it (an
          // earlier modulegen recorded such a file absolute: read as this one writes it).
          do {
            _ = try PathSafety.components(of: file.key, rules: recordedPathRules)
          } catch {
            problems.error(
              "the recorded path '\(file.key)' \(error.phrase(inside: "the record's folder"))",
              at: file.keyLocation, path: "\(path).\(key)")
            continue
          }
          // No module generates the record's own data: `--prune` would remove it.
          if Plan.isRecordData(file.key) {
            problems.error(
              "the recorded path '\(file.key)' is in the generation record's own data (\(fileName), \(baseFolder)/), which no module generates; remove its line",
              at: file.keyLocation, path: "\(path).\(key)")
            continue
          }
          guard case .string(let hash) = file.value.value, isHash(hash) else {
            problems.error(
              "a file's hash must be '\(hashPrefix)' and 64 lowercase hexadecimal digits",
              at: file.value.location,
              path: "\(path).\(key)")
            continue
          }
          result[file.key] = hash
        }
      default:
        problems.error(
          "'\(key)' must map file paths to hashes", at: node.location, path: "\(path).\(key)")
      }
      return result
    }
    for pair in pairs {
      switch pair.key {
      case "template": module.template = string(pair.value, pair.key) ?? ""
      case "template_version", "template_hash":
        module.templateVersion = string(pair.value, pair.key) ?? ""
      case "created":
        guard let date = string(pair.value, pair.key) else { continue }
        if !CalendarDate.isValid(date) {
          problems.error(
            "'created' must be a date as YYYY-MM-DD, not '\(date)'", at: pair.value.location,
            path: path)
        }
        module.created = date
      case "spec": module.settings.spec = string(pair.value, pair.key)
      case "output": module.settings.output = string(pair.value, pair.key)
      case "tests_output": module.settings.testsOutput = string(pair.value, pair.key)
      case "package": module.settings.package = string(pair.value, pair.key)
      case "description": module.settings.description = string(pair.value, pair.key)
      case "author", "company", "project":
        guard case .string(let text) = pair.value.value else {
          problems.error("'\(pair.key)' must be a string", at: pair.value.location, path: path)
          continue
        }
        switch pair.key {
        case "author": module.settings.author = text
        case "company": module.settings.company = text
        default: module.settings.project = text
        }
      case "no_tests":
        guard case .bool(let noTests) = pair.value.value else {
          problems.error("'no_tests' must be true or false", at: pair.value.location, path: path)
          continue
        }
        module.settings.noTests = noTests
      case "params":
        module.params = pair.value.params(
          path: "\(path).params", problems: &problems
        ).map { PlannedModule.Param(name: $0.name, value: $0.value) }
      case "files": module.files = files(pair.value, pair.key)
      case "test_files": module.testFiles = files(pair.value, pair.key)
      case "registrations":
        module.registrations = decodeRegistrations(
          pair.value, module: name, path: "\(path).registrations", &problems, &unknown)
      default:
        unknown.add(
          pair.key, at: pair.keyLocation, known: moduleKeys, module: name, path: path,
          in: "a recorded module", &problems)
      }
    }
    for key in ["template", "created"] where !pairs.contains(where: { $0.key == key }) {
      problems.error("the module has no '\(key)'", at: node.location, path: path)
    }
    return problems.diagnostics.count == count ? module : nil
  }

  private static func decodeRegistrations(
    _ node: DataNode, module: String, path: String, _ problems: inout Problems,
    _ unknown: inout UnknownKeys
  ) -> [Registration] {
    guard case .array(let items) = node.value else {
      problems.error(
        "'registrations' must be a list of 'file', 'marker' and 'text'", at: node.location,
        path: path)
      return []
    }
    var registrations: [Registration] = []
    for (i, item) in items.enumerated() {
      var values: [String: String] = [:]
      if case .object(let pairs) = item.value {
        for pair in pairs {
          guard registrationKeys.contains(pair.key) else {
            unknown.add(
              pair.key, at: pair.keyLocation, known: registrationKeys, module: module,
              path: "\(path)[\(i)]", in: "a recorded registration", &problems)
            continue
          }
          guard case .string(let text) = pair.value.value, !text.isEmpty else {
            problems.error(
              Problems.notANonEmptyStringMessage(pair.key), at: pair.value.location,
              path: "\(path)[\(i)]")
            continue
          }
          values[pair.key] = text
        }
      }
      guard let file = values["file"], let marker = values["marker"], let text = values["text"]
      else {
        problems.error(
          "a recorded registration needs 'file', 'marker' and 'text'", at: item.location,
          path: "\(path)[\(i)]")
        continue
      }
      registrations.append(Registration(file: file, marker: marker, text: text))
    }
    return registrations
  }
}
