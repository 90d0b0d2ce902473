import Diagnostics
import XcodeProject

/// What `init` finds in the folder it runs in: a single `.xcodeproj` with its app and
/// unit-test targets, or a Swift package with one target; what it suggests from them, and the
/// Xcode keys it writes.
struct InitDetection {
  /// Suggested answers by config key (`project`, `output`, `tests_output`, `module`).
  var suggestions: [String: String] = [:]
  /// Lines written after the answers (`xcodeproj: ...`, `targets: [...]`).
  var lines: [String] = []
  /// What was found, for the person running `init`.
  var notes: [String] = []

  static func detect(in folder: String, fileSystem: any FileSystem) -> InitDetection {
    let names = ((try? fileSystem.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    let bundles = names.filter {
      $0.hasSuffix(".xcodeproj")
        && fileSystem.fileExists(atPath: joinPath(joinPath(folder, $0), "project.pbxproj"))
    }
    if bundles.count == 1 { return xcode(bundles[0], in: folder, fileSystem: fileSystem) }
    var found = InitDetection()
    if bundles.count > 1 {
      found.notes.append(
        "found \(bundles.count) Xcode projects (\(bundles.joined(separator: ", "))): set 'xcodeproj' in .modulegen.yml to add generated files to one"
      )
    } else if names.contains("Package.swift") {
      let targets =
        ((try? fileSystem.contentsOfDirectory(atPath: joinPath(folder, "Sources")))
        ?? []).filter { fileSystem.isDirectory(atPath: joinPath(folder, "Sources/" + $0)) }
      if targets.count == 1 {
        let target = targets[0]
        found.suggestions["output"] = "Sources/\(target)/{{ module }}"
        if fileSystem.isDirectory(atPath: joinPath(folder, "Tests/\(target)Tests")) {
          found.suggestions["tests_output"] = "Tests/\(target)Tests/{{ module }}"
        }
        if SwiftName.isIdentifier(target) { found.suggestions["module"] = target }
        found.notes.append(
          "found a Swift package with the target \(target): no Xcode project needs an edit")
      }
    }
    return found
  }

  /// An Xcode project: its app target (the only native target that is not a test) and its
  /// unit-test target, when there is one of each.
  static func xcode(_ bundle: String, in folder: String, fileSystem: any FileSystem)
    -> InitDetection
  {
    var found = InitDetection()
    found.lines.append("xcodeproj: \(YAMLText.quoted(bundle))")
    let file = joinPath(joinPath(folder, bundle), "project.pbxproj")
    guard let bytes = try? fileSystem.readFile(atPath: file),
      let project = try? XcodeProject(bytes: bytes, file: bundle + "/project.pbxproj")
    else {
      found.notes.append("found \(bundle), but could not read its project.pbxproj")
      return found
    }
    let apps = project.targets.filter { $0.canHoldFiles && !$0.isTest }.map(\.name)
    let tests = project.targets.filter { $0.canHoldFiles && $0.isUnitTest }.map(\.name)
    func list(_ names: [String]) -> String {
      "[" + names.map(YAMLText.quoted).joined(separator: ", ") + "]"
    }
    for (key, names) in [("targets", apps), ("test_targets", tests)] {
      if names.count == 1 {
        found.lines.append("\(key): \(list(names))")
      } else if names.count > 1 {
        found.lines.append("# \(key): \(list(names))  # keep the ones modules go into")
      }
    }
    var described = bundle
    if apps.count == 1 {
      let app = apps[0]
      described +=
        " with the target \(app)" + (tests.count == 1 ? " and the test target \(tests[0])" : "")
      found.suggestions["project"] = app
      if SwiftName.isIdentifier(app) { found.suggestions["module"] = app }
      if fileSystem.isDirectory(atPath: joinPath(folder, app)) {
        found.suggestions["output"] = "\(app)/Modules/{{ module }}"
      }
      if tests.count == 1 && fileSystem.isDirectory(atPath: joinPath(folder, tests[0])) {
        found.suggestions["tests_output"] = "\(tests[0])/{{ module }}Tests"
      }
    }
    found.notes.append("found \(described): generated files will be added to it")
    return found
  }
}
