/// Turning a plan into text edits: new objects go into their section in ID order (a missing
/// section is created in alphabetical order of sections, as Xcode orders them), new list items
/// go on their own lines before the closing `)`, deleted objects and items take their lines
/// with them. No other byte changes.
extension ProjectEditor {
  func render() -> TextEdits {
    var edits = TextEdits()
    renderDeletions(into: &edits)
    renderListInsertions(into: &edits)
    renderNewObjects(into: &edits)
    return edits
  }

  // MARK: - Lists

  private func renderListInsertions(into edits: inout TextEdits) {
    for (item, references) in insertsBefore.sorted(by: { $0.key < $1.key }) {
      let start = document.tokens[item].sourceStart
      let lineStart = self.lineStart(start)
      if onlyBlanks(lineStart..<start) {
        let indentation = String(decoding: document.bytes[lineStart..<start], as: UTF8.self)
        let text = references.map { writer.listItemLine($0, indentation: indentation) }.joined()
        edits.insert(text, at: lineStart)
      } else {
        edits.insert(references.map(writer.inlineListItem).joined(), at: start)
      }
    }
    for slot in appendOrder {
      let references = appends[slot] ?? []
      if let list = document.value(in: slot.object, key: slot.key),
        document.tokens[list].kind == .array
      {
        insert(references, intoList: list, edits: &edits)
      } else {
        insertKey(slot.key, references, into: slot.object, edits: &edits)
      }
    }
  }

  private func insert(_ references: [Reference], intoList list: Int, edits: inout TextEdits) {
    let open = Int(document.tokens[list].start)
    let close = Int(document.tokens[list].end)
    let lineStart = self.lineStart(close)
    if lineStart > open && onlyBlanks(lineStart..<close) {
      let indentation =
        String(decoding: document.bytes[lineStart..<close], as: UTF8.self) + writer.style.indent
      let text = references.map { writer.listItemLine($0, indentation: indentation) }.joined()
      edits.insert(text, at: lineStart)
    } else {
      edits.insert(references.map(writer.inlineListItem).joined(), at: close)
    }
  }

  /// Adds a list the object lacks, as a key in alphabetical order among its keys.
  private func insertKey(
    _ key: String, _ references: [Reference], into object: Int, edits: inout TextEdits
  ) {
    var before = Int(document.tokens[object].end)
    var entry = object + 1
    while entry < Int(document.tokens[object].next) {
      if let name = document.text(entry), name != Key.isa, name > key {
        before = document.tokens[entry].sourceStart
        break
      }
      entry = Int(document.tokens[entry + 1].next)
    }
    let lineStart = self.lineStart(before)
    if lineStart > Int(document.tokens[object].start) && onlyBlanks(lineStart..<before) {
      let closing = self.lineStart(Int(document.tokens[object].end))
      let base =
        String(decoding: document.bytes[closing..<Int(document.tokens[object].end)], as: UTF8.self)
        + writer.style.indent
      let newline = writer.style.newline
      let items = references.map {
        writer.listItemLine($0, indentation: base + writer.style.indent)
      }
      edits.insert(
        base + key + " = (" + newline + items.joined() + base + ");" + newline, at: lineStart)
    } else {
      edits.insert(
        key + " = (" + references.map(writer.inlineListItem).joined() + "); ", at: before)
    }
  }

  // MARK: - New objects

  private func renderNewObjects(into edits: inout TextEdits) {
    let objects = newObjects.values.sorted { ($0.isa, $0.id) < ($1.isa, $1.id) }
    guard !objects.isEmpty else { return }
    let entries = document.objects
    guard writer.style.annotated else {
      insertSorted(objects, among: entries[...], end: lineStart(objectsEnd), edits: &edits)
      return
    }
    let sections = self.sections
    var index = 0
    while index < objects.count {
      let isa = objects[index].isa
      var end = index
      while end < objects.count && objects[end].isa == isa { end += 1 }
      let group = Array(objects[index..<end])
      index = end
      if let section = sections.first(where: { $0.name == isa }) {
        let inSection = self.entries(entries, between: section.begin, and: section.end)
        insertSorted(group, among: inSection, end: lineStart(section.end), edits: &edits)
        continue
      }
      let newline = writer.style.newline
      let body = group.map(writer.lines).joined()
      let text =
        "/* Begin \(isa) section */" + newline + body + "/* End \(isa) section */" + newline
      if let next = sections.filter({ $0.name > isa }).min(by: { $0.begin < $1.begin }) {
        edits.insert(text + newline, at: lineStart(next.begin))
      } else if let last = sections.max(by: { $0.end < $1.end }) {
        edits.insert(newline + text, at: lineEnd(last.end))
      } else {
        edits.insert(newline + text, at: lineEnd(Int(document.tokens[document.objectsToken].start)))
      }
    }
  }

  /// Inserts objects (sorted by ID) before the first existing object with a greater ID, or at
  /// `end`: objects stay sorted by ID, as Xcode keeps them.
  private func insertSorted(
    _ objects: [ObjectWriter.Object], among entries: ArraySlice<ObjectRecord>,
    end: Int, edits: inout TextEdits
  ) {
    for object in objects.sorted(by: { $0.id < $1.id }) {
      let id = Array(object.id.utf8)
      // Xcode keeps objects sorted by ID, so the position is found by binary search; in a file
      // that is not sorted, this still finds a position between two objects.
      var entry = entries.startIndex
      var high = entries.endIndex
      while entry < high {
        let middle = (entry + high) / 2
        if isLess(Int(entries[middle].key), than: id) { entry = middle + 1 } else { high = middle }
      }
      let offset =
        entry < entries.endIndex
        ? lineStart(document.tokens[Int(entries[entry].key)].sourceStart) : end
      edits.insert(writer.lines(for: object), at: offset)
    }
  }

  /// Whether the text of a token sorts before `text`, byte by byte.
  private func isLess(_ token: Int, than text: [UInt8]) -> Bool {
    let value = document.tokens[token]
    if value.kind == .escaped {
      return Array((document.text(token) ?? "").utf8).lexicographicallyPrecedes(text)
    }
    let bytes = document.bytes
    var index = Int(value.start)
    for byte in text {
      if index == Int(value.end) { return true }
      if bytes[index] != byte { return bytes[index] < byte }
      index += 1
    }
    return false
  }

  /// The objects (key tokens, in file order) whose IDs lie between two offsets.
  private func entries(_ entries: [ObjectRecord], between start: Int, and end: Int)
    -> ArraySlice<ObjectRecord>
  {
    func firstAfter(_ offset: Int) -> Int {
      var low = 0
      var high = entries.count
      while low < high {
        let middle = (low + high) / 2
        if document.tokens[Int(entries[middle].key)].sourceStart > offset {
          high = middle
        } else {
          low = middle + 1
        }
      }
      return low
    }
    return entries[firstAfter(start)..<firstAfter(end)]
  }

  /// The sections of the objects dictionary: name, and the offsets of the Begin and End
  /// markers.
  var sections: [(name: String, begin: Int, end: Int)] {
    let objects = document.tokens[document.objectsToken]
    var open: [String: Int] = [:]
    var result: [(name: String, begin: Int, end: Int)] = []
    for marker in document.sectionMarkers
    where marker.offset > Int(objects.start) && marker.offset < Int(objects.end) {
      let name = String(decoding: document.bytes[marker.name], as: UTF8.self)
      if marker.isBegin {
        open[name] = marker.offset
      } else if let begin = open.removeValue(forKey: name) {
        result.append((name, begin, marker.offset))
      }
    }
    return result
  }

  private var objectsEnd: Int { Int(document.tokens[document.objectsToken].end) }

  // MARK: - Deletions

  private func renderDeletions(into edits: inout TextEdits) {
    for object in deletedObjects.sorted() {
      let start = document.tokens[document.idToken(ofObject: object)].sourceStart
      let semicolon = nextByte(.semicolon, after: document.tokens[object].sourceEnd)
      edits.delete(lineRange(start, semicolon + 1))
    }
    for item in deletedItems.sorted() {
      let token = document.tokens[item]
      let comma = nextByte(.comma, after: token.sourceEnd)
      let end =
        comma < document.bytes.count && document.bytes[comma] == .comma
        ? comma + 1 : token.sourceEnd
      edits.delete(lineRange(token.sourceStart, end))
    }
    guard writer.style.annotated, !deletedObjects.isEmpty else { return }
    // A section whose objects are all deleted goes too, with the blank line before it.
    let entries = document.objects
    let newIsas = Set(newObjects.values.map(\.isa))
    for section in sections where !newIsas.contains(section.name) {
      let inSection = self.entries(entries, between: section.begin, and: section.end)
      guard !inSection.isEmpty,
        inSection.allSatisfy({ deletedObjects.contains(document.current($0.value)) })
      else {
        continue
      }
      var start = lineStart(section.begin)
      let newline = Array(writer.style.newline.utf8)
      if start >= 2 * newline.count,
        Array(document.bytes[(start - 2 * newline.count)..<start]) == newline + newline
      {
        start -= newline.count
      }
      edits.delete(start..<lineEnd(section.end))
    }
  }

  /// The whole lines from `start` to `end` when nothing else is on them; else just the range
  /// and the spaces after it.
  private func lineRange(_ start: Int, _ end: Int) -> Range<Int> {
    let bytes = document.bytes
    let lineStart = self.lineStart(start)
    var after = end
    while after < bytes.count && (bytes[after] == .space || bytes[after] == .tab) { after += 1 }
    if onlyBlanks(lineStart..<start)
      && (after == bytes.count || bytes[after] == .newline || bytes[after] == .carriageReturn)
    {
      return lineStart..<lineEnd(after)
    }
    return start..<after
  }

  // MARK: - Bytes

  private func lineStart(_ offset: Int) -> Int {
    var position = offset
    while position > 0 && document.bytes[position - 1] != .newline { position -= 1 }
    return position
  }

  /// The offset after the line break ending the line of `offset`.
  private func lineEnd(_ offset: Int) -> Int {
    var position = offset
    while position < document.bytes.count && document.bytes[position] != .newline { position += 1 }
    return min(position + 1, document.bytes.count)
  }

  private func onlyBlanks(_ range: Range<Int>) -> Bool {
    document.bytes[range].allSatisfy { $0 == .space || $0 == .tab }
  }

  /// The offset of the next `byte` after `offset`, skipping blanks and comments; `offset` when
  /// something else comes first.
  private func nextByte(_ byte: UInt8, after offset: Int) -> Int {
    let bytes = document.bytes
    var position = offset
    while position < bytes.count {
      if bytes[position] == byte { return position }
      if bytes[position].isWhitespace {
        position += 1
      } else if bytes[position] == .slash && position + 1 < bytes.count
        && bytes[position + 1] == .star
      {
        position += 2
        while position + 1 < bytes.count
          && !(bytes[position] == .star && bytes[position + 1] == .slash)
        {
          position += 1
        }
        position += 2
      } else {
        return offset
      }
    }
    return offset
  }
}
