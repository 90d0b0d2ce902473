import Testing

@testable import XcodeProject

/// A large project is read in two halves at once, the second from a guessed line near the
/// middle: whatever the guess, the tokens, objects and section markers, and the first error in
/// the file, are those of reading it in one go.
@Suite struct TwoHalvesTests {
  /// What a reading gives, to compare: every token, object and marker, or the error.
  struct Reading: Equatable {
    var tokens: [[UInt32]] = []
    var objects: [ObjectRecord] = []
    var markers: [Int] = []
    var error: String?
  }

  static func read(_ bytes: [UInt8], halves: PlistParser.Halves) -> Reading {
    bytes.withUnsafeBufferPointer { buffer in
      do {
        let result = try PlistParser.parse(
          buffer, file: "t", deferringObjects: true, halves: halves)
        #expect(result.openAtBoundary == nil)
        return Reading(
          tokens: result.tokens.map { [UInt32($0.kind.rawValue), $0.start, $0.end, $0.next] },
          objects: result.objects, markers: result.sectionMarkers.map(\.offset))
      } catch {
        return Reading(error: "\(error)")
      }
    }
  }

  /// The start of every line but the first, and where its text starts after tabs and spaces
  /// (where `splitPoint` guesses).
  static func lineStarts(_ bytes: [UInt8]) -> [Int] {
    var starts: [Int] = []
    for newline in bytes.indices.dropLast() where bytes[newline] == UInt8(ascii: "\n") {
      var text = newline + 1
      starts.append(text)
      while text < bytes.count && (bytes[text] == .tab || bytes[text] == .space) { text += 1 }
      if text != newline + 1 && text < bytes.count { starts.append(text) }
    }
    return starts
  }

  /// Every line of every project as the second half's start: between two objects (the
  /// guess holds), inside an object or a list, before or after the objects (it does not).
  @Test(arguments: Fixtures.projects) func everyLineAsTheBoundaryReadsTheSame(_ name: String)
    throws
  {
    let bytes = try Fixtures.bytes(name)
    let whole = Self.read(bytes, halves: .never)
    #expect(whole.error == nil)
    let starts = Self.lineStarts(bytes)
    // Large fixtures: a spread of their lines, every kind of line still among them.
    let step = max(1, starts.count / 400)
    for start in stride(from: 0, to: starts.count, by: step).map({ starts[$0] }) {
      #expect(Self.read(bytes, halves: .from(start)) == whole, "boundary at \(start)")
    }
  }

  /// A project whose objects are all one line each, like a large project's build files and
  /// file references, with an error on one line: the error is the first in the file whichever
  /// half it is in, and a second error later does not hide it.
  @Test func theFirstErrorInTheFileIsTheOne() {
    func project(errors: [Int]) -> [UInt8] {
      var lines = [
        "// !$*UTF8*$!", "{", "\tobjects = {", "", "/* Begin PBXFileReference section */",
      ]
      for number in 0..<40 {
        let id = String(repeating: "A", count: 20) + String(1000 + number)
        let path = errors.contains(number) ? "a b" : "File\(number).swift"
        lines.append(
          "\t\t\(id) /* File\(number).swift */ = {isa = PBXFileReference; path = \(path); };")
      }
      lines += ["/* End PBXFileReference section */", "\t};", "\trootObject = X;", "}", ""]
      return Array(lines.joined(separator: "\n").utf8)
    }
    for errors in [[], [3], [30], [3, 30], [19], [20], [39]] {
      let bytes = project(errors: errors)
      let whole = Self.read(bytes, halves: .never)
      #expect((whole.error == nil) == errors.isEmpty)
      for start in Self.lineStarts(bytes) {
        #expect(Self.read(bytes, halves: .from(start)) == whole, "errors \(errors) at \(start)")
      }
    }
  }

  /// Broken endings (the objects or the file not closed, text after the end): the same error.
  @Test(arguments: [
    "\t};\n\trootObject = X;\n", "\t};\n\trootObject = X;\n}\nmore\n", "",
    "\t};\n\trootObject = X;\n}\n}\n",
  ]) func brokenEndingsAreTheSame(_ ending: String) {
    var text = "{\n\tobjects = {\n"
    for number in 0..<20 {
      text += "\t\tAAAAAAAAAAAAAAAAAAAA\(1000 + number) = {isa = PBXBuildFile; fileRef = B; };\n"
    }
    let bytes = Array((text + ending).utf8)
    let whole = Self.read(bytes, halves: .never)
    #expect(whole.error != nil)
    for start in Self.lineStarts(bytes) {
      #expect(Self.read(bytes, halves: .from(start)) == whole, "at \(start)")
    }
  }

  /// A line inside a quoted string that looks like the start of an object: the first half
  /// passes it inside the string and reads on alone.
  @Test func aGuessInsideAStringIsPassedOver() throws {
    let text = """
      {
      	objects = {
      		AAAAAAAAAAAAAAAAAAAA1000 = {isa = PBXShellScriptBuildPhase; shellScript = "echo
      		AAAAAAAAAAAAAAAAAAAA1001 = {isa = PBXBuildFile; };
      "; };
      		AAAAAAAAAAAAAAAAAAAA1002 = {isa = PBXBuildFile; fileRef = B; };
      	};
      	rootObject = AAAAAAAAAAAAAAAAAAAA1000;
      }

      """
    let bytes = Array(text.utf8)
    let guess = try #require(Self.lineStarts(bytes).first { bytes[$0 + 2] == UInt8(ascii: "A") })
    let whole = Self.read(bytes, halves: .never)
    #expect(whole.objects.count == 2)
    #expect(Self.read(bytes, halves: .from(guess + 2)) == whole)
  }

  /// Lines that start with an ID where no entry of the objects starts (a key and its value on
  /// two lines, a list item, a nested dictionary's key): each is passed over.
  @Test func aGuessInsideAnEntryIsPassedOver() {
    let text = """
      {
      	objects = {
      		AAAAAAAAAAAAAAAAAAAA1000
      		= {isa = PBXBuildFile; fileRef = AAAAAAAAAAAAAAAAAAAA1001; };
      		AAAAAAAAAAAAAAAAAAAA1001 =
      		{isa = PBXGroup; children = (
      		AAAAAAAAAAAAAAAAAAAA1000,
      		); };
      		AAAAAAAAAAAAAAAAAAAA1002 = {isa = PBXProject; attributes = {
      		AAAAAAAAAAAAAAAAAAAA1003 = {CreatedOnToolsVersion = 16.0; };
      		}; };
      		AAAAAAAAAAAAAAAAAAAA1004 = {isa = PBXBuildFile; fileRef = AAAAAAAAAAAAAAAAAAAA1001; };
      	};
      	rootObject = AAAAAAAAAAAAAAAAAAAA1002;
      }

      """
    let bytes = Array(text.utf8)
    let whole = Self.read(bytes, halves: .never)
    #expect(whole.error == nil && whole.objects.count == 4)
    for start in Self.lineStarts(bytes) {
      #expect(Self.read(bytes, halves: .from(start)) == whole, "at \(start)")
    }
  }

  /// An ID given to an object in each half: the index of a document read in two halves
  /// finds the later, as it does read in one go.
  @Test func anIDInBothHalvesIsTheLaterObject() throws {
    var text = "{\n\tobjects = {\n"
    for number in 0..<20 {
      let id = number == 15 ? "AAAAAAAAAAAAAAAAAAAA1002" : "AAAAAAAAAAAAAAAAAAAA\(1000 + number)"
      text += "\t\t\(id) = {isa = PBXFileReference; path = f\(number).swift; };\n"
    }
    text += "\t\tAAAAAAAAAAAAAAAAAAAA1999 = {isa = PBXProject; };\n"
    text += "\t};\n\trootObject = AAAAAAAAAAAAAAAAAAAA1999;\n}\n"
    let bytes = Array(text.utf8)
    let boundary = Self.lineStarts(bytes).filter { bytes[$0] == UInt8(ascii: "A") }[10]
    let whole = try ProjectDocument(
      bytes: ProjectBytes(bytes), file: "t", deferringObjects: true, halves: .never)
    let halves = try ProjectDocument(
      bytes: ProjectBytes(bytes), file: "t", deferringObjects: true, halves: .from(boundary))
    for number in 0..<20 {
      let key = ObjectKey("AAAAAAAAAAAAAAAAAAAA\(1000 + number)")
      #expect(
        halves.index.place(for: key, bytes: halves.bytes)
          == whole.index.place(for: key, bytes: whole.bytes), "\(number)")
    }
    #expect(
      halves.index.place(for: ObjectKey("AAAAAAAAAAAAAAAAAAAA1002"), bytes: halves.bytes) == 15)
    #expect(halves.index.mayHaveDuplicates && whole.index.mayHaveDuplicates)
  }

  /// Files of a megabyte and more are read in two halves, from a line that starts an object,
  /// and read as in one go; the project reads the same.
  @Test func largeFilesAreReadInTwoHalves() throws {
    let bytes = try Fixtures.bytes("iOS/Project.xcodeproj")
    let text = String(decoding: bytes, as: UTF8.self)
    // The build files repeated (new IDs) until the file passes a megabyte.
    let marker = "/* Begin PBXBuildFile section */\n"
    let head = try #require(text.range(of: marker))
    var lines: [String] = []
    var number = 0
    while lines.count * 110 < PlistParser.splitSize {
      let id = String(number, radix: 16, uppercase: true)
      lines.append(
        "\t\t" + String(repeating: "F", count: 24 - id.count) + id
          + " /* Extra.swift in Sources */ = {isa = PBXBuildFile; fileRef = "
          + "AAAAAAAAAAAAAAAAAAAAAAAA /* Extra.swift */; };")
      number += 1
    }
    let large = Array(
      (text[..<head.upperBound] + lines.joined(separator: "\n") + "\n"
        + text[head.upperBound...]).utf8)
    #expect(large.count >= PlistParser.splitSize)
    let boundary = large.withUnsafeBufferPointer {
      PlistParser(bytes: $0, file: "t").splitPoint()
    }
    let start = try #require(boundary)
    #expect(large[(start - 3)..<start].elementsEqual("\n\t\t".utf8))
    #expect(Self.read(large, halves: .automatic) == Self.read(large, halves: .never))
    let project = try XcodeProject(bytes: large, file: "t")
    #expect(
      project.targets.map(\.name)
        == (try Fixtures.project("iOS/Project.xcodeproj")).targets.map(\.name))
  }
}
