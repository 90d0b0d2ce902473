// A stand-in for Xcode's PreviewsMacros compiler plugin, which implements `#Preview`. The compiler
// type-checks a macro's arguments (the preview's body) before it asks the plugin to expand it, so
// an empty expansion is enough to prove that a preview compiles; there is no canvas here to show
// it in. The plugin speaks the compiler's plugin protocol: each message is a little-endian 64-bit
// length followed by that many bytes of JSON.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func readBytes(_ count: Int) -> [UInt8]? {
  var buffer = [UInt8](repeating: 0, count: count)
  var offset = 0
  while offset < count {
    let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress! + offset, count - offset) }
    if n <= 0 { return nil }
    offset += n
  }
  return buffer
}

func reply(_ json: String) {
  let body = Array(json.utf8)
  var length = UInt64(body.count)
  var message: [UInt8] = []
  for _ in 0..<8 {
    message.append(UInt8(length & 0xff))
    length >>= 8
  }
  message += body
  _ = message.withUnsafeBytes { write(1, $0.baseAddress!, message.count) }
}

while let header = readBytes(8) {
  let length = header.reversed().reduce(0) { $0 << 8 | Int($1) }
  guard let body = readBytes(length) else { break }
  let text = String(decoding: body, as: UTF8.self)
  if text.hasPrefix("{\"getCapability\"") {
    // Answer with the host's own protocol version.
    let version = text.split(separator: ":").last?.prefix { $0.isNumber } ?? "1"
    reply(#"{"getCapabilityResult":{"capability":{"protocolVersion":"# + version + "}}}")
  } else {
    reply(#"{"expandMacroResult":{"expandedSource":"","diagnostics":[]}}"#)
  }
}
