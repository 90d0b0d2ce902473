import Diagnostics
import XcodeProject

/// Output folders inside a Swift package target's folder: the package builds whatever lands
/// there, so `gen` names the target instead of editing a project, with or without one
/// configured. Found cheaply, without evaluating `Package.swift`: the nearest one above the
/// folder, no higher than the config's folder, and the conventional `Sources/NAME` or
/// `Tests/NAME` below it.
enum SwiftPackageFolders {
  /// The note for a folder (as messages show it) inside a package target.
  static func inPackageTargetMessage(_ folder: String, in target: SwiftPackageTarget) -> String {
    "\(folder) is in Swift package target \(target.name): no project change needed"
  }

  /// The package target holding `folder` (absolute). The search for `Package.swift` stops at
  /// `top` (the config's folder) when `folder` is inside it, else at the file-system root.
  static func target(
    holding folder: String, top: String?, fileExists: (String) -> Bool
  ) -> SwiftPackageTarget? {
    if let top, top != "/", folder.hasPrefix(top + "/") {
      let relative = String(folder.dropFirst(top.count + 1))
      return SwiftPackageTarget.containing(relative) { fileExists(joinPath(top, $0)) }
    }
    return SwiftPackageTarget.containing(folder, fileExists: fileExists)
  }

  /// A note for each output folder of `plan` that a package target builds, when no Xcode
  /// project is configured (with one, the project edit says it, `XcodeIntegration.edit`).
  static func notes(for plan: Plan, setup: GenerationSetup.Setup, console: Console)
    -> [Diagnostic]
  {
    guard setup.xcode == nil else { return [] }
    let fileSystem = setup.generator.fileSystem
    let top = setup.generator.config?.directory
    var seen: Set<String> = []
    var notes: [Diagnostic] = []
    // Sibling roots (a batch's `Modules/A`, `Modules/B`, …) look for the same manifests.
    var manifests: [String: Bool] = [:]
    func isFile(_ path: String) -> Bool {
      if let known = manifests[path] { return known }
      let found = fileSystem.fileExists(atPath: path) && !fileSystem.isDirectory(atPath: path)
      manifests[path] = found
      return found
    }
    // Whether a folder or one above it has a manifest, up to `top` (when the folder is inside
    // it) or the root, as `target(holding:)` searches: where none has, no folder inside is a
    // target, and a batch's sibling folders ask once.
    var manifestAbove: [String: Bool] = [:]
    func hasManifest(from folder: String) -> Bool {
      if let known = manifestAbove[folder] { return known }
      let parent = parentPath(folder)
      let isLast = folder == top || parent == folder || parent == "."
      let found =
        isFile(joinPath(folder, "Package.swift")) || (!isLast && hasManifest(from: parent))
      manifestAbove[folder] = found
      return found
    }
    for file in plan.files where !file.root.isEmpty && seen.insert(file.root).inserted {
      guard hasManifest(from: parentPath(file.root)),
        let target = target(holding: file.root, top: top, fileExists: isFile)
      else { continue }
      notes.append(
        Diagnostic(
          .note, message: inPackageTargetMessage(console.displayPath(file.root), in: target)))
    }
    return notes
  }
}
