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

extension ProjectDocument {
  /// The value at a token, decoded.
  func value(at token: Int) -> PlistValue {
    let value = tokens[token]
    switch value.kind {
    case .bare, .quoted, .escaped:
      return .string(PlistText.decode(value, in: bytes))
    case .data:
      var data: [UInt8] = []
      var high: UInt8?
      for byte in bytes[Int(value.start)..<Int(value.end)] {
        guard let digit = byte.hexValue else { continue }
        if let first = high {
          data.append(first << 4 | digit)
          high = nil
        } else {
          high = digit
        }
      }
      return .data(data)
    case .array:
      return .array(items(of: token).map { self.value(at: $0) })
    case .dictionary:
      var entries: [PlistValue.Entry] = []
      var entry = token + 1
      while entry < Int(value.next) {
        entries.append(PlistValue.Entry(text(entry) ?? "", self.value(at: entry + 1)))
        entry = Int(tokens[entry + 1].next)
      }
      return .dictionary(entries)
    }
  }
}

extension XcodeProject {
  /// The whole file as a value.
  package var plist: PlistValue { document.value(at: 0) }

  /// An object by ID, as a value (unknown objects and keys included, as they are).
  package func object(_ id: String) -> PlistValue? {
    document.object(ObjectKey(id)).map { document.value(at: $0) }
  }
}
