import Foundation
import Testing

@testable import ModuleGen

/// Every fenced YAML or JSON example in README.md, Templates/README.md and docs/ reads as what it
/// shows (a spec is validated as `modulegen validate` does, with its templates and parameters;
/// a config, a `template.yml` and a generation record are decoded), and every `modulegen …`
/// command line in them runs in a temporary folder (with the documented spec examples as
/// `Specs/`) or, when it needs what a test cannot have (an Xcode project, an iOS SDK, Generamba
/// templates), at least parses. A documented example cannot fail without failing this test.
@Suite struct DocumentedExamplesTests {
  struct Block: CustomTestStringConvertible {
    var file: String
    var line: Int
    var language: String
    var text: String
    var testDescription: String { "\(file):\(line) (\(language))" }
  }

  /// README.md, Templates/README.md and every page of docs/ (the guide the README links to).
  static let documents: [String] =
    ["README.md", "Templates/README.md"]
    + ((try? FileManager.default.contentsOfDirectory(
      atPath: GeneratedPackage.root.appendingPathComponent("docs").path)) ?? [])
    .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }

  @Test func theDocumentsIncludeTheGuide() {
    #expect(Self.documents.contains("docs/GUIDE.md"))
    #expect(Self.documents.contains("docs/INSTALL.md"))
  }

  /// The fenced blocks of the documents, with the line of their opening fence. A fence
  /// indented in a list item takes its indentation off the block's lines.
  static let blocks: [Block] = documents.flatMap { name -> [Block] in
    let path = GeneratedPackage.root.appendingPathComponent(name).path
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    var blocks: [Block] = []
    var open: Block?
    var indent = 0
    for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let spaces = line.prefix { $0 == " " }.count
      if line.dropFirst(spaces).hasPrefix("```") {
        if let block = open {
          blocks.append(block)
          open = nil
        } else {
          indent = spaces
          open = Block(
            file: name, line: i + 1, language: String(line.dropFirst(spaces + 3)), text: "")
        }
      } else if open != nil {
        open!.text += line.dropFirst(min(spaces, indent)) + "\n"
      }
    }
    return blocks
  }

  static func text(of document: String) throws -> String {
    try String(
      contentsOf: GeneratedPackage.root.appendingPathComponent(document), encoding: .utf8)
  }

  // MARK: - Samples and links

  /// A sample of generated code in a document (a fenced block under `<!-- sample: PATH -->`) is
  /// a run of whole lines of that file, so that the README's sample cannot drift from
  /// `Examples/`, which ExamplesTests keeps as the templates generate it.
  @Test func everySampleIsAPartOfItsFile() throws {
    var samples = 0
    for document in Self.documents {
      let lines = try Self.text(of: document).split(
        separator: "\n", omittingEmptySubsequences: false)
      for (i, line) in lines.enumerated() where line.hasPrefix("<!-- sample: ") {
        let path = line.dropFirst("<!-- sample: ".count).dropLast(" -->".count)
        let block = try #require(
          Self.blocks.first { $0.file == document && $0.line == i + 2 },
          "\(document):\(i + 1): no fenced block under the sample's line")
        let source = try Self.text(of: String(path))
        #expect(block.text.split(separator: "\n").count >= 10, "\(block.testDescription)")
        #expect(
          source.contains("\n" + block.text),
          "\(block.testDescription) is not a part of \(path): copy it again from there")
        samples += 1
      }
    }
    #expect(samples >= 1)
  }

  /// The headings of a Markdown text, without their `#`s (a `#` line in a fenced block is not
  /// one).
  static func headings(_ text: String) -> [Substring] {
    var inFence = false
    var headings: [Substring] = []
    for line in text.split(separator: "\n") {
      if line.drop(while: { $0 == " " }).hasPrefix("```") { inFence.toggle() }
      if !inFence && line.hasPrefix("#") { headings.append(line.drop { $0 == "#" }.dropFirst()) }
    }
    return headings
  }

  /// A heading's anchor as GitHub makes it: lowercased, spaces as `-`, punctuation dropped.
  static func anchor(_ heading: Substring) -> String {
    String(
      heading.lowercased().compactMap { c -> Character? in
        c == " " ? "-" : c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
      })
  }

  /// Every relative link of the documents leads to a file of the repository, and a link to a
  /// heading (`docs/GUIDE.md#xcode-projects`) to a heading of that file: moving a section
  /// cannot leave a link behind.
  @Test func everyLinkLeadsSomewhere() throws {
    let link = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
    var checked = 0
    for document in Self.documents {
      let text = try Self.text(of: document)
      for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        guard let range = Range(match.range(at: 1), in: text) else { continue }
        let target = String(text[range])
        if target.hasPrefix("http://") || target.hasPrefix("https://") { continue }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let here = GeneratedPackage.root.appendingPathComponent(document)
        let file =
          parts[0].isEmpty
          ? here
          : here.deletingLastPathComponent().appendingPathComponent(String(parts[0]))
            .standardizedFileURL
        #expect(
          FileManager.default.fileExists(atPath: file.path), "\(document): \(target) is not a file")
        checked += 1
        guard parts.count == 2, file.pathExtension == "md" else { continue }
        let anchors = try Self.headings(String(contentsOf: file, encoding: .utf8)).map(
          Self.anchor)
        #expect(anchors.contains(String(parts[1])), "\(document): \(target) names no heading")
      }
    }
    #expect(checked >= 10)
  }

  static let dataBlocks = blocks.filter { $0.language == "yaml" || $0.language == "json" }

  @Test func theDocumentsHaveExamples() {
    #expect(Self.dataBlocks.count >= 8)
    #expect(Self.commandLines.count >= 15)
  }

  // MARK: - YAML and JSON

  enum Kind: Equatable { case spec, config, manifest, record, workflow }

  /// What a block shows: a config says so in its first line or has only config keys, a
  /// generation record has `version` and `modules`, a manifest has `files` or says so in its
  /// first line (`# template.yml`: a part of one), a GitHub Actions workflow has `on` and
  /// `jobs`; else a spec.
  static func kind(of block: Block) -> Kind {
    let keys = block.text.split(separator: "\n").compactMap { line -> String? in
      guard let first = line.first, first.isLetter, let colon = line.firstIndex(of: ":") else {
        return nil
      }
      return String(line[..<colon])
    }
    if block.text.hasPrefix("# .modulegen.yml") { return .config }
    if keys.contains("jobs") && keys.contains("on") { return .workflow }
    if keys.contains("version") && keys.contains("modules") { return .record }
    if keys.contains("files") || block.text.hasPrefix("# template.yml") { return .manifest }
    let configKeys = Set(ProjectConfig.keys.map(\.name))
    if !keys.isEmpty && keys.allSatisfy(configKeys.contains) && !keys.contains("name") {
      return .config
    }
    return .spec
  }

  @Test(arguments: dataBlocks) func dataExampleReads(_ block: Block) throws {
    let file = block.language == "json" ? "example.json" : "example.yml"
    switch Self.kind(of: block) {
    case .spec:
      let dir = try makeTemporaryDirectory()
      try write(block.text, to: dir + "/" + file)
      let result = runTool(["validate", file], in: dir)
      #expect(result.code == 0, "\(block.testDescription):\n\(result.err)")
    case .config:
      #expect(throws: Never.self) {
        _ = try ProjectConfig.decode(block.text, file: ".modulegen.yml")
      }
    case .manifest:
      // A part of a manifest is read inside the smallest whole one.
      let whole =
        block.text.hasPrefix("# template.yml")
        ? "name: example\nfiles:\n  - template: A.swift.liquid\n    output: A.swift\n" + block.text
        : block.text
      #expect(throws: Never.self) { _ = try TemplateManifest.decode(whole, file: file) }
    case .workflow:
      // A GitHub Actions workflow to copy: linted as the project's own (WorkflowTests).
      guard WorkflowTests.hasActionlint else {
        #expect(ProcessInfo.processInfo.environment["CI"] == nil, "actionlint is required in CI")
        return
      }
      let dir = try makeTemporaryDirectory()
      try write(block.text, to: dir + "/.github/workflows/example.yml")
      let (status, output) = try GeneratedCodeTests.shell(
        "actionlint .github/workflows/example.yml", in: dir)
      #expect(status == 0, "\(block.testDescription):\n\(output)")
    case .record:
      #expect(throws: Never.self) {
        _ = try GenerationRecord.decode(block.text, file: ".modulegen.lock", directory: "/")
      }
    }
  }

  // MARK: - Command lines

  /// Every `modulegen …` line of a shell or plain block, without its comment, continued lines
  /// joined.
  static let commandLines: [String] = blocks.filter { $0.language == "sh" || $0.language.isEmpty }
    .flatMap { block -> [String] in
      var lines: [String] = []
      var pending = ""
      for raw in block.text.split(separator: "\n") {
        var line = String(raw)
        if let comment = line.range(of: " #") { line = String(line[..<comment.lowerBound]) }
        line = line.trimmingCharacters()
        if line.hasSuffix("\\") {
          pending += line.dropLast() + " "
          continue
        }
        line = pending + line
        pending = ""
        if line.hasPrefix("modulegen ") { lines.append(line) }
      }
      return lines
    }

  /// Synopses (`<template>`, `[--data FILE]`) name a command and its options without values.
  static func isSynopsis(_ line: String) -> Bool {
    line.contains("<") || line.contains("[") || line.contains("...")
  }

  /// What a test cannot provide: these lines are parsed, not run.
  static let needsTheOutsideWorld = [
    "--xcodeproj", "--target", "--typecheck", "migrate", "rviper_controller", "swifty_viper",
  ]

  /// The words of a command line, as a shell splits them (quoted words kept together).
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    for c in line {
      if c == "'" || c == "\"", quote == nil || quote == c {
        quote = quote == nil ? c : nil
      } else if c == " " && quote == nil {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else {
        current.append(c)
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// The command a line names (`templates lint`), and the arguments after it.
  static func command(of words: [String]) -> (Command, [String])? {
    guard words.count > 1 else { return nil }
    if words.count > 2,
      let sub = CommandLineTool.allCommands.first(where: {
        $0.spec.name == "\(words[1]) \(words[2])"
      })
    {
      return (sub, Array(words.dropFirst(3)))
    }
    return CommandLineTool.allCommands.first { $0.spec.name == words[1] }.map {
      ($0, Array(words.dropFirst(2)))
    }
  }

  /// A folder with the documented specs as `Specs/modules.yml` (the first of several modules)
  /// and `Specs/NAME.yml` (the first of each module's name: `Specs/Home.yml`,
  /// `Specs/Profile.yml`), and the modules of the first generated.
  static func exampleFolder() throws -> String {
    let dir = try makeTemporaryDirectory()
    let specs = dataBlocks.filter { kind(of: $0) == .spec }
    let several = try #require(specs.first { $0.text.hasPrefix("modules:") })
    try write(several.text, to: dir + "/Specs/modules.yml")
    var named: Set<String> = []
    for spec in specs where spec.text.hasPrefix("name: ") {
      let name = spec.text.dropFirst("name: ".count).prefix { $0 != "\n" }
      if named.insert(String(name)).inserted {
        try write(spec.text, to: dir + "/Specs/\(name).yml")
      }
    }
    #expect(named.contains("Home"))
    // Commands without a module (`check`, `update`) cover what was generated before.
    let generated = runTool(
      ["gen", "--spec", "Specs/modules.yml", "--date", "2026-01-02"], in: dir)
    #expect(generated.code == 0, "\(generated.err)")
    return dir
  }

  /// Each line on its own, in a fresh folder: the lines of a block are alternatives, not a
  /// script.
  @Test func everyCommandLineRunsOrParses() throws {
    for line in Self.commandLines {
      let words = Self.words(line)
      // `modulegen help TOPIC` is the tool's own, not a command's: it prints the reference.
      if words.count == 3, words[1] == "help" {
        let result = runTool(Array(words.dropFirst()), in: try makeTemporaryDirectory())
        #expect(result.code == 0 && !result.out.isEmpty, "'\(line)': \(result.err)")
        continue
      }
      guard let (command, arguments) = Self.command(of: words) else {
        Issue.record("'\(line)' names no modulegen command")
        continue
      }
      if Self.isSynopsis(line) { continue }
      if Self.needsTheOutsideWorld.contains(where: line.contains) {
        #expect(throws: Never.self, "'\(line)'") { _ = try command.spec.parse(arguments) }
        continue
      }
      let result = runTool(Array(words.dropFirst()), in: try Self.exampleFolder())
      #expect(result.code == 0, "'\(line)' exited with \(result.code):\n\(result.err)")
    }
  }
}

extension DocumentedExamplesTests {
  /// The spec of Templates/README.md's "Events" and the Swift block after it: the presenter
  /// that spec generates contains the block as documented.
  @Test func theEventsExampleShowsTheGeneratedPresenter() throws {
    let index = try #require(
      Self.blocks.firstIndex {
        $0.file == "Templates/README.md" && $0.text.hasPrefix("name: Feed\n")
      })
    let code = try #require(Self.blocks[(index + 1)...].first { $0.language == "swift" })
    let files = try SpecModuleTests.generate("viper", spec: Self.blocks[index].text)
    let presenter = try #require(files["FeedPresenter.swift"])
    #expect(presenter.contains(code.text), "FeedPresenter.swift:\n\(presenter)")
  }
}

extension DocumentedExamplesTests {
  /// The examples of every command's help that name a file of the reader's own (a template to
  /// render, a module's folder, a Rambafile): they are parsed, not run.
  static let helpExamplesOnTheReadersFiles = [
    "render Header.liquid", "render View.liquid", "validate Rambafile", "validate .modulegen.yml",
    "migrate", "templates lint Templates/viper",
    "templates install", "spec from Sources/",
  ]

  /// Every example of every command's `--help` (each line after `EXAMPLES:`) parses, and runs
  /// in the folder of the documents' examples (`exampleFolder()`) with exit code 0, unless it
  /// needs what a test cannot have or a file of the reader's own; a `> FILE` is left out, a
  /// `< FILE` (or `echo TEXT |`) is its standard input and `Specs/*.yml` is every spec there, as
  /// a shell has them.
  @Test func everyHelpExampleRunsOrParses() throws {
    var ran = 0
    for command in CommandLineTool.allCommands {
      for example in command.spec.examples {
        var line = example.command
        if line.hasPrefix("source <("), line.hasSuffix(")") {
          line = String(line.dropFirst("source <(".count).dropLast())
        }
        if let redirect = line.range(of: " > ") { line = String(line[..<redirect.lowerBound]) }
        var input: String?
        var echoed: String?
        if let redirect = line.range(of: " < ") {
          input = String(line[redirect.upperBound...])
          line = String(line[..<redirect.lowerBound])
        }
        if let pipe = line.range(of: " | modulegen ") {
          echoed =
            Self.words(String(line[..<pipe.lowerBound])).dropFirst().joined(
              separator: " ") + "\n"
          line = "modulegen " + line[pipe.upperBound...]
        }
        let words = Self.words(line)
        guard let (named, arguments) = Self.command(of: words) else {
          Issue.record("'\(example.command)' (\(command.spec.name) --help) names no command")
          continue
        }
        #expect(throws: Never.self, "'\(example.command)'") {
          _ = try named.spec.parse(arguments)
        }
        if Self.needsTheOutsideWorld.contains(where: line.contains)
          || Self.helpExamplesOnTheReadersFiles.contains(where: line.contains)
        {
          continue
        }
        let dir = try Self.exampleFolder()
        // `forget`'s examples name a second module.
        #expect(runTool(["gen", "Cart", "mvc"], in: dir).code == 0)
        let specs = try FileManager.default.contentsOfDirectory(atPath: dir + "/Specs").sorted()
          .map { "Specs/" + $0 }
        let expanded = words.dropFirst().flatMap { $0 == "Specs/*.yml" ? specs : [$0] }
        let stdin = try input.map { try String(contentsOfFile: dir + "/" + $0, encoding: .utf8) }
        let result = runTool(Array(expanded), in: dir, stdin: stdin ?? echoed ?? "")
        #expect(
          result.code == 0,
          "'\(example.command)' (\(command.spec.name) --help) exited with \(result.code):\n\(result.err)"
        )
        ran += 1
      }
    }
    #expect(ran > 30)
  }
}
