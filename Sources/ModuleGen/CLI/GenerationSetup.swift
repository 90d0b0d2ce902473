import Liquid

/// What `gen` and `check` share: reading the config and specs, and the options they take.
enum GenerationSetup {
  /// Options that choose what is generated (not how the result is printed or written): what a
  /// follow-up command such as `check --diff` needs to look at the same files.
  static let selectionOptions: [CommandSpec.Option] = [
    .spec, .set, .output, .testsOutput, .noTests, .templates, .author, .company, .project, .date,
    .convertName, .xcodeproj, .target, .testTarget,
  ]

  struct Setup {
    var generator: Generator
    var modules: [ModuleSpec]
    var options: GenerationOptions
    var notes: [Diagnostic]
    /// The generation record (empty when there is none yet).
    var record: GenerationRecord
    /// The Xcode project the files join, if one is configured (`XcodeIntegration`).
    var xcode: XcodeIntegration? = nil
  }

  static func make(_ arguments: ParsedArguments, console: Console, command: String) throws -> Setup
  {
    let fileSystem = LocalFileSystem()
    var notes: [Diagnostic] = []
    let (library, config) = try projectLibrary(
      templates: arguments.all(.templates), console: console, fileSystem: fileSystem)
    let convert = arguments.flag(.convertName)
    var modules: [ModuleSpec] = []
    let name = arguments.positional.first
    let template = arguments.positional.count > 1 ? arguments.positional[1] : nil
    var specFile: String?
    if let specPath = arguments.value(.spec) {
      specFile = normalizePath(console.path(specPath))
      let text = try fileSystem.readText(atPath: console.path(specPath), displayPath: specPath)
      let file = try SpecDecoder.decode(text, file: specPath)
      notes += file.notes
      modules = file.modules
      if let name {
        let wanted = normalizedName(name, convert: convert)
        guard let module = modules.first(where: { $0.name == wanted }) else {
          throw Diagnostic(
            message:
              "no module '\(wanted)' in \(specPath) (it declares: \(modules.map(\.name).joined(separator: ", ")))"
          )
        }
        modules = [module]
      }
      if let template {
        modules = modules.map {
          var m = $0
          m.template = template
          return m
        }
      }
    } else {
      guard let name else {
        throw UsageError(
          "give a module name and a template (\(command) Home viper), or --spec FILE",
          command: command)
      }
      if template == nil && config?.template == nil {
        throw UsageError(
          "missing <template>: name one (\(command) \(name) viper) or set 'template' in .modulegen.yml",
          command: command)
      }
      let wanted =
        try GenerambaCommandLine.moduleName(
          name, template: template ?? config?.template, library: library)
        ?? checkedName(name, convert: convert, notes: &notes)
      modules = [ModuleSpec(name: wanted, template: template)]
    }

    var setParams: [(String, String)] = []
    for assignment in arguments.all(.set) {
      guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
        throw UsageError("--set takes key=value, not '\(assignment)'", command: command)
      }
      setParams.append(
        (String(assignment[..<equals]), String(assignment[assignment.index(after: equals)...])))
    }
    let settings = GenerationSettings(
      author: try oneLine(arguments, .author, command: command) ?? config?.author ?? "",
      company: try oneLine(arguments, .company, command: command) ?? config?.company ?? "",
      project: try oneLine(arguments, .project, command: command) ?? config?.project ?? "",
      module: config?.module ?? "",
      prefix: config?.prefix ?? "",
      date: try date(arguments, console: console, command: command))
    var options = GenerationOptions(settings: settings, currentDirectory: console.currentDirectory)
    options.setParams = setParams
    options.output = arguments.value(.output)
    options.testsOutput = arguments.value(.testsOutput)
    options.includeTests = !arguments.flag(.noTests)
    try GenerambaCommandLine.apply(
      arguments, config: config, modules: &modules, options: &options, notes: &notes,
      command: command, fileSystem: fileSystem)
    options.specFile = specFile
    options.someModulesOnly = specFile != nil && name != nil
    let xcode = try XcodeIntegration.make(
      arguments, config: config, modules: modules, console: console, fileSystem: fileSystem,
      command: command)
    return Setup(
      generator: Generator(library: library, config: config, fileSystem: fileSystem),
      modules: modules,
      options: options, notes: notes,
      record: try record(config: config, console: console, fileSystem: fileSystem), xcode: xcode)
  }

  /// The generation record beside the config (else in the current folder), or an empty one.
  static func record(config: ProjectConfig?, console: Console, fileSystem: any FileSystem) throws
    -> GenerationRecord
  {
    let directory = config?.directory ?? console.currentDirectory
    let path = joinPath(directory, GenerationRecord.fileName)
    guard fileSystem.fileExists(atPath: path) else {
      return GenerationRecord(directory: directory)
    }
    let shown = relative(path, to: console.currentDirectory)
    return try GenerationRecord.decode(
      try fileSystem.readText(atPath: path, displayPath: shown), file: shown,
      directory: directory)
  }

  /// The command that looks at the same modules as this run: `modulegen check --spec X --diff`.
  static func followUp(_ command: String, _ arguments: ParsedArguments, adding extra: [String])
    -> String
  {
    var words = ["modulegen", command] + arguments.positional
    for option in selectionOptions {
      if option.valueName == nil {
        if arguments.flag(option) { words.append("--" + option.name) }
      } else {
        for value in arguments.all(option) { words += ["--" + option.name, value] }
      }
    }
    return (words + extra).map(shellQuoted).joined(separator: " ")
  }

  /// A word as a POSIX shell reads it back.
  static func shellQuoted(_ word: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
    if !word.isEmpty && word.allSatisfy({ safe.contains($0) }) { return word }
    return "'" + word.replacingAll("'", with: "'\\''") + "'"
  }

  /// The nearest `.modulegen.yml`, if any, and the templates the run can use.
  static func projectLibrary(
    templates: [String], console: Console, fileSystem: any FileSystem
  )
    throws -> (TemplateLibrary, ProjectConfig?)
  {
    var config: ProjectConfig?
    if let path = ProjectConfig.find(from: console.currentDirectory, fileSystem: fileSystem) {
      config = try projectConfig(at: path, console: console, fileSystem: fileSystem)
    }
    var problems = explicitFolderProblems(templates, console: console, fileSystem: fileSystem)
    if let config {
      problems += templateFolderProblems(config, console: console, fileSystem: fileSystem)
    }
    if !problems.isEmpty { throw DiagnosticList(problems) }
    let library = TemplateLibrary.standard(
      explicit: templates.map(console.path), config: config,
      home: console.environment["HOME"], currentDirectory: console.currentDirectory,
      fileSystem: fileSystem)
    return (library, config)
  }

  /// The project config at `path`: a `.modulegen.yml`, or a Generamba `Rambafile`.
  static func projectConfig(at path: String, console: Console, fileSystem: any FileSystem) throws
    -> ProjectConfig
  {
    let shown = relative(path, to: console.currentDirectory)
    let text = try fileSystem.readText(atPath: path, displayPath: shown)
    return Rambafile.isRambafile(path)
      ? try Rambafile.decode(
        text, file: shown, directory: parentPath(path), home: console.environment["HOME"],
        fileSystem: fileSystem
      ).config
      : try ProjectConfig.decode(text, file: shown, directory: parentPath(path))
  }

  /// The `--templates` folders that do not exist.
  static func explicitFolderProblems(
    _ templates: [String], console: Console, fileSystem: any FileSystem
  ) -> [Diagnostic] {
    templates.compactMap { folder in
      let path = console.path(folder)
      if fileSystem.isDirectory(atPath: path) { return nil }
      return Diagnostic(
        message:
          "--templates '\(folder)' \(fileSystem.fileExists(atPath: path) ? "is not a folder" : "does not exist")"
      )
    }
  }

  /// The config's `templates:` folders that do not exist, at their place in the config.
  static func templateFolderProblems(
    _ config: ProjectConfig, console: Console, fileSystem: any FileSystem
  ) -> [Diagnostic] {
    var problems: [Diagnostic] = []
    for (i, folder) in config.templateFolders.enumerated() {
      let path = TemplateLibrary.configFolderPath(
        folder, config: config, home: console.environment["HOME"])
      if fileSystem.isDirectory(atPath: path) { continue }
      problems.append(
        Diagnostic(
          message:
            "template folder '\(folder)' \(fileSystem.fileExists(atPath: path) ? "is not a folder" : "does not exist")",
          location: i < config.locations.templateFolders.count
            ? config.locations.templateFolders[i] : nil))
    }
    return problems
  }

  private static func normalizedName(_ name: String, convert: Bool) -> String {
    switch ModuleName.normalize(name, convert: convert) {
    case .valid(let n), .changed(let n, _): return n
    case .invalid: return name
    }
  }

  private static func checkedName(_ name: String, convert: Bool, notes: inout [Diagnostic]) throws
    -> String
  {
    switch ModuleName.normalize(name, convert: convert) {
    case .valid(let n): return n
    case .changed(let n, let note):
      notes.append(Diagnostic(.note, message: note))
      return n
    case .invalid(let message): throw Diagnostic(message: message)
    }
  }

  /// The value of `--option`, refused if it holds a line break or another control character:
  /// it goes into one line of every file header (or of the config), where a line break would
  /// end the comment.
  static func oneLine(
    _ arguments: ParsedArguments, _ option: CommandSpec.Option, command: String
  ) throws -> String? {
    guard let value = arguments.value(option) else { return nil }
    if let scalar = value.unicodeScalars.first(where: {
      $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
    }) {
      let name =
        scalar == "\n"
        ? "a line break"
        : "the control character U+\(String(scalar.value, radix: 16, uppercase: true))"
      throw UsageError(
        "--\(option.name) takes one line of text; '\(value.debugDescription.dropFirst().dropLast())' contains \(name)",
        command: command)
    }
    return value
  }

  /// `--date`, else `SOURCE_DATE_EPOCH`, else today (UTC).
  static func date(_ arguments: ParsedArguments, console: Console, command: String) throws -> String
  {
    if let date = arguments.value(.date) {
      guard CalendarDate.isValid(date) else {
        throw UsageError(
          "--date takes a date as YYYY-MM-DD (years 0001 to 9999), not '\(date)'",
          command: command)
      }
      return date
    }
    if let epoch = console.environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
      let range = CalendarDate.supportedEpochSeconds
      guard epoch.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
        let seconds = Int(epoch), range.contains(seconds)
      else {
        throw Diagnostic(
          message:
            "SOURCE_DATE_EPOCH must be whole seconds since 1970 from \(range.lowerBound) to \(range.upperBound) (9999-12-31), not '\(epoch)'"
        )
      }
      return CalendarDate.string(fromEpochSeconds: seconds)
    }
    return CalendarDate.string(fromEpochSeconds: CalendarDate.now())
  }

  /// `path` relative to `directory` when it is inside it.
  static func relative(_ path: String, to directory: String) -> String {
    PathSafety.relative(path, to: directory)
  }
}
