extension Console {
  /// Resolves a path given on the command line against the working directory.
  package func path(_ path: String) -> String {
    joinPath(currentDirectory, path)
  }

  /// A path as messages show it: relative to the working directory when it is inside it.
  func displayPath(_ path: String) -> String {
    PathSafety.relative(path, to: currentDirectory)
  }
}
