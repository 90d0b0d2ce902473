import Foundation
import Testing

@testable import ModuleGen

/// `init` suggests the author from `git config user.name`, read through `Git`.
@Suite struct GitTests {
  @Test func userNameIsReadFromTheGivenEnvironment() throws {
    try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/git"))
    let home = try makeTemporaryDirectory()
    let environment = ["HOME": home, "PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1"]
    #expect(Git.userName(environment: environment) == nil)
    try "[user]\n\tname = \"  Jane Appleseed \"\n".write(
      toFile: home + "/.gitconfig", atomically: true, encoding: .utf8)
    #expect(Git.userName(environment: environment) == "Jane Appleseed")
  }
}
