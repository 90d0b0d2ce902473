import SystemLibrary

/// A Swift package target whose folder holds a path: files generated there are built by the
/// package, so no Xcode project needs an edit. Found by the conventional layout
/// (`Sources/NAME/…`, `Tests/NAME/…` beside the nearest `Package.swift`); targets with a
/// custom `path:` in the manifest are not recognised, since that needs the manifest evaluated.
package struct SwiftPackageTarget: Sendable, Equatable {
  /// The folder holding `Package.swift`, as the caller gave the path (relative or absolute).
  package var packageFolder: String
  /// The target's name: the folder under `Sources/` or `Tests/`.
  package var name: String
  /// Whether the folder is under `Tests/`.
  package var isTest: Bool

  package init(packageFolder: String, name: String, isTest: Bool) {
    self.packageFolder = packageFolder
    self.name = name
    self.isTest = isTest
  }

  /// The target holding `path` (a file or folder): the nearest folder above it with a
  /// `Package.swift` (checked with `fileExists`), then `Sources/NAME` or `Tests/NAME` below that
  /// folder. Only the path's own folders are searched, so give an absolute path to search up to
  /// the root. Nil when there is no package, or the path lies elsewhere in it.
  package static func containing(
    _ path: String, fileExists: (String) -> Bool = SwiftPackageTarget.fileExists
  ) -> SwiftPackageTarget? {
    let normalized = ProjectPath.normalize(path)
    let isAbsolute = normalized.hasPrefix("/")
    let parts = ProjectPath.components(normalized)
    // The path itself may be the package folder; a target needs two more components.
    for length in stride(from: parts.count - 1, through: 0, by: -1) {
      let folder = (isAbsolute ? "/" : "") + parts[..<length].joined(separator: "/")
      let manifest =
        folder.isEmpty ? "Package.swift" : ProjectPath.join(folder, "Package.swift")
      guard fileExists(manifest) else { continue }
      let rest = parts[length...]
      guard rest.count >= 2, rest.first == "Sources" || rest.first == "Tests" else { return nil }
      let name = rest[rest.startIndex + 1]
      return SwiftPackageTarget(
        packageFolder: folder.isEmpty ? "." : folder, name: name, isTest: rest.first == "Tests")
    }
    return nil
  }

  /// Whether a regular file exists at `path`.
  package static func fileExists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
  }
}
