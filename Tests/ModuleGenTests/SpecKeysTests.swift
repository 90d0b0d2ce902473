import Testing

@testable import ModuleGen

/// The keys of a module spec are declared once (`ModuleSpec+Keys.swift`): the reference table in
/// Templates/README.md is made from the declarations, every declared key is read, and every
/// property of `ModuleSpec` is set by a declared key.
@Suite struct SpecKeysTests {
  @Test func readmeTableMatchesTheDeclarations() throws {
    try ReadmeTable(
      start: "<!-- spec keys: generated from ModuleSpec+Keys.swift -->",
      end: "<!-- end of spec keys -->", suite: "SpecKeysTests"
    ).check(ModuleSpec.referenceTable)
  }

  @Test func namesAndAliasesAreUnique() {
    let names = ModuleSpec.keys.knownNames() + ModuleSpec.fileKeys.knownNames()
    #expect(Set(names).count == names.count)
    #expect(ModuleSpec.keys.allSatisfy { $0.example != nil })
  }

  /// A module with one key set, as the decoder keeps it while it reads.
  static func draft(_ text: String) throws -> ModuleSpec.Draft {
    let node = try DataFile.parse(text, file: "m.yml")
    var decoding = KeyDecoding(source: text)
    let draft = SpecDecoder.decodeModuleDraft(node, path: "", &decoding)
    #expect(decoding.problems.diagnostics.map(\.message) == [], "\(text)")
    return try #require(draft)
  }

  /// A key declared but not read would leave the module as it is without the key.
  @Test(arguments: ModuleSpec.keys.map(\.name))
  func eachKeyIsRead(name: String) throws {
    let key = try #require(ModuleSpec.keys.key(named: name))
    let example = try #require(key.example)
    if name == "name" {
      #expect(try Self.draft("name: \(example)\n").module.name == example)
      return
    }
    let without = try Self.draft("name: Home\n")
    let with = try Self.draft("name: Home\n\(name): \(example)\n")
    #expect(with != without)
    for alias in key.aliases {
      var module = try Self.draft("name: Home\n\(alias): \(example)\n").module
      // The methods start as many columns further as the alias is longer.
      module.methodLocations = with.module.methodLocations
      #expect(module == with.module)
    }
  }

  /// A property of `ModuleSpec` that no declared key sets would keep its default even in a spec
  /// that writes every key.
  @Test func everyPropertyIsSetByADeclaredKey() throws {
    let text = ModuleSpec.keys.map { "\($0.name): \($0.example ?? "")\n" }.joined()
    let module = try Self.draft(text).module
    let empty = ModuleSpec(name: "")
    for (full, none) in zip(Mirror(reflecting: module).children, Mirror(reflecting: empty).children)
    // Where the module is declared is the reader's to say, not a key's.
    where full.label != "location" && full.label != "specFile" {
      #expect(
        String(describing: full.value) != String(describing: none.value),
        "no key sets '\(full.label ?? "")'")
    }
    // The Xcode keys a module may set: all but the project, which is the config's.
    let xcode = Mirror(reflecting: module.xcode).children.map { ($0.label, "\($0.value)") }
    let noXcode = Mirror(reflecting: XcodeSettings()).children.map { "\($0.value)" }
    for ((label, value), none) in zip(xcode, noXcode)
    where !["project", "locations", "isGenerambaProject"].contains(label) {
      #expect(value != none, "no module key sets xcode.\(label ?? "")")
    }
  }

  @Test func unknownKeysAreSuggestedFromTheDeclarations() {
    func errors(_ text: String) -> [String] {
      do {
        _ = try SpecDecoder.decode(text, file: "a.yml")
        return []
      } catch {
        return error.diagnostics.map(\.message)
      }
    }
    #expect(
      errors("name: A\nview_modle: [load()]\n") == [
        "unknown key 'view_modle' in a module; did you mean 'view_model'?"
      ])
    #expect(
      errors("name: A\ntest_target: App\n") == [
        "unknown key 'test_target' in a module; did you mean 'test_targets'?"
      ])
    #expect(
      errors("modules: [{name: A}]\nmodule: B\n") == [
        "unknown key 'module' in a file of modules; did you mean 'modules'?"
      ])
  }
}
