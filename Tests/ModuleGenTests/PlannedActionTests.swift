import Diagnostics
import Foundation
import Liquid
import Testing

@testable import ModuleGen

/// What happens to a file is decided in one place, for modules (`gen`) and for plain files
/// (`templates eject`, `templates new`, `migrate`).
@Suite struct PlannedActionTests {
  @Test func theRuleForAPlainFile() {
    let file = PlannedFile(
      module: "", role: .code, root: "/r", path: "/r/a", bytes: [1], action: .create)
    #expect(file.action(over: nil, force: false) == .create)
    #expect(file.action(over: [1], force: false) == .unchanged)
    #expect(file.action(over: [2], force: false) == .conflict)
    #expect(file.action(over: [2], force: true) == .overwrite)
  }

  @Test func aFolderWhereAFileGoesIsOneMessageForEveryCommand() throws {
    let dir = try makeTemporaryDirectory()
    let builder = dir + "/Home/HomeBuilder.swift"
    try FileManager.default.createDirectory(atPath: builder, withIntermediateDirectories: true)
    let gen = runTool(["gen", "Home", "viper"], in: dir)
    #expect(gen.code == 2)
    #expect(gen.err == "\(Diagnostic(message: PlannedFile.folderWhereAFileGoesMessage(builder)))\n")
    let manifest = dir + "/Templates/viper/template.yml"
    try FileManager.default.createDirectory(atPath: manifest, withIntermediateDirectories: true)
    let eject = runTool(["templates", "eject", "viper"], in: dir)
    #expect(eject.code == 2)
    #expect(
      eject.err == "\(Diagnostic(message: PlannedFile.folderWhereAFileGoesMessage(manifest)))\n")
  }
}
