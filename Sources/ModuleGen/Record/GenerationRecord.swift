import Diagnostics

/// What modulegen generated, committed with the app (`.modulegen.lock`): per module the template
/// and its version, the creation date, the resolved parameters, and the hash of every file as it
/// was generated. From it, regenerated files keep their module's date, `check` and `gen` find
/// stale files, `gen` updates files nobody edited, and `update` finds the base of its merges.
package struct GenerationRecord: Sendable, Equatable {
  /// The record's file name, in the folder of `.modulegen.yml` (else the current folder).
  package static let fileName = ".modulegen.lock"
  /// Copies of the `regenerate: once` files as generated, one file per module beside the
  /// record (`BaseCopies`): the base of `update`'s three-way merges.
  package static let baseFolder = ".modulegen/base"
  /// The format version this modulegen writes and reads.
  package static let formatVersion = 1

  /// The folder the record is in; recorded paths are relative to it.
  package var directory: String
  package var modules: [String: Module]
  /// The line of the first merge conflict marker in the record's file, when it was read from
  /// both sides of a merge: the next run that writes writes it without them, and `check` fails.
  package var conflictMarkerLine: Int? = nil

  package init(directory: String, modules: [String: Module] = [:]) {
    self.directory = directory
    self.modules = modules
  }

  package struct Module: Sendable, Equatable {
    package var template: String
    /// The template's version (`template_version`), or for a template without one `sha256:`
    /// and a hash of its files (`template_hash`).
    package var templateVersion: String
    /// `YYYY-MM-DD`: the date in the module's file headers.
    package var created: String
    /// The spec file that declares the module, relative to the record's folder.
    package var spec: String?
    /// Every template parameter, resolved, sorted by name.
    package var params: [PlannedModule.Param]
    /// The output folders given on the command line (`--output`), relative to the record's
    /// folder: later runs use them again.
    package var output: String? = nil
    package var testsOutput: String? = nil
    /// The local Swift package the module is a target of, relative to the record's folder.
    package var package: String? = nil
    /// The description given on the command line (`--description`): later runs use it again.
    package var description: String? = nil
    /// The author, company and project in the module's file headers as first generated (empty:
    /// none; the project is also the module its tests `@testable import`); later runs keep them
    /// unless `--author` / `--company` / `--project` says otherwise. Nil in a record written
    /// before they were kept: the run's own, as then.
    package var author: String? = nil
    package var company: String? = nil
    package var project: String? = nil
    /// Generated with `--no-tests`: later runs generate no tests for it until `--with-tests`.
    package var noTests = false
    /// Recorded path → hash of the file as generated, for code and for tests.
    package var files: [String: String]
    package var testFiles: [String: String]
    /// The snippets the module inserted into the app's files (`register:`), so that `check`
    /// finds one missing and `gen --prune` removes them with the module.
    package var registrations: [Registration] = []

    package init(
      template: String, templateVersion: String, created: String, spec: String? = nil,
      params: [PlannedModule.Param] = [], files: [String: String] = [:],
      testFiles: [String: String] = [:]
    ) {
      self.template = template
      self.templateVersion = templateVersion
      self.created = created
      self.spec = spec
      self.params = params
      self.files = files
      self.testFiles = testFiles
    }

    /// An entry an earlier modulegen wrote (it kept neither the headers' names nor `no_tests`)
    /// with code files and no test file: generated with `--no-tests`.
    package var isEarlierWithoutTests: Bool {
      author == nil && company == nil && !noTests && testFiles.isEmpty && !files.isEmpty
    }

    /// Code and test files together.
    package var allFiles: [String: String] { files.merging(testFiles) { a, _ in a } }
  }

  /// A snippet a module inserted after a marker line of a file.
  package struct Registration: Sendable, Hashable {
    /// The file, relative to the record's folder.
    package var file: String
    package var marker: String
    /// The rendered snippet.
    package var text: String

    package init(file: String, marker: String, text: String) {
      self.file = file
      self.marker = marker
      self.text = text
    }
  }

  package var path: String { joinPath(directory, Self.fileName) }

  /// What starts every hash the record keeps: the digest's name.
  package static var hashPrefix: String { "sha256:" }

  /// The hash the record keeps for generated bytes.
  package static func hash<Bytes: Collection>(_ bytes: Bytes) -> String
  where Bytes.Element == UInt8 {
    hashPrefix + SHA256.hex(bytes)
  }

  /// Whether `text` is a hash as `hash(_:)` writes it: `sha256:` and 64 lowercase hexadecimal
  /// digits.
  package static func isHash(_ text: String) -> Bool {
    var text = text
    return text.hasPrefix(hashPrefix)
      && text.withUTF8 { bytes in
        bytes.count == hashPrefix.utf8.count + 64
          && bytes.dropFirst(hashPrefix.utf8.count).allSatisfy {
            (0x30...0x39).contains($0) || (0x61...0x66).contains($0)
          }
      }
  }

  /// A path as the record writes it: relative to the record's folder, climbing out of it with
  /// `..` for a file outside it (`output: ../Shared/{{ module }}`), so that every clone of the
  /// repository, wherever it is, reads the same record.
  package func recordedPath(_ absolute: String) -> String {
    PathSafety.relative(absolute, climbingFrom: directory)
  }

  /// The absolute path of a recorded path (relative to the record's folder, or absolute as a
  /// record of an earlier modulegen may have it).
  package func absolutePath(_ recorded: String) -> String {
    Self.absolutePath(recorded, in: directory)
  }

  /// The absolute path of a path recorded in the record of `directory`.
  static func absolutePath(_ recorded: String, in directory: String) -> String {
    if recorded.utf8.starts(with: "../".utf8),
      let resolved = try? PathSafety.resolve(
        recorded, against: directory, rules: recordedPathRules)
    {
      return resolved
    }
    return normalizePath(joinPath(directory, recorded))
  }

  /// What a recorded path may be: relative to the record's folder, climbing out of it, or
  /// absolute (written by an earlier modulegen).
  static let recordedPathRules = PathSafety.Rules(allowsAbsolute: true, leadingParents: .max)

  /// Its paths as this modulegen writes them: the absolute ones an earlier modulegen recorded
  /// for files outside the record's folder made relative, so that they are found as such.
  mutating func makeRecordedPathsRelative() {
    let directory = directory
    func isAbsolute(_ path: String) -> Bool { path.utf8.first == PathSafety.slash }
    func relative(_ path: String) -> String {
      isAbsolute(path) ? PathSafety.relative(normalizePath(path), climbingFrom: directory) : path
    }
    for (name, entry) in modules
    where entry.files.keys.contains(where: isAbsolute)
      || entry.testFiles.keys.contains(where: isAbsolute)
      || [entry.spec, entry.output, entry.testsOutput, entry.package].contains(where: {
        $0.map(isAbsolute) == true
      }) || entry.registrations.contains(where: { isAbsolute($0.file) })
    {
      var module = entry
      module.files = Dictionary(entry.files.map { (relative($0.key), $0.value) }) { a, _ in a }
      module.testFiles = Dictionary(entry.testFiles.map { (relative($0.key), $0.value) }) {
        a, _ in a
      }
      module.spec = entry.spec.map(relative)
      module.output = entry.output.map(relative)
      module.testsOutput = entry.testsOutput.map(relative)
      module.package = entry.package.map(relative)
      for i in module.registrations.indices {
        module.registrations[i].file = relative(module.registrations[i].file)
      }
      modules[name] = module
    }
  }

  /// Whether a file is inside the record's folder.
  package func isInside(_ absolute: String) -> Bool {
    PathSafety.isInside(absolute, directory)
  }

  /// The hash recorded for a file, if any module recorded it.
  package func hash(ofFile absolute: String, module: String) -> String? {
    guard let entry = modules[module] else { return nil }
    let path = recordedPath(absolute)
    return entry.files[path] ?? entry.testFiles[path]
  }
}
