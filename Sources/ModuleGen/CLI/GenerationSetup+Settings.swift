import Diagnostics
import Liquid

extension GenerationSetup {
  /// What every file header says (author, company, project, date): the options, else the
  /// config.
  static func settings(
    _ arguments: ParsedArguments, config: ProjectConfig?, console: Console, command: String
  ) throws -> GenerationSettings {
    let project =
      try arguments.oneLineValue(.project, command: command) ?? config?.project ?? ""
    return GenerationSettings(
      author: try arguments.oneLineValue(.author, command: command) ?? config?.author ?? "",
      company: try arguments.oneLineValue(.company, command: command) ?? config?.company ?? "",
      project: project,
      module: module(config: config, project: project, console: console),
      prefix: config?.prefix ?? "",
      date: try date(arguments, console: console, command: command))
  }

  /// The config's `module`; when neither it nor the project is set, the package module the
  /// SwiftPM plugin passes (the package's one non-test target).
  static func module(config: ProjectConfig?, project: String, console: Console) -> String {
    if let module = config?.module, !module.isEmpty { return module }
    guard project.isEmpty else { return "" }
    return console.environment[GenerationSettings.packageModuleVariable] ?? ""
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
}

extension GenerationSettings {
  /// The environment variable the SwiftPM plugin passes the package's module in (the plugin
  /// declares the same name; `PackageModuleTests` checks that it does).
  package static let packageModuleVariable = "MODULEGEN_PACKAGE_MODULE"
}
