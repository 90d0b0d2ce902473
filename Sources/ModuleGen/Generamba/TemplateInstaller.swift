import Diagnostics
import SystemLibrary

/// Installs templates into a project's templates folder, each into its own folder `NAME`, and
/// replaces nothing but that folder. Every install is planned (read and compared) before any
/// is written; a copy that differs from its source is a conflict without `force`.
struct TemplateInstaller {
  /// The project's templates folder (absolute).
  var templatesFolder: String
  var fileSystem = LocalFileSystem()

  /// One template to install, read completely.
  struct Install {
    enum State: Equatable {
      case create
      case replace
      case unchanged
      /// The installed copy differs; the differences, for the message.
      case conflict([String])
    }

    var name: String
    /// Where it comes from, for messages.
    var origin: String
    var files: [(path: String, bytes: [UInt8])]
    var destination: String
    var state: State
    var notes: [Diagnostic]
  }

  /// Reads the template `name` in `folder` and compares it with the installed copy.
  func plan(name: String, folder: String, origin: String, force: Bool) throws -> Install {
    guard !name.isEmpty, !name.contains("/"), name != ".", name != "..", !name.hasPrefix("."),
      !name.contains("\0")
    else {
      throw Diagnostic(message: "'\(name)' cannot be a template's folder name")
    }
    guard fileSystem.isDirectory(atPath: folder) else {
      throw Diagnostic(message: "no template folder '\(origin)'")
    }
    try validate(name: name, folder: folder, origin: origin)
    var notes: [Diagnostic] = []
    let files = try readTree(folder, origin: origin, notes: &notes)
    let destination = joinPath(templatesFolder, name)
    var state = Install.State.create
    if fileSystem.fileExists(atPath: destination) {
      guard fileSystem.isDirectory(atPath: destination) else {
        throw Diagnostic(message: "'\(destination)' is a file; the template needs a folder there")
      }
      var ignored: [Diagnostic] = []
      let installed = try readTree(destination, origin: destination, notes: &ignored)
      let differences = Self.differences(installed: installed, source: files)
      state = differences.isEmpty ? .unchanged : force ? .replace : .conflict(differences)
    }
    return Install(
      name: name, origin: origin, files: files, destination: destination, state: state,
      notes: notes)
  }

  /// A Generamba template must hold `NAME.rambaspec` that Generamba's installer accepts (a
  /// modulegen template, its template.yml).
  private func validate(name: String, folder: String, origin: String) throws {
    if fileSystem.fileExists(atPath: joinPath(folder, "template.yml")) {
      let text = try fileSystem.readText(
        atPath: joinPath(folder, "template.yml"), displayPath: origin + "/template.yml")
      _ = try TemplateManifest.decode(text, file: origin + "/template.yml")
      return
    }
    guard fileSystem.fileExists(atPath: joinPath(folder, name + ".rambaspec")) else {
      throw Diagnostic(
        message:
          "no \(name).rambaspec in '\(origin)': a Generamba template holds NAME.rambaspec at its root"
      )
    }
    var source = TemplateSource.directory(
      folder, kind: .folder, displayRoot: origin, fileSystem: fileSystem)
    source.rambaspec = name + ".rambaspec"
    let spec = try GenerambaTemplateInfo.read(source)
    let missing =
      [("name", spec.name), ("author", spec.author), ("version", spec.version)]
      .filter { $0.1 == nil }.map { "'\($0.0)'" }
      + (spec.declaresFiles ? [] : ["'code_files' or 'test_files'"])
    if !missing.isEmpty {
      throw Diagnostic(
        message:
          "\(origin)/\(name).rambaspec is not a valid template: it has no \(missing.joined(separator: ", "))"
      )
    }
  }

  /// Every file under `folder` but `.git`, sorted; symbolic links are left out, with a note.
  private func readTree(_ folder: String, origin: String, notes: inout [Diagnostic]) throws
    -> [(path: String, bytes: [UInt8])]
  {
    var files: [(path: String, bytes: [UInt8])] = []
    func walk(_ relative: String) throws {
      let full = joinPath(folder, relative)
      for name in try fileSystem.contentsOfDirectory(atPath: full) where name != ".git" {
        let child = joinPath(relative, name)
        let path = joinPath(folder, child)
        if fileSystem.isSymbolicLink(path) {
          notes.append(
            Diagnostic(.note, message: "'\(origin)/\(child)' is a symbolic link: not installed"))
        } else if fileSystem.isDirectory(atPath: path) {
          try walk(child)
        } else {
          files.append((child, try fileSystem.readFile(atPath: path)))
        }
      }
    }
    try walk("")
    return files
  }

  static func differences(
    installed: [(path: String, bytes: [UInt8])], source: [(path: String, bytes: [UInt8])]
  ) -> [String] {
    let old = Dictionary(installed.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
    let new = Dictionary(source.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
    var result: [String] = []
    for (path, bytes) in source {
      if let existing = old[path] {
        if existing != bytes { result.append("'\(path)' differs") }
      } else {
        result.append("'\(path)' is new")
      }
    }
    for (path, _) in installed where new[path] == nil {
      result.append("'\(path)' is only in the installed copy")
    }
    return result
  }

  // MARK: - Writing

  /// Writes the template into a staging folder beside its destination, then swaps it in; the
  /// previous copy is removed only once the new one is in place.
  func apply(_ install: Install) throws {
    guard install.state == .create || install.state == .replace else { return }
    try makeDirectories(templatesFolder)
    let suffix = "\(install.name)-\(getpid())"
    let staging = joinPath(templatesFolder, ".modulegen-install-" + suffix)
    let previous = joinPath(templatesFolder, ".modulegen-previous-" + suffix)
    for leftover in [staging, previous] where fileSystem.fileExists(atPath: leftover) {
      try fileSystem.removeTree(atPath: leftover)
    }
    do {
      try fileSystem.createDirectory(atPath: staging)
      for file in install.files {
        let path = joinPath(staging, file.path)
        try makeDirectories(parentPath(path))
        try fileSystem.writeFile(atPath: path, bytes: file.bytes)
      }
      if fileSystem.fileExists(atPath: install.destination) {
        try fileSystem.moveItem(atPath: install.destination, toPath: previous)
        do {
          try fileSystem.moveItem(atPath: staging, toPath: install.destination)
        } catch {
          try? fileSystem.moveItem(atPath: previous, toPath: install.destination)
          throw error
        }
        try fileSystem.removeTree(atPath: previous)
      } else {
        try fileSystem.moveItem(atPath: staging, toPath: install.destination)
      }
    } catch {
      if fileSystem.fileExists(atPath: staging) { try? fileSystem.removeTree(atPath: staging) }
      throw error
    }
  }

  private func makeDirectories(_ path: String) throws {
    if fileSystem.isDirectory(atPath: path) { return }
    let parent = parentPath(path)
    if parent != path && parent != "." { try makeDirectories(parent) }
    try fileSystem.createDirectory(atPath: path)
  }

  /// A fresh folder of the run's own under the temporary folder, for git clones (and the
  /// packages `templates lint --typecheck` writes).
  static func makeScratchFolder(
    named prefix: String = "modulegen-install", environment: [String: String]
  ) throws -> String {
    let base = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array(joinPath(base, prefix + "-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw Diagnostic(message: "cannot make a temporary folder in '\(base)'")
    }
    return String(cString: made)
  }
}
