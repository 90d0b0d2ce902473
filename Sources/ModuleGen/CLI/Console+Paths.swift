extension Console {
  /// Resolves a path given on the command line against the working directory.
  package func path(_ path: String) -> String {
    joinPath(currentDirectory, path)
  }

  /// A path as messages show it (`PathSafety.shown`).
  func displayPath(_ path: String) -> String {
    PathSafety.shown(path, from: currentDirectory)
  }
}
