/// SHA-256 (FIPS 180-4), for the content hashes in the generation record: FoundationEssentials
/// has no digest, and the package takes no dependencies.
enum SHA256 {
  /// The digest of `bytes` as 64 lowercase hexadecimal digits.
  static func hex<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(64)
    for byte in digest(bytes) {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  static func digest<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
    if let digest = bytes.withContiguousStorageIfAvailable({
      digest(of: UnsafeRawBufferPointer($0))
    }) {
      return digest
    }
    return Array(bytes).withUnsafeBytes { digest(of: $0) }
  }

  private static func digest(of bytes: UnsafeRawBufferPointer) -> [UInt8] {
    var state: [UInt32] = [
      0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
      0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    // Padding: a one bit, zeros, and the length in bits as a 64-bit big-endian number.
    let whole = bytes.count - bytes.count % 64
    var tail = Array(bytes[whole...])
    let bitLength = UInt64(bytes.count) &* 8
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    var words = [UInt32](repeating: 0, count: 64)
    state.withUnsafeMutableBufferPointer { state in
      words.withUnsafeMutableBufferPointer { words in
        roundConstants.withUnsafeBufferPointer { constants in
          for offset in stride(from: 0, to: whole, by: 64) {
            compress(bytes.baseAddress! + offset, state, words, constants)
          }
          tail.withUnsafeBytes { tail in
            for offset in stride(from: 0, to: tail.count, by: 64) {
              compress(tail.baseAddress! + offset, state, words, constants)
            }
          }
        }
      }
    }
    return state.flatMap { word in
      [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) }
    }
  }

  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  /// One 64-byte block into `state`; `w` is room for the message schedule. Buffers rather than
  /// arrays: the loops below run for every 64 bytes of every file the record hashes.
  private static func compress(
    _ block: UnsafeRawPointer, _ state: UnsafeMutableBufferPointer<UInt32>,
    _ w: UnsafeMutableBufferPointer<UInt32>, _ roundConstants: UnsafeBufferPointer<UInt32>
  ) {
    // Masking shifts (`&>>`): the plain ones check for shifts of 32 bits or more, never made here.
    @inline(__always) func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 {
      (x &>> n) | (x &<< (32 - n))
    }
    for t in 0..<16 {
      w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
    }
    for t in 16..<64 {
      let s0 = rotate(w[t - 15], 7) ^ rotate(w[t - 15], 18) ^ (w[t - 15] &>> 3)
      let s1 = rotate(w[t - 2], 17) ^ rotate(w[t - 2], 19) ^ (w[t - 2] &>> 10)
      w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
    }
    var (a, b, c, d, e, f, g, h) = (
      state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7]
    )
    // One round, with the eight working variables named by their place in it: eight rounds
    // in a row each start one place further on, so nothing is shuffled between rounds.
    @inline(__always) func round(
      _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32,
      _ g: UInt32, _ h: inout UInt32, _ t: Int
    ) {
      let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
      let choice = g ^ (e & (f ^ g))
      let temp1 = h &+ s1 &+ choice &+ roundConstants[t] &+ w[t]
      let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
      let majority = (a & b) | (c & (a | b))
      d = d &+ temp1
      h = temp1 &+ s0 &+ majority
    }
    for t in stride(from: 0, to: 64, by: 8) {
      round(a, b, c, &d, e, f, g, &h, t)
      round(h, a, b, &c, d, e, f, &g, t + 1)
      round(g, h, a, &b, c, d, e, &f, t + 2)
      round(f, g, h, &a, b, c, d, &e, t + 3)
      round(e, f, g, &h, a, b, c, &d, t + 4)
      round(d, e, f, &g, h, a, b, &c, t + 5)
      round(c, d, e, &f, g, h, a, &b, t + 6)
      round(b, c, d, &e, f, g, h, &a, t + 7)
    }
    state[0] = state[0] &+ a
    state[1] = state[1] &+ b
    state[2] = state[2] &+ c
    state[3] = state[3] &+ d
    state[4] = state[4] &+ e
    state[5] = state[5] &+ f
    state[6] = state[6] &+ g
    state[7] = state[7] &+ h
  }
}
