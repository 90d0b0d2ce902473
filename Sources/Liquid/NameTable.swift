/// The names one template's parse has read, each made once: a name written again (a template
/// names `module` and `method` dozens of times) is the `Name` already made, found by its bytes
/// in the source, without making its `String` or hashing it again.
struct NameTable {
  /// A name made, with its hash and where its text is in the source.
  private struct Entry {
    var name: Name
    var hash: Int
    var start: Int
    var count: Int
  }

  /// Open addressing: each slot is an index in `entries` or -1; a power of two long, at most
  /// half full.
  private var slots = [Int](repeating: -1, count: 64)
  private var entries: [Entry] = []

  init() {
    entries.reserveCapacity(slots.count / 2)
  }

  /// The name whose text is `bytes[range]`, the bytes of the one source the table is for. A
  /// text that is not ASCII is made each time, as `Name(_:)` makes it (no parse has many).
  mutating func name(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Name {
    let text = UnsafeBufferPointer(rebasing: bytes[range])
    guard let hash = Name.hash(ofASCII: text) else {
      return Name(String(decoding: text, as: UTF8.self))
    }
    let mask = slots.count - 1
    var slot = hash & mask
    while slots[slot] >= 0 {
      let entry = slots[slot]
      if entries[entry].hash == hash && entries[entry].count == text.count {
        let start = entries[entry].start
        if Self.equal(text, UnsafeBufferPointer(rebasing: bytes[start..<start + text.count])) {
          return entries[entry].name
        }
      }
      slot = (slot + 1) & mask
    }
    let name = Name(String(decoding: text, as: UTF8.self), asciiHash: hash)
    slots[slot] = entries.count
    entries.append(Entry(name: name, hash: hash, start: range.lowerBound, count: text.count))
    if entries.count * 2 > slots.count { grow() }
    return name
  }

  /// Whether two texts of the same length have the same bytes: eight at a time, then one at a
  /// time (`elementsEqual` on buffers cost several times more).
  private static func equal(_ text: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    let (raw, otherRaw) = (UnsafeRawBufferPointer(text), UnsafeRawBufferPointer(other))
    var offset = 0
    while offset + 8 <= raw.count {
      if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        != otherRaw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      {
        return false
      }
      offset += 8
    }
    while offset < raw.count {
      if text[offset] != other[offset] { return false }
      offset += 1
    }
    return true
  }

  private mutating func grow() {
    slots = [Int](repeating: -1, count: slots.count * 2)
    let mask = slots.count - 1
    for index in entries.indices {
      var slot = entries[index].hash & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = index
    }
  }
}
