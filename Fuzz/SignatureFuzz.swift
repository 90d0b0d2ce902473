@testable import ModuleGen

/// Any text as a Swift method signature and as a type: parsed or refused with an offset inside
/// the text, never a crash or a hang. A parsed signature, written back as a declaration, parses
/// to the same declaration (the generated code says what the spec said); a type normalizes to a
/// text that is its own normal form, and so does its normal form for comparisons
/// (`SignatureParser.normalType(_:)`).
func fuzzSignature(_ bytes: [UInt8]) {
  let text = String(decoding: bytes, as: UTF8.self)
  let length = text.count
  do {
    let method = try SignatureParser.parseMethod(text)
    _ = (method.selector, method.requirement, method.identifier)
    do {
      let again = try SignatureParser.parseMethod(method.declaration)
      if again.declaration != method.declaration {
        violated(
          "'\(text)' declares '\(method.declaration)', which reads as '\(again.declaration)'")
      }
    } catch {
      violated("'\(text)' declares '\(method.declaration)', which does not parse: \(error.message)")
    }
  } catch {
    if error.offset < 0 || error.offset > length {
      violated("offset \(error.offset) outside '\(text)' (\(length) characters)")
    }
  }
  do {
    let type = try SignatureParser.parseType(text)
    do {
      let again = try SignatureParser.parseType(type)
      if again != type { violated("type '\(text)' normalizes to '\(type)', then to '\(again)'") }
      // The normal form Swift's comparisons use: the same from the text as written and as
      // read, and its own normal form.
      let normal = SignatureParser.normalType(type)
      if SignatureParser.normalType(text) != normal || SignatureParser.normalType(normal) != normal
      {
        violated("type '\(text)' has the normal form '\(normal)', which is not its own")
      }
    } catch {
      violated("type '\(text)' normalizes to '\(type)', which does not parse: \(error.message)")
    }
  } catch {
    if error.offset < 0 || error.offset > length {
      violated("offset \(error.offset) outside '\(text)' (\(length) characters)")
    }
  }
}
