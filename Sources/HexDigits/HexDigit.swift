extension UInt8 {
  /// The value of an ASCII hexadecimal digit (`0`-`9`, `a`-`f`, `A`-`F`); nil for any other byte.
  package var hexDigitValue: UInt8? {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

extension UInt32 {
  /// A Unicode scalar value as messages write it after `U+`: at least four uppercase hex digits.
  package var scalarHexDigits: String {
    let digits = String(self, radix: 16, uppercase: true)
    return String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
  }
}
