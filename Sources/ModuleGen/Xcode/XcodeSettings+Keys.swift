import DataFormats
import Diagnostics

/// The Xcode keys, declared once: `.modulegen.yml` reads all of them into its `xcode`, and a
/// module of a spec may set all but `xcodeproj` for itself.
extension XcodeSettings {
  typealias Key = DataKey<XcodeSettings>

  static let keys: [Key] = [
    .text(
      "xcodeproj",
      doc: "The Xcode project the generated files join, relative to the config's folder.",
      example: "App.xcodeproj"
    ) { xcode, text, node, decoding in
      if !text.hasSuffix(".xcodeproj") && !text.hasSuffix(".xcodeproj/") {
        decoding.problems.error(
          "'xcodeproj' must name an .xcodeproj bundle, such as 'App.xcodeproj', not '\(text)'",
          at: node.location)
      }
      xcode.project = text
      xcode.locations.project = decoding.map.locate(node, line: 0, column: 0)
    },
    .targets(
      "targets",
      doc: "The targets that build the generated code (default: the project's only app target).",
      example: "[App]"
    ) { xcode, names in xcode.targets = names },
    .targets(
      "test_targets",
      doc: "The targets that build the generated tests (default: its only unit-test target).",
      example: "[AppTests]"
    ) { xcode, names in xcode.testTargets = names },
    .text(
      "group",
      doc: "The code's Xcode group, when it differs from its folder: a pattern, like `output`.",
      example: "App/Modules"
    ) { xcode, text, _, _ in xcode.group = text },
    .text("tests_group", doc: "The tests' Xcode group, like `group`.", example: "AppTests/Modules")
    { xcode, text, _, _ in
      xcode.testsGroup = text
    },
  ]

  /// The keys a module of a spec may set for itself: it joins the config's project.
  static let moduleKeys = keys.filter { $0.name != "xcodeproj" }
}

extension DataKey where Target == XcodeSettings {
  /// A key whose value is one non-empty string.
  fileprivate static func text(
    _ name: String, doc: String, example: String,
    set: @escaping @Sendable (inout XcodeSettings, String, DataNode, inout KeyDecoding) -> Void
  ) -> Self {
    Self(name: name, type: "text", doc: doc, example: example) { node, xcode, decoding in
      guard case .string(let text) = node.value, !text.isEmpty else {
        decoding.problems.error(
          Problems.notANonEmptyStringMessage(name, found: node.value),
          at: node.location, path: name)
        return
      }
      set(&xcode, text, node, &decoding)
    }
  }

  /// A key whose value is a target name or a list of them; each name's location is kept for
  /// a target the project does not have.
  fileprivate static func targets(
    _ name: String, doc: String, example: String,
    set: @escaping @Sendable (inout XcodeSettings, [String]) -> Void
  ) -> Self {
    Self(name: name, type: "a name or a list", doc: doc, example: example) {
      node, xcode, decoding in
      let targets = node.oneOrList(
        path: name, problems: &decoding.problems,
        notOneOrList:
          "'\(name)' must be a target name or a list of them, found \(node.value.kindName)",
        isValid: { !$0.isEmpty },
        notAnItem: { "expected a target name, found \($0.value.kindName)" })
      for target in targets {
        xcode.locations.targets[target.text] = decoding.map.locate(target.node, line: 0, column: 0)
      }
      set(&xcode, targets.map(\.text))
    }
  }
}
