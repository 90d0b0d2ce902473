import Diagnostics

/// A parsed `project.pbxproj`: its bytes as read, its tokens, and its objects by ID. Nothing is
/// decoded until it is asked for, so reading a project of 20,000 files makes few strings.
///
/// Read with `deferringObjects`, the objects Xcode writes on one line (build files and file
/// references, most of a large project) are checked but not read into tokens: each is one
/// deferred token until `object(_:)` or `read(_:)` reads it into tokens appended at the end
/// (its key token copied before its dictionary, so that `idToken(ofObject:)` holds for every
/// object). Every object's ID is indexed either way.
struct ProjectDocument: Sendable {
  /// The file's name for messages.
  let file: String
  let bytes: [UInt8]
  private(set) var tokens: TokenList
  let sectionMarkers: [PlistParser.SectionMarker]
  /// The token of the `objects` dictionary.
  let objectsToken: Int
  /// The token of the root object (the `PBXProject`) and its ID.
  private(set) var rootObject = 0
  let rootObjectID: String
  let style: ProjectStyle
  /// Object ID → the token of its key in `objects` (its value is the next token).
  let index: ObjectIndex
  /// Every object, in file order (its `ObjectNumber`).
  let objects: [ObjectRecord]
  /// Deferred objects read since: the deferred token → the token of the dictionary read.
  private var readObjects: [TokenIndex: TokenIndex] = [:]

  init(bytes: [UInt8], file: String, deferringObjects: Bool = false)
    throws(XcodeProjectError)
  {
    let parsed = try bytes.withUnsafeBufferPointer { buffer throws(XcodeProjectError) in
      // Xcode reads the file as the UTF-8 its first line declares, and cannot open it otherwise.
      let invalid = UTF8Validation.firstInvalidOffset(buffer)
      guard invalid == buffer.count else {
        throw XcodeProjectError(
          .notUTF8(byte: buffer[invalid]), file: file,
          location: SourceLocation(file: file, bytes: buffer, offset: invalid))
      }
      return try PlistParser.parse(buffer, file: file, deferringObjects: deferringObjects)
    }
    self.file = file
    self.bytes = bytes
    self.tokens = TokenList(base: parsed.tokens)
    self.sectionMarkers = parsed.sectionMarkers

    func notAProject(_ problem: String, at offset: Int) -> XcodeProjectError {
      XcodeProjectError(
        .notAProject(problem), file: file,
        location: Self.location(in: bytes, file: file, offset: offset))
    }
    let tokens = self.tokens
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
    // The parser lists the entries of the first `objects` dictionary, the one read here.
    self.objects = parsed.objects
    self.index = ObjectIndex(
      numbers: parsed.objects.indices.lazy.map(ObjectNumber.init), of: parsed.objects,
      tokens: parsed.tokens, bytes: bytes,
      compact: true)

    let rootID = PlistText.decode(tokens[rootValue], in: bytes)
    self.rootObjectID = rootID
    self.style = ProjectStyle(
      bytes: bytes, tokens: parsed.tokens, annotated: !parsed.sectionMarkers.isEmpty,
      quotesValues: Self.quotesIsa(ofObject: parsed.objects.first?.value, tokens, bytes))
    guard let root = object(ObjectKey(rootID)), self.tokens[root].kind == .dictionary else {
      throw XcodeProjectError(
        .missingObject(id: rootID, from: "'rootObject'"), file: file,
        location: Self.location(in: bytes, file: file, offset: tokens[rootValue].sourceStart))
    }
    self.rootObject = root
    let isa = Self.value(in: root, key: Key.isa, tokens: self.tokens, bytes: bytes)
    guard let isa, PlistText.equals(self.tokens[isa], in: bytes, Isa.project) else {
      let name =
        isa.map { PlistText.decode(self.tokens[$0], in: bytes) } ?? "object without 'isa'"
      throw notAProject(
        "its root object is a \(name), not a PBXProject", at: tokens[rootValue].sourceStart)
    }
  }

  /// Whether the object at a value token writes its `isa` quoted (read from its bytes when it
  /// was deferred).
  private static func quotesIsa(ofObject value: Int?, _ tokens: TokenList, _ bytes: [UInt8])
    -> Bool
  {
    guard let value else { return false }
    guard tokens[value].isDeferred else {
      return Self.value(in: value, key: Key.isa, tokens: tokens, bytes: bytes).map {
        tokens[$0].kind == .quoted
      } ?? false
    }
    var objectTokens: [PlistToken] = []
    do {
      try bytes.withUnsafeBufferPointer { buffer throws(XcodeProjectError) in
        try PlistParser.parseObject(
          buffer, file: "", at: Int(tokens[value].start), into: &objectTokens, indexBase: 0)
      }
    } catch {
      return false
    }
    let object = TokenList(base: objectTokens)
    return Self.value(in: 0, key: Key.isa, tokens: object, bytes: bytes).map {
      object[$0].kind == .quoted
    } ?? false
  }

  static func location(in bytes: [UInt8], file: String, offset: Int) -> SourceLocation {
    bytes.withUnsafeBufferPointer { SourceLocation(file: file, bytes: $0, offset: offset) }
  }

  func location(ofToken token: Int) -> SourceLocation {
    Self.location(in: bytes, file: file, offset: tokens[token].sourceStart)
  }

  // MARK: - Values

  /// The value token for `key` in the dictionary at token `dictionary`.
  @inline(__always)
  func value(in dictionary: Int, key: String) -> Int? {
    assert(!tokens[dictionary].isDeferred, "an object read without read(_:)")
    return Self.value(in: dictionary, key: key, tokens: tokens, bytes: bytes)
  }

  private static func value(in dictionary: Int, key: String, tokens: TokenList, bytes: [UInt8])
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
  @inline(__always)
  func text(_ token: Int) -> String? {
    tokens[token].isText && tokens[token].kind != .data
      ? PlistText.decode(tokens[token], in: bytes) : nil
  }

  /// The text for `key` in a dictionary, when it is text.
  @inline(__always)
  func string(in dictionary: Int, key: String) -> String? {
    // Not `.flatMap(text)`: a method reference copies the document.
    guard let value = value(in: dictionary, key: key) else { return nil }
    return text(value)
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
    guard let value = value(in: dictionary, key: key) else { return [] }
    return items(of: value)
  }

  // MARK: - Objects

  /// The dictionary token of the object with this ID, read first if it was deferred; nil when
  /// the project has no such object.
  mutating func object(_ id: ObjectKey) -> Int? {
    unreadObject(id).flatMap { read($0) }
  }

  /// The dictionary token of the object a text token names (as `object(_:)`).
  mutating func object(named token: Int) -> Int? {
    unreadObject(named: token).flatMap { read($0) }
  }

  /// The value token of the object with this ID as the file has it: its dictionary, or a
  /// deferred token, or the dictionary it was read into.
  @inline(__always)
  func unreadObject(_ id: ObjectKey) -> Int? {
    index.token(for: id, bytes: bytes).map { current(Int($0) + 1) }
  }

  @inline(__always)
  func unreadObject(named token: Int) -> Int? {
    guard tokens[token].isText else { return nil }
    return unreadObject(ObjectKey(token: tokens[token], in: bytes))
  }

  /// The object's dictionary once read: `value` itself, or the dictionary a deferred object
  /// was read into.
  @inline(__always)
  func current(_ value: Int) -> Int {
    guard tokens[value].isDeferred else { return value }
    return readObjects[TokenIndex(value)].map(Int.init) ?? value
  }

  /// Reads the deferred object at `value` (an object's value token) into tokens and returns its
  /// dictionary token; any other value is returned as it is.
  mutating func read(_ value: Int) -> Int? {
    let value = current(value)
    guard tokens[value].isDeferred else { return value }
    let deferred = tokens[value]
    let start = tokens.count
    var key = tokens[value - 1]
    key.next = TokenIndex(start + 1)
    let added = tokens.added.count
    tokens.added.append(key)
    do {
      try bytes.withUnsafeBufferPointer { buffer throws(XcodeProjectError) in
        try PlistParser.parseObject(
          buffer, file: file, at: Int(deferred.start), into: &tokens.added,
          indexBase: tokens.base.count)
      }
    } catch {
      // The parser checked the object when it deferred it: this cannot happen.
      assertionFailure("a deferred object failed to read: \(error)")
      tokens.added.removeSubrange(added...)
      return nil
    }
    assert(tokens[start + 1].end == deferred.end)
    readObjects[TokenIndex(value)] = TokenIndex(start + 1)
    return start + 1
  }

  /// Reads every deferred object, as a reading that defers nothing would have.
  mutating func readAll() {
    for object in objects { _ = read(object.value) }
  }

  func contains(_ id: ObjectKey) -> Bool {
    index.token(for: id, bytes: bytes) != nil
  }

  /// The key token of an object, from its dictionary token.
  func idToken(ofObject object: Int) -> Int { object - 1 }

  func isa(ofObject object: Int) -> String? { string(in: object, key: Key.isa) }

  @inline(__always)
  func isa(ofObject object: Int, is name: String) -> Bool {
    guard let isa = value(in: object, key: Key.isa) else { return false }
    return PlistText.equals(tokens[isa], in: bytes, name)
  }

  /// The `/* comment */` Xcode wrote after a token (an object's ID or a reference), if any.
  func comment(after token: Int) -> String? {
    var position = tokens[token].sourceEnd
    while position < bytes.count && (bytes[position] == .space || bytes[position] == .tab) {
      position += 1
    }
    guard position + 1 < bytes.count, bytes[position] == .slash, bytes[position + 1] == .star
    else { return nil }
    var start = position + 2
    position = start
    while position + 1 < bytes.count && !(bytes[position] == .star && bytes[position + 1] == .slash)
    {
      position += 1
    }
    // Without the spaces around the text (bytes: a space is one byte).
    while start < position && bytes[start] == .space { start += 1 }
    while position > start && bytes[position - 1] == .space { position -= 1 }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }
}

/// A document's tokens: those of the reading (shared by every copy of the document, never
/// copied), then those of the deferred objects read since, numbered on from them.
struct TokenList: Sendable {
  let base: [PlistToken]
  var added: [PlistToken] = []

  init(base: [PlistToken]) {
    self.base = base
  }

  var count: Int { base.count + added.count }

  @inline(__always)
  subscript(index: Int) -> PlistToken {
    index < base.count ? base[index] : added[index &- base.count]
  }

  /// The items of the array at token `array` whose IDs `index` holds, with their objects'
  /// numbers: a group's thousands of items looked up in the file's bytes (`raw`) as they are.
  /// The items whose IDs neither `index` nor `all` (every object's) holds are `missing`.
  func items(
    of array: Int, foundIn index: ObjectIndex, all: ObjectIndex, raw: UnsafeRawBufferPointer
  )
    -> (found: [(item: Int, object: ObjectNumber)], missing: [Int])
  {
    var found: [(item: Int, object: ObjectNumber)] = []
    var missing: [Int] = []
    // An array's items are where the array is: in `base`, or all in `added`.
    func scan(_ tokens: UnsafeBufferPointer<PlistToken>, first: Int) {
      let end = Int(tokens[array &- first].next)
      var item = array &+ 1
      while item < end {
        let token = tokens[item &- first]
        if token.isText {
          if let object = index.number(ofIDIn: token, raw: raw) {
            found.append((item, object))
          } else if all.number(ofIDIn: token, raw: raw) == nil {
            missing.append(item)
          }
        }
        item = Int(token.next)
      }
    }
    if array < base.count {
      base.withUnsafeBufferPointer { scan($0, first: 0) }
    } else {
      added.withUnsafeBufferPointer { scan($0, first: base.count) }
    }
    return (found, missing)
  }
}
