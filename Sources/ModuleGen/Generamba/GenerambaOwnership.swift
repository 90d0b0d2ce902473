import Diagnostics

/// Which files of a Generamba template are the developer's. A `.rambaspec` cannot say it:
/// Generamba writes every file once and never again. modulegen regenerates, so it tells the
/// files a developer fills in (the presenter's logic, the view's layout, the models, the
/// protocols between the parts, which gain a method with every feature, and every test) from
/// the wiring it can keep up to date (assembly, configurator, initializer), by the entry's name.
enum GenerambaOwnership {
  /// The endings of the names of the files a developer fills in: `Presenter.swift`,
  /// `ViewController.swift`, `View.xib`, `ViewInput.swift`, `ViewModel.swift`, …
  static let developerNameEndings = [
    "Presenter", "Interactor", "Router", "Wireframe", "Coordinator", "View", "Controller",
    "Model", "Entity", "DisplayNode", "Cell", "Input", "Output",
  ]

  /// The endings of the names of test files (`PresenterTests.swift`, `AssemblyTests.m`,
  /// `Tests.swift`): a developer adds tests to each, whatever it tests.
  static let testNameEndings = ["Tests", "Test"]

  /// `once` for a file a developer fills in, `always` for the rest; `name` is the entry's
  /// `name` in the `.rambaspec` (`Presenter/Presenter.swift`).
  static func regenerate(forEntryNamed name: String) -> TemplateManifest.FileEntry.Regenerate {
    let fileName = name.split(separator: "/").last.map(String.init) ?? name
    let stem = fileName.prefix { $0 != "." }
    let endings = developerNameEndings + testNameEndings
    return endings.contains { stem.hasSuffix($0) } ? .once : .always
  }

  /// The comment `migrate` writes in a `template.yml` that has `regenerate: once` files, in
  /// lines of at most 92 characters (without `# `).
  static var migratedComment: [String] {
    let words =
      ("The files a developer fills in (names ending in "
      + developerNameEndings.joined(separator: ", ")
      + ", and every test) are 'regenerate: once': created when missing, then yours. The"
      + " others are regenerated on every run.").split(separator: " ")
    var lines = [String(words[0])]
    for word in words.dropFirst() {
      if lines[lines.count - 1].count + 1 + word.count > 92 {
        lines.append(String(word))
      } else {
        lines[lines.count - 1] += " " + word
      }
    }
    return lines
  }

  /// The note that a Generamba template used as it is makes `files` the developer's.
  static func developerFilesMessage(template: String, files: [String]) -> String {
    "'\(template)' is a Generamba template: modulegen regenerates its files on every run except those a developer fills in, which are created once and then yours (\(files.joined(separator: ", "))); a template.yml beside the .rambaspec (modulegen migrate writes one) can say otherwise with 'regenerate'"
  }
}
