import Foundation
import PackagePlugin

/// `swift package modulegen <arguments>`: runs modulegen in the root folder of the package it is
/// invoked on, with every argument passed through unchanged, so relative paths (`--spec`,
/// `--output`, `.modulegen.yml`, `Templates/`) mean the same as in a shell at the package root.
@main
struct ModuleGenPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "ModuleGenCLI")
    let process = Process()
    process.executableURL = tool.url
    process.arguments = arguments
    process.currentDirectoryURL = context.package.directoryURL
    // The module the generated tests `@testable import` when the project names none.
    if let module = Self.appModule(of: context.package) {
      var environment = ProcessInfo.processInfo.environment
      environment[Self.packageModuleVariable] = module
      process.environment = environment
    }
    // Output and errors go straight to the terminal: the tool's messages are already worded
    // for the user (path:line:col: error: ...), and its exit code is passed on.
    try process.run()
    process.waitUntilExit()
    if process.terminationReason == .uncaughtSignal {
      Diagnostics.error("modulegen was stopped by signal \(process.terminationStatus)")
      exit(1)
    }
    exit(process.terminationStatus)
  }

  /// The environment variable modulegen reads the package's module from
  /// (`GenerationSettings.packageModuleVariable`; the plugin cannot import modulegen's code).
  static let packageModuleVariable = "MODULEGEN_PACKAGE_MODULE"

  /// The package's one module that is not a test, macro or snippet target: the app's code
  /// that generated tests import. Nil when there are several (the config's `module` decides).
  static func appModule(of package: Package) -> String? {
    let modules = package.targets.compactMap { $0 as? SourceModuleTarget }.filter {
      $0.kind == .generic || $0.kind == .executable
    }
    return modules.count == 1 ? modules[0].moduleName : nil
  }
}
