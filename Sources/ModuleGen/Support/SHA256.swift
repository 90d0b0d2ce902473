/// SHA-256 (FIPS 180-4), for the content hashes in the generation record: FoundationEssentials
/// has no digest, and the package takes no dependencies.
enum SHA256 {
  /// The digest of `bytes` as 64 lowercase hexadecimal digits.
  static func hex<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    let state =
      bytes.withContiguousStorageIfAvailable { digest(of: UnsafeRawBufferPointer($0)) }
      ?? Array(bytes).withUnsafeBytes { digest(of: $0) }
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(64)
    for word in state.words {
      for shift in stride(from: 28, through: 0, by: -4) {
        text.append(digits[Int((word &>> UInt32(shift)) & 0x0f)])
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The eight words of the hash, from the initial ones on.
  private struct State {
    var a: UInt32 = 0x6a09_e667
    var b: UInt32 = 0xbb67_ae85
    var c: UInt32 = 0x3c6e_f372
    var d: UInt32 = 0xa54f_f53a
    var e: UInt32 = 0x510e_527f
    var f: UInt32 = 0x9b05_688c
    var g: UInt32 = 0x1f83_d9ab
    var h: UInt32 = 0x5be0_cd19

    var words: [UInt32] { [a, b, c, d, e, f, g, h] }
  }

  private static func digest(of bytes: UnsafeRawBufferPointer) -> State {
    var state = State()
    // Padding: a one bit, zeros, and the length in bits as a 64-bit big-endian number, in
    // one last block or two.
    let whole = bytes.count - bytes.count % 64
    let rest = bytes.count - whole
    var tail = [UInt8](repeating: 0, count: rest < 56 ? 64 : 128)
    tail.withUnsafeMutableBytes { tail in
      tail.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[whole...]))
      tail[rest] = 0x80
      tail.storeBytes(
        of: (UInt64(bytes.count) &* 8).bigEndian, toByteOffset: tail.count - 8, as: UInt64.self)
    }
    var words = [UInt32](repeating: 0, count: 64)
    words.withUnsafeMutableBufferPointer { words in
      roundConstants.withUnsafeBufferPointer { constants in
        let (w, k) = (words.baseAddress!, constants.baseAddress!)
        for offset in stride(from: 0, to: whole, by: 64) {
          compress(bytes.baseAddress! + offset, &state, w, k)
        }
        tail.withUnsafeBytes { tail in
          for offset in stride(from: 0, to: tail.count, by: 64) {
            compress(tail.baseAddress! + offset, &state, w, k)
          }
        }
      }
    }
    return state
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

  /// One 64-byte block into `state`; `w` is room for the 64 words of the message schedule, `k`
  /// the round constants. Pointers rather than arrays, the working variables in locals, and
  /// rounds and schedule unrolled by eight: this runs for every 64 bytes of every file the
  /// record hashes (about 2,800 instructions a block, against 3,650 rolled up).
  private static func compress(
    _ block: UnsafeRawPointer, _ state: inout State, _ w: UnsafeMutablePointer<UInt32>,
    _ k: UnsafePointer<UInt32>
  ) {
    // Masking shifts (`&>>`): the plain ones check for shifts of 32 bits or more, never made here.
    @inline(__always) func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 {
      (x &>> n) | (x &<< (32 - n))
    }
    for t in 0..<16 {
      w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
    }
    // σ0 and σ1, each from one copy of its word: the two rotations as one rotation by their
    // difference and one by the smaller.
    @inline(__always) func schedule(_ t: Int) {
      let w15 = w[t - 15]
      let w2 = w[t - 2]
      let s0 = rotate(rotate(w15, 11) ^ w15, 7) ^ (w15 &>> 3)
      let s1 = rotate(rotate(w2, 2) ^ w2, 17) ^ (w2 &>> 10)
      w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
    }
    for t in stride(from: 16, to: 64, by: 8) {
      schedule(t)
      schedule(t + 1)
      schedule(t + 2)
      schedule(t + 3)
      schedule(t + 4)
      schedule(t + 5)
      schedule(t + 6)
      schedule(t + 7)
    }
    var (a, b, c, d, e, f, g, h) = (
      state.a, state.b, state.c, state.d, state.e, state.f, state.g, state.h
    )
    // b ^ c for the next round: its b and c are this round's a and b, so a ^ b is kept.
    var bc = b ^ c
    // One round, with the eight working variables named by their place in it: eight rounds
    // in a row each start one place further on, so nothing is shuffled between rounds. Σ1 and
    // Σ0 as for σ above; the majority of a, b, c is b ^ ((a ^ b) & (b ^ c)).
    @inline(__always) func round(
      _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32,
      _ g: UInt32, _ h: inout UInt32, _ t: Int
    ) {
      let s1 = rotate(rotate(rotate(e, 14) ^ e, 5) ^ e, 6)
      let choice = g ^ (e & (f ^ g))
      let temp1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
      let s0 = rotate(rotate(rotate(a, 9) ^ a, 11) ^ a, 2)
      let ab = a ^ b
      let majority = b ^ (ab & bc)
      bc = ab
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
    state.a &+= a
    state.b &+= b
    state.c &+= c
    state.d &+= d
    state.e &+= e
    state.f &+= f
    state.g &+= g
    state.h &+= h
  }
}
