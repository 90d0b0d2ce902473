import Testing

@testable import XcodeProject

/// Paths inside a project: normalized, joined and made relative as groups resolve them.
@Suite struct ProjectPathTests {
  static let normalized: [(String, String)] = [
    ("", ""), ("a", "a"), ("a/b", "a/b"), ("./a//b/", "a/b"), ("a/./b", "a/b"), ("a/../b", "b"),
    ("../a", "../a"), ("../../a/b", "../../a/b"), ("a/../../b", "../b"), ("/a/../b", "/b"),
    ("/../a", "/a"), ("/", "/"), (".", ""), ("a/..", ""), ("a/b/../..", ""),
  ]

  @Test(arguments: normalized) func normalize(_ path: String, _ expected: String) {
    #expect(ProjectPath.normalize(path) == expected)
  }

  @Test func joinAndRelative() {
    #expect(ProjectPath.join("", "a") == "a")
    #expect(ProjectPath.join("iOS", "") == "iOS")
    #expect(ProjectPath.join("iOS", "../Shared") == "Shared")
    #expect(ProjectPath.join("iOS", "/abs") == "/abs")
    #expect(ProjectPath.relative("Sources/Home", from: "iOS") == "../Sources/Home")
    #expect(ProjectPath.relative("iOS/Home/A.swift", from: "iOS") == "Home/A.swift")
    #expect(ProjectPath.relative("iOS", from: "iOS") == "")
    #expect(ProjectPath.relative("a", from: "") == "a")
    // Outside the project's folder: the leading `..` are common too.
    #expect(ProjectPath.relative("../Shared/Modules", from: "../Shared") == "Modules")
    #expect(ProjectPath.relative("../Shared/Home/A.swift", from: "../Shared") == "Home/A.swift")
    #expect(ProjectPath.relative("../Other/A.swift", from: "../Shared") == "../Other/A.swift")
    #expect(ProjectPath.relative("../../Top/A.swift", from: "../Shared") == "../../Top/A.swift")
    // From above the source root back into it: no relative path says where.
    #expect(ProjectPath.relativeIfPossible("iOS/Home", from: "../Shared") == nil)
    #expect(ProjectPath.relativeIfPossible("../Shared/Home", from: "../Shared") == "Home")
    #expect(ProjectPath.relativeIfPossible("Sources/Home", from: "iOS") == "../Sources/Home")
    #expect(ProjectPath.relativeIfPossible("../Shared", from: "") == "../Shared")
    #expect(ProjectPath.isInside("iOS/Home", folder: "iOS"))
    #expect(!ProjectPath.isInside("iOSTests/Home", folder: "iOS"))
    #expect(ProjectPath.isInside("a", folder: ""))
    #expect(!ProjectPath.isInside("../a", folder: ""))
  }
}
