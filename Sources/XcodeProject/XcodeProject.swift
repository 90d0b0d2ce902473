/// An Xcode project read from its `project.pbxproj`: its targets and synchronized folders, and
/// plans that add or remove a module's files by inserting and deleting lines in Xcode's own
/// format. Reading never changes a byte: `bytes` is the file as given, and a plan's `apply()`
/// changes only the lines it lists.
///
/// Paths given to and returned by this type are relative to the folder holding the
/// `.xcodeproj` bundle, with `/` separators.
package struct XcodeProject: Sendable {
  /// The file, with its one-line objects deferred: the plans that need them read them into a
  /// copy.
  let document: ProjectDocument
  /// The project's native, aggregate and legacy targets, in the project's order.
  package let targets: [XcodeTarget]
  /// The source root (`SRCROOT`) relative to the folder holding the `.xcodeproj`: the
  /// project's `projectDirPath`, usually empty.
  let sourceRoot: String
  /// The absolute path of the folder holding the `.xcodeproj`, to resolve `<absolute>` paths.
  let absoluteFolder: String?

  /// Reads a project file. `file` names it in errors (such as
  /// `App.xcodeproj/project.pbxproj`); `absoluteFolder` is the absolute path of the folder
  /// holding the `.xcodeproj`, needed only for groups with absolute paths.
  package init(bytes: [UInt8], file: String, absoluteFolder: String? = nil)
    throws(XcodeProjectError)
  {
    var document = try ProjectDocument(bytes: bytes, file: file, deferringObjects: true)
    self.absoluteFolder = absoluteFolder
    let projectDir = document.string(in: document.rootObject, key: Key.projectDirPath) ?? ""
    self.sourceRoot = projectDir.hasPrefix("/") ? "" : ProjectPath.normalize(projectDir)
    var targets: [XcodeTarget] = []
    for item in document.items(in: document.rootObject, key: Key.targets) {
      guard let object = document.object(named: item) else {
        throw XcodeProjectError(
          .missingObject(id: document.text(item) ?? "?", from: "the project's 'targets'"),
          file: file, location: document.location(ofToken: item))
      }
      targets.append(
        XcodeTarget(
          name: document.string(in: object, key: Key.name) ?? "",
          isa: document.isa(ofObject: object) ?? "",
          productType: document.string(in: object, key: Key.productType), object: object,
          id: document.text(document.idToken(ofObject: object)) ?? ""))
    }
    self.targets = targets
    self.document = document
  }

  /// Reads a project file from its text.
  package init(text: String, file: String, absoluteFolder: String? = nil)
    throws(XcodeProjectError)
  {
    try self.init(bytes: Array(text.utf8), file: file, absoluteFolder: absoluteFolder)
  }

  /// The file's bytes, exactly as read.
  package var bytes: [UInt8] { document.bytes }

  /// The file's name in errors.
  package var file: String { document.file }

  /// The project format's version (46 for Xcode 3.2 through 77 for Xcode 16).
  package var objectVersion: Int? {
    document.string(in: 0, key: "objectVersion").flatMap { Int($0) }
  }

  package func target(named name: String) -> XcodeTarget? {
    targets.first { $0.name == name }
  }

  /// Checks that every name is a target that can hold files; the error for the first that is
  /// not names the closest target ("did you mean").
  package func checkTargets(_ names: [String]) throws(XcodeProjectError) {
    for name in names {
      guard let target = target(named: name) else {
        let available = targets.map(\.name)
        throw XcodeProjectError(
          .unknownTarget(
            name, suggestion: Suggestion.closest(to: name, in: available), available: available),
          file: file)
      }
      guard target.canHoldFiles else {
        throw XcodeProjectError(.notABuildTarget(name, isa: target.isa), file: file)
      }
    }
  }

  // MARK: - Paths

  /// A path relative to the folder holding the `.xcodeproj`, made relative to the source root.
  func sourceRootPath(_ path: String) -> String {
    ProjectPath.relative(ProjectPath.normalize(path), from: sourceRoot)
  }

  /// A path relative to the source root, made relative to the folder holding the `.xcodeproj`.
  func callerPath(_ path: String) -> String {
    ProjectPath.join(sourceRoot, path)
  }

  /// The project navigator's tree in `document` (this project's document, or one that has read
  /// more of it), reading the objects it needs. A project object without a main group, or
  /// whose main group is missing, is an error at its place.
  func tree(fileNames: Set<String>?, in document: inout ProjectDocument)
    throws(XcodeProjectError) -> ProjectTree
  {
    guard let mainGroup = document.value(in: document.rootObject, key: Key.mainGroup) else {
      throw XcodeProjectError(
        .notAProject("its project object has no 'mainGroup'"), file: file,
        location: document.location(ofToken: document.rootObject))
    }
    guard let main = document.object(named: mainGroup) else {
      throw XcodeProjectError(
        .missingObject(id: document.text(mainGroup) ?? "?", from: "the project's 'mainGroup'"),
        file: file, location: document.location(ofToken: mainGroup))
    }
    return ProjectTree(
      document: &document, mainGroup: main,
      absoluteSourceRoot: absoluteFolder.map { folder in
        ProjectPath.join(folder, sourceRoot)
      }, fileNames: fileNames)
  }
}
