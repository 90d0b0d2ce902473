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
      let w = words.baseAddress!
      for offset in stride(from: 0, to: whole, by: 64) {
        compress(bytes.baseAddress! + offset, &state, w)
      }
      tail.withUnsafeBytes { tail in
        for offset in stride(from: 0, to: tail.count, by: 64) {
          compress(tail.baseAddress! + offset, &state, w)
        }
      }
    }
    return state
  }

  /// One 64-byte block into `state`; `w` is room for the 64 words of the message schedule. A
  /// pointer rather than an array, the working variables in locals, the schedule unrolled by
  /// eight and the 64 rounds written out, each with its round constant (FIPS 180-4's K, in
  /// order): this runs for every 64 bytes of every file the record hashes, and so it takes
  /// about 2,750 instructions a block (3,650 with the rounds in a loop and the constants in an
  /// array, whose address took a register the rounds need).
  private static func compress(
    _ block: UnsafeRawPointer, _ state: inout State, _ w: UnsafeMutablePointer<UInt32>
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
    // One round, with the eight working variables named by their place in it: each round
    // starts one place further on, so nothing is shuffled between rounds. Σ1 and
    // Σ0 as for σ above; the majority of a, b, c is b ^ ((a ^ b) & (b ^ c)).
    @inline(__always) func round(
      _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32,
      _ g: UInt32, _ h: inout UInt32, _ k: UInt32, _ w: UInt32
    ) {
      let s1 = rotate(rotate(rotate(e, 14) ^ e, 5) ^ e, 6)
      let choice = g ^ (e & (f ^ g))
      let temp1 = h &+ s1 &+ choice &+ k &+ w
      let s0 = rotate(rotate(rotate(a, 9) ^ a, 11) ^ a, 2)
      let ab = a ^ b
      let majority = b ^ (ab & bc)
      bc = ab
      d = d &+ temp1
      h = temp1 &+ s0 &+ majority
    }
    round(a, b, c, &d, e, f, g, &h, 0x428a_2f98, w[0])
    round(h, a, b, &c, d, e, f, &g, 0x7137_4491, w[1])
    round(g, h, a, &b, c, d, e, &f, 0xb5c0_fbcf, w[2])
    round(f, g, h, &a, b, c, d, &e, 0xe9b5_dba5, w[3])
    round(e, f, g, &h, a, b, c, &d, 0x3956_c25b, w[4])
    round(d, e, f, &g, h, a, b, &c, 0x59f1_11f1, w[5])
    round(c, d, e, &f, g, h, a, &b, 0x923f_82a4, w[6])
    round(b, c, d, &e, f, g, h, &a, 0xab1c_5ed5, w[7])
    round(a, b, c, &d, e, f, g, &h, 0xd807_aa98, w[8])
    round(h, a, b, &c, d, e, f, &g, 0x1283_5b01, w[9])
    round(g, h, a, &b, c, d, e, &f, 0x2431_85be, w[10])
    round(f, g, h, &a, b, c, d, &e, 0x550c_7dc3, w[11])
    round(e, f, g, &h, a, b, c, &d, 0x72be_5d74, w[12])
    round(d, e, f, &g, h, a, b, &c, 0x80de_b1fe, w[13])
    round(c, d, e, &f, g, h, a, &b, 0x9bdc_06a7, w[14])
    round(b, c, d, &e, f, g, h, &a, 0xc19b_f174, w[15])
    round(a, b, c, &d, e, f, g, &h, 0xe49b_69c1, w[16])
    round(h, a, b, &c, d, e, f, &g, 0xefbe_4786, w[17])
    round(g, h, a, &b, c, d, e, &f, 0x0fc1_9dc6, w[18])
    round(f, g, h, &a, b, c, d, &e, 0x240c_a1cc, w[19])
    round(e, f, g, &h, a, b, c, &d, 0x2de9_2c6f, w[20])
    round(d, e, f, &g, h, a, b, &c, 0x4a74_84aa, w[21])
    round(c, d, e, &f, g, h, a, &b, 0x5cb0_a9dc, w[22])
    round(b, c, d, &e, f, g, h, &a, 0x76f9_88da, w[23])
    round(a, b, c, &d, e, f, g, &h, 0x983e_5152, w[24])
    round(h, a, b, &c, d, e, f, &g, 0xa831_c66d, w[25])
    round(g, h, a, &b, c, d, e, &f, 0xb003_27c8, w[26])
    round(f, g, h, &a, b, c, d, &e, 0xbf59_7fc7, w[27])
    round(e, f, g, &h, a, b, c, &d, 0xc6e0_0bf3, w[28])
    round(d, e, f, &g, h, a, b, &c, 0xd5a7_9147, w[29])
    round(c, d, e, &f, g, h, a, &b, 0x06ca_6351, w[30])
    round(b, c, d, &e, f, g, h, &a, 0x1429_2967, w[31])
    round(a, b, c, &d, e, f, g, &h, 0x27b7_0a85, w[32])
    round(h, a, b, &c, d, e, f, &g, 0x2e1b_2138, w[33])
    round(g, h, a, &b, c, d, e, &f, 0x4d2c_6dfc, w[34])
    round(f, g, h, &a, b, c, d, &e, 0x5338_0d13, w[35])
    round(e, f, g, &h, a, b, c, &d, 0x650a_7354, w[36])
    round(d, e, f, &g, h, a, b, &c, 0x766a_0abb, w[37])
    round(c, d, e, &f, g, h, a, &b, 0x81c2_c92e, w[38])
    round(b, c, d, &e, f, g, h, &a, 0x9272_2c85, w[39])
    round(a, b, c, &d, e, f, g, &h, 0xa2bf_e8a1, w[40])
    round(h, a, b, &c, d, e, f, &g, 0xa81a_664b, w[41])
    round(g, h, a, &b, c, d, e, &f, 0xc24b_8b70, w[42])
    round(f, g, h, &a, b, c, d, &e, 0xc76c_51a3, w[43])
    round(e, f, g, &h, a, b, c, &d, 0xd192_e819, w[44])
    round(d, e, f, &g, h, a, b, &c, 0xd699_0624, w[45])
    round(c, d, e, &f, g, h, a, &b, 0xf40e_3585, w[46])
    round(b, c, d, &e, f, g, h, &a, 0x106a_a070, w[47])
    round(a, b, c, &d, e, f, g, &h, 0x19a4_c116, w[48])
    round(h, a, b, &c, d, e, f, &g, 0x1e37_6c08, w[49])
    round(g, h, a, &b, c, d, e, &f, 0x2748_774c, w[50])
    round(f, g, h, &a, b, c, d, &e, 0x34b0_bcb5, w[51])
    round(e, f, g, &h, a, b, c, &d, 0x391c_0cb3, w[52])
    round(d, e, f, &g, h, a, b, &c, 0x4ed8_aa4a, w[53])
    round(c, d, e, &f, g, h, a, &b, 0x5b9c_ca4f, w[54])
    round(b, c, d, &e, f, g, h, &a, 0x682e_6ff3, w[55])
    round(a, b, c, &d, e, f, g, &h, 0x748f_82ee, w[56])
    round(h, a, b, &c, d, e, f, &g, 0x78a5_636f, w[57])
    round(g, h, a, &b, c, d, e, &f, 0x84c8_7814, w[58])
    round(f, g, h, &a, b, c, d, &e, 0x8cc7_0208, w[59])
    round(e, f, g, &h, a, b, c, &d, 0x90be_fffa, w[60])
    round(d, e, f, &g, h, a, b, &c, 0xa450_6ceb, w[61])
    round(c, d, e, &f, g, h, a, &b, 0xbef9_a3f7, w[62])
    round(b, c, d, &e, f, g, h, &a, 0xc671_78f2, w[63])
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
