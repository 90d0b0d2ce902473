import HexDigits
import Testing

/// The one reader of hexadecimal digits, behind the escapes of Liquid's `url_decode`, YAML,
/// JSON and property lists.
@Suite struct HexDigitTests {
  @Test func everyByte() {
    for byte in UInt8.min...UInt8.max {
      let expected = byte < 128 ? UInt8(String(UnicodeScalar(byte)), radix: 16) : nil
      #expect(byte.hexDigitValue == expected, "\(byte)")
    }
    #expect(UInt8(ascii: "f").hexDigitValue == 15)
    #expect(UInt8(ascii: "A").hexDigitValue == 10)
    #expect(UInt8(ascii: "g").hexDigitValue == nil)
  }
}
