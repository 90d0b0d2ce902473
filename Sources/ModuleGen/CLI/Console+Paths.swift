extension Console {
  /// Resolves a path given on the command line against the working directory.
  package func path(_ path: String) -> String {
    joinPath(currentDirectory, path)
  }

  /// A path as messages show it: relative to the working directory, climbing out of it with
  /// `..` where it is outside (`../Shared/Home/HomeBuilder.swift`, a module's `output:
  /// ../Shared/{{ module }}`, or a run from a subfolder) in the same top folder; else absolute
  /// (a template folder in `/opt` seen from `/Users`).
  func displayPath(_ path: String) -> String {
    let top = { (path: String) in path.utf8.split(separator: PathSafety.slash).first }
    guard path.utf8.first == PathSafety.slash, currentDirectory.utf8.first == PathSafety.slash,
      let pathTop = top(path), let folderTop = top(currentDirectory),
      pathTop.elementsEqual(folderTop)
    else { return PathSafety.relative(path, to: currentDirectory) }
    return PathSafety.relative(path, climbingFrom: currentDirectory)
  }
}
