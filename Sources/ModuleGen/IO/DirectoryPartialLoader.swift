import Liquid

/// Finds partials as `NAME.liquid` files in folders (Generamba keeps them in `snippets/`).
package struct DirectoryPartialLoader: PartialLoader {
  package var directories: [String]
  /// The folders as messages show them (as the command line gave them), by index.
  package var shownDirectories: [String]
  package var fileSystem: any FileSystem

  /// `shownAs`: the folders as messages show them (their paths when nil).
  package init(
    directories: [String], shownAs: [String]? = nil, fileSystem: any FileSystem = LocalFileSystem()
  ) {
    self.directories = directories
    self.shownDirectories = shownAs ?? directories
    self.fileSystem = fileSystem
  }

  package func loadPartial(named name: String) throws(LiquidError) -> (
    text: String, displayName: String
  )? {
    guard (try? PathSafety.components(of: name)) != nil, !name.contains("\\"),
      !name.split(separator: "/").contains(".")
    else {
      throw LiquidError(
        .syntax, "partial name '\(name)' must be a relative path inside the partials folder")
    }
    let file = name.hasSuffix(".liquid") ? name : name + ".liquid"
    for (directory, shown) in zip(directories, shownDirectories) {
      let path = joinPath(directory, file)
      guard fileSystem.fileExists(atPath: path) else { continue }
      do {
        let shownPath = joinPath(shown, file)
        return (try fileSystem.readText(atPath: path, displayPath: shownPath), shownPath)
      } catch {
        throw LiquidError(.syntax, error.message)
      }
    }
    return nil
  }

  /// The `NAME.liquid` files of the folders, as names.
  package var partialNames: [String] {
    directories.flatMap { directory in
      ((try? fileSystem.contentsOfDirectory(atPath: directory)) ?? []).compactMap { file in
        file.hasSuffix(".liquid") ? String(file.dropLast(".liquid".count)) : nil
      }
    }
  }

  package var searchDescription: String {
    directories.isEmpty
      ? "" : " (looked for it in \(shownDirectories.map { "'\($0)'" }.joined(separator: ", ")))"
  }
}
