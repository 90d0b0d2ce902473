import Diagnostics
import Liquid

/// What Generamba's command line adds to a run that modulegen's own options do not say: the
/// targets, which Generamba templates see (the Xcode settings take them and the group paths
/// from the arguments, `XcodeSettings.resolved`).
package struct GenerambaRunOptions: Sendable {
  package var projectTargets: [String]?
  package var testTargets: [String]?

  package init() {}
}

/// `gen` and `check` accept Generamba's options in Generamba's spellings, so that a team's
/// scripts and habits keep working.
enum GenerambaCommandLine {
  /// Applies Generamba's options, and the rules of a Rambafile, to a run.
  static func apply(
    _ arguments: ParsedArguments, config: ProjectConfig?, modules: inout [ModuleSpec],
    options: inout GenerationOptions, notes: inout [Diagnostic], command: String,
    fileSystem: any FileSystem
  ) throws {
    if let description = arguments.value(.description) {
      guard modules.count == 1 else {
        throw UsageError("--description describes one module; name it", command: command)
      }
      modules[0].description = description
    }
    var seen: Set<String> = []
    for pair in arguments.all(.customParameters) {
      guard let colon = pair.firstIndex(of: ":"), colon != pair.startIndex else {
        throw UsageError(
          "--custom_parameters takes key:value pairs, not '\(pair)'", command: command)
      }
      let key = String(pair[..<colon])
      guard seen.insert(key).inserted else {
        throw UsageError("--custom_parameters gives '\(key)' more than once", command: command)
      }
      options.setParams.append((key, String(pair[pair.index(after: colon)...])))
    }
    func targets(_ option: CommandSpec.Option) -> [String]? {
      arguments.value(option).map { $0.split(separator: ",").map(String.init) }
    }
    options.generamba.projectTargets = targets(.projectTargets)
    options.generamba.testTargets = targets(.testTargets)
    let flat = config?.generamba?.createLogicalGroups ?? false
    // A local function called for each kind rather than a loop over an array of tuples: each
    // tuple type is made by the runtime on first use, at every start.
    func applyPaths(
      kind: String, output outputOption: CommandSpec.Option, path pathOption: CommandSpec.Option,
      filePath filePathOption: CommandSpec.Option, groupPath groupPathOption: CommandSpec.Option
    ) throws(UsageError) {
      // As Generamba: the group path stands in for a file path only when there is none.
      let configured = kind == "project" ? config?.output : config?.testsOutput
      guard
        let path = arguments.value(pathOption) ?? arguments.value(filePathOption)
          ?? (configured == nil ? arguments.value(groupPathOption) : nil)
      else { return }
      if arguments.value(outputOption) != nil {
        throw UsageError(
          "--\(outputOption.name) and --\(pathOption.name) both say where the files go; give one",
          command: command)
      }
      let pattern = Rambafile.outputPattern(path, flat: flat) ?? "."
      let given =
        [pathOption, filePathOption].first { arguments.value($0) != nil } ?? groupPathOption
      if kind == "project" {
        options.output = pattern
        options.outputOption = "--" + given.name
      } else {
        options.testsOutput = pattern
        options.testsOutputOption = "--" + given.name
      }
    }
    try applyPaths(
      kind: "project", output: .output, path: .modulePath, filePath: .projectFilePath,
      groupPath: .projectGroupPath)
    try applyPaths(
      kind: "test", output: .testsOutput, path: .testPath, filePath: .testFilePath,
      groupPath: .testGroupPath)
    guard let settings = config?.generamba else { return }
    let (file, testsKey, codeKey) =
      settings.fromRambafile
      ? ("the Rambafile", "test_file_path", "project_file_path")
      : (".modulegen.yml", "tests_output", "output")
    if options.testsOutput == nil && config?.testsOutput == nil && options.includeTests
      && options.tests != false
      && modules.contains(where: { $0.testsOutput == nil })
    {
      options.includeTests = false
      notes.append(
        Diagnostic(
          .note,
          message:
            "\(file) sets no \(testsKey): no test files are generated, as in Generamba (--test_path PATH generates them)"
        ))
    }
    if options.output == nil && config?.output == nil
      && modules.contains(where: { $0.output == nil })
    {
      throw UsageError(
        "\(file) sets no \(codeKey): say where the module goes with --module_path PATH",
        command: command)
    }
    if flat {
      notes.append(
        Diagnostic(
          .note,
          message:
            "create_logical_groups: the module's files go flat into one folder, as Generamba writes them; Generamba keeps their structure in Xcode groups; modulegen's groups mirror the folder",
          location: settings.locations["create_logical_groups"]))
    }
    if command == "gen",
      let warning = missingProject(settings, in: config?.directory ?? ".", fileSystem)
    {
      notes.append(warning)
    }
  }

  /// An existing project gets the files (XcodeIntegration); a missing one is only a warning.
  static func missingProject(
    _ settings: GenerambaSettings, in directory: String, _ fileSystem: any FileSystem
  ) -> Diagnostic? {
    guard let project = settings.xcodeprojPath,
      !fileSystem.fileExists(atPath: joinPath(joinPath(directory, project), "project.pbxproj"))
    else { return nil }
    return Diagnostic(
      .warning,
      message:
        "the Xcode project '\(project)' does not exist: the files are written but added to no project (Generamba stops here)"
        + otherProjects(besides: project, in: directory, fileSystem),
      location: settings.locations["xcodeproj_path"])
  }

  /// The projects in the folder of a project that is not there (a typo, a project renamed):
  /// "; did you mean 'App.xcodeproj'?", else "; its folder has Other.xcodeproj", else "".
  static func otherProjects(
    besides project: String, in directory: String, _ fileSystem: any FileSystem
  )
    -> String
  {
    let folder = parentPath(project)
    let projects =
      ((try? fileSystem.contentsOfDirectory(atPath: joinPath(directory, folder))) ?? [])
      .filter { $0.hasSuffix(".xcodeproj") }.sorted()
      .map { folder == "." ? $0 : joinPath(folder, $0) }
    let suggestion = didYouMean(project, in: projects)
    if !suggestion.isEmpty || projects.isEmpty { return suggestion }
    return "; its folder has " + projects.joined(separator: ", ")
  }

  /// Generamba keeps a module's name exactly as typed (`profile` stays `profile`); modulegen
  /// still refuses names that are not usable.
  static func moduleName(_ typed: String, template: String?, library: TemplateLibrary) -> String? {
    guard let template, let source = library.source(named: template) else { return nil }
    let generamba =
      source.rambaspec != nil
      || source.kind != .builtin
        && source.read("template.yml").flatMap {
          try? TemplateManifest.decode($0, file: "template.yml").variables
        } == .generamba
    guard generamba else { return nil }
    let trimmed = typed.trimmingCharacters()
    switch ModuleName.normalize(typed) {
    case .valid(let name): return name
    case .changed(let name, _) where name.lowercased() == trimmed.lowercased(): return trimmed
    default: return nil
    }
  }

  /// Said when a run that uses Generamba's settings or templates meets a conflict.
  static let overwriteNote = Diagnostic(
    .note,
    message:
      "Generamba asks whether to replace an existing module, then overwrites every file; modulegen never overwrites a changed file without --force"
  )
}
