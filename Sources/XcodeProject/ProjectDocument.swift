/// A parsed `project.pbxproj`: its bytes as read, its tokens, and its objects by ID. Nothing is
/// decoded until it is asked for, so reading a project of 20,000 files makes few strings.
final class ProjectDocument: Sendable {
  /// The file's name for messages.
  let file: String
  let bytes: [UInt8]
  let tokens: [PlistToken]
  let sectionMarkers: [PlistParser.SectionMarker]
  /// The token of the `objects` dictionary.
  let objectsToken: Int
  /// The token of the root object (the `PBXProject`) and its ID.
  let rootObject: Int
  let rootObjectID: String
  let style: ProjectStyle
  /// Object ID → the token of its key in `objects` (its value is the next token).
  private let index: ObjectIndex
  /// The key token of every object, in file order.
  let objectKeys: [Int32]

  init(bytes: [UInt8], file: String) throws(XcodeProjectError) {
    let parsed = try bytes.withUnsafeBufferPointer { buffer throws(XcodeProjectError) in
      try PlistParser.parse(buffer, file: file)
    }
    self.file = file
    self.bytes = bytes
    self.tokens = parsed.tokens
    self.sectionMarkers = parsed.sectionMarkers

    func notAProject(_ problem: String, at offset: Int) -> XcodeProjectError {
      XcodeProjectError(
        .notAProject(problem), file: file, location: Self.location(in: bytes, offset: offset))
    }
    let tokens = parsed.tokens
    guard tokens[0].kind == .dictionary else {
      throw notAProject("it does not start with '{'", at: tokens[0].sourceStart)
    }
    guard let objects = Self.value(in: 0, key: Key.objects, tokens: tokens, bytes: bytes),
      tokens[objects].kind == .dictionary
    else {
      throw notAProject("it has no 'objects' dictionary", at: tokens[0].sourceStart)
    }
    guard let rootValue = Self.value(in: 0, key: Key.rootObject, tokens: tokens, bytes: bytes),
      tokens[rootValue].isText
    else {
      throw notAProject("it has no 'rootObject'", at: tokens[0].sourceStart)
    }
    self.objectsToken = objects

    var objectKeys: [Int32] = []
    var entry = objects + 1
    while entry < Int(tokens[objects].next) {
      objectKeys.append(Int32(truncatingIfNeeded: entry))
      entry = Int(tokens[entry + 1].next)
    }
    var index = ObjectIndex(capacity: objectKeys.count)
    for key in objectKeys {
      let token = Int(key)
      index.insert(
        ObjectKey(token: tokens[token], in: bytes), token: token, tokens: tokens, bytes: bytes)
    }
    self.objectKeys = objectKeys
    self.index = index

    let rootID = PlistText.decode(tokens[rootValue], in: bytes)
    guard let rootKey = index.token(for: ObjectKey(rootID), tokens: tokens, bytes: bytes),
      tokens[rootKey + 1].kind == .dictionary
    else {
      throw XcodeProjectError(
        .missingObject(id: rootID, from: "'rootObject'"), file: file,
        location: Self.location(in: bytes, offset: tokens[rootValue].sourceStart))
    }
    self.rootObject = rootKey + 1
    self.rootObjectID = rootID
    self.style = ProjectStyle(
      bytes: bytes, tokens: tokens, annotated: !parsed.sectionMarkers.isEmpty)
    let isa = Self.value(in: rootKey + 1, key: Key.isa, tokens: tokens, bytes: bytes)
    guard let isa, PlistText.equals(tokens[isa], in: bytes, Isa.project) else {
      let name = isa.map { PlistText.decode(tokens[$0], in: bytes) } ?? "object without 'isa'"
      throw notAProject(
        "its root object is a \(name), not a PBXProject", at: tokens[rootValue].sourceStart)
    }
  }

  static func location(in bytes: [UInt8], offset: Int) -> ProjectFileLocation {
    bytes.withUnsafeBufferPointer { ProjectFileLocation(bytes: $0, offset: offset) }
  }

  func location(ofToken token: Int) -> ProjectFileLocation {
    Self.location(in: bytes, offset: tokens[token].sourceStart)
  }

  // MARK: - Values

  /// The value token for `key` in the dictionary at token `dictionary`.
  func value(in dictionary: Int, key: String) -> Int? {
    Self.value(in: dictionary, key: key, tokens: tokens, bytes: bytes)
  }

  private static func value(in dictionary: Int, key: String, tokens: [PlistToken], bytes: [UInt8])
    -> Int?
  {
    guard tokens[dictionary].kind == .dictionary else { return nil }
    var entry = dictionary + 1
    let end = Int(tokens[dictionary].next)
    while entry < end {
      if PlistText.equals(tokens[entry], in: bytes, key) { return entry + 1 }
      entry = Int(tokens[entry + 1].next)
    }
    return nil
  }

  /// The decoded text of a token; nil for a container.
  func text(_ token: Int) -> String? {
    tokens[token].isText && tokens[token].kind != .data
      ? PlistText.decode(tokens[token], in: bytes) : nil
  }

  /// The text for `key` in a dictionary, when it is text.
  func string(in dictionary: Int, key: String) -> String? {
    value(in: dictionary, key: key).flatMap(text)
  }

  /// The item tokens of the array at token `array`.
  func items(of array: Int) -> [Int] {
    guard tokens[array].kind == .array else { return [] }
    var result: [Int] = []
    var item = array + 1
    while item < Int(tokens[array].next) {
      result.append(item)
      item = Int(tokens[item].next)
    }
    return result
  }

  /// The item tokens of the array for `key` in a dictionary (empty when absent).
  func items(in dictionary: Int, key: String) -> [Int] {
    value(in: dictionary, key: key).map(items) ?? []
  }

  // MARK: - Objects

  /// The dictionary token of the object with this ID.
  func object(_ id: ObjectKey) -> Int? {
    index.token(for: id, tokens: tokens, bytes: bytes).map { $0 + 1 }
  }

  /// The dictionary token of the object a text token names.
  func object(named token: Int) -> Int? {
    guard tokens[token].isText else { return nil }
    return object(ObjectKey(token: tokens[token], in: bytes))
  }

  func contains(_ id: ObjectKey) -> Bool {
    index.token(for: id, tokens: tokens, bytes: bytes) != nil
  }

  /// The key token of an object, from its dictionary token.
  func idToken(ofObject object: Int) -> Int { object - 1 }

  func isa(ofObject object: Int) -> String? { string(in: object, key: Key.isa) }

  func isa(ofObject object: Int, is name: String) -> Bool {
    guard let isa = value(in: object, key: Key.isa) else { return false }
    return PlistText.equals(tokens[isa], in: bytes, name)
  }

  /// Every object in file order, as (key token, dictionary token).
  var objectEntries: [(key: Int, object: Int)] {
    objectKeys.map { (Int($0), Int($0) + 1) }
  }

  /// The `/* comment */` Xcode wrote after a token (an object's ID or a reference), if any.
  func comment(after token: Int) -> String? {
    var position = tokens[token].sourceEnd
    while position < bytes.count && (bytes[position] == .space || bytes[position] == .tab) {
      position += 1
    }
    guard position + 1 < bytes.count, bytes[position] == .slash, bytes[position + 1] == .star
    else { return nil }
    let start = position + 2
    position = start
    while position + 1 < bytes.count && !(bytes[position] == .star && bytes[position + 1] == .slash)
    {
      position += 1
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    return String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
