import Foundation

@testable import XcodeProject

/// The Xcode-written projects in Fixtures/xcodeproj (tuist/XcodeProj's fixtures, MIT).
enum Fixtures {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/xcodeproj")

  /// Every project bundle, relative to `folder`.
  static let projects = [
    "FileSharedAcrossTargets/FileSharedAcrossTargets.xcodeproj",
    "SynchronizedRootGroups/SynchronizedRootGroups.xcodeproj",
    "TargetWithCustomBuildRules/TargetWithCustomBuildRules.xcodeproj",
    "WithoutWorkspace/WithoutWorkspace.xcodeproj",
    "Xcode16/Test.xcodeproj",
    "Xcode16/copy.xcodeproj",
    "iOS/AppWithExtensions/AppWithExtensions.xcodeproj",
    "iOS/Project.xcodeproj",
    "iOS/ProjectWithXCLocalSwiftPackageReference.xcodeproj",
    "iOS/ProjectWithoutProductsGroup.xcodeproj",
  ]

  static func path(_ project: String) -> String {
    folder.appendingPathComponent(project).appendingPathComponent("project.pbxproj").path
  }

  static func bytes(_ project: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path(project))))
  }

  static func project(_ project: String) throws -> XcodeProject {
    try XcodeProject(bytes: bytes(project), file: project + "/project.pbxproj")
  }
}

extension ProjectEditPlan {
  /// The new project file as text.
  var text: String { String(decoding: apply(), as: UTF8.self) }
}

/// The lines `after` has that `before` does not, and the lines it lost, by a longest common
/// subsequence: what a team's diff would show.
func lineDiff(_ before: String, _ after: String) -> (added: [String], removed: [String]) {
  let a = before.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let b = after.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  // Trim the common head and tail first: edits are small, files large.
  var head = 0
  while head < a.count && head < b.count && a[head] == b[head] { head += 1 }
  var tail = 0
  while tail < a.count - head && tail < b.count - head
    && a[a.count - 1 - tail] == b[b.count - 1 - tail]
  {
    tail += 1
  }
  let x = Array(a[head..<(a.count - tail)])
  let y = Array(b[head..<(b.count - tail)])
  var table = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
  for i in stride(from: x.count - 1, through: 0, by: -1) {
    for j in stride(from: y.count - 1, through: 0, by: -1) {
      table[i][j] = x[i] == y[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
    }
  }
  var added: [String] = []
  var removed: [String] = []
  var i = 0
  var j = 0
  while i < x.count || j < y.count {
    if i < x.count && j < y.count && x[i] == y[j] {
      i += 1
      j += 1
    } else if j < y.count && (i == x.count || table[i][j + 1] >= table[i + 1][j]) {
      added.append(y[j])
      j += 1
    } else {
      removed.append(x[i])
      i += 1
    }
  }
  return (added, removed)
}
