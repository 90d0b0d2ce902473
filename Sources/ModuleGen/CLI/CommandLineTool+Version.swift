import ModuleGenBuildInfo

extension CommandLineTool {
  /// The commit the binary was built from, when its build recorded one: `make install`,
  /// `scripts/build-release.sh` and the Homebrew formula do; a plain `swift build` (Mint, the
  /// package plugin) does not, and then the version alone names the release.
  static var commit: String? {
    let text = String(cString: modulegen_build_commit())
    return text.isEmpty ? nil : text
  }

  /// What `modulegen --version` prints: `modulegen 0.1.0 (commit 4d70612c0f12)`.
  static var versionLine: String {
    "modulegen \(version)" + (commit.map { " (commit \($0))" } ?? "")
  }
}
