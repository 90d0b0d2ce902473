import Foundation
import Testing

@testable import ModuleGen

/// Output folders inside a Swift package target: `gen` names the target, with or without an
/// Xcode project configured, finding `Package.swift` no higher than the config's folder.
@Suite struct SwiftPackageFoldersTests {
  @Test func withoutAProjectGenNamesThePackageTargets() throws {
    let dir = try XcodeGenTests().project(
      config:
        "output: Sources/Feature/{{ module }}\ntests_output: Tests/FeatureTests/{{ module }}\nmodule: Feature\n"
    )
    try write("// swift-tools-version:6.0\n", to: dir + "/Package.swift")
    let gen = runTool(["gen", "Home", "pair"], in: dir)
    #expect(gen.code == 0, "\(gen.err)")
    #expect(
      gen.err == """
        note: Sources/Feature/Home is in Swift package target Feature: no project change needed
        note: Tests/FeatureTests/Home is in Swift package target FeatureTests: no project change needed

        """)
    #expect(gen.out == "Home (pair): 2 created.\n")
    // Outside the package's Sources/ and Tests/, and without a package: no note.
    let other = try XcodeGenTests().project(config: "output: App/{{ module }}\nmodule: App\n")
    try write("// swift-tools-version:6.0\n", to: other + "/Package.swift")
    let plain = runTool(["gen", "Home", "pair"], in: other)
    #expect(plain.code == 0, "\(plain.err)")
    #expect(plain.err == "")
  }

  @Test func theSearchStopsAtTheConfigsFolder() {
    var asked: [String] = []
    let found = SwiftPackageFolders.target(
      holding: "/work/App/Sources/Feature/Home", top: "/work/App",
      fileExists: {
        asked.append($0)
        return $0 == "/work/Package.swift"
      })
    #expect(found == nil)
    #expect(
      asked == [
        "/work/App/Sources/Feature/Package.swift", "/work/App/Sources/Package.swift",
        "/work/App/Package.swift",
      ])
    let inside = SwiftPackageFolders.target(
      holding: "/work/App/Sources/Feature/Home", top: "/work/App",
      fileExists: { $0 == "/work/App/Package.swift" })
    #expect(inside?.name == "Feature")
    #expect(inside?.isTest == false)
    // A folder outside the config's folder: up to the file-system root.
    let outside = SwiftPackageFolders.target(
      holding: "/work/Kit/Tests/KitTests/Home", top: "/work/App",
      fileExists: { $0 == "/work/Kit/Package.swift" })
    #expect(outside?.name == "KitTests")
    #expect(outside?.isTest == true)
  }
}
