import Diagnostics

/// Generamba's per-user settings, `~/.generamba/user_preferences.yml`: the author's name for
/// projects whose Rambafile names none.
package enum GenerambaUserPreferences {
  package static let relativePath = ".generamba/user_preferences.yml"

  /// The `username` setting; nil when the file, or the setting, is missing or unreadable
  /// (Generamba would ask for the name; modulegen never asks, and renders it empty).
  package static func username(home: String, fileSystem: any FileSystem) -> String? {
    let path = joinPath(home, relativePath)
    guard fileSystem.fileExists(atPath: path),
      let text = try? fileSystem.readText(atPath: path),
      let root = try? DataFile.parse(text, file: path),
      case .string(let name)? = root["username"]?.value, !name.isEmpty
    else { return nil }
    return name
  }
}
