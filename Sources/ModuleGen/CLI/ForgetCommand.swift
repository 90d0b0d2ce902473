import Diagnostics
import Liquid

/// `modulegen forget`: takes modules out of the generation record on purpose, keeping their files.
enum ForgetCommand {
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "forget",
    summary: "Take modules out of .modulegen.lock, keeping their files.",
    discussion: """
      For modules modulegen no longer generates: their spec was deleted, or the team keeps
      their files by hand from now on. The record stops listing them, so check, update and
      gen --prune leave them alone; their files and the snippets they registered stay as they
      are, and only their base copies in .modulegen/base are removed. To remove a module's
      files too, take it out of its spec and run gen --prune instead.
      """,
    arguments: [.init(name: "module", help: "A module the record lists.", repeating: true)],
    options: [.dryRun, .quiet, .format],
    examples: [
      ("modulegen forget Home Cart --dry-run", "See what would be taken out."),
      ("modulegen forget Home", "Stop generating Home; its files stay."),
      ("modulegen forget Home --format json", "The modules taken out and their files, as JSON."),
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let fileSystem = LocalFileSystem()
    let directory =
      ProjectConfig.find(from: console.currentDirectory, fileSystem: fileSystem).map(parentPath)
      ?? console.currentDirectory
    var names: [String] = []
    for name in arguments.positional where !names.contains(name) { names.append(name) }
    let (record, text) = try GenerationSetup.record(
      directory: directory, console: console, fileSystem: fileSystem)
    try check(names, in: record, found: text != nil, console: console)
    for warning in stillDeclared(names, in: record, console: console, fileSystem: fileSystem) {
      console.report(warning)
    }
    if arguments.flag(.dryRun) {
      report(names, record: record, dryRun: true, arguments: arguments, console: console)
      return ExitCode.success
    }
    let applier = try PlanApplier(fileSystem: fileSystem, environment: console.environment)
    let session = try applier.begin(roots: [directory])
    defer { session.end() }
    for note in session.notes { console.report(note) }
    // Read again under the lock: another run may have changed the record meanwhile.
    let (current, found) = try GenerationSetup.record(
      directory: directory, console: console, fileSystem: fileSystem, previous: (record, text))
    try check(names, in: current, found: found != nil, console: console)
    try session.apply(changes(forgetting: names, in: current, fileSystem: fileSystem))
    session.end()
    report(names, record: current, dryRun: false, arguments: arguments, console: console)
    return ExitCode.success
  }

  /// A line per module, or with `--format json` the report's `dry_run`, `modules` (each with
  /// its recorded files, which stay) and `written`.
  private static func report(
    _ names: [String], record: GenerationRecord, dryRun: Bool, arguments: ParsedArguments,
    console: Console
  ) {
    guard OutputFormat.chosen(arguments) == .json else {
      // Quiet, as gen's: only problems, which go to standard error.
      if arguments.flag(.quiet) { return }
      for name in names.sorted() { console.writeOut(line(name, record: record, dryRun: dryRun)) }
      if dryRun { console.writeOut(Console.dryRunLine) }
      return
    }
    let modules = names.sorted().map { name -> LiquidValue in
      let recorded = record.modules[name]?.allFiles.keys ?? [:].keys
      let files = recorded.sorted(by: PathSafety.inPathOrder).map {
        LiquidValue.string(console.displayPath(record.absolutePath($0)))
      }
      return .object(LiquidObject([("name", .string(name)), ("files", .array(files))]))
    }
    console.writeResult([
      ("dry_run", .bool(dryRun)), ("modules", .array(modules)), ("written", .bool(!dryRun)),
    ])
  }

  /// Each name must be a recorded module (`found`: the record's file is there). With no
  /// module recorded, that is said once.
  private static func check(
    _ names: [String], in record: GenerationRecord, found: Bool, console: Console
  ) throws {
    let known = record.modules.keys.sorted()
    guard !known.isEmpty else {
      let shown = console.displayPath(record.path)
      throw Diagnostic(
        message: found
          ? "'\(shown)' records no modules; there is nothing to forget"
          : "'\(shown)' does not exist (gen writes it); there is nothing to forget")
    }
    let problems = names.filter { record.modules[$0] == nil }.map { name in
      Diagnostic(
        message:
          "\(GenerationRecord.fileName) records no module '\(name)' (it records: \(known.joined(separator: ", ")))"
          + didYouMean(name, in: known))
    }
    if !problems.isEmpty { throw DiagnosticList(problems) }
  }

  /// A module its recorded spec still declares comes back with the next run over the record.
  private static func stillDeclared(
    _ names: [String], in record: GenerationRecord, console: Console, fileSystem: any FileSystem
  ) -> [Diagnostic] {
    var declared: [String: Set<String>] = [:]
    return names.sorted().compactMap { name in
      guard let spec = record.modules[name]?.settings.spec else { return nil }
      let file = record.absolutePath(spec)
      if declared[spec] == nil {
        let text =
          fileSystem.fileExists(atPath: file) ? try? fileSystem.readText(atPath: file) : nil
        let modules = text.flatMap { try? SpecDecoder.decode($0, file: file) }?.modules
        declared[spec] = Set((modules ?? []).map(\.name))
      }
      guard declared[spec]?.contains(name) == true else { return nil }
      return Diagnostic(
        .warning,
        message:
          "'\(name)' is still declared in '\(console.displayPath(file))': the next gen or check over the record takes it up again; take it out of the spec too"
      )
    }
  }

  /// The record without the modules, and their base files removed, as one write.
  private static func changes(
    forgetting names: [String], in record: GenerationRecord, fileSystem: any FileSystem
  ) throws -> Plan {
    var updated = record
    for name in names { updated.modules[name] = nil }
    let bytes = Array(updated.encoded.utf8)
    var plan = Plan(
      files: [
        PlannedFile(
          module: "", role: .code, root: record.directory, path: record.path, bytes: bytes,
          action: .overwrite)
      ], modules: [], notes: [])
    // With no module written, the base files nothing needs are those of the modules forgotten.
    let base = updated.baseFiles(for: plan, previous: record, fileSystem: fileSystem)
    plan.removals = base.obsolete.compactMap { path in
      guard let bytes = try? fileSystem.readFile(atPath: path) else { return nil }
      return PlannedRemoval(
        root: record.directory, path: path, hash: GenerationRecord.hash(bytes))
    }
    return plan
  }

  private static func line(_ name: String, record: GenerationRecord, dryRun: Bool) -> String {
    let count = record.modules[name]?.allFiles.count ?? 0
    return
      "\(name): \(dryRun ? "would be " : "")taken out of \(GenerationRecord.fileName); its \(count) \(count == 1 ? "file stays" : "files stay") as \(count == 1 ? "it is" : "they are").\n"
  }
}
