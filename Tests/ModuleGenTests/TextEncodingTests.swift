import DataFormats
import Diagnostics
import Foundation
import Liquid
import Testing

@testable import ModuleGen

/// Files that are not UTF-8 are refused at the line and column of the first bad byte; a UTF-8
/// byte order mark is read as what it is, the mark of a UTF-8 file, in every kind of file.
@Suite struct TextEncodingTests {
  func writeBytes(_ bytes: [UInt8], to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  @Test func firstInvalidByteIsLocated() {
    let bytes = Array("name: Home\ntemplate: vi".utf8) + [0xFF] + Array("per\n".utf8)
    #expect(throws: Diagnostic.self) { try UTF8Text.decode(bytes, file: "Home.yml") }
    do {
      _ = try UTF8Text.decode(bytes, file: "Home.yml")
    } catch {
      #expect(
        error.description == """
          Home.yml:2:13: error: 'Home.yml' is not UTF-8 text: byte 0xFF here does not belong to a character
          template: vi\u{FFFD}per
                      ^
          """)
    }
    // A truncated sequence, a lone continuation byte, an overlong form.
    #expect(UTF8Validation.firstInvalidOffset(Array("aé".utf8.dropLast())) == 1)
    #expect(UTF8Validation.firstInvalidOffset([0x61, 0x62, 0x80]) == 2)
    #expect(UTF8Validation.firstInvalidOffset([0xC0, 0xAF]) == 0)
    #expect(UTF8Validation.firstInvalidOffset(Array("ok é ✓".utf8)) == "ok é ✓".utf8.count)
    // A surrogate, a scalar above U+10FFFF, four-byte scalars, a bad byte after long ASCII.
    #expect(UTF8Validation.firstInvalidOffset([0x61, 0xED, 0xA0, 0x80]) == 1)
    #expect(UTF8Validation.firstInvalidOffset([0xF4, 0x90, 0x80, 0x80]) == 0)
    #expect(UTF8Validation.firstInvalidOffset(Array("🙂 \u{10FFFF}".utf8)) == 9)
    #expect(UTF8Validation.firstInvalidOffset(Array(repeating: 0x61, count: 20) + [0xFF]) == 20)
    #expect(UTF8Validation.firstInvalidOffset(Array("abcdefgé".utf8) + [0xE2, 0x9C]) == 9)
    // Every length around the thirty-two and eight bytes read at once, valid and not.
    for count in 0...70 {
      let ascii = [UInt8](repeating: 0x61, count: count)
      #expect(UTF8Validation.firstInvalidOffset(ascii) == count)
      #expect(UTF8Validation.firstInvalidOffset(ascii + [0xFF]) == count)
      #expect(UTF8Validation.firstInvalidOffset(ascii + Array("é".utf8) + ascii) == 2 * count + 2)
    }
  }

  @Test func everyCommandReportsTheBadByteWhereItIs() throws {
    let dir = try makeTemporaryDirectory()
    let latin1: [UInt8] = Array("name: Caf".utf8) + [0xE9] + Array("\ntemplate: viper\n".utf8)
    try writeBytes(latin1, to: dir + "/Home.yml")
    let validate = runTool(["validate", "Home.yml"], in: dir)
    #expect(validate.code == 1)
    #expect(
      validate.err.hasPrefix(
        "Home.yml:1:10: error: 'Home.yml' is not UTF-8 text: byte 0xE9 here does not belong to a character"
      ), "\(validate.err)")
    try writeBytes(Array("{{ a }}\n{{ b".utf8) + [0xFE] + Array(" }}".utf8), to: dir + "/t.liquid")
    let render = runTool(["render", "t.liquid"], in: dir)
    #expect(render.code == 2)
    #expect(
      render.err.hasPrefix("t.liquid:2:5: error: 't.liquid' is not UTF-8 text"), "\(render.err)")
    let stdin = runTool(["render", "-"], in: dir, stdin: "ok")
    #expect(stdin.code == 0)
  }

  /// A template file that is not UTF-8 was reported as missing from its template folder.
  @Test func aTemplateFileThatIsNotUTF8IsReportedAtItsBadByte() throws {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["templates", "new", "t"], in: dir).code == 0)
    let file = dir + "/Templates/t/Code/Module.swift.liquid"
    try writeBytes(Array("// \u{00A9} ok\n// caf".utf8) + [0xE9] + Array("\n".utf8), to: file)
    let gen = runTool(["gen", "Home", "t", "--dry-run"], in: dir)
    #expect(gen.code == 2)
    #expect(
      gen.err.contains(
        "Templates/t/Code/Module.swift.liquid:2:7: error: 'Templates/t/Code/Module.swift.liquid' is not UTF-8 text: byte 0xE9 here does not belong to a character"
      ), "\(gen.err)")
    #expect(!gen.err.contains("is not in"))
  }

  @Test func byteOrderMarksAreAcceptedEverywhere() throws {
    let bom = "\u{FEFF}"
    #expect(
      try JSONReader.read(bom + "{\"a\": [1,\n 2]}", file: "f.json").liquidValue.jsonText
        == #"{"a":[1,2]}"#)
    let yaml = try YAMLReader.read(bom + "name: Home\ntemplate: viper\n", file: "f.yml")
    #expect(yaml.liquidValue.jsonText == #"{"name":"Home","template":"viper"}"#)
    #expect(yaml["name"]?.location.description == "f.yml:1:7")
    #expect(try Template(parsing: bom + "Hi {{ 'x' | upcase }}").render() == "Hi X")
    let dir = try makeTemporaryDirectory()
    try write(bom + "name: Home\ntemplate: viper\n", to: dir + "/Home.yml")
    let validate = runTool(["validate", "Home.yml"], in: dir)
    #expect(validate.code == 0, "\(validate.err)")
    try write(bom + "{{ greeting }}, {{ name }}", to: dir + "/t.liquid")
    try write(bom + "greeting: Hello\nname: Ann\n", to: dir + "/data.yml")
    try write(bom + "{\"greeting\": \"Hi\", \"name\": \"Bo\"}", to: dir + "/data.json")
    #expect(runTool(["render", "t.liquid", "--data", "data.yml"], in: dir).out == "Hello, Ann")
    #expect(runTool(["render", "t.liquid", "--data", "data.json"], in: dir).out == "Hi, Bo")
  }

  /// A BOM used to push the first line's indentation by three columns: "check the indentation"
  /// at line 2. Its location stays right too.
  @Test func aByteOrderMarkDoesNotIndentTheFirstLine() {
    do {
      _ = try YAMLReader.read("\u{FEFF}a: 1\n  b: 2\n", file: "f.yml")
      Issue.record("read a bad document")
    } catch {
      #expect(
        error.description.hasPrefix(
          "f.yml:2:3: error: this line goes on with the value '1'"
        ))
    }
  }
}
