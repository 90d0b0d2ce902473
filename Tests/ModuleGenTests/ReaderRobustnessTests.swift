import Foundation
import Testing

@testable import ModuleGen

/// Every prefix and a sample of mutations of every YAML corpus document: the readers and the
/// spec decoder answer with data or a located error, never a crash or a hang.
@Suite struct ReaderRobustnessTests {
  @Test func truncatedAndMutatedDocuments() throws {
    let files =
      YAMLDifferentialTests.files("supported") + YAMLDifferentialTests.files("unsupported")
    var attempts = 0
    for path in files {
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let bytes = Array(text.utf8)
      let step = max(1, bytes.count / 60)
      for end in stride(from: 0, through: bytes.count, by: step) {
        let prefix = String(decoding: bytes[..<end], as: UTF8.self)
        attempts += 1
        do {
          _ = try YAMLReader.read(prefix, file: "f.yml")
        } catch {
          #expect(error.location != nil, "an error without a location for a prefix of \(path)")
        }
        _ = try? SpecDecoder.decode(prefix, file: "f.yml")
      }
      // Replace single bytes with characters YAML cares about.
      var generator = SeededGenerator(seed: UInt64(bytes.count))
      for _ in 0..<40 where !bytes.isEmpty {
        var mutated = bytes
        mutated[Int.random(in: 0..<mutated.count, using: &generator)] = Array(
          "-:[]{}'\"|>#&*!?\t\n ,".utf8
        ).randomElement()!
        attempts += 1
        _ = try? YAMLReader.read(String(decoding: mutated, as: UTF8.self), file: "f.yml")
        _ = try? JSONReader.read(String(decoding: mutated, as: UTF8.self), file: "f.json")
      }
    }
    #expect(attempts > 1000)
  }
}

/// A deterministic generator (SplitMix64), so that a failure can be reproduced.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
