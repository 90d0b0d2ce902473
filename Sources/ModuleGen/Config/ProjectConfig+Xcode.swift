import Liquid

/// The Xcode keys of `.modulegen.yml`: `xcodeproj`, `targets`, `test_targets`, `group`,
/// `tests_group`.
extension ProjectConfig {
  static let xcodeKeys: [Key] = [
    .xcode(
      "xcodeproj", type: "text",
      doc: "The Xcode project the generated files join, relative to the config's folder."),
    .xcode(
      "targets", type: "a name or a list",
      doc: "The targets that build the generated code (default: the project's only app target)."),
    .xcode(
      "test_targets", type: "a name or a list",
      doc: "The targets that build the generated tests (default: its only unit-test target)."),
    .xcode(
      "group", type: "text",
      doc: "The code's Xcode group, when it differs from its folder: a pattern, like `output`."),
    .xcode("tests_group", type: "text", doc: "The tests' Xcode group, like `group`."),
  ]
  /// The keys a module of a spec may set for itself.
  static let moduleXcodeKeys = ["targets", "test_targets", "group", "tests_group"]

  /// Reads one Xcode key into `xcode`.
  static func decodeXcodeKey(
    _ key: String, _ value: DataNode, into xcode: inout XcodeSettings, map: SourceMap,
    problems: inout Problems
  ) {
    switch key {
    case "targets", "test_targets":
      var names: [String] = []
      let items: [DataNode]
      switch value.value {
      case .string: items = [value]
      case .array(let list): items = list
      default:
        problems.error(
          "'\(key)' must be a target name or a list of them, found \(value.value.kindName)",
          at: value.location, path: key)
        return
      }
      for (i, item) in items.enumerated() {
        guard case .string(let name) = item.value, !name.isEmpty else {
          problems.error(
            "expected a target name, found \(item.value.kindName)", at: item.location,
            path: "\(key)[\(i)]")
          continue
        }
        names.append(name)
        xcode.locations.targets[name] = map.locate(item, line: 0, column: 0)
      }
      if key == "targets" { xcode.targets = names } else { xcode.testTargets = names }
    default:
      guard case .string(let text) = value.value, !text.isEmpty else {
        problems.error(
          "'\(key)' must be a non-empty string, found \(value.value.kindName)", at: value.location,
          path: key)
        return
      }
      switch key {
      case "xcodeproj":
        if !text.hasSuffix(".xcodeproj") && !text.hasSuffix(".xcodeproj/") {
          problems.error(
            "'xcodeproj' must name an .xcodeproj bundle, such as 'App.xcodeproj', not '\(text)'",
            at: value.location)
        }
        xcode.project = text
        xcode.locations.project = map.locate(value, line: 0, column: 0)
      case "group": xcode.group = text
      default: xcode.testsGroup = text
      }
    }
  }
}

extension ProjectConfig.Key {
  /// An Xcode key, read by `ProjectConfig.decodeXcodeKey`.
  fileprivate static func xcode(_ name: String, type: String, doc: String) -> Self {
    Self(name: name, type: type, doc: doc) { node, config, decoding in
      ProjectConfig.decodeXcodeKey(
        name, node, into: &config.xcode, map: decoding.map, problems: &decoding.problems)
    }
  }
}
