import BackgroundWork
import Diagnostics
import Liquid

/// Where a module's files go: its output folders' patterns rendered and checked, and each
/// file's path checked against what exists. One value serves every module of a plan, prepared
/// on every core at once: what it remembers (the parsed patterns, where folders really lead)
/// is kept under locks.
struct OutputFolders: Sendable {
  /// Where existing folders really lead, for the paths of one plan.
  var containment: PathContainment
  /// Output path patterns, parsed once for a whole batch.
  let patterns = PatternCache()
  /// Whether the run these folders are planned for writes (`gen`, `update`): a refused path
  /// then stops it before anything is written, and the refusal says so. A command that only
  /// reads (`check`, `validate`, `init`'s warnings about the config it wrote) says what is
  /// wrong with the path, not that.
  var runWrites = false

  /// What a refused path did to a run that writes, said after the refusal.
  static let nothingWritten = "; nothing was written"

  /// `message`, the refusal of a path, with what it did to the run.
  func refusing(_ message: String) -> String {
    runWrites ? message + Self.nothingWritten : message
  }

  final class PatternCache: Sendable {
    private let templates = Locked<[String: Template]>([:])

    func template(_ pattern: String) -> Template? { templates.withLock { $0[pattern] } }
    func keep(_ template: Template, for pattern: String) {
      templates.withLock { $0[pattern] = template }
    }
  }

  /// An output folder: its pattern rendered, checked and joined onto its base folder. The
  /// pattern may be absolute or climb with `..` in its own text; a rendered value never can.
  /// `recorded`: the folder the generation record keeps for the module, used instead of the
  /// pattern; it is checked as a rendered path is. `record`: the generation record's folder;
  /// `option`: the command-line option that gave the pattern, if one did.
  func root(
    _ pattern: (text: String, base: String, location: SourceLocation?),
    recorded: String? = nil, context: LiquidObject, what: String, record: String,
    option: String? = nil
  ) throws -> String {
    if let recorded {
      return try checkedRoot(
        recorded, pattern: (recorded, "/", nil), what: what, record: record,
        option: "the \(what) \(GenerationRecord.fileName) records for the module")
    }
    let rendered: String
    do {
      let template: Template
      if let parsed = patterns.template(pattern.text) {
        template = parsed
      } else {
        template = try Template(
          parsing: pattern.text, name: what,
          environment: LiquidEnvironment(filters: .moduleGen, strictVariables: true))
        patterns.keep(template, for: pattern.text)
      }
      rendered = try template.render(context).trimmingCharacters()
    } catch {
      throw Diagnostic(
        message: "the \(what) pattern '\(pattern.text)': \(error.message)",
        location: Self.location(in: pattern.location, of: error.location))
    }
    return try checkedRoot(
      rendered, pattern: pattern, what: what, record: record, option: option)
  }

  /// Where an error inside a one-line pattern is in the file the pattern was written in.
  static func location(in start: SourceLocation?, of inner: SourceLocation?) -> SourceLocation? {
    guard var location = start else { return nil }
    if let inner, inner.line == 1 { location.column += inner.column - 1 }
    return location
  }

  /// A rendered output folder, resolved against its base and refused if it may not be written:
  /// outside what its pattern allows, through a file, or into the generation record (in the
  /// folder `record`).
  func checkedRoot(
    _ rendered: String, pattern: (text: String, base: String, location: SourceLocation?),
    what: String, record: String, option: String? = nil
  ) throws -> String {
    let path: String
    do {
      path = try PathSafety.resolve(
        rendered, against: pattern.base,
        rules: PathSafety.rules(forPattern: pattern.text, allowsTrailingSlash: true))
    } catch {
      throw Diagnostic(
        message: refusing(
          "the \(what) pattern '\(pattern.text)' renders as '\(rendered)', which \(error.phrase(inside: "its base folder"))"
        ),
        location: pattern.location)
    }
    let resolution = containment.folder(path)
    let real: String
    switch resolution {
    case .real(let folder): real = folder
    case .blocked(let at): real = at
    }
    // Only a path with such a name asks where the record's folder really is.
    if Self.mayBeRecordData(real), let kept = recordData(containing: real, record: record) {
      throw Diagnostic(
        message: refusing(
          Self.recordDataMessage((option ?? "the \(what)") + " '\(rendered)'", kept: kept)),
        location: pattern.location)
    }
    if case .blocked(let at) = resolution {
      let shown = { (path: String) in PathSafety.relative(path, to: pattern.base) }
      throw Diagnostic(
        message: refusing(
          PathKey(at) == PathKey(path)
            ? "the \(what) '\(shown(path))' is a file"
            : "the \(what) '\(shown(path))' cannot be created: '\(shown(at))' is a file"))
    }
    return path
  }

  /// An output folder (`subject`: what gave it, and the folder) in the generation record's
  /// data: `.modulegen/` (the base copies) or the record's file. `kept`: which of them.
  static func recordDataMessage(_ subject: String, kept: String) -> String {
    let place =
      kept == GenerationRecord.fileName
      ? "is where modulegen keeps the generation record (\(kept))"
      : "is inside \(kept)/, where modulegen keeps the generation record's base copies"
    return "\(subject) \(place): generated files never go there; choose another folder"
  }

  /// Whether a real path has a component named `.modulegen` or `.modulegen.lock` (looked for
  /// byte by byte: every output folder of a run is asked).
  static func mayBeRecordData(_ path: String) -> Bool {
    // A small string (no allocation); `.modulegen.lock` starts with it too.
    let name = parentPath(GenerationRecord.baseFolder).utf8
    let utf8 = path.utf8
    var index = utf8.startIndex
    while let slash = utf8[index...].firstIndex(of: PathSafety.slash) {
      let start = utf8.index(after: slash)
      if utf8[start...].starts(with: name) { return true }
      index = start
    }
    return false
  }

  /// The name of the record's data (`.modulegen`, `.modulegen.lock`) in the folder `record`
  /// that the real path `folder` is, or is inside; nil when it is neither.
  /// `folder` is a real path, or a file in the way (`PathContainment.Resolution.blocked`) as
  /// named: compared with the record's folder both as named and as it really is.
  func recordData(containing folder: String, record: String) -> String? {
    var tops = [record]
    if case .real(let top) = containment.folder(record) { tops.append(top) }
    for top in tops {
      for kept in [parentPath(GenerationRecord.baseFolder), GenerationRecord.fileName]
      where PathSafety.isInside(folder, joinPath(top, kept)) {
        return kept
      }
    }
    return nil
  }

  /// The absolute path of a rendered output path, refused if it could leave its root; and
  /// where it really leads when it is a symbolic link (inside the root).
  func safePath(
    _ relative: String, in root: String, entry: TemplateManifest.FileEntry,
    template: CompiledTemplate
  ) throws
    -> (path: String, linkTarget: String?)
  {
    func refuse(_ problem: PathSafety.Problem) -> Diagnostic {
      refuse(problem.phrase(inside: "the output folder"))
    }
    func refuse(_ why: String) -> Diagnostic {
      refusal(relative, why: why, entry: entry, template: template)
    }
    let components: [String]
    do {
      components = try PathSafety.components(of: relative)
    } catch {
      throw refuse(error)
    }
    // The names of the record and of a run's staging: a template's file there would overwrite
    // (or later prune) modulegen's own, the record of every module among them.
    if let reserved = components.first(where: Self.isModuleGensOwn) {
      throw refuse("names '\(reserved)', a name modulegen keeps for its own files")
    }
    let path = joinPath(root, components.joined(separator: "/"))
    if path.utf8.count > PathSafety.maximumPathBytes {
      throw refuse(PathSafety.Problem.tooLong)
    }
    // Follow symbolic links of what exists already: the real location must stay inside.
    let checked = containment.escapeOrLink(ofFile: path, inside: root)
    switch checked.escape {
    case .outside(let real)?:
      throw refuse("leads through a symbolic link to '\(real)', outside '\(root)'")
    case .blocked(let at)? where PathKey(at) == PathKey(path):
      // The file itself: a symbolic link that leads to nothing (or round in a loop).
      throw refuse(Self.danglingLinkReason)
    case .blocked(let at)?:
      throw refuse("needs a folder where '\(at)' is a file")
    case nil:
      return (path, checked.linkTarget)
    }
  }

  /// Whether a file or folder named `name` is one of modulegen's: the generation record and its
  /// base files' folder, a run's lock and its staging folders.
  static func isModuleGensOwn(_ name: String) -> Bool {
    name == GenerationRecord.fileName || name == parentPath(GenerationRecord.baseFolder)
      || name == WriteJournal.lockFileName || name.hasPrefix(WriteJournal.runFolderPrefix)
  }

  static let danglingLinkReason =
    "is a symbolic link that leads to no file (remove it, or make it lead to a file in the module's folder)"

  /// Why the template's output path `relative` may not be written.
  func refusal(
    _ relative: String, why: String, entry: TemplateManifest.FileEntry,
    template: CompiledTemplate
  ) -> Diagnostic {
    Diagnostic(
      message:
        refusing(
          "template '\(template.manifest.name)' renders the output path '\(relative)', which \(why)"
        ),
      location: entry.outputLocation)
  }

  /// A file of the module that is a symbolic link to another file of the module, or to the
  /// generation record (`.modulegen.lock`, a file of `.modulegen/`, in `recordDirectory`), is
  /// refused: one file cannot hold both, and writing one through the link would overwrite the
  /// other (a developer's `once` file, the record of every module) under the link's name.
  /// `links`: the module's files that are links, with where they lead and what the template
  /// says of them. Asks the disk only when there are links.
  func refuseLinksBetween(
    _ files: [PlannedFile],
    links: [(path: String, target: String, relative: String, entry: TemplateManifest.FileEntry)],
    recordDirectory: String, template: CompiledTemplate
  ) throws {
    guard !links.isEmpty else { return }
    if case .real(let record) = containment.folder(recordDirectory) {
      let kept = [GenerationRecord.fileName, parentPath(GenerationRecord.baseFolder)]
      for link in links {
        guard
          kept.contains(where: {
            PathKey(link.target) == PathKey(joinPath(record, $0))
              || PathSafety.isInside(link.target, joinPath(record, $0))
          })
        else { continue }
        throw refusal(
          link.relative,
          why:
            "is a symbolic link to '\(PathSafety.relative(link.target, to: record))', a file of the generation record",
          entry: link.entry, template: template)
      }
    }
    let linked = Set(links.map { PathKey($0.path) })
    var planned: [PathKey: String] = [:]
    for file in files where !linked.contains(PathKey(file.path)) {
      if let real = containment.fileSystem.resolvedPath(file.path) {
        planned[PathKey(real)] = file.path
      }
    }
    for link in links {
      guard let other = planned[PathKey(link.target)] else { continue }
      throw refusal(
        link.relative,
        why:
          "is a symbolic link to '\(lastPathComponent(other))', a file the template writes as well",
        entry: link.entry, template: template)
    }
  }
}
