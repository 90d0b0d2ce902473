import SystemLibrary

/// The shapes Xcode writes by the ten thousand, read faster than the loop reads them, and
/// checked exactly as it checks them: a list item a line (`ID /* name */,`), an object on one
/// line (`{isa = PBXBuildFile; fileRef = ID /* name */; }`). Anything else goes to the loop.
extension PlistParser {
  /// An object written on one line, passed over.
  struct LineObject {
    /// The offsets of its `{` and `}`.
    var open: Int
    var close: Int
    var kind: ObjectRecord.Kind
    /// A file reference's `NameFilter.hash` of the last component of its `path`; 0 when that
    /// needs reading the object to know.
    var pathHash: UInt32
  }

  /// An entry of the objects written on one line as Xcode writes them, `ID /* comment */ = {…};`.
  struct ObjectLine {
    /// One past the key (which starts where the entry does).
    var keyEnd: Int
    /// The comment after the key: the offsets of its `/*` and `*/`.
    var comment: (start: Int, end: Int)?
    var object: LineObject
    /// One past the `;`.
    var end: Int
  }

  /// The entry of the objects at `start` (at its key) when Xcode's shape: an unquoted key, at
  /// most a comment, `=`, an object on one line (`lineObject`), `;`, with blanks between. Nil
  /// for any other shape, which the loop reads.
  @inline(__always)
  func objectLine(
    at start: Int, classes: UnsafeBufferPointer<UInt8>, checked: inout CheckedEntries
  ) -> ObjectLine? {
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    let keyEnd = bareEnd(from: start, classes: classes)
    guard keyEnd > start else { return nil }
    var position = blanks(from: keyEnd)
    var comment: (start: Int, end: Int)?
    if position &+ 1 < count && base[position] == .slash && base[position &+ 1] == .star {
      guard let end = commentEnd(from: position &+ 2) else { return nil }
      comment = (position, end)
      position = blanks(from: end &+ 2)
    }
    guard position < count, base[position] == .equals else { return nil }
    let open = blanks(from: position &+ 1)
    guard open < count, base[open] == .openBrace,
      let object = lineObject(at: open, classes: classes, checked: &checked)
    else { return nil }
    position = blanks(from: object.close &+ 1)
    guard position < count, base[position] == .semicolon else { return nil }
    return ObjectLine(keyEnd: keyEnd, comment: comment, object: object, end: position &+ 1)
  }

  /// The dictionary that opens at `open`, when it is written on one line as Xcode writes build
  /// files and file references: unquoted keys, each `= value;` with an unquoted or quoted
  /// value and at most a comment after it, blanks between. Nil for any other shape (nested
  /// values, line breaks, comments elsewhere, errors), which the loop then reads.
  func lineObject(
    at open: Int, classes: UnsafeBufferPointer<UInt8>, checked: inout CheckedEntries
  ) -> LineObject? {
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    if let close = buildFileEnd(at: open) {
      return LineObject(open: open, close: close, kind: .buildFile, pathHash: 0)
    }
    var position = blanks(from: open &+ 1)
    var isa: Range<Int>?
    var pathHash: UInt32?
    // How Xcode starts every file reference, checked at once.
    if Self.equal(base, open..<min(open &+ 24, count), "{isa = PBXFileReference;") {
      isa = (open &+ 7)..<(open &+ 23)
      position = blanks(from: open &+ 24)
    }
    while position < count {
      if base[position] == .closeBrace {
        var kind = ObjectRecord.Kind.other
        if let isa {
          if Self.equal(base, isa, "PBXFileReference") {
            kind = .fileReference
          } else if Self.equal(base, isa, "PBXBuildFile") {
            kind = .buildFile
          }
        }
        return LineObject(open: open, close: position, kind: kind, pathHash: pathHash ?? 0)
      }
      // Readers take the first of a repeated key.
      let keyStart = position
      if let entry = checked.entry(at: keyStart, in: bytes) {
        if isa == nil, let value = entry.isaValue {
          isa = (keyStart &+ value.lowerBound)..<(keyStart &+ value.upperBound)
        }
        if pathHash == nil, let hash = entry.pathHash { pathHash = hash }
        position = blanks(from: keyStart &+ entry.length)
        continue
      }
      let keyEnd = textEnd(from: position, classes: classes)
      guard keyEnd > keyStart else { return nil }
      position = blanks(from: keyEnd)
      guard position < count, base[position] == .equals else { return nil }
      position = blanks(from: position &+ 1)
      guard position < count else { return nil }
      let isIsa = Self.equal(base, keyStart..<keyEnd, "isa")
      let isPath = Self.equal(base, keyStart..<keyEnd, "path")
      var value = position..<position
      var entryPathHash: UInt32?
      if base[position] == .quote {
        guard let close = stringEnd(from: position) else { return nil }
        value = (position &+ 1)..<close
        position = close &+ 1
        if isPath {
          entryPathHash =
            memchr(base + value.lowerBound, Int32(UInt8.backslash), value.count) == nil
            ? NameFilter.hash(lastComponentOf: UnsafeBufferPointer(rebasing: bytes[value])) : 0
        }
      } else {
        position = textEnd(from: position, classes: classes)
        guard position > value.lowerBound else { return nil }
        value = value.lowerBound..<position
        if isPath {
          entryPathHash = NameFilter.hash(
            lastComponentOf: UnsafeBufferPointer(rebasing: bytes[value]))
        }
      }
      position = blanks(from: position)
      if position &+ 1 < count && base[position] == .slash && base[position &+ 1] == .star {
        guard let end = commentEnd(from: position &+ 2) else { return nil }
        position = blanks(from: end &+ 2)
      }
      guard position < count, base[position] == .semicolon else { return nil }
      checked.remember(
        from: keyStart, to: position &+ 1, in: bytes, isaValue: isIsa ? value : nil,
        pathHash: entryPathHash)
      if isIsa && isa == nil { isa = value }
      if pathHash == nil, let hash = entryPathHash { pathHash = hash }
      position = blanks(from: position &+ 1)
    }
    return nil
  }

  /// The `}` of a build file written exactly as Xcode writes them,
  /// `{isa = PBXBuildFile; fileRef = ID /* name */; }` with an ID of 24 hexadecimal digits.
  @inline(__always)
  private func buildFileEnd(at open: Int) -> Int? {
    guard let base = bytes.baseAddress, open &+ 62 <= bytes.count,
      Self.equal(base, open..<(open &+ 31), "{isa = PBXBuildFile; fileRef = ")
    else { return nil }
    let id = UnsafeRawPointer(base + (open &+ 31))
    guard Self.isHexadecimal(id.loadUnaligned(as: UInt64.self)),
      Self.isHexadecimal(id.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
      Self.isHexadecimal(id.loadUnaligned(fromByteOffset: 16, as: UInt64.self)),
      Self.equal(base, (open &+ 55)..<(open &+ 58), " /*"),
      let end = commentEnd(from: open &+ 58), end &+ 5 <= bytes.count,
      Self.equal(base, end..<(end &+ 5), "*/; }")
    else { return nil }
    return end &+ 4
  }

  /// One past the spaces and tabs from `start`.
  @inline(__always)
  func blanks(from start: Int) -> Int {
    var position = start
    while position < bytes.count && (bytes[position] == .space || bytes[position] == .tab) {
      position &+= 1
    }
    return position
  }

  /// Whether the bytes in `range` are `text`.
  @inline(__always)
  static func equal(_ base: UnsafePointer<UInt8>, _ range: Range<Int>, _ text: StaticString)
    -> Bool
  {
    let length = text.utf8CodeUnitCount
    guard range.count == length else { return false }
    // Short words byte by byte: cheaper than calling the C library.
    guard length <= 8 else { return memcmp(base + range.lowerBound, text.utf8Start, length) == 0 }
    let bytes = base + range.lowerBound
    let text = text.utf8Start
    for index in 0..<length where bytes[index] != text[index] { return false }
    return true
  }

  /// Reads list items written as Xcode writes them, `ID /* name */,` with whitespace between,
  /// from `start` (at an item), appending a token for each ID; returns where the first item of
  /// another shape (or the list's end) starts. Exactly what the loop reads of them.
  func readListItems(from start: Int, tokens: inout [PlistToken], indexBase: Int) -> Int {
    guard let base = bytes.baseAddress else { return start }
    let count = bytes.count
    var position = start
    while position &+ 28 < count && base[position &+ 24] == .space
      && base[position &+ 25] == .slash && base[position &+ 26] == .star
    {
      let raw = UnsafeRawPointer(base + position)
      guard Self.isHexadecimal(raw.loadUnaligned(as: UInt64.self)),
        Self.isHexadecimal(raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
        Self.isHexadecimal(raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)),
        let end = commentEnd(from: position &+ 27), end &+ 2 < count,
        base[end &+ 2] == .comma
      else { break }
      tokens.append(
        Self.token(.bare, position, position &+ 24, next: indexBase &+ tokens.count &+ 1))
      position = end &+ 3
      while position < count && base[position].isWhitespace { position &+= 1 }
    }
    return position
  }

  /// One past the unquoted text starting at `start`. Xcode's IDs, 24 upper-case hexadecimal
  /// digits, are checked eight bytes at a time; anything else by `textEnd`.
  @inline(__always)
  func bareEnd(from start: Int, classes: UnsafeBufferPointer<UInt8>) -> Int {
    if start &+ 25 <= bytes.count, let base = bytes.baseAddress,
      classes[Int(base[start &+ 24])] != ByteClass.bare, base[start &+ 24] != .slash
    {
      let raw = UnsafeRawPointer(base + start)
      if Self.isHexadecimal(raw.loadUnaligned(as: UInt64.self))
        && Self.isHexadecimal(raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        && Self.isHexadecimal(raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
      {
        return start &+ 24
      }
    }
    return textEnd(from: start, classes: classes)
  }

  /// One past the unquoted text starting at `start`, eight bytes at a time (`stops`); a `/`
  /// ends the text only where a comment starts.
  @inline(__always)
  func textEnd(from start: Int, classes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return start }
    let count = bytes.count
    var end = start
    while end &+ 9 <= count {
      let word = UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self)
      let stops = Self.stops(word)
      var slashes = Self.zeroBytes(word ^ 0x2F2F_2F2F_2F2F_2F2F)
      // A `/` before the first stop ends the text when `/` or `*` follows it.
      while slashes != 0
        && (stops == 0 || slashes.trailingZeroBitCount < stops.trailingZeroBitCount)
      {
        let slash = end &+ slashes.trailingZeroBitCount >> 3
        if base[slash &+ 1] == .slash || base[slash &+ 1] == .star { return slash }
        slashes &= slashes &- 1
      }
      if stops != 0 { return end &+ stops.trailingZeroBitCount >> 3 }
      end &+= 8
    }
    while end < count {
      let byteClass = classes[Int(base[end])]
      if byteClass == ByteClass.bare {
        end &+= 1
      } else if byteClass == ByteClass.slash
        && !(end &+ 1 < count && (base[end &+ 1] == .slash || base[end &+ 1] == .star))
      {
        end &+= 1
      } else {
        break
      }
    }
    return end
  }

  /// The top bit of each byte of `word` that cannot be part of unquoted text (`/` can), from
  /// the bits alone: ASCII letters (case folded by `| 0x20`), `-./0-9:` and `$+_` are text.
  /// Adding `0x80 - low` to an ASCII byte sets its top bit exactly when it is `low` or more.
  @inline(__always)
  static func stops(_ word: UInt64) -> UInt64 {
    let top: UInt64 = 0x8080_8080_8080_8080
    let ascii = word & 0x7F7F_7F7F_7F7F_7F7F
    let folded = ascii | 0x2020_2020_2020_2020
    let letter = (folded &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(folded &+ 0x0505_0505_0505_0505)
    let digit = (ascii &+ 0x5353_5353_5353_5353) & ~(ascii &+ 0x4545_4545_4545_4545)
    let sign =
      zeroBytes(ascii ^ 0x2424_2424_2424_2424) | zeroBytes(ascii ^ 0x2B2B_2B2B_2B2B_2B2B)
      | zeroBytes(ascii ^ 0x5F5F_5F5F_5F5F_5F5F)
    return ~((letter | digit | sign) & ~word) & top
  }

  /// The top bit of each zero byte of `word`, exactly.
  @inline(__always)
  static func zeroBytes(_ word: UInt64) -> UInt64 {
    ~(((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | word) & 0x8080_8080_8080_8080
  }

  /// Whether all eight bytes of `word` are `0-9` or `A-F`: adding `0x80 - low` to an ASCII
  /// byte sets its top bit exactly when the byte is `low` or more, with no carry out of it.
  @inline(__always)
  static func isHexadecimal(_ word: UInt64) -> Bool {
    let top: UInt64 = 0x8080_8080_8080_8080
    guard word & top == 0 else { return false }
    let digit = (word &+ 0x5050_5050_5050_5050) & ~(word &+ 0x4646_4646_4646_4646)
    let letter = (word &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(word &+ 0x3939_3939_3939_3939)
    return (digit | letter) & top == top
  }

  /// A token; the file is smaller than 512 MiB (checked first), so offsets fit.
  @inline(__always)
  static func token(_ kind: PlistToken.Kind, _ start: Int, _ end: Int, next: Int) -> PlistToken {
    PlistToken(kind: kind, start: ByteOffset(start), end: ByteOffset(end), next: TokenIndex(next))
  }

  // MARK: - Searching

  /// The offset of the next `byte` from `offset` on.
  func find(_ byte: UInt8, from offset: Int) -> Int? {
    guard offset < bytes.count, let base = bytes.baseAddress,
      let found = memchr(base + offset, Int32(byte), bytes.count - offset)
    else { return nil }
    return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
  }

  /// The offset of the `*/` that ends a comment whose text starts at `start`.
  func commentEnd(from start: Int) -> Int? {
    var offset = start
    while let star = find(.star, from: offset) {
      if star &+ 1 < bytes.count && bytes[star &+ 1] == .slash { return star }
      offset = star &+ 1
    }
    return nil
  }

  /// The offset of the quote that closes the string opening at `open`.
  func stringEnd(from open: Int) -> Int? {
    var offset = open &+ 1
    while let quote = find(.quote, from: offset) {
      var backslashes = 0
      while bytes[quote &- 1 &- backslashes] == .backslash { backslashes &+= 1 }
      if backslashes & 1 == 0 { return quote }
      offset = quote &+ 1
    }
    return nil
  }

  // MARK: - Section markers

  /// Whether a token is the key `objects`.
  func isObjectsKey(_ token: PlistToken) -> Bool {
    (token.kind == .bare || token.kind == .quoted)
      && UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)]).elementsEqual(
        Self.objectsKey)
  }

  private static let objectsKey = Array(Key.objects.utf8)
  private static let sectionSuffix = Array(" section ".utf8)
  private static let beginPrefix = Array(" Begin ".utf8)
  private static let endPrefix = Array(" End ".utf8)

  /// The comment from `/*` at `start` to `*/` at `end` as a section marker, if it is one.
  func sectionMarker(_ start: Int, _ end: Int) -> SectionMarker? {
    // Most comments here are an object's name: rule them out by their first letter.
    guard end - start > 4,
      bytes[start + 3] == UInt8(ascii: "B") || bytes[start + 3] == UInt8(ascii: "E")
    else { return nil }
    let text = UnsafeBufferPointer(rebasing: bytes[(start + 2)..<end])
    let suffix = Self.sectionSuffix
    guard text.count > suffix.count, text.suffix(suffix.count).elementsEqual(suffix) else {
      return nil
    }
    let isBegin = text.starts(with: Self.beginPrefix)
    guard isBegin || text.starts(with: Self.endPrefix) else { return nil }
    let prefixLength = isBegin ? Self.beginPrefix.count : Self.endPrefix.count
    let name = (start + 2 + prefixLength)..<(end - suffix.count)
    return name.isEmpty ? nil : SectionMarker(isBegin: isBegin, name: name, offset: start)
  }
}
