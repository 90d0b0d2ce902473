import HexDigits

/// A property list value, decoded: what a project file says, without its layout. Used to read
/// values the typed API does not cover and to compare the reader with others.
package indirect enum PlistValue: Sendable, Equatable, CustomStringConvertible {
  case string(String)
  case data([UInt8])
  case array([PlistValue])
  /// Entries in the file's order (a key may repeat).
  case dictionary([Entry])

  package struct Entry: Sendable, Equatable {
    package var key: String
    package var value: PlistValue

    package init(_ key: String, _ value: PlistValue) {
      self.key = key
      self.value = value
    }
  }

  /// The value of `key` in a dictionary (the last, when it repeats).
  package subscript(key: String) -> PlistValue? {
    guard case .dictionary(let entries) = self else { return nil }
    return entries.last { $0.key == key }?.value
  }

  package var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// JSON-like text, for messages and comparisons.
  package var description: String {
    switch self {
    case .string(let text):
      return "\"" + text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
    case .data(let bytes): return "<" + bytes.map { String($0, radix: 16) }.joined() + ">"
    case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
    case .dictionary(let entries):
      return "{"
        + entries.map { PlistValue.string($0.key).description + ": " + $0.value.description }
        .joined(separator: ", ") + "}"
    }
  }
}

extension PlistValue {
  /// The value at `token` of a parsed file, decoded; `current` maps a deferred object to the
  /// dictionary it was read into.
  init(at token: Int, tokens: [PlistToken], bytes: [UInt8]) {
    self.init(at: token, tokens: TokenList(base: tokens), bytes: bytes, current: { $0 })
  }

  init(at token: Int, tokens: TokenList, bytes: [UInt8], current: (Int) -> Int) {
    let token = current(token)
    let value = tokens[token]
    switch value.kind {
    case .bare, .quoted, .escaped:
      self = .string(PlistText.decode(value, in: bytes))
    case .data:
      let digits = bytes[Int(value.start)..<Int(value.end)].compactMap(\.hexDigitValue)
      self = .data(
        stride(from: 0, to: digits.count - 1, by: 2).map { digits[$0] << 4 | digits[$0 + 1] })
    case .array:
      var items: [PlistValue] = []
      var item = token + 1
      while item < Int(value.next) {
        items.append(PlistValue(at: item, tokens: tokens, bytes: bytes, current: current))
        item = Int(tokens[item].next)
      }
      self = .array(items)
    case .dictionary:
      var entries: [Entry] = []
      var entry = token + 1
      while entry < Int(value.next) {
        entries.append(
          Entry(
            PlistText.decode(tokens[entry], in: bytes),
            PlistValue(at: entry + 1, tokens: tokens, bytes: bytes, current: current)))
        entry = Int(tokens[entry + 1].next)
      }
      self = .dictionary(entries)
    case .deferred:
      // Not read (`ProjectDocument.readAll` reads them all).
      self = .dictionary([])
    }
  }
}

extension ProjectDocument {
  /// The value at a token, decoded, with the objects read so far.
  func value(at token: Int) -> PlistValue {
    PlistValue(at: token, tokens: tokens, bytes: bytes, current: current)
  }
}

extension XcodeProject {
  /// The whole file as a value.
  package var plist: PlistValue {
    var document = self.document
    document.readAll()
    return document.value(at: 0)
  }

  /// An object by ID, as a value (unknown objects and keys included, as they are).
  package func object(_ id: String) -> PlistValue? {
    var document = self.document
    return document.object(ObjectKey(id)).map { document.value(at: $0) }
  }
}
