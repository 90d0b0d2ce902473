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
}
