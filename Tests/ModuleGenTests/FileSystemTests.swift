import Foundation
import Testing

@testable import ModuleGen

@Suite struct FileSystemTests {
  /// Removing a folder removes what is in it, and a symbolic link inside it is removed itself:
  /// what it points to, outside the folder, stays.
  @Test func removeTreeNeverFollowsALink() throws {
    let dir = try makeTemporaryDirectory()
    try write("keep\n", to: dir + "/outside/kept.txt")
    try write("x\n", to: dir + "/tree/a/b.txt")
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/tree/a/link", withDestinationPath: dir + "/outside")
    try LocalFileSystem().removeTree(atPath: dir + "/tree")
    #expect(!FileManager.default.fileExists(atPath: dir + "/tree"))
    #expect(try String(contentsOfFile: dir + "/outside/kept.txt", encoding: .utf8) == "keep\n")
  }
}
