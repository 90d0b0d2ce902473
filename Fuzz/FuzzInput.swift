/// Reads structured values from fuzz bytes: each read takes what it needs from the front and
/// gives a default once the bytes run out, so every input means something.
struct FuzzInput {
  private var bytes: ArraySlice<UInt8>

  init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

  var isEmpty: Bool { bytes.isEmpty }

  mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

  /// A number in 0..<count.
  mutating func pick(_ count: Int) -> Int { count <= 1 ? 0 : Int(byte()) % count }

  mutating func pick<T>(_ choices: [T]) -> T { choices[pick(choices.count)] }

  mutating func int64() -> Int {
    var value: UInt64 = 0
    for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
    return Int(truncatingIfNeeded: value)
  }

  /// Up to `maxLength` bytes, decoded as UTF-8 (invalid sequences become U+FFFD).
  mutating func text(maxLength: Int) -> String {
    let length = min(pick(maxLength + 1), bytes.count)
    let taken = bytes.prefix(length)
    bytes = bytes.dropFirst(length)
    return String(decoding: taken, as: UTF8.self)
  }
}
