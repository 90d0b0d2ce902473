/// Object IDs to their numbers (file order) among a document's objects, by open addressing on
/// the hashes of Xcode's IDs: 8-byte slots (the hash's upper half and the number), no strings,
/// few probes, the ID itself checked against the file. IDs kept as text go to a dictionary. An
/// index can hold some of the objects only, and is then small enough to stay in the cache.
struct ObjectIndex: Sendable {
  /// The upper 32 bits: the hash's upper half; the lower 32 bits: the object's number plus one
  /// (0 marks an empty slot).
  private let slots: [UInt64]
  private let others: [String: ObjectNumber]
  /// The document's objects by number, and its tokens (shared, not copied).
  private let objects: [ObjectRecord]
  private let tokens: [PlistToken]
  /// Whether two of the objects have the same ID.
  let hasDuplicates: Bool

  /// Indexes the objects of `objects` with these `numbers`; an ID that appears twice maps to its last
  /// object, as a reader of the file finds it. `compact`: at most three quarters full, for an
  /// index of every object (fresh memory costs more than a probe); else at most half.
  init(
    numbers: some Collection<ObjectNumber>, of objects: [ObjectRecord], tokens: [PlistToken],
    bytes: [UInt8], compact: Bool = false
  ) {
    let size = max(16, compact ? numbers.count * 4 / 3 + 1 : numbers.count * 2)
    var slots = [UInt64](repeating: 0, count: size)
    var others: [String: ObjectNumber] = [:]
    var hasDuplicates = false
    bytes.withUnsafeBufferPointer { buffer in
      let raw = UnsafeRawBufferPointer(buffer)
      slots.withUnsafeMutableBufferPointer { slots in
        for number in numbers {
          let token = tokens[Int(objects[number].key)]
          guard ObjectKey.isWords(token) else {
            if others.updateValue(number, forKey: ObjectKey(token: token, in: raw).string) != nil {
              hasDuplicates = true
            }
            continue
          }
          let hash = objects[number].idHash
          let tag = hash & 0xFFFF_FFFF_0000_0000
          var slot = ObjectIndex.slot(hash, size)
          while slots[slot] != 0 {
            // The same ID again: the later object wins. The occupant's ID is read only when the
            // tags match: most probes pass over other IDs, and reading each (an object, then
            // the file) would cost a cache miss per probe.
            if slots[slot] & 0xFFFF_FFFF_0000_0000 == tag {
              let other = tokens[Int(objects[Self.number(in: slots[slot])].key)]
              if ObjectIndex.sameWords(raw, Int(other.start), Int(token.start)) {
                hasDuplicates = true
                break
              }
            }
            slot = slot &+ 1 == size ? 0 : slot &+ 1
          }
          slots[slot] = tag | UInt64(number.rawValue &+ 1)
        }
      }
    }
    self.slots = slots
    self.others = others
    self.objects = objects
    self.tokens = tokens
    self.hasDuplicates = hasDuplicates
  }

  /// The number of the object with this ID.
  func number(for key: ObjectKey, bytes: [UInt8]) -> ObjectNumber? {
    if let text = key.text { return others[text] }
    return bytes.withUnsafeBufferPointer { buffer in
      number(ofWords: key.words, raw: UnsafeRawBufferPointer(buffer))
    }
  }

  /// The number of the object whose ID a text token holds, read from the file's bytes as they
  /// are: no key made and nothing retained, for loops over thousands of list items.
  @inline(__always)
  func number(ofIDIn token: PlistToken, raw: UnsafeRawBufferPointer) -> ObjectNumber? {
    guard ObjectKey.isWords(token) else { return others[ObjectKey(token: token, in: raw).string] }
    let offset = Int(token.start)
    return number(
      ofWords: (
        raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
        raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self),
        raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)
      ), raw: raw)
  }

  /// The number of the object whose ID is kept as words: the slots hold only such IDs, each
  /// compared with the file's bytes.
  @inline(__always)
  private func number(ofWords words: (UInt64, UInt64, UInt64), raw: UnsafeRawBufferPointer)
    -> ObjectNumber?
  {
    let hash = ObjectKey.mix(words.0, words.1, words.2)
    let tag = hash & 0xFFFF_FFFF_0000_0000
    var index = Self.slot(hash, slots.count)
    while slots[index] != 0 {
      if slots[index] & 0xFFFF_FFFF_0000_0000 == tag {
        let number = Self.number(in: slots[index])
        let offset = Int(tokens[Int(objects[number].key)].start)
        if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == words.0
          && raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) == words.1
          && raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self) == words.2
        {
          return number
        }
      }
      index = index &+ 1 == slots.count ? 0 : index &+ 1
    }
    return nil
  }

  /// The key token of the object with this ID.
  func token(for key: ObjectKey, bytes: [UInt8]) -> TokenIndex? {
    number(for: key, bytes: bytes).map { objects[$0].key }
  }

  /// The number of the object a full slot holds.
  @inline(__always)
  fileprivate static func number(in slot: UInt64) -> ObjectNumber {
    ObjectNumber(Int(slot & 0xFFFF_FFFF) &- 1)
  }

  /// The first slot to look in for a hash: its lower half scaled to the table.
  @inline(__always)
  fileprivate static func slot(_ hash: UInt64, _ size: Int) -> Int {
    Int(truncatingIfNeeded: ((hash & 0xFFFF_FFFF) &* UInt64(size)) >> 32)
  }

  fileprivate static func sameWords(_ raw: UnsafeRawBufferPointer, _ x: Int, _ y: Int) -> Bool {
    raw.loadUnaligned(fromByteOffset: x, as: UInt64.self)
      == raw.loadUnaligned(fromByteOffset: y, as: UInt64.self)
      && raw.loadUnaligned(fromByteOffset: x + 8, as: UInt64.self)
        == raw.loadUnaligned(fromByteOffset: y + 8, as: UInt64.self)
      && raw.loadUnaligned(fromByteOffset: x + 16, as: UInt64.self)
        == raw.loadUnaligned(fromByteOffset: y + 16, as: UInt64.self)
  }
}
