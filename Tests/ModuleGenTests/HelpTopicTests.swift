import Foundation
import Testing

@testable import ModuleGen

/// `modulegen help config|spec|template`: the keys of each file modulegen reads, from the
/// declarations that decode it.
@Suite struct HelpTopicTests {
  /// Each topic with the key names its declarations hold, in their order.
  static let topics: [(String, [String])] = {
    let config: [String] = ProjectConfig.keys.flatMap(\.names)
    let spec: [String] = ModuleSpec.keys.flatMap(\.names) + ModuleSpec.fileKeys.flatMap(\.names)
    var template: [String] = TemplateManifest.keys.flatMap(\.names)
    template += TemplateManifest.Parameter.keys.flatMap(\.names)
    template += TemplateManifest.FileEntry.keys.flatMap(\.names)
    return [("config", config), ("spec", spec), ("template", template)]
  }()

  @Test(arguments: topics)
  func aReferenceListsEveryKeyOfItsFile(_ topic: String, _ names: [String]) throws {
    let result = runTool(["help", topic], in: "/")
    #expect(result.code == 0)
    #expect(result.err == "")
    // The keys, before what a reference named as a command says of it.
    let keys = result.out.components(separatedBy: "\nSEE ALSO:\n")[0]
    let listed = keys.split(separator: "\n").compactMap { line -> [String]? in
      guard line.hasPrefix("  "), !line.hasPrefix("   "), let open = line.firstIndex(of: "(")
      else { return nil }
      return line[..<open].split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }.flatMap { $0 }
    #expect(listed == names)
  }

  @Test func theOverviewNamesEveryReference() {
    let overview = runTool(["--help"], in: "/").out
    for topic in HelpTopic.all {
      #expect(
        overview.contains(
          "\n  \(topic.name)" + String(repeating: " ", count: 14 - topic.name.count)))
    }
  }

  /// A usage error ends with the command that prints the help of the command that failed,
  /// also where a reference has its name (`help spec` prints the keys of a spec).
  @Test func everyUsageErrorPointsToItsCommandsHelp() throws {
    for command in CommandLineTool.allCommands {
      let name = command.spec.name
      let result = runTool(name.split(separator: " ").map(String.init) + ["--no-such"], in: "/")
      #expect(result.code == ExitCode.usage, "\(name)")
      let hint = try #require(result.err.split(separator: "\n").last.map(String.init))
      #expect(hint.hasPrefix("See 'modulegen ") && hint.hasSuffix("'."), "\(name)")
      let help = hint.dropFirst(5).dropLast(2).split(separator: " ").dropFirst().map(String.init)
      let shown = runTool(help, in: "/")
      #expect(shown.code == 0, "\(name)")
      #expect(shown.out.hasPrefix("OVERVIEW: \(command.spec.summary)\n"), "\(name): \(hint)")
    }
  }

  /// A reference named as a command (`spec`) says where the command's help is, in its own text
  /// and in the overview, and that help is there: `help spec` gives the keys of a spec.
  @Test func aReferenceNamedAsACommandPointsToTheCommandsHelp() throws {
    let overview = runTool(["--help"], in: "/").out
    var shared = 0
    for command in CommandLineTool.commands
    where HelpTopic.all.contains(where: { $0.name == command.spec.name }) {
      let name = command.spec.name
      shared += 1
      let reference = runTool(["help", name], in: "/").out
      #expect(
        reference.hasSuffix(
          "\n  modulegen \(name) --help    The '\(name)' command: \(command.spec.summary)\n"))
      #expect(
        overview.contains(
          "'help \(name)' is the reference; '\(name) --help' is the command's help.\n"))
      #expect(
        runTool([name, "--help"], in: "/").out.hasPrefix("OVERVIEW: \(command.spec.summary)\n"))
    }
    #expect(shared == 1, "spec")
    #expect(!runTool(["help", "config"], in: "/").out.contains("SEE ALSO"))
  }

  /// A subcommand a reference names (`'templates new' writes one`) exists.
  @Test func theSubcommandsAReferenceNamesExist() {
    let commands = Set(CommandLineTool.allCommands.map(\.spec.name))
    let groups = Set(CommandLineTool.commands.filter { !$0.subcommands.isEmpty }.map(\.spec.name))
    var named: [String] = []
    for topic in HelpTopic.all {
      let words = topic.text().split(whereSeparator: { $0 == " " || $0 == "\n" }).map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: "(),.`"))
      }
      for (word, next) in zip(words, words.dropFirst()) where word.hasPrefix("'") {
        let group = String(word.dropFirst())
        guard groups.contains(group) else { continue }
        named.append(group + " " + next.trimmingCharacters(in: CharacterSet(charactersIn: "'")))
      }
    }
    #expect(!named.isEmpty)
    #expect(named.filter { !commands.contains($0) } == [])
  }

  /// The config `init` writes says where its keys are documented, with a command that works
  /// wherever the binary runs (no repository path or URL).
  @Test func theConfigInitWritesPointsToItsReference() throws {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["init"], in: dir).code == 0)
    let config = try String(contentsOfFile: dir + "/.modulegen.yml", encoding: .utf8)
    let comment = try #require(config.split(separator: "\n").first)
    let quoted = try #require(comment.split(separator: "'").dropFirst().first)
    let command = quoted.split(separator: " ").map(String.init)
    #expect(command.first == "modulegen")
    let result = runTool(Array(command.dropFirst()), in: dir)
    #expect(result.code == 0)
    #expect(result.out.hasPrefix("OVERVIEW: The settings of .modulegen.yml"))
  }
}
