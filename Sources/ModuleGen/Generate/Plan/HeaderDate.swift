import Liquid

/// Finds the date an existing file was created on, from its header, for modules the
/// generation record does not know (generated before it existed, or by Generamba): the header
/// line that holds the date in the new rendering must hold a date with the same text around it
/// in the existing file.
enum HeaderDate {
  /// How many lines at the top of a file count as its header.
  static let headerLines = 30

  /// How headers write a date: `2026-01-02` (modulegen's templates), `02/01/2026`
  /// (Generamba's), and how to read one back as `YYYY-MM-DD`.
  static let formats: [(write: @Sendable (String) -> String, read: @Sendable (String) -> String)] =
    [
      ({ $0 }, { $0 }),
      (
        GenerambaContext.generambaDate,
        { text in
          let parts = text.split(separator: "/", omittingEmptySubsequences: false)
          return parts.count == 3 ? "\(parts[2])-\(parts[1])-\(parts[0])" : text
        }
      ),
    ]

  /// The date in `existing` where `rendered` has `date`, if a header line matches.
  static func find(in existing: [UInt8], rendered: [UInt8], date: String) -> String? {
    let renderedLines = lines(rendered)
    for format in formats {
      let needle = Array(format.write(date).utf8)
      for line in renderedLines {
        let bytes = Array(line.utf8)
        guard
          let start = bytes.indices.first(where: {
            $0 + needle.count <= bytes.count && bytes[$0..<$0 + needle.count].elementsEqual(needle)
          })
        else { continue }
        let prefix = bytes[..<start]
        let suffix = bytes[(start + needle.count)...]
        for candidate in lines(existing).map({ Array($0.utf8) })
        where candidate.count == bytes.count && candidate.starts(with: prefix)
          && candidate.reversed().starts(with: suffix.reversed())
        {
          let found = format.read(
            String(decoding: candidate[start..<start + needle.count], as: UTF8.self))
          if CalendarDate.isValid(found) { return found }
        }
        break
      }
    }
    return nil
  }

  /// The module's date: the one found in most of its existing files (the earliest of a tie),
  /// counting files identical to the new rendering for `date`; nil when no file tells.
  static func moduleDate(
    _ files: [(rendered: [UInt8], existing: [UInt8]?)], date: String
  ) -> String? {
    var votes: [String: Int] = [:]
    for file in files {
      guard let existing = file.existing else { continue }
      if existing == file.rendered {
        votes[date, default: 0] += 1
      } else if let found = find(in: existing, rendered: file.rendered, date: date) {
        votes[found, default: 0] += 1
      }
    }
    return votes.max { a, b in a.value < b.value || (a.value == b.value && a.key > b.key) }?.key
  }

  private static func lines(_ bytes: [UInt8]) -> [String] {
    var result: [String] = []
    var start = 0
    for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      result.append(String(decoding: bytes[start..<i], as: UTF8.self))
      start = i + 1
      if result.count == headerLines { return result }
    }
    if start < bytes.count { result.append(String(decoding: bytes[start...], as: UTF8.self)) }
    return result
  }
}
