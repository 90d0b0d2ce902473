import Diagnostics

@testable import DataFormats
@testable import Liquid
@testable import ModuleGen

/// Any bytes as a YAML file: the reader gives data or an error at a place in the file, never a
/// crash or a hang. What it reads must convert to template data and to JSON that the JSON
/// reader reads back; the same text also goes through the spec and config decoders.
func fuzzYAML(_ bytes: [UInt8]) {
  let text = String(decoding: bytes, as: UTF8.self)
  check(text, "YAML") { text throws(Diagnostic) in try YAMLReader.read(text, file: "fuzz.yml") }
  do {
    _ = try SpecDecoder.decode(text, file: "fuzz.yml")
  } catch {
    for diagnostic in error.diagnostics { _ = diagnostic.description }
  }
  _ = try? ProjectConfig.decode(text, file: "fuzz.yml")
}

/// Any bytes as a JSON file: data or a located error; what is read is written back as JSON
/// that reads as the same data.
func fuzzJSON(_ bytes: [UInt8]) {
  check(String(decoding: bytes, as: UTF8.self), "JSON") { text throws(Diagnostic) in
    try JSONReader.read(text, file: "fuzz.json")
  }
}

/// Reads `text`: data that round-trips through JSON, or an error located in the file.
private func check(
  _ text: String, _ reader: String, _ read: (String) throws(Diagnostic) -> DataNode
) {
  do {
    checkRoundTrip(try read(text), reader)
  } catch {
    checkLocated(error)
  }
}

/// The data as JSON, read back by the JSON reader: the same values (NaN and infinities, which
/// JSON cannot hold, are written as null).
private func checkRoundTrip(_ node: DataNode, _ reader: String) {
  let json = node.liquidValue.jsonText
  do {
    let again = try JSONReader.read(json, file: "again.json")
    if again.liquidValue.jsonText != json {
      violated("\(reader) data written as JSON reads back differently: \(json.prefix(200))")
    }
  } catch {
    violated("\(reader) data written as JSON is not JSON: \(error) in \(json.prefix(200))")
  }
}

/// Every error has a location inside the file, and prints.
private func checkLocated(_ error: Diagnostic) {
  guard let location = error.location, location.line >= 1, location.column >= 1 else {
    violated("an error without a location: \(error.message)")
  }
  _ = error.description
}
