import Testing

@testable import XcodeProject

/// Reading a project passes over the objects Xcode writes on one line (build files and file
/// references, most of a large project), checking them, and reads them when asked: what is
/// read, and every error, are the same as reading everything at once.
@Suite struct DeferredReadingTests {
  func document(_ text: String, deferring: Bool) throws(XcodeProjectError) -> ProjectDocument {
    try ProjectDocument(bytes: Array(text.utf8), file: "t", deferringObjects: deferring)
  }

  @Test(arguments: Fixtures.projects) func passingOverChangesNothingThatIsRead(_ name: String)
    throws
  {
    let bytes = try Fixtures.bytes(name)
    let whole = try ProjectDocument(bytes: bytes, file: name, deferringObjects: false)
    var passed = try ProjectDocument(bytes: bytes, file: name, deferringObjects: true)
    #expect(passed.tokens.count <= whole.tokens.count)
    #expect(passed.objects.count == whole.objects.count)
    #expect(passed.sectionMarkers.map(\.offset) == whole.sectionMarkers.map(\.offset))
    #expect(passed.style == whole.style)
    passed.readAll()
    #expect(passed.value(at: 0) == whole.value(at: 0))
  }

  /// The build files and file references of an Xcode-written project are passed over (but
  /// for build files with settings, a nested value), and known for what they are unread.
  @Test func oneLineObjectsArePassedOverByKind() throws {
    let bytes = try Fixtures.bytes("iOS/Project.xcodeproj")
    let whole = try ProjectDocument(bytes: bytes, file: "p", deferringObjects: false)
    let passed = try ProjectDocument(bytes: bytes, file: "p", deferringObjects: true)
    #expect(passed.tokens.count < whole.tokens.count)
    for (place, record) in whole.objects.enumerated() {
      let object = record.value
      let expected: ObjectRecord.Kind
      switch whole.isa(ofObject: object) {
      case Isa.fileReference: expected = .fileReference
      case Isa.buildFile where whole.value(in: object, key: "settings") == nil:
        expected = .buildFile
      default: expected = .tokenized
      }
      #expect(passed.objects[place].kind == expected)
      #expect(
        passed.tokens[passed.objects[place].value].isDeferred == (expected != .tokenized))
    }
    let kinds = passed.objects.map(\.kind)
    #expect(kinds.contains(.fileReference) && kinds.contains(.buildFile))
  }

  /// The hash of each object's ID, taken while parsing, is the one its key hashes to (0 for an
  /// ID that is not kept as words), read into tokens or passed over.
  @Test(arguments: Fixtures.projects) func objectIDHashesAreThoseOfTheirKeys(_ name: String)
    throws
  {
    let bytes = try Fixtures.bytes(name)
    for deferring in [false, true] {
      let document = try ProjectDocument(bytes: bytes, file: name, deferringObjects: deferring)
      for record in document.objects {
        let token = document.tokens[Int(record.key)]
        let expected =
          ObjectKey.isWords(token)
          ? ObjectKey(token: token, in: document.bytes).mixedWords : 0
        #expect(record.idHash == expected)
      }
    }
  }

  /// An ID that is not 24 characters has no hash, and is still found by its text.
  @Test func shortIDsAreFoundWithoutAHash() throws {
    let text =
      "{ objects = { OBJ_1 = {isa = PBXFileReference; path = a.swift; }; "
      + "A1B2C3D4E5F6A7B8C9D0E1F2 = {isa = PBXProject; }; }; "
      + "rootObject = A1B2C3D4E5F6A7B8C9D0E1F2; }"
    let document = try document(text, deferring: true)
    #expect(document.objects.map(\.idHash).first == 0)
    #expect(document.objects.map(\.idHash).last != 0)
    #expect(document.index.token(for: ObjectKey("OBJ_1"), bytes: document.bytes) != nil)
    #expect(
      document.index.token(for: ObjectKey("A1B2C3D4E5F6A7B8C9D0E1F2"), bytes: document.bytes)
        == document.objects[1].key)
  }

  /// A malformed object on one line: the error is the one reading everything gives.
  static let malformed: [(String, String)] = [
    ("{isa = PBXBuildFile; fileRef = B /* b */ }", "unexpected '}', expected ';' after the value"),
    ("{isa = PBXFileReference; path = a b; }", "unexpected 'b', expected ';' after the value"),
    ("{isa PBXBuildFile; }", "unexpected 'P', expected '=' after the key"),
    ("{isa = ; }", "unexpected ';', expected a value"),
    ("{isa = PBXFileReference; path = x; é = y; }", "unexpected 'é', expected a key or '}'"),
    ("{isa = PBXFileReference; path = a@b; }", "unexpected '@', expected ';' after the value"),
    ("{isa = PBXFileReference; path = \"never closed; }", "unterminated string: no closing '\"'"),
    ("{isa = PBXFileReference; path = x /* never closed", "unterminated comment: no closing '*/'"),
    ("{isa = PBXBuildFile; fileRef = B /* b */; ", "unexpected ';', expected a key or '}'"),
    ("{isa = PBXFileReference; path = x;; }", "unexpected ';', expected a key or '}'"),
    // Entries like those of the object before, up to where they go wrong.
    (
      "{isa = PBXFileReference; lastKnownFileType = sourcecode.swift x; path = a; }",
      "unexpected 'x', expected ';' after the value"
    ),
    (
      "{isa = PBXFileReference; lastKnownFileType = sourcecode.swift; sourceTree = \"<group>; }",
      "unterminated string: no closing '\"'"
    ),
  ]

  @Test(arguments: malformed) func errorsInOneLineObjectsAreTheSame(
    _ object: String, _ message: String
  ) {
    // The object before has the entries Xcode repeats, checked already when A is read.
    let before =
      "Z /* z */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = z; "
      + "sourceTree = \"<group>\"; };"
    let text =
      "{\n\tobjects = {\n\t\t\(before)\n\t\tA /* a */ = \(object);\n\t};\n\trootObject = A;\n}\n"
    var errors: [String] = []
    for deferring in [true, false] {
      do {
        _ = try document(text, deferring: deferring)
        Issue.record("no error for \(object)")
      } catch {
        errors.append(error.description)
      }
    }
    #expect(errors.count == 2 && errors[0] == errors[1])
    #expect(errors.first?.hasSuffix("error: " + message) == true, "\(errors)")
  }

  /// Written in other shapes (on several lines, with a nested value, quoted keys, a line
  /// comment), objects are read at once; any other object on one line is passed over.
  @Test func otherShapesAreReadAtOnce() throws {
    let text = """
      {
      	objects = {
      		A = {isa = PBXBuildFile; fileRef = B; settings = {ATTRIBUTES = (Public, ); }; };
      		B = {
      			isa = PBXFileReference;
      			path = b.h;
      		};
      		C = {"isa" = PBXFileReference; path = c.h; };
      		D = {isa = PBXFileReference; // a line comment
      		path = d.h; };
      		R = {isa = PBXProject; };
      	};
      	rootObject = R;
      }
      """
    let passed = try document(text, deferring: true)
    #expect(passed.objects.map(\.kind) == [.tokenized, .tokenized, .tokenized, .tokenized, .other])
  }

  /// A file name and every path that ends in it hash alike, so that the tree reads only the
  /// file references that may be named so.
  @Test func pathsHashLikeTheNamesTheyEndIn() {
    func hash(_ text: String) -> UInt32 {
      Array(text.utf8).withUnsafeBufferPointer(NameFilter.hash(lastComponentOf:))
    }
    for name in ["a.h", "Home.swift", "HomeViewController.swift", "Café ☕.swift", ""] {
      for folder in ["", "Sources/", "a/", "/abs/", "Modules/Home/"] {
        #expect(hash(folder + name) == hash(name), "\(folder + name)")
      }
    }
    let filter = NameFilter(["HomeBuilder.swift", "a.h"])
    #expect(filter.mayHaveName(pathHash: hash("Modules/HomeBuilder.swift")))
    #expect(filter.mayHaveName(pathHash: hash("x/a.h")))
    #expect(!filter.mayHaveName(pathHash: hash("b.h")))
    #expect(!filter.mayHaveName(pathHash: hash("Feature00File0000.swift")))
    // 0: the parser could not tell (an escaped path), so it may be any name.
    #expect(filter.mayHaveName(pathHash: 0))
  }

  /// Looking for files by name reads only the file references that may have one of the names.
  @Test func theTreeReadsOnlyTheFileReferencesItLooksFor() throws {
    let project = try Fixtures.project("iOS/Project.xcodeproj")
    var document = project.document
    let none = try project.tree(fileNames: ["NoSuchFile.swift"], in: &document)
    #expect(none.files.isEmpty)
    #expect(document.tokens.added.isEmpty)
    let all = try project.tree(fileNames: nil, in: &document)
    #expect(all.files.count > 5)
    #expect(!document.tokens.added.isEmpty)
  }

  /// An ID given to two objects: the last is the object, for the index and the tree alike.
  @Test(arguments: ["F", "AAAAAAAAAAAAAAAAAAAAAAAF"]) func theLastOfTwoObjectsWithOneIDCounts(
    _ id: String
  ) throws {
    func project(reference first: Bool) -> String {
      let reference =
        "\(id) = {isa = PBXFileReference; path = a.swift; sourceTree = \"<group>\"; };"
      let buildFile = "\(id) = {isa = PBXBuildFile; fileRef = X; };"
      return """
        {
        	objects = {
        		\(first ? reference : buildFile)
        		\(first ? buildFile : reference)
        		G = {isa = PBXGroup; children = (\(id), ); sourceTree = "<group>"; };
        		R = {isa = PBXProject; mainGroup = G; targets = (); };
        	};
        	rootObject = R;
        }
        """
    }
    for referenceFirst in [true, false] {
      let project = try XcodeProject(text: project(reference: referenceFirst), file: "t")
      var document = project.document
      let tree = try project.tree(fileNames: ["a.swift"], in: &document)
      #expect(tree.files.map(\.path) == (referenceFirst ? [] : ["a.swift"]))
      #expect(
        project.object(id)?["isa"]?.string == (referenceFirst ? "PBXBuildFile" : "PBXFileReference")
      )
    }
  }

  /// Damaged copies of an Xcode-written project (a byte of a one-line object changed, removed
  /// or doubled, at places a seeded generator picks): reading with objects passed over reads
  /// what reading everything reads, or fails with the same error.
  @Test func damagedProjectsReadTheSameEitherWay() throws {
    let original = try Fixtures.bytes("iOS/Project.xcodeproj")
    // The lines of objects written on one line: where the fast paths read.
    var lines: [Range<Int>] = []
    var start = 0
    for (offset, byte) in original.enumerated() where byte == .newline {
      let line = String(decoding: original[start..<offset], as: UTF8.self)
      if line.hasPrefix("\t\t") && line.hasSuffix("};") && line.contains("= {isa = ") {
        lines.append(start..<offset)
      }
      start = offset + 1
    }
    #expect(lines.count > 20)
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func random(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let replacements: [UInt8] = Array(" \t\n;={}()\"/*,<>\\é@aZ09_.-".utf8)
    var failures = 0
    for _ in 0..<400 {
      let line = lines[random(lines.count)]
      let offset = line.lowerBound + random(line.count)
      var bytes = original
      switch random(3) {
      case 0: bytes[offset] = replacements[random(replacements.count)]
      case 1: bytes.remove(at: offset)
      default: bytes.insert(bytes[offset], at: offset)
      }
      var outcomes: [String] = []
      for deferring in [true, false] {
        do {
          var document = try ProjectDocument(bytes: bytes, file: "p", deferringObjects: deferring)
          document.readAll()
          outcomes.append(document.value(at: 0).description)
        } catch {
          outcomes.append(error.description)
          failures += deferring ? 1 : 0
        }
      }
      #expect(outcomes[0] == outcomes[1], "at \(offset): \(outcomes[0].prefix(200))")
    }
    // Most damage is an error, some is not (a changed name): both were read.
    #expect(failures > 50 && failures < 400)
  }
}
