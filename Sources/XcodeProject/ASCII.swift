/// The bytes the project file syntax is made of.
extension UInt8 {
  static let tab = UInt8(ascii: "\t")
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let slash = UInt8(ascii: "/")
  static let star = UInt8(ascii: "*")
  static let equals = UInt8(ascii: "=")
  static let semicolon = UInt8(ascii: ";")
  static let comma = UInt8(ascii: ",")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
  static let openParen = UInt8(ascii: "(")
  static let closeParen = UInt8(ascii: ")")
  static let lessThan = UInt8(ascii: "<")
  static let greaterThan = UInt8(ascii: ">")

  var isWhitespace: Bool {
    self == .space || self == .tab || self == .newline || self == .carriageReturn
      || self == 0x0B || self == 0x0C
  }

  /// A byte that may appear in unquoted text, as Apple's property list reader accepts it
  /// (letters, digits, `_$/:.-`) plus `+`, which some tools write unquoted.
  var isBareText: Bool {
    // One bit per ASCII byte, so that the parser's hottest loop reads no memory:
    // `$`, `+`, `-./`, digits and `:` (bytes 36, 43, 45...58), then letters and `_` (65...90,
    // 95, 97...122, less 64).
    self < 64
      ? (0x07FF_E810_0000_0000 as UInt64) >> UInt64(self) & 1 == 1
      : self < 128 && (0x07FF_FFFE_87FF_FFFE as UInt64) >> UInt64(self &- 64) & 1 == 1
  }
}
