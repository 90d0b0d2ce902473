/// Where the modules' `shared: true` files go (mvp's and mvvm's `Coordinator.swift`): one file
/// of each name for the modules of an app, because two declarations of one protocol in a target
/// do not compile. A module's own place for it is the folder above its own (`sharedRoot`);
/// modules in folders with different parents (`Modules/Auth/Login`, `Modules/Main/Home`) use the
/// one that exists instead of making a second.
extension Generator {
  /// The shared files chosen in this plan, by role and name: the first module's, or the one the
  /// record knows.
  final class SharedFiles {
    var chosen: [String: String] = [:]
  }

  /// Where a `shared: true` file of a module goes: the folder above the module's own when that
  /// folder is named after the module (`Modules/Home`, `HomeTests`), where the modules beside
  /// it are; else the module's folder (a folder the modules share already, such as `Sources/App`).
  /// In a package each module is a target of its own, and its shared files stay in it.
  static func sharedRoot(_ root: String, module: String) -> String {
    let name = lastPathComponent(root)
    return name == module || name == module + "Tests" ? parentPath(root) : root
  }

  /// Moves `rendering`'s shared files to the ones the app's modules already use, unless the
  /// module's own place has one (then it keeps it: a project that has two keeps them). The
  /// first module of a run that plans one where none exists chooses it for the modules after.
  /// A module of a package keeps its own: the package target is the module's.
  func placeSharedFiles(
    of rendering: inout Rendering, record: GenerationRecord?
  ) {
    guard rendering.package == nil else { return }
    for index in rendering.files.indices where rendering.files[index].isShared {
      let file = rendering.files[index]
      let name = lastPathComponent(file.path)
      let key = "\(file.role.rawValue)/\(name)"
      if let chosen = sharedFiles.chosen[key] {
        if chosen == file.path || fileSystem.itemExists(atPath: file.path) { continue }
        if let moved = moved(file, to: chosen, template: rendering.template) {
          rendering.files[index] = moved
        }
        continue
      }
      if fileSystem.itemExists(atPath: file.path) {
        sharedFiles.chosen[key] = file.path
        continue
      }
      guard
        let recorded = record.flatMap({
          Self.recordedSharedFile(named: name, role: file.role, in: $0, fileSystem: fileSystem)
        }),
        let moved = moved(file, to: recorded, template: rendering.template)
      else {
        sharedFiles.chosen[key] = file.path
        continue
      }
      sharedFiles.chosen[key] = moved.path
      rendering.files[index] = moved
    }
  }

  /// `file` at `path` instead, if its folder is a safe place for it (as its own was checked).
  private func moved(_ file: PlannedFile, to path: String, template: CompiledTemplate)
    -> PlannedFile?
  {
    guard
      let entry = template.files.first(where: {
        $0.entry.isShared && template.source.displayPath($0.entry.template) == file.templateFile
      })?.entry,
      let safe = try? outputFolders.safePath(
        lastPathComponent(path), in: parentPath(path), entry: entry, template: template)
    else { return nil }
    var moved = file
    moved.root = parentPath(safe.path)
    moved.path = safe.path
    moved.linkTarget = safe.linkTarget
    return moved
  }

  /// The existing shared file named `name` that a recorded module has beside its folder (at
  /// its `sharedRoot`), first in path order.
  static func recordedSharedFile(
    named name: String, role: TemplateManifest.FileEntry.Role, in record: GenerationRecord,
    fileSystem: any FileSystem
  ) -> String? {
    var found: [String] = []
    // A module of a package has its own, in its target.
    for (module, entry) in record.modules where entry.settings.package == nil {
      let paths = Array((role == .test ? entry.testFiles : entry.files).keys)
      for path in paths where lastPathComponent(path) == name {
        let folder = parentPath(path)
        // Beside the module's folder, where `sharedRoot` puts it: not a file of its own folder.
        let isShared = paths.contains {
          $0 != path && sharedRoot(parentPath($0), module: module) == folder
        }
        if isShared { found.append(record.absolutePath(path)) }
      }
    }
    return found.sorted(by: PathSafety.inPathOrder).first { fileSystem.fileExists(atPath: $0) }
  }
}
