import Testing

@testable import XcodeProject

/// A path inside a Swift package target's folder needs no project edit; the target is named
/// by the conventional layout beside the nearest Package.swift.
@Suite struct SwiftPackageTargetTests {
  static let manifests: Set<String> = ["/repo/Package.swift", "/repo/Nested/Kit/Package.swift"]

  static func find(_ path: String) -> SwiftPackageTarget? {
    SwiftPackageTarget.containing(path) { manifests.contains($0) }
  }

  @Test func targetsByTheConventionalLayout() {
    #expect(
      Self.find("/repo/Sources/Feature/Home/HomeView.swift")
        == SwiftPackageTarget(packageFolder: "/repo", name: "Feature", isTest: false))
    #expect(
      Self.find("/repo/Tests/FeatureTests/Home")
        == SwiftPackageTarget(packageFolder: "/repo", name: "FeatureTests", isTest: true))
    // The nearest manifest wins.
    #expect(
      Self.find("/repo/Nested/Kit/Sources/Kit/A.swift")
        == SwiftPackageTarget(packageFolder: "/repo/Nested/Kit", name: "Kit", isTest: false))
  }

  @Test func pathsOutsideATargetFolder() {
    #expect(Self.find("/repo/App/Home/HomeView.swift") == nil)
    #expect(Self.find("/repo/Sources") == nil)
    #expect(Self.find("/elsewhere/Sources/Feature/A.swift") == nil)
    // Inside a nested package but not in its targets: not the outer package's either.
    #expect(Self.find("/repo/Nested/Kit/Docs/A.md") == nil)
  }

  @Test func relativePathsSearchTheirOwnFolders() {
    let found = SwiftPackageTarget.containing("Sources/Feature/A.swift") { $0 == "Package.swift" }
    #expect(found == SwiftPackageTarget(packageFolder: ".", name: "Feature", isTest: false))
  }

  @Test func theDefaultCheckReadsTheDisk() {
    #expect(!SwiftPackageTarget.fileExists("/nonexistent/Package.swift"))
    #expect(SwiftPackageTarget.fileExists(#filePath))
    #expect(!SwiftPackageTarget.fileExists("/"))
  }
}
