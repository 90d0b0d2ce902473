import Diagnostics

/// What `gen`, `check` and `update` share: reading the config and specs into the modules to
/// generate and the options to generate them with.
enum GenerationSetup {
  struct Setup {
    var generator: Generator
    var modules: [ModuleSpec]
    var options: GenerationOptions
    var notes: [Diagnostic]
    /// The generation record (empty when there is none yet).
    var record: GenerationRecord
    /// The text `record` was read from (nil: there was no record): a second read, under the
    /// lock, that finds the same text keeps `record`.
    var recordText: String? = nil
    /// The Xcode project the files join, if one is configured (`XcodeIntegration`).
    var xcode: XcodeIntegration? = nil
    /// The project still being read (`make` with `readingProjectMeanwhile`), until
    /// `finishReadingProject()`.
    var pendingXcode: XcodeIntegration.Pending? = nil

    /// The plan of the modules, from `record` (else the one read when the run started).
    mutating func plan(record: GenerationRecord? = nil) throws -> Plan {
      try generator.plan(modules, options: options, record: record ?? self.record)
    }

    /// Waits for the project being read and checks its targets: the errors `make` would have
    /// thrown.
    mutating func finishReadingProject() throws {
      guard let pending = pendingXcode else { return }
      pendingXcode = nil
      xcode = try pending.finish()
    }
  }

  /// Whether `command` writes (`gen`, `update`): a refusal then stopped a write, and says so.
  /// `check` only reads.
  static func writes(_ command: String) -> Bool { command != CheckCommand.spec.name }

  /// With `readingProjectMeanwhile`, the Xcode project is still being read (on another thread)
  /// when this returns: the caller renders meanwhile and calls `finishReadingProject()` before
  /// reporting anything, so that the project's errors come first, as without it.
  static func make(
    _ arguments: ParsedArguments, console: Console, command: String,
    readingProjectMeanwhile: Bool = false
  ) throws -> Setup {
    let fileSystem = LocalFileSystem()
    var notes: [Diagnostic] = []
    var (library, config) = try projectLibrary(
      templates: arguments.all(.templates), console: console, fileSystem: fileSystem)
    // Rendering parses only the snippets it uses; a failed render reports the problems of all.
    library.partialParsing = .onFirstUse
    let (record, recordText) = try Self.record(
      config: config, console: console, fileSystem: fileSystem)
    var (modules, completeSpecFiles) = try selectedModules(
      arguments, library: library, config: config, record: record, console: console,
      fileSystem: fileSystem, command: command, notes: &notes)
    let setParams = try setParameters(arguments, command: command)
    let settings = try settings(arguments, config: config, console: console, command: command)
    var options = GenerationOptions(settings: settings, currentDirectory: console.currentDirectory)
    options.setParams = setParams
    options.output = arguments.value(.output)
    options.testsOutput = arguments.value(.testsOutput)
    options.package = arguments.value(.swiftPackage)
    options.environment = console.environment
    options.tests = try testsChoice(arguments, command: command)
    options.authorGiven = arguments.value(.author) != nil
    options.companyGiven = arguments.value(.company) != nil
    options.projectGiven = arguments.value(.project) != nil
    try GenerambaCommandLine.apply(
      arguments, config: config, modules: &modules, options: &options, notes: &notes,
      command: command, fileSystem: fileSystem)
    options.completeSpecFiles = completeSpecFiles
    let pendingXcode = try XcodeIntegration.start(
      arguments, config: config, modules: modules, console: console, fileSystem: fileSystem,
      command: command)
    var generator = Generator(library: library, config: config, fileSystem: fileSystem)
    generator.outputFolders.runWrites = writes(command)
    var setup = Setup(
      generator: generator,
      modules: modules, options: options, notes: notes, record: record, recordText: recordText,
      pendingXcode: pendingXcode)
    if !readingProjectMeanwhile { try setup.finishReadingProject() }
    return setup
  }

  /// `--no-tests` (false), `--with-tests` (true), or neither (nil: as each module is recorded).
  static func testsChoice(_ arguments: ParsedArguments, command: String) throws(UsageError)
    -> Bool?
  {
    switch (arguments.flag(.noTests), arguments.flag(.withTests)) {
    case (true, true):
      throw UsageError("--no-tests and --with-tests exclude each other", command: command)
    case (true, false): return false
    case (false, true): return true
    case (false, false): return nil
    }
  }

  /// The generation record beside the config (else in the current folder): see
  /// `record(directory:console:fileSystem:previous:)`.
  static func record(
    config: ProjectConfig?, console: Console, fileSystem: any FileSystem,
    previous: (record: GenerationRecord, text: String?)? = nil
  ) throws -> (record: GenerationRecord, text: String?) {
    try record(
      directory: config?.directory ?? console.currentDirectory, console: console,
      fileSystem: fileSystem, previous: previous)
  }

  /// The generation record in `directory`, or an empty one, with the text it was read from.
  /// `previous` (a record and its text) when the file still holds that text: a record of 1,000
  /// modules takes longer to decode than a module to render.
  static func record(
    directory: String, console: Console, fileSystem: any FileSystem,
    previous: (record: GenerationRecord, text: String?)? = nil
  ) throws -> (record: GenerationRecord, text: String?) {
    let path = joinPath(directory, GenerationRecord.fileName)
    guard fileSystem.fileExists(atPath: path) else {
      return (GenerationRecord(directory: directory), nil)
    }
    let shown = console.displayPath(path)
    let text = try fileSystem.readText(atPath: path, displayPath: shown)
    if let previous, previous.text == text, previous.record.directory == directory {
      return previous
    }
    return (try GenerationRecord.decode(text, file: shown, directory: directory), text)
  }
}
