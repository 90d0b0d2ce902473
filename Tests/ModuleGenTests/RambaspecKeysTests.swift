import Testing

@testable import ModuleGen

/// A .rambaspec's keys are declared once (`Rambaspec.keys`, `Rambaspec.Entry.keys`): what is
/// read, what is suggested for a misspelled key, and what Generamba ignores all come from them.
@Suite struct RambaspecKeysTests {
  static func lines(_ error: DiagnosticList) -> [String] {
    error.diagnostics.map { String($0.description.split(separator: "\n")[0]) }
  }

  @Test func everyDeclaredKeyIsRead() throws {
    let samples = [
      "name": "n", "summary": "s", "author": "a", "version": "1.0", "license": "MIT",
      "code_files": "[{name: A.swift, path: a.liquid}]",
      "test_files": "[{name: ATests.swift, path: t.liquid}]", "dependencies": "[Alamofire]",
    ]
    let names = Rambaspec.keys.knownNames()
    #expect(Set(names) == Set(samples.keys))
    #expect(names.count == samples.count)
    for name in names {
      let spec = try Rambaspec.decode("\(name): \(samples[name]!)\n", file: "t.rambaspec")
      #expect(spec.notes.isEmpty, "\(name)")
      let read: Bool =
        switch name {
        case "name": spec.name == "n"
        case "summary": spec.summary == "s"
        case "author": spec.author == "a"
        case "version": spec.version == "1.0"
        case "license": spec.license == "MIT"
        case "code_files": spec.codeFiles.map(\.name) == ["A.swift"] && spec.declaresFiles
        case "test_files": spec.testFiles.map(\.name) == ["ATests.swift"] && spec.declaresFiles
        default: spec.dependencies == ["Alamofire"]
        }
      #expect(read, "\(name)")
    }
    let entry = try Rambaspec.decode(
      "code_files: [{name: A.swift, path: a.liquid, custom_name: '{{ x }}', is_resource: true}]\n",
      file: "t.rambaspec"
    ).codeFiles
    #expect(Rambaspec.Entry.keys.knownNames() == ["name", "path", "custom_name", "is_resource"])
    #expect(entry.map(\.path) == ["a.liquid"])
    #expect(entry.map(\.customName) == ["{{ x }}"])
    #expect(entry.map(\.isResource) == [true])
  }

  /// Ignored as Generamba ignores them; one close to a known key is most likely a typo whose
  /// value is lost (a misspelt `code_files:` generates no code file): a warning.
  @Test func unknownKeysAreIgnoredWithTheClosestDeclaredOne() throws {
    let spec = try Rambaspec.decode(
      """
      name: n
      summry: s
      empty:
      code_file:
        - {name: A.swift, path: a.liquid}
      code_files:
        - {name: A.swift, path: a.liquid, pth: b, homepage: x}

      """, file: "t.rambaspec")
    #expect(
      spec.notes.map { String($0.description.split(separator: "\n")[0]) } == [
        "t.rambaspec:2:1: warning: unknown key 'summry' in a .rambaspec, ignored as Generamba ignores it; did you mean 'summary'?",
        "t.rambaspec:4:1: warning: unknown key 'code_file' in a .rambaspec, ignored as Generamba ignores it; did you mean 'code_files'?",
        "t.rambaspec:7:37: warning: unknown key 'pth' in a file entry, ignored as Generamba ignores it; did you mean 'path'?",
        "t.rambaspec:7:45: note: unknown key 'homepage' in a file entry, ignored as Generamba ignores it",
      ])
    #expect(spec.summary == nil)
    #expect(spec.codeFiles.map(\.path) == ["a.liquid"])
  }

  @Test func everyWrongValueOfAnEntryIsReportedAndTheEntryDropped() throws {
    #expect {
      try Rambaspec.decode(
        """
        code_files:
          - {name: 3, path: a.liquid, is_resource: maybe}
          - {path: b.liquid}

        """, file: "t.rambaspec")
    } throws: { error in
      guard let error = error as? DiagnosticList else { return false }
      return Self.lines(error) == [
        "t.rambaspec:2:12: error: code_files[0].name: 'name' must be a non-empty string, found an integer",
        "t.rambaspec:2:44: error: code_files[0].is_resource: 'is_resource' must be true or false, found a string",
        "t.rambaspec:3:5: error: code_files[1]: the file has no 'name', the generated file's path in the module",
      ]
    }
  }
}
