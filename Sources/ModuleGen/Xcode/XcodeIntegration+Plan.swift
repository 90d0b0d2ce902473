import Diagnostics
import Liquid
import XcodeProject

/// What a run changes in the project: its modules' files added (code to the code targets,
/// tests to the test targets), the references of removed files dropped.
extension XcodeIntegration {
  /// The project edit for `plan` (without its blocked modules) and the files `removed`
  /// (absolute paths), with the notes to show: folders Xcode or a Swift package already builds.
  /// `previous`, an edit planned earlier in the run, is taken as it is when the project file is
  /// still the one it was planned on and the files are the same.
  func changes(for plan: Plan, removing removed: [String], reusing previous: XcodeChanges? = nil)
    throws -> XcodeChanges
  {
    var sets: [ProjectFileSet] = []
    var notes: [Diagnostic] = []
    var seen: Set<String> = []
    for module in plan.modules {
      let files = plan.files.filter { $0.module == module.name }
      for role in [TemplateManifest.FileEntry.Role.code, .test] {
        var roots: [String] = []
        for file in files where file.role == role && !roots.contains(file.root) {
          roots.append(file.root)
        }
        for root in roots {
          let folder = try projectPath(root)
          if let package = SwiftPackageFolders.target(
            holding: root, top: configFolder, fileExists: SwiftPackageTarget.fileExists)
          {
            if seen.insert(root).inserted {
              notes.append(
                Diagnostic(
                  .note,
                  message: SwiftPackageFolders.inPackageTargetMessage(folder, in: package)))
            }
            continue
          }
          let inRoot = files.filter { $0.role == role && $0.root == root }
          func relative(_ file: PlannedFile) -> String {
            String(decoding: file.path.utf8.dropFirst(root.utf8.count + 1), as: UTF8.self)
          }
          let own = modules[module.name] ?? XcodeSettings()
          let pattern = role == .test ? own.testsGroup ?? testsGroup : own.group ?? group
          let ownTargets = role == .test ? own.testTargets : own.targets
          sets.append(
            ProjectFileSet(
              folder: folder,
              files: inRoot.map(relative),
              targets: !ownTargets.isEmpty ? ownTargets : role == .test ? testTargets : targets,
              // A group that is the folder's own path is found or made as folder groups; so is
              // the group of the files modules share, outside the module's own folder.
              group: inRoot.allSatisfy(\.isShared)
                ? nil
                : try pattern.map { try groupPath($0, module: module.name) }.flatMap {
                  $0 == folder ? nil : $0
                },
              resources: Set(inRoot.filter(\.isResource).map(relative)), isTests: role == .test))
        }
      }
    }
    let removedPaths = try removed.map(projectPath)
    let edit: ProjectEditPlan
    let planned: PlannedFile?
    if let previous, let signature, previous.integration.signature == signature,
      previous.sets == sets, previous.removed == removedPaths
    {
      // The same file too, with what is already written of it.
      (edit, planned) = (previous.edit, previous.file)
    } else {
      do {
        edit = try project.plan(adding: sets, removing: removedPaths)
      } catch {
        throw error.diagnostic
      }
      planned = plannedFile(edit)
    }
    for note in edit.notes {
      var message = note.description
      if case .builtByNoTarget(_, let tests) = note { message += Self.noTargetAdvice(tests: tests) }
      notes.append(
        Diagnostic(note.isWarning ? .warning : .note, message: message, location: note.location))
    }
    return XcodeChanges(
      integration: self, edit: edit, notes: notes, sets: sets, removed: removedPaths,
      file: planned)
  }

  /// What to do about files the project has no target for (none was named, and it has no
  /// target of their kind to take by default): a run after one is added adds them to it.
  static func noTargetAdvice(tests: Bool) -> String {
    let kind = tests ? "unit-test target" : "app or framework target"
    let (flag, key) = targetSetting(tests: tests)
    return
      ": the project has no \(kind); add one and run gen again (or name a target with \(flag) or '\(key)' in .modulegen.yml)"
  }

  /// The project file with the edit, as one more file of the run's transaction (nil when the
  /// project stays as it is).
  func plannedFile(_ edit: ProjectEditPlan) -> PlannedFile? {
    guard !edit.isEmpty else { return nil }
    // Written in pieces (slices of the file as read and the inserted lines): never copied whole.
    let pieces: FilePieces = { piece in try edit.write(piece) }
    var planned = PlannedFile(
      module: "", role: .code, root: bundle, path: file, bytes: [], action: .overwrite)
    planned.pieces = pieces
    // Xcode may save the project while the run plans: that save is not written over.
    planned.expectedSignature = signature
    return planned
  }

  /// An absolute path relative to the folder holding the `.xcodeproj`.
  func projectPath(_ path: String) throws -> String {
    if path == folder { return "" }
    if path.hasPrefix(folder == "/" ? "/" : folder + "/") {
      return String(path.dropFirst(folder == "/" ? 1 : folder.count + 1))
    }
    // Outside the project's folder: climb out of it.
    return PathSafety.relative(path, climbingFrom: folder)
  }

  /// `group` or `tests_group` rendered for a module (`App/Modules/{{ module }}`).
  func groupPath(_ pattern: String, module: String) throws -> String {
    do {
      let template = try Template(
        parsing: pattern, name: "group",
        environment: LiquidEnvironment(filters: .moduleGen, strictVariables: true))
      return try template.render(LiquidObject([("module", .string(module))]))
        .trimmingCharacters()
    } catch {
      throw Diagnostic(message: "the Xcode group '\(pattern)' is not a valid pattern: \(error)")
    }
  }
}
