import DataFormats
import Foundation
import SystemLibrary
import Testing

@testable import ModuleGen

/// Every prefix and a sample of mutations of every YAML corpus document: the readers and the
/// spec decoder answer with data or a located error, never a crash or a hang.
@Suite struct ReaderRobustnessTests {
  @Test func truncatedAndMutatedDocuments() throws {
    let files =
      YAMLDifferentialTests.files("supported") + YAMLDifferentialTests.files("unsupported")
      + YAMLDifferentialTests.files("refused")
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

/// Reading is linear in memory whatever the shape of the document: each node used to keep a
/// copy of its whole source line, so a one-line document of n bytes took n²/k bytes (a 200 KB
/// spec, 5.7 GB). Measured as the peak memory of the built binary in a process of its own.
@Suite struct LinearReadingTests {
  /// A one-line document of about `size` bytes: many small objects in a list.
  static func oneLine(json: Bool, size: Int) -> String {
    var items: [String] = []
    var length = 0
    var i = 0
    while length < size {
      let item =
        json
        ? "{\"name\":\"Module\(i)\",\"template\":\"viper\",\"presenter\":[\"load()\",\"save(id: Int)\"]}"
        : "{name: Module\(i), template: viper, presenter: [load(), \"save(id: Int)\"]}"
      items.append(item)
      length += item.utf8.count + 1
      i += 1
    }
    return json
      ? "{\"modules\":[" + items.joined(separator: ",") + "]}"
      : "{modules: [" + items.joined(separator: ", ") + "]}\n"
  }

  @Test(arguments: ["spec.json", "spec.yml"])
  func oneLineDocumentsTakeLinearMemory(_ name: String) throws {
    let dir = try makeTemporaryDirectory()
    // About 7,500 values on one 100 KB line: with a copy of the line per value, validating it
    // took 1.4 GB (and 22 GB at 400 KB).
    let text = Self.oneLine(json: name.hasSuffix(".json"), size: 100_000)
    try write(text, to: dir + "/" + name)
    try write("{{ modules | size }}", to: dir + "/t.liquid")
    let validate = try peakMemory(["validate", dir + "/" + name])
    #expect(validate.status == 0)
    let render = try peakMemory(["render", dir + "/t.liquid", "--data", dir + "/" + name])
    #expect(render.status == 0)
    // The process itself takes about 15 MB; the document, its nodes and the spec a few more.
    #expect(validate.kilobytes < 120_000, "validate \(name): \(validate.kilobytes) KB")
    #expect(render.kilobytes < 120_000, "render --data \(name): \(render.kilobytes) KB")
  }
}

/// Numbers from `--data` files reach the filters: beyond 64 bits they are errors, not crashes.
@Suite struct DataLimitTests {
  @Test(arguments: [
    ("d.json", #"{"n": 9223372036854775807, "s": "9223372036854775808"}"#),
    ("d.yml", "n: 9223372036854775807\ns: '9223372036854775808'\n"),
  ])
  func overflowingDataValuesAreErrors(_ name: String, _ data: String) throws {
    let dir = try makeTemporaryDirectory()
    try write(data, to: dir + "/" + name)
    try write("{{ n | plus: 1 }}", to: dir + "/n.liquid")
    try write("{{ s | times: 2 }}", to: dir + "/s.liquid")
    let range = "is outside the 64-bit integer range (-9223372036854775808 to 9223372036854775807)"
    let n = runTool(["render", "n.liquid", "--data", name], in: dir)
    #expect(n.code == 2)
    #expect(
      n.err == """
        n.liquid:1:8: error: filter 'plus': 9223372036854775807 + 1 \(range)
        {{ n | plus: 1 }}
               ^

        """)
    let s = runTool(["render", "s.liquid", "--data", name], in: dir)
    #expect(s.code == 2)
    #expect(
      s.err == """
        s.liquid:1:8: error: filter 'times': '9223372036854775808' \(range)
        {{ s | times: 2 }}
               ^

        """)
  }
}

/// The peak memory of the built binary run with `arguments`, with its exit status. A small
/// python3 process runs it and reports: a child spawned straight from this test process (large)
/// would report this process's memory as its own peak, since Linux keeps the larger of a
/// process's memory before and after it `exec`s.
func peakMemory(_ arguments: [String]) throws -> (status: Int32, kilobytes: Int) {
  let script = """
    import resource, subprocess, sys
    r = subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    print(r.returncode if r.returncode >= 0 else 128 - r.returncode,
          resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    """
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", "-c", script, builtBinary] + arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
  guard process.terminationStatus == 0, fields.count == 2, let status = Int32(fields[0]),
    let peak = Int(fields[1].trimmingCharacters(in: .whitespacesAndNewlines))
  else {
    throw POSIXError(.EIO)
  }
  #if canImport(Darwin)
    return (status, peak / 1024)  // bytes on Darwin
  #else
    return (status, peak)
  #endif
}
