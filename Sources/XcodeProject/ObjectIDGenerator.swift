/// Makes the IDs of new objects: 24 upper-case hexadecimal digits, like Xcode's, computed from
/// the project's root object ID and what the object stands for (a folder, a file, a file in a
/// target), so that the same project and module give the same IDs on every machine and every
/// run, and so the same diff. An ID already in the project, or already made, is never reused:
/// the next attempt is hashed instead.
struct ObjectIDGenerator {
  private let seed: String
  private let isTaken: (ObjectKey) -> Bool
  private var made: Set<ObjectKey> = []

  init(seed: String, isTaken: @escaping (ObjectKey) -> Bool) {
    self.seed = seed
    self.isTaken = isTaken
  }

  /// A new ID for the object `identity` names (such as `group:App/Home`).
  mutating func make(_ identity: String) -> String {
    var attempt = 0
    while true {
      let id = Self.candidate(seed: seed, identity: identity, attempt: attempt)
      let key = ObjectKey(id)
      if !isTaken(key) && !made.contains(key) {
        made.insert(key)
        return id
      }
      attempt += 1
    }
  }

  /// Whether `id` is one this generator would have made for `identity` in the first few
  /// attempts: how objects this tool created are told from those a person made.
  func couldHaveMade(_ id: String, for identity: String) -> Bool {
    (0..<4).contains { Self.candidate(seed: seed, identity: identity, attempt: $0) == id }
  }

  /// The ID of attempt number `attempt` for `identity`: two independent 64-bit FNV-1a hashes,
  /// each finished with a SplitMix64 mix, of which 96 bits are kept.
  static func candidate(seed: String, identity: String, attempt: Int) -> String {
    var first: UInt64 = 0xcbf2_9ce4_8422_2325
    var second: UInt64 = 0x8422_2325_cbf2_9ce4
    func feed(_ byte: UInt8) {
      first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 &+ 0x9E37
    }
    for byte in seed.utf8 { feed(byte) }
    feed(0)
    for byte in identity.utf8 { feed(byte) }
    feed(0)
    for byte in String(attempt).utf8 { feed(byte) }
    return hex(mix(first), digits: 16) + hex(mix(second) >> 32, digits: 8)
  }

  private static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  private static func hex(_ value: UInt64, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
