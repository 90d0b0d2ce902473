/// Calendar dates for callers of the engine (`--date`, `SOURCE_DATE_EPOCH`).
package enum CalendarDate {
  /// `YYYY-MM-DD` in UTC.
  package static func string(fromEpochSeconds seconds: Int) -> String {
    strftime(
      "%Y-%m-%d",
      CivilTime(epochSeconds: max(min(seconds, maxEpochSeconds - 1), -(maxEpochSeconds - 1))))
      ?? ""
  }

  /// `SOURCE_DATE_EPOCH` values callers accept: 1970-01-01 to 9999-12-31 (UTC), the dates a
  /// four-digit year can show.
  package static let supportedEpochSeconds = 0...253_402_300_799

  /// Whether `text` is a real `YYYY-MM-DD` date (ASCII digits only, years 0001 to 9999).
  package static func isValid(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].utf8.count == 4, parts[1].utf8.count == 2,
      parts[2].utf8.count == 2,
      parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }
      ),
      let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), y >= 1,
      (1...12).contains(m), d >= 1
    else { return false }
    let (yy, mm, dd) = civilFromDays(daysFromCivil(y, m, d))
    return yy == y && mm == m && dd == d
  }

  /// Seconds since 1970 now, from the system clock.
  package static func now() -> Int { currentTime() }
}
