// `default` and `date`.

import SystemLibrary

func registerOtherFilters(_ set: inout FilterSet) {
  set["default"] = Filter(arguments: 0...1, keywords: ["allow_false"]) { input, args in
    let fallback = args[0] ?? .string("")
    let allowFalse = args.keywords["allow_false"]?.isTruthy ?? false
    let missing = allowFalse ? input.isNil : !input.isTruthy
    return missing || input.isEmptyCollection ? fallback : input
  }
  set["date"] = Filter(arguments: 1...1) { input, args in
    let format = try args.text(args[0]!)
    if format.isEmpty { return input }
    guard let time = civilTime(from: input, now: args.environment.currentTime ?? currentTime())
    else {
      return input
    }
    let limit = args.environment.limits.maxOutputBytes
    // Each conversion may be up to 1,024 characters wide: many of them can pass the limit.
    guard let text = strftime(format, time, limit: limit) else {
      throw FilterFailure.largerThanOutputLimit("the formatted date", limit: limit)
    }
    return .string(text)
  }
}

/// Seconds since 1970 now, from the system clock.
func currentTime() -> Int {
  Int(time(nil))
}

/// Timestamps beyond about ±3 million years are not dates.
let maxEpochSeconds = 100_000_000_000_000
/// The largest year a date string may name (the year of `maxEpochSeconds`).
let maxYear = 3_000_000

/// A moment as calendar fields, in UTC unless the input gave an offset.
struct CivilTime: Equatable {
  var year: Int
  var month: Int
  var day: Int
  var hour = 0
  var minute = 0
  var second = 0
  /// Offset from UTC in seconds, and how the zone is named in `%Z`.
  var utcOffset = 0
  var zoneName = "UTC"

  init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  init(epochSeconds: Int) {
    let days = epochSeconds >= 0 ? epochSeconds / 86400 : (epochSeconds - 86399) / 86400
    let seconds = epochSeconds - days * 86400
    (year, month, day) = civilFromDays(days)
    hour = seconds / 3600
    minute = seconds % 3600 / 60
    second = seconds % 60
  }

  var epochSeconds: Int {
    daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - utcOffset
  }

  /// 0 is Sunday.
  var weekday: Int {
    let days = daysFromCivil(year, month, day)
    return ((days % 7) + 11) % 7
  }

  var dayOfYear: Int { daysFromCivil(year, month, day) - daysFromCivil(year, 1, 1) + 1 }
}

/// Howard Hinnant's days-from-civil algorithm: days since 1970-01-01.
func daysFromCivil(_ y: Int, _ m: Int, _ d: Int) -> Int {
  let y = m <= 2 ? y - 1 : y
  let era = (y >= 0 ? y : y - 399) / 400
  let yoe = y - era * 400
  let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
  let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
  return era * 146097 + doe - 719468
}

func civilFromDays(_ z: Int) -> (Int, Int, Int) {
  let z = z + 719468
  let era = (z >= 0 ? z : z - 146096) / 146097
  let doe = z - era * 146097
  let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
  let y = yoe + era * 400
  let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
  let mp = (5 * doy + 2) / 153
  let d = doy - (153 * mp + 2) / 5 + 1
  let m = mp < 10 ? mp + 3 : mp - 9
  return (m <= 2 ? y + 1 : y, m, d)
}

let monthNames = [
  "January", "February", "March", "April", "May", "June", "July", "August", "September",
  "October", "November", "December",
]
let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

/// What `date` accepts: `now`/`today`, a timestamp (number or digits), or a date string.
func civilTime(from input: LiquidValue, now: Int) -> CivilTime? {
  switch input {
  case .int(let seconds) where seconds.magnitude < maxEpochSeconds:
    return CivilTime(epochSeconds: seconds)
  case .double(let seconds) where seconds.isFinite && seconds.magnitude < Double(maxEpochSeconds):
    return CivilTime(epochSeconds: Int(seconds))
  case .string(let string):
    let text = string.rubyStrip().lowercased()
    if text.isEmpty { return nil }
    if text == "now" || text == "today" { return CivilTime(epochSeconds: now) }
    if text.utf8.allSatisfy(isDigit), let seconds = Int(text), seconds < maxEpochSeconds {
      return CivilTime(epochSeconds: seconds)
    }
    return parseDate(text)
  default: return nil
  }
}

/// A forgiving reader for the date strings people write: `2016-03-14`, `2016-03-14T10:05:00Z`,
/// `March 14, 2016`, `14 Mar 2016 10:05`, `2016/03/14 10:05:00 +0100`.
func parseDate(_ text: String) -> CivilTime? {
  var numbers: [(value: Int, digits: Int)] = []
  var month: Int?
  var time: (Int, Int, Int)?
  var offset: Int?
  var zoneName: String?
  var pm: Bool?
  let scalars = Array(text.unicodeScalars)
  var i = 0
  while i < scalars.count {
    let c = scalars[i]
    if ("0"..."9").contains(c) {
      var j = i
      while j < scalars.count && ("0"..."9").contains(scalars[j]) { j += 1 }
      let value = Int(String(String.UnicodeScalarView(scalars[i..<j]))) ?? 0
      if j < scalars.count && scalars[j] == ":" {
        // hh:mm[:ss]
        var parts = [value]
        var k = j
        while k < scalars.count && scalars[k] == ":" {
          var e = k + 1
          while e < scalars.count && ("0"..."9").contains(scalars[e]) { e += 1 }
          guard e > k + 1 else { return nil }
          parts.append(Int(String(String.UnicodeScalarView(scalars[(k + 1)..<e]))) ?? 0)
          k = e
        }
        if k < scalars.count && scalars[k] == "." {
          k += 1
          while k < scalars.count && ("0"..."9").contains(scalars[k]) { k += 1 }
        }
        guard parts.count <= 3, time == nil else { return nil }
        time = (parts[0], parts[1], parts.count > 2 ? parts[2] : 0)
        j = k
      } else {
        numbers.append((value, j - i))
      }
      i = j
    } else if ("a"..."z").contains(c) {
      var j = i
      while j < scalars.count && ("a"..."z").contains(scalars[j]) { j += 1 }
      let word = String(String.UnicodeScalarView(scalars[i..<j]))
      if let m = monthNames.firstIndex(where: { $0.lowercased().hasPrefix(word) && word.count >= 3 }
      ) {
        month = m + 1
      } else if dayNames.contains(where: { $0.lowercased().hasPrefix(word) && word.count >= 3 }) {
        // A weekday name adds nothing.
      } else if word == "am" || word == "pm" {
        pm = word == "pm"
      } else if word == "t" && time == nil {
        // ISO 8601 date/time separator.
      } else if word == "z" || word == "utc" || word == "gmt" {
        offset = 0
        zoneName = "UTC"
      } else if word == "st" || word == "nd" || word == "rd" || word == "th" || word == "of" {
        // Ordinal suffixes.
      } else {
        return nil
      }
      i = j
    } else if c == "+" || c == "-", time != nil, i + 1 < scalars.count,
      ("0"..."9").contains(scalars[i + 1])
    {
      var j = i + 1
      var digits = ""
      while j < scalars.count && (("0"..."9").contains(scalars[j]) || scalars[j] == ":") {
        if scalars[j] != ":" { digits.unicodeScalars.append(scalars[j]) }
        j += 1
      }
      guard digits.count == 4 || digits.count == 2, let n = Int(digits) else { return nil }
      let seconds = digits.count == 4 ? (n / 100) * 3600 + (n % 100) * 60 : n * 3600
      offset = c == "-" ? -seconds : seconds
      i = j
    } else {
      i += 1
    }
  }
  var year: Int
  var day: Int
  if let month {
    guard numbers.count == 2 else { return nil }
    if numbers[0].digits == 4 {
      year = numbers[0].value
      day = numbers[1].value
    } else {
      day = numbers[0].value
      year = numbers[1].value
      if numbers[1].digits <= 2 { year += year < 70 ? 2000 : 1900 }
    }
    guard (1...31).contains(day) else { return nil }
    var civil = CivilTime(year: year, month: month, day: day)
    try? apply(time, pm, offset, zoneName, to: &civil)
    return civil.valid ? civil : nil
  }
  guard numbers.count == 3 else { return nil }
  let m: Int
  if numbers[0].digits == 4 {
    (year, m, day) = (numbers[0].value, numbers[1].value, numbers[2].value)
  } else if numbers[2].digits == 4 {
    (day, m, year) = (numbers[0].value, numbers[1].value, numbers[2].value)
  } else {
    return nil
  }
  var civil = CivilTime(year: year, month: m, day: day)
  try? apply(time, pm, offset, zoneName, to: &civil)
  return civil.valid ? civil : nil
}

private func apply(
  _ time: (Int, Int, Int)?, _ pm: Bool?, _ offset: Int?, _ zoneName: String?,
  to civil: inout CivilTime
) throws {
  if let (hour, m, s) = time {
    var h = hour
    if let pm {
      if pm && h < 12 { h += 12 }
      if !pm && h == 12 { h = 0 }
    }
    (civil.hour, civil.minute, civil.second) = (h, m, s)
  }
  if let offset {
    civil.utcOffset = offset
    civil.zoneName = zoneName ?? ""
  }
}

extension CivilTime {
  fileprivate var valid: Bool {
    // The year bound keeps the day arithmetic below from overflowing on any digits.
    guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61,
      year.magnitude <= maxYear
    else {
      return false
    }
    let (y, m, d) = civilFromDays(daysFromCivil(year, month, day))
    return y == year && m == month && d == day
  }
}

/// Ruby's `strftime`, with the `-`, `_`, `0`, `^` and `#` flags and a width; nil once the
/// text passes `limit` bytes.
func strftime(_ format: String, _ t: CivilTime, limit: Int = .max) -> String? {
  var out = ""
  let chars = Array(format)
  var i = 0
  while i < chars.count {
    if out.utf8.count > limit { return nil }
    guard chars[i] == "%", i + 1 < chars.count else {
      out.append(chars[i])
      i += 1
      continue
    }
    var j = i + 1
    var flags: Set<Character> = []
    while j < chars.count, "-_0^#".contains(chars[j]) {
      flags.insert(chars[j])
      j += 1
    }
    var width: Int?
    while j < chars.count, let digit = chars[j].wholeNumberValue {
      width = min((width ?? 0) * 10 + digit, 1024)
      j += 1
    }
    guard j < chars.count else {
      out += String(chars[i...])
      break
    }
    let conversion = chars[j]
    func number(_ n: Int, _ defaultWidth: Int, pad: Character = "0") -> String {
      var digits = String(abs(n))
      let padding: Character? =
        flags.contains("-") ? nil : flags.contains("_") ? " " : flags.contains("0") ? "0" : pad
      let w = width ?? defaultWidth
      if let padding {
        while digits.count < w - (n < 0 ? 1 : 0) { digits.insert(padding, at: digits.startIndex) }
      }
      return n < 0 ? "-" + digits : digits
    }
    func text(_ s: String) -> String {
      var s = s
      if flags.contains("^") { s = s.uppercased() }
      if flags.contains("#") { s = s.uppercased() == s ? s.lowercased() : s.uppercased() }
      if let width, s.count < width {
        s = String(repeating: flags.contains("0") ? "0" : " ", count: width - s.count) + s
      }
      return s
    }
    let hour12 = t.hour % 12 == 0 ? 12 : t.hour % 12
    switch conversion {
    case "Y": out += number(t.year, 1)
    case "C": out += number(t.year / 100, 2)
    case "y": out += number(t.year % 100, 2)
    case "m": out += number(t.month, 2)
    case "B": out += text(monthNames[t.month - 1])
    case "b", "h": out += text(String(monthNames[t.month - 1].prefix(3)))
    case "d": out += number(t.day, 2)
    case "e": out += number(t.day, 2, pad: " ")
    case "j": out += number(t.dayOfYear, 3)
    case "H": out += number(t.hour, 2)
    case "k": out += number(t.hour, 2, pad: " ")
    case "I": out += number(hour12, 2)
    case "l": out += number(hour12, 2, pad: " ")
    case "M": out += number(t.minute, 2)
    case "S": out += number(t.second, 2)
    case "L": out += number(0, 3)
    case "N": out += number(0, 9)
    case "p": out += text(t.hour < 12 ? "AM" : "PM")
    case "P": out += text(t.hour < 12 ? "am" : "pm")
    case "A": out += text(dayNames[t.weekday])
    case "a": out += text(String(dayNames[t.weekday].prefix(3)))
    case "u": out += number(t.weekday == 0 ? 7 : t.weekday, 1)
    case "w": out += number(t.weekday, 1)
    case "s": out += number(t.epochSeconds, 1)
    case "z":
      let sign = t.utcOffset < 0 ? "-" : "+"
      let o = abs(t.utcOffset)
      out += sign + number(o / 3600, 2) + number(o % 3600 / 60, 2)
    case "Z": out += text(t.zoneName)
    case "F": out += strftime("%Y-%m-%d", t) ?? ""
    case "D", "x": out += strftime("%m/%d/%y", t) ?? ""
    case "T", "X": out += strftime("%H:%M:%S", t) ?? ""
    case "R": out += strftime("%H:%M", t) ?? ""
    case "r": out += strftime("%I:%M:%S %p", t) ?? ""
    case "c": out += strftime("%a %b %e %H:%M:%S %Y", t) ?? ""
    case "n": out += "\n"
    case "t": out += "\t"
    case "%": out += "%"
    default: out += String(chars[i...j])
    }
    i = j + 1
  }
  return out.utf8.count > limit ? nil : out
}
