import SystemLibrary

/// The names a walk looks for (file names, or the IDs of removed references), matched against
/// the bytes of a path's last component without making a string of every path in the project;
/// against the hash of a name the parser took (`hash(lastComponentOf:)`); and against the raw
/// bytes of a deferred object, to tell whether it needs reading at all.
struct NameFilter {
  /// Names by their length in bytes.
  private var byLength: [[[UInt8]]] = []
  /// Bit `h % 4096` set for the hash `h` of each name.
  private var hashBits = [UInt64](repeating: 0, count: 64)
  /// The first byte of each name of two bytes or more, once each.
  private var firstBytes: [UInt8] = []
  /// Whether some name has fewer than two bytes (then every object may hold it).
  private var hasShortNames = false

  init(_ names: some Sequence<String>) {
    for name in names {
      let bytes = Array(name.utf8)
      while byLength.count <= bytes.count { byLength.append([]) }
      guard !byLength[bytes.count].contains(bytes) else { continue }
      byLength[bytes.count].append(bytes)
      let hash = bytes.withUnsafeBufferPointer(Self.hash(lastComponentOf:))
      hashBits[Int(hash >> 6) & 63] |= 1 << UInt64(hash & 63)
      if bytes.count >= 2 {
        if !firstBytes.contains(bytes[0]) { firstBytes.append(bytes[0]) }
      } else {
        hasShortNames = true
      }
    }
  }

  /// A hash of the last eight bytes of the last component of `path` and their number (never
  /// 0): what a file name has in common with every path that ends in it, found without
  /// looking for the last `/` byte by byte.
  static func hash(lastComponentOf path: UnsafeBufferPointer<UInt8>) -> UInt32 {
    guard let base = path.baseAddress else { return 1 }
    var word: UInt64 = 0
    if path.count >= 8 {
      word = UnsafeRawPointer(base + path.count - 8).loadUnaligned(as: UInt64.self)
    } else {
      for index in 0..<path.count {
        word |= UInt64(base[index]) << UInt64(8 * (8 - path.count + index))
      }
    }
    // The bytes after the last `/` among the eight (the highest zero byte of `word ^ "////…"`).
    let slashes = word ^ 0x2F2F_2F2F_2F2F_2F2F
    let zeroes =
      ~(((slashes & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | slashes)
      & 0x8080_8080_8080_8080
    var length = min(path.count, 8)
    if zeroes != 0 {
      let lastSlash = (63 - zeroes.leadingZeroBitCount) >> 3
      length = 7 - lastSlash
    }
    word = length == 0 ? 0 : word >> UInt64(8 * (8 - length))
    var hash = (word ^ UInt64(length) << 59) &* 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 29
    let folded = UInt32(truncatingIfNeeded: hash)
    return folded == 0 ? 1 : folded
  }

  /// Whether a file reference whose path has this hash (0: not known) may have one of the
  /// names.
  func mayHaveName(pathHash hash: UInt32) -> Bool {
    hash == 0 || hashBits[Int(hash >> 6) & 63] & 1 << UInt64(hash & 63) != 0
  }

  func matchesLastComponent(of token: Int, in document: ProjectDocument) -> Bool {
    let value = document.tokens[token]
    guard value.kind != .escaped else {
      let name = ProjectPath.lastComponent(document.text(token) ?? "")
      let bytes = Array(name.utf8)
      return bytes.count < byLength.count && byLength[bytes.count].contains(bytes)
    }
    let bytes = document.bytes
    let end = Int(value.end)
    var start = end
    while start > Int(value.start) && bytes[start - 1] != .slash { start -= 1 }
    let length = end - start
    guard length < byLength.count else { return false }
    return byLength[length].contains { name in
      var index = start
      for byte in name {
        if bytes[index] != byte { return false }
        index += 1
      }
      return true
    }
  }

  /// Whether the text of a deferred object can hold one of the names: its bytes contain one, or
  /// a backslash (an escape can spell any name). False means no value in it decodes to text
  /// containing a name, so the object need not be read.
  func mayMatch(_ object: PlistToken, in bytes: [UInt8]) -> Bool {
    if hasShortNames { return true }
    guard !firstBytes.isEmpty else { return false }
    return bytes.withUnsafeBufferPointer { buffer in
      mayMatch(buffer, from: Int(object.start), to: Int(object.end) + 1)
    }
  }

  private func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
    guard let base = bytes.baseAddress, start < end else { return false }
    // The C library's search, many bytes an instruction: an object is a hundred bytes or so.
    if memchr(base + start, Int32(UInt8.backslash), end - start) != nil { return true }
    for first in firstBytes {
      var offset = start
      while offset < end, let found = memchr(base + offset, Int32(first), end - offset) {
        let position = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        if startsName(bytes, at: position, before: end) { return true }
        offset = position + 1
      }
    }
    return false
  }

  /// Whether one of the names starts at `offset` and ends before `end`.
  private func startsName(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, before end: Int)
    -> Bool
  {
    for length in byLength.indices where length >= 2 && offset + length <= end {
      for name in byLength[length] where name[0] == bytes[offset] {
        if name.withUnsafeBufferPointer({
          UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)]).elementsEqual($0)
        }) {
          return true
        }
      }
    }
    return false
  }
}
