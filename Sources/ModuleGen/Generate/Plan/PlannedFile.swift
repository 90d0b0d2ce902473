import Diagnostics

package struct PlannedFile: Sendable {
  package enum Action: String, Sendable, CaseIterable {
    /// The file does not exist.
    case create
    /// A `regenerate: always` file as modulegen last generated it (the record says so), and
    /// the templates now produce other content: no edit is lost by writing it.
    case update
    /// The file exists with other content and `--force` was given.
    case overwrite
    /// The file exists with the same content: it is not written.
    case unchanged
    /// A `regenerate: once` file that exists with other content: it is the developer's and left
    /// alone (`update` merges into it).
    case keep
    /// The file exists with other content and `--force` was not given.
    case conflict
    /// `modulegen update`: the developer's edits and the new content merged cleanly.
    case merge
    /// `modulegen update`: merged with conflict markers where both changed the same lines.
    case mergeConflict = "merge_conflict"

    /// Whether applying the plan writes the file.
    package var writes: Bool {
      switch self {
      case .create, .update, .overwrite, .merge, .mergeConflict: return true
      case .unchanged, .keep, .conflict: return false
      }
    }
  }

  package var module: String
  package var role: TemplateManifest.FileEntry.Role
  package var regenerate: TemplateManifest.FileEntry.Regenerate = .always
  /// The manifest marks it `resource: true`: an Xcode target copies it whatever its type.
  package var isResource = false
  /// The manifest marks it `shared: true`: several modules of a run plan it, and it is written once.
  package var isShared = false
  /// The absolute output folder the file must stay inside. Files of one plan may have any
  /// number of roots (each module's code and tests, a project file, the generation record);
  /// the applier writes them all as one transaction.
  package var root: String
  /// The absolute path.
  package var path: String
  /// The template file it was rendered from, as messages show it (`<built-in>/viper/View.swift.liquid`).
  package var templateFile: String?
  /// Where the file really is when a developer made it a symbolic link (the real path).
  package var linkTarget: String?
  package var bytes: [UInt8]
  /// Content too large to copy into `bytes` (an Xcode project's file, with its edit): written
  /// piece by piece instead, `bytes` then empty.
  package var pieces: FilePieces? = nil
  package var action: Action
  /// Why a `.conflict` is one, when it is not that the file differs from what is generated
  /// (`update`: the developer's file still has an earlier merge's conflict markers).
  package var conflictReason: String? = nil
  /// For a developer's file the plan keeps (`.keep`), the first line of a conflict marker an
  /// earlier `update` left in it (`ThreeWayMerge.firstConflictMarkerLine`), found in the bytes
  /// the plan read: `check` fails on it, `gen` and `update` warn.
  package var conflictMarkerLine: Int? = nil
  /// For a merge, what the templates produced (`bytes` is the merged text): the record keeps
  /// it as the base of the next merge.
  package var generatedBytes: [UInt8]?
  /// The hash of what the templates produced (`generatedBytes`, else `bytes`), worked out once
  /// when the file is rendered: the record keeps it, and a run plans twice.
  package var renderedHash: String?
  /// For a file written over what the plan read (update, merge), the hash of what it read:
  /// under the lock, the file must still be that.
  package var expectedHash: String?
  /// For a file written over what the plan read without hashing it (a large project.pbxproj),
  /// its signature then: when the run stages it, the file must still have it.
  var expectedSignature: FileSignature?

  package init(
    module: String, role: TemplateManifest.FileEntry.Role,
    regenerate: TemplateManifest.FileEntry.Regenerate = .always, root: String, path: String,
    bytes: [UInt8], action: Action
  ) {
    self.module = module
    self.role = role
    self.regenerate = regenerate
    self.root = root
    self.path = path
    self.bytes = bytes
    self.action = action
  }

  /// The hash the record keeps: of what the templates produced.
  var generatedHash: String { renderedHash ?? GenerationRecord.hash(generatedBytes ?? bytes) }

  /// What writing the file over `existing` (nil: there is none) means, for every command that
  /// writes: created, unchanged, overwritten with `force`, else a conflict. A module's plan
  /// looks at a conflict again with what the record knows (`Generator.action`).
  func action(over existing: [UInt8]?, force: Bool) -> Action {
    guard let existing else { return .create }
    if existing == bytes { return .unchanged }
    return force ? .overwrite : .conflict
  }

  /// What writing the file means, given what is on disk now.
  func currentAction(force: Bool, fileSystem: any FileSystem) throws -> Action {
    if action == .keep { return .keep }
    guard let existing = try Self.existingBytes(atPath: path, fileSystem: fileSystem) else {
      // A file written over what the plan read must still be there.
      return expectedHash == nil ? .create : .conflict
    }
    if let expectedHash, action.writes {
      return GenerationRecord.hash(existing) == expectedHash ? action : .conflict
    }
    return action(over: existing, force: force)
  }

  /// The bytes of the file at `path`, nil when there is none.
  static func existingBytes(atPath path: String, fileSystem: any FileSystem) throws -> [UInt8]? {
    guard fileSystem.fileExists(atPath: path) else { return nil }
    if fileSystem.isDirectory(atPath: path) {
      throw Diagnostic(message: folderWhereAFileGoesMessage(path))
    }
    return try fileSystem.readFile(atPath: path)
  }
}

extension PlannedFile {
  /// A planned file's path is a folder.
  static func folderWhereAFileGoesMessage(_ path: String) -> String {
    "'\(path)' is a folder; a file is needed there"
  }
}
