import Foundation
import Testing

/// What the typical screen says to its user: a title made of the module's words, and strings a
/// translator can translate (each with a comment that says where it shows).
@Suite struct ScreenTextTests {
  func generated(_ arguments: [String], file: String) throws -> String {
    let dir = try makeTemporaryDirectory()
    let result = runTool(["gen", "UserProfile"] + arguments + ["--no-tests"], in: dir)
    #expect(result.code == 0, "\(result.err)")
    return try String(contentsOfFile: dir + "/UserProfile/" + file, encoding: .utf8)
  }

  @Test(arguments: ["viper", "mvp", "mvvm", "mvc"])
  func aUIKitScreenIsTitledWithTheModulesWords(_ template: String) throws {
    let text = try generated([template], file: "UserProfileViewController.swift")
    #expect(
      text.contains(
        #"title = String(localized: "User Profile", comment: "The title of the User Profile screen")"#
      ))
    for line in text.split(separator: "\n") where line.contains("String(localized:") {
      #expect(line.contains("comment:"), "no translator comment: \(line)")
    }
  }

  @Test(arguments: ["viper", "mvp", "mvvm"])
  func aSwiftUIScreenIsTitledWithTheModulesWords(_ template: String) throws {
    let text = try generated([template, "--set", "ui=swiftui"], file: "UserProfileView.swift")
    #expect(
      text.contains(
        #".navigationTitle(Text("User Profile", comment: "The title of the User Profile screen"))"#
      ))
    for line in text.split(separator: "\n") where line.contains("Text(\"") {
      #expect(line.contains("comment:") || line.contains("Text(\"\\("), "no comment: \(line)")
    }
  }
}
