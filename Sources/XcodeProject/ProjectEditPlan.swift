/// What adding or removing files would change in a project: the changes to list, the notes to
/// show, and the new file. Planning reads the whole project and checks everything first;
/// nothing is written by this library, so a caller that fails later simply drops the plan.
package struct ProjectEditPlan: Sendable {
  /// The project file as read.
  package let original: [UInt8]
  /// The changes, in the order they were planned.
  package let changes: [ProjectChange]
  package let notes: [ProjectNote]
  let edits: TextEdits

  /// Whether the project file stays as it is.
  package var isEmpty: Bool { edits.isEmpty }

  /// The project file with the plan's edits: the original bytes when the plan is empty.
  package func apply() -> [UInt8] {
    edits.isEmpty ? original : edits.apply(to: original)
  }

  /// The project file with the plan's edits, in consecutive pieces (slices of the original and
  /// inserted lines), for writing a large project without another copy of it in memory.
  package func write<E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void) throws(E) {
    try edits.forEachPiece(of: original, body)
  }
}

extension XcodeProject {
  /// Plans adding files to the project (creating the groups they need, a reference per file and
  /// a build file per target) and removing the references of files that are gone. Everything
  /// that is already there stays as it is, so planning the same files twice, or a second time
  /// after applying, gives an empty plan.
  ///
  /// Throws, before planning anything, for an unknown target, a target that cannot hold files,
  /// or an invalid path.
  package func plan(adding sets: [ProjectFileSet], removing removed: [String] = [])
    throws(XcodeProjectError) -> ProjectEditPlan
  {
    let items = try ProjectEditor.items(for: sets, in: self)
    var names = Set(items.map(\.name))
    var removedPaths: [String] = []
    for path in removed {
      if let problem = ProjectPath.problem(with: path) {
        throw XcodeProjectError(.invalidPath(path, problem: problem), file: file)
      }
      // A file inside an asset catalog goes with the catalog's reference, as it came with it.
      let referenced = FileType.referencedComponents(
        ProjectPath.components(sourceRootPath(path))
      ).joined(separator: "/")
      names.insert(ProjectPath.lastComponent(referenced))
      removedPaths.append(referenced)
    }
    // The objects the plan reads are read into this copy.
    var document = self.document
    let tree = try tree(fileNames: names, in: &document)
    var editor = ProjectEditor(project: self, document: document, tree: tree)
    let adding = Set(items.map(\.path))
    try editor.add(items, sets: sets)
    editor.remove(removedPaths.filter { !adding.contains($0) })
    return ProjectEditPlan(
      original: bytes, changes: editor.changes, notes: editor.notes, edits: editor.render())
  }
}
