/// Works out a plan's edits: the objects to create, the list items to add, the objects and
/// items to delete; then renders them as text edits (`ProjectEditor+Render`).
struct ProjectEditor {
  typealias Reference = ObjectWriter.Reference

  /// An object that receives list items: one already in the file (its dictionary token), or one
  /// this plan creates (its ID).
  enum Owner: Hashable {
    case existing(Int)
    case new(String)
  }

  /// A list of an existing object, by the object's dictionary token and the list's key.
  struct ListSlot: Hashable {
    var object: Int
    var key: String
  }

  /// A group files can go into, existing or new.
  struct GroupHandle {
    var owner: Owner
    var id: String
    /// The folder it stands for, relative to the source root.
    var folder: String?
    /// Its path as Xcode shows it.
    var displayPath: String
    /// Its index in the tree, when it exists.
    var treeIndex: Int?
  }

  /// A file reference (or a variant group of localized files) that can join targets.
  struct FileHandle {
    var owner: Owner
    var id: String
    var comment: String
    var isNew: Bool
  }

  /// A target's build phase, existing or new.
  struct PhaseHandle {
    var owner: Owner
    var id: String
    var name: String
    var isNew: Bool
  }

  let project: XcodeProject
  /// The project's document, reading the deferred objects the plan needs.
  var document: ProjectDocument
  var tree: ProjectTree
  var ids: ObjectIDGenerator
  let writer: ObjectWriter

  var changes: [ProjectChange] = []
  var notes: [ProjectNote] = []

  /// Objects to create, by ID, and their IDs in the order they were made.
  var newObjects: [String: ObjectWriter.Object] = [:]
  /// Items to add at the end of existing lists, in the order they were added.
  var appends: [ListSlot: [Reference]] = [:]
  var appendOrder: [ListSlot] = []
  /// Items to add before an existing list item (its token).
  var insertsBefore: [Int: [Reference]] = [:]
  /// Objects (dictionary tokens) and list items (tokens) to delete.
  var deletedObjects: Set<Int> = []
  var deletedItems: Set<Int> = []

  // MARK: What adding has found or made, so that each thing is found or made once.

  var createdGroups: [String: GroupHandle] = [:]
  var createdFiles: [String: FileHandle] = [:]
  var phases: [String: PhaseHandle] = [:]
  var phaseMembers: [Int: Set<ObjectKey>] = [:]
  var memberships: Set<String> = []
  var filesByPath: [String: [Int]]?

  init(project: XcodeProject, document: ProjectDocument, tree: ProjectTree) {
    self.project = project
    self.document = document
    self.tree = tree
    // The index and the bytes, not the document, which changes as it reads objects.
    let index = document.index
    let bytes = document.bytes
    self.ids = ObjectIDGenerator(seed: document.rootObjectID) {
      index.token(for: $0, bytes: bytes) != nil
    }
    self.writer = ObjectWriter(style: document.style)
    for (item, group) in tree.missing {
      let path = tree.displayPath(of: group)
      noteMissingObject(item, from: path.isEmpty ? "the main group" : "group '\(path)'")
    }
  }

  /// The note that `item` (a token) of what `from` names refers to an object the project
  /// lacks.
  mutating func noteMissingObject(_ item: Int, from: String) {
    let note = ProjectNote.missingObject(
      id: document.text(item) ?? "?", from: from, location: document.location(ofToken: item))
    if !notes.contains(note) { notes.append(note) }
  }

  var mainGroup: GroupHandle {
    handle(forTreeGroup: 0)
  }

  func handle(forTreeGroup index: Int) -> GroupHandle {
    let group = tree.groups[index]
    return GroupHandle(
      owner: .existing(group.object), id: id(ofObject: group.object), folder: group.folder,
      displayPath: tree.displayPath(of: index), treeIndex: index)
  }

  // MARK: - Objects

  func id(ofObject object: Int) -> String {
    document.text(document.idToken(ofObject: object)) ?? ""
  }

  /// The comment Xcode wrote after an object's ID, else the name it would write.
  func comment(forObject object: Int) -> String? {
    if let comment = document.comment(after: document.idToken(ofObject: object)) {
      return comment
    }
    if let name = document.string(in: object, key: Key.name) { return name }
    if let path = document.string(in: object, key: Key.path) {
      return ProjectPath.lastComponent(path)
    }
    return document.isa(ofObject: object).flatMap { Self.defaultPhaseNames[$0] }
  }

  /// What Xcode calls build phases in comments when they have no name.
  static let defaultPhaseNames = [
    Isa.sourcesBuildPhase: "Sources", Isa.resourcesBuildPhase: "Resources",
    Isa.frameworksBuildPhase: "Frameworks", "PBXHeadersBuildPhase": "Headers",
    "PBXCopyFilesBuildPhase": "CopyFiles", "PBXShellScriptBuildPhase": "ShellScript",
  ]

  /// Adds a new object; its lists can still grow through `append`.
  mutating func create(
    id: String, isa: String, comment: String?, fields: [String: ObjectWriter.Value]
  ) {
    newObjects[id] = ObjectWriter.Object(id: id, isa: isa, comment: comment, fields: fields)
  }

  /// Adds an item at the end of the list `key` of `owner`.
  mutating func append(_ item: Reference, to key: String, of owner: Owner) {
    switch owner {
    case .new(let id):
      guard case .references(var items) = newObjects[id]?.fields[key] ?? .references([]) else {
        return
      }
      items.append(item)
      newObjects[id]?.fields[key] = .references(items)
    case .existing(let object):
      let slot = ListSlot(object: object, key: key)
      if appends[slot] == nil { appendOrder.append(slot) }
      appends[slot, default: []].append(item)
    }
  }

  /// Adds an item to an existing list, before the existing item `before`.
  mutating func insert(_ item: Reference, before itemToken: Int) {
    insertsBefore[itemToken, default: []].append(item)
  }
}
