import HexDigits

// String filters, as Ruby Liquid 5 defines them.

func registerStringFilters(_ set: inout FilterSet) {
  func unary(_ name: String, _ transform: @escaping @Sendable (String) -> String) {
    set[name] = Filter { input, args in .string(transform(try args.text(input))) }
  }
  set["append"] = Filter(arguments: 1...1) { input, args in
    .string(try args.text(input) + args.text(args[0]!))
  }
  set["prepend"] = Filter(arguments: 1...1) { input, args in
    .string(try args.text(args[0]!) + args.text(input))
  }
  unary("downcase") { $0.lowercased() }
  unary("upcase") { $0.uppercased() }
  unary("capitalize") { s in
    guard let first = s.first else { return s }
    return first.uppercased() + s.dropFirst().lowercased()
  }
  unary("lstrip") { $0.rubyLStrip() }
  unary("rstrip") { $0.rubyRStrip() }
  unary("strip") { $0.rubyStrip() }
  unary("strip_newlines") { $0.replacingAll("\r\n", with: "").replacingAll("\n", with: "") }
  unary("newline_to_br") {
    $0.replacingAll("\r\n", with: "\n").replacingAll("\n", with: "<br />\n")
  }
  unary("strip_html", stripHTML)
  set["escape"] = Filter { input, args in
    input.isNil ? .nil : .string(escapeHTML(try args.text(input), once: false))
  }
  set["escape_once"] = Filter { input, args in .string(escapeHTML(try args.text(input), once: true))
  }
  unary("url_encode", urlEncode)
  set["url_decode"] = Filter { input, args in
    guard let decoded = urlDecode(try args.text(input)) else {
      throw FilterFailure("invalid percent-encoding in \(input.inspect(upTo: 100))")
    }
    return .string(decoded)
  }
  unary("base64_encode") { Base64.encode(Array($0.utf8), urlSafe: false) }
  unary("base64_url_safe_encode") { Base64.encode(Array($0.utf8), urlSafe: true) }
  for (name, urlSafe) in [("base64_decode", false), ("base64_url_safe_decode", true)] {
    set[name] = Filter { input, args in
      guard let bytes = Base64.decode(try args.text(input), urlSafe: urlSafe) else {
        throw FilterFailure("invalid base64 in \(input.inspect(upTo: 100))")
      }
      return .string(String(decoding: bytes, as: UTF8.self))
    }
  }
  set["remove"] = Filter(arguments: 1...1) { input, args in
    .string(try replaceAll(input, args[0]!, .string(""), args))
  }
  set["remove_first"] = Filter(arguments: 1...1) { input, args in
    .string(replaceFirst(try args.text(input), try args.text(args[0]!), ""))
  }
  set["remove_last"] = Filter(arguments: 1...1) { input, args in
    .string(replaceLast(try args.text(input), try args.text(args[0]!), ""))
  }
  set["replace"] = Filter(arguments: 1...2) { input, args in
    .string(try replaceAll(input, args[0]!, args[1] ?? .string(""), args))
  }
  set["replace_first"] = Filter(arguments: 1...2) { input, args in
    .string(
      replaceFirst(try args.text(input), try args.text(args[0]!), try args.text(args[1] ?? "")))
  }
  set["replace_last"] = Filter(arguments: 2...2) { input, args in
    .string(replaceLast(try args.text(input), try args.text(args[0]!), try args.text(args[1]!)))
  }
  set["split"] = Filter(arguments: 1...1) { input, args in
    let limit = args.environment.limits.maxArrayItems
    let (parts, complete) = rubySplit(
      try args.text(input), try args.text(args[0]!), maxParts: limit)
    guard complete else {
      throw FilterFailure("the result would have more than the limit of \(limit) items")
    }
    return .array(parts.map { .string($0) })
  }
  set["slice"] = Filter(arguments: 1...2, slice)
  set["truncate"] = Filter(arguments: 0...2) { input, args in
    if input.isNil { return .nil }
    let text = try args.text(input)
    let length = args[0] == nil ? 50 : try toInteger(args[0], "truncate length")
    let ending = args[1] == nil ? "..." : try args.text(args[1]!)
    guard text.count > length else { return .string(text) }
    let keep = max(0, saturatingAdd(length, -ending.count))
    return .string(String(text.prefix(keep)) + ending)
  }
  set["truncatewords"] = Filter(arguments: 0...2) { input, args in
    if input.isNil { return .nil }
    let text = try args.text(input)
    var words = args[0] == nil ? 15 : try toInteger(args[0], "truncatewords count")
    if words <= 0 { words = 1 }
    let ending = args[1] == nil ? "..." : try args.text(args[1]!)
    // As Ruby's `split(" ", words + 1)`: only the words that are kept are split off.
    let list = rubySplit(text, " ", maxParts: saturatingAdd(words, 1)).parts
    guard list.count > words else { return .string(text) }
    return .string(list.prefix(words).joined(separator: " ") + ending)
  }
}

/// `replace` and `remove`: every occurrence, within the output limit.
private func replaceAll(
  _ input: LiquidValue, _ target: LiquidValue, _ replacement: LiquidValue, _ args: FilterArguments
) throws(FilterFailure) -> String {
  let limit = args.environment.limits.maxOutputBytes
  guard
    let result = try args.text(input).replacingAll(
      args.text(target), with: args.text(replacement), limit: limit)
  else { throw .largerThanOutputLimit("the result of the replacement", limit: limit) }
  return result
}

private func replaceFirst(_ text: String, _ target: String, _ replacement: String) -> String {
  guard let range = text[...].firstOccurrence(of: target) else { return text }
  return String(text[..<range.lowerBound]) + replacement + String(text[range.upperBound...])
}

private func replaceLast(_ text: String, _ target: String, _ replacement: String) -> String {
  guard !target.isEmpty else { return text + replacement }
  guard let range = text[...].lastOccurrence(of: target) else { return text }
  return String(text[..<range.lowerBound]) + replacement + String(text[range.upperBound...])
}

@Sendable private func slice(_ input: LiquidValue, _ args: FilterArguments) throws -> LiquidValue {
  let offset = try toInteger(args[0], "slice offset")
  let length = args[1] == nil || args[1]!.isNil ? 1 : try toInteger(args[1], "slice length")
  if case .array(let array) = input {
    let start = offset < 0 ? saturatingAdd(array.count, offset) : offset
    guard start >= 0, start <= array.count, length >= 0 else { return .array([]) }
    return .array(Array(array[start..<(start + min(length, array.count - start))]))
  }
  // Walk only as far as the slice needs: strings can be long and grapheme counting is slow.
  let text = try args.text(input)
  let start = offset < 0 ? saturatingAdd(text.count, offset) : offset
  guard start >= 0, length >= 0,
    let lower = text.index(text.startIndex, offsetBy: start, limitedBy: text.endIndex)
  else { return .string("") }
  let upper = text.index(lower, offsetBy: length, limitedBy: text.endIndex) ?? text.endIndex
  return .string(String(text[lower..<upper]))
}

/// HTML-escapes `& < > " '`; with `once`, leaves existing entities (`&amp;`, `&#39;`) alone.
func escapeHTML(_ text: String, once: Bool) -> String {
  let bytes = Array(text.utf8)
  var out: [UInt8] = []
  out.reserveCapacity(bytes.count + 16)
  var i = 0
  while i < bytes.count {
    let byte = bytes[i]
    switch byte {
    case UInt8(ascii: "&"):
      if once, let end = entityEnd(bytes, from: i) {
        out += bytes[i...end]
        i = end + 1
        continue
      }
      out += Array("&amp;".utf8)
    case UInt8(ascii: "<"): out += Array("&lt;".utf8)
    case UInt8(ascii: ">"): out += Array("&gt;".utf8)
    case UInt8(ascii: "\""): out += Array("&quot;".utf8)
    case UInt8(ascii: "'"): out += Array("&#39;".utf8)
    default: out.append(byte)
    }
    i += 1
  }
  return String(decoding: out, as: UTF8.self)
}

/// The index of the `;` ending an entity (`&name;` or `&#digits;`) starting at `start`.
private func entityEnd(_ bytes: [UInt8], from start: Int) -> Int? {
  var j = start + 1
  let numeric = j < bytes.count && bytes[j] == UInt8(ascii: "#")
  if numeric { j += 1 }
  let bodyStart = j
  while j < bytes.count, numeric ? isDigit(bytes[j]) : isASCIILetter(bytes[j]) { j += 1 }
  return j > bodyStart && j < bytes.count && bytes[j] == UInt8(ascii: ";") ? j : nil
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
  (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
}

@Sendable private func stripHTML(_ text: String) -> String {
  var out = text
  for (open, close) in [("<script", "</script>"), ("<!--", "-->"), ("<style", "</style>")] {
    out = removeSpans(out, open: open, close: close)
  }
  return removeSpans(out, open: "<", close: ">")
}

private func removeSpans(_ text: String, open: String, close: String) -> String {
  var out = ""
  var rest = text[...]
  while let start = rest.firstOccurrence(of: open) {
    guard let end = rest[start.upperBound...].firstOccurrence(of: close) else { break }
    out.append(contentsOf: rest[..<start.lowerBound])
    rest = rest[end.upperBound...]
  }
  // `append(contentsOf:)` copies a slice's bytes; `+=` appended it character by character.
  out.append(contentsOf: rest)
  return out
}

@Sendable private func urlEncode(_ text: String) -> String {
  var out = ""
  for byte in text.utf8 {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
      UInt8(ascii: "-"), UInt8(ascii: "~"), UInt8(ascii: "*"):
      out.unicodeScalars.append(Unicode.Scalar(byte))
    case UInt8(ascii: " "): out += "+"
    default:
      out += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0xF)
    }
  }
  return out
}

private func hexDigit(_ n: UInt8) -> String {
  String("0123456789ABCDEF".utf8.map { Character(Unicode.Scalar($0)) }[Int(n)])
}

private func urlDecode(_ text: String) -> String? {
  var bytes: [UInt8] = []
  let input = Array(text.utf8)
  var i = 0
  while i < input.count {
    let byte = input[i]
    if byte == UInt8(ascii: "+") {
      bytes.append(UInt8(ascii: " "))
    } else if byte == UInt8(ascii: "%"), i + 2 < input.count,
      let high = input[i + 1].hexDigitValue, let low = input[i + 2].hexDigitValue
    {
      bytes.append(high << 4 | low)
      i += 2
    } else {
      bytes.append(byte)
    }
    i += 1
  }
  return String(validUTF8: bytes)
}

enum Base64 {
  static let standard = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  static let urlSafe = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  static func encode(_ bytes: [UInt8], urlSafe: Bool) -> String {
    let table = urlSafe ? Base64.urlSafe : standard
    var out: [UInt8] = []
    var i = 0
    while i < bytes.count {
      let b0 = bytes[i]
      let b1 = i + 1 < bytes.count ? bytes[i + 1] : 0
      let b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
      out.append(table[Int(b0 >> 2)])
      out.append(table[Int((b0 & 0x3) << 4 | b1 >> 4)])
      out.append(i + 1 < bytes.count ? table[Int((b1 & 0xF) << 2 | b2 >> 6)] : UInt8(ascii: "="))
      out.append(i + 2 < bytes.count ? table[Int(b2 & 0x3F)] : UInt8(ascii: "="))
      i += 3
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Strict decoding; the URL-safe form may omit padding.
  static func decode(_ text: String, urlSafe: Bool) -> [UInt8]? {
    var input = Array(text.utf8)
    if urlSafe {
      while input.count % 4 != 0 { input.append(UInt8(ascii: "=")) }
    }
    guard input.count % 4 == 0 else { return nil }
    let table = urlSafe ? Base64.urlSafe : standard
    var values = [UInt8?](repeating: nil, count: 256)
    for (i, c) in table.enumerated() { values[Int(c)] = UInt8(i) }
    var out: [UInt8] = []
    var i = 0
    while i < input.count {
      let chunk = input[i..<(i + 4)]
      let padding = chunk.reversed().prefix { $0 == UInt8(ascii: "=") }.count
      guard padding <= 2, i + 4 == input.count || padding == 0 else { return nil }
      var n: UInt32 = 0
      for (k, c) in chunk.enumerated() {
        let v: UInt8
        if k >= 4 - padding {
          v = 0
        } else {
          guard let decoded = values[Int(c)] else { return nil }
          v = decoded
        }
        n = n << 6 | UInt32(v)
      }
      out.append(UInt8(n >> 16 & 0xFF))
      if padding < 2 { out.append(UInt8(n >> 8 & 0xFF)) }
      if padding < 1 { out.append(UInt8(n & 0xFF)) }
      i += 4
    }
    return out
  }
}
