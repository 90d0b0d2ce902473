import Foundation
import Testing

/// The package's benchmarks are command-line tools too: `--help` prints their usage and a
/// wrong command line is a usage error, never a crash.
@Suite struct BenchmarkCommandLineTests {
  @Test(arguments: ["liquid-benchmark", "xcodeproject-benchmark"])
  func helpPrintsTheUsage(_ product: String) throws {
    let result = try runBinary(
      ["--help"], in: try makeTemporaryDirectory(), binary: builtProduct(product))
    #expect(result.code == 0)
    #expect(String(decoding: result.out, as: UTF8.self).hasPrefix("USAGE:"))
    #expect(result.err == "")
  }

  @Test(arguments: [
    (["--bogus"], "error: unknown option '--bogus'"),
    (["--seconds"], "error: --seconds needs a positive number"),
    (["no-such-folder"], "error: no fixtures folder at no-such-folder"),
  ])
  func aWrongLiquidBenchmarkCommandLineExits64(_ arguments: [String], _ message: String) throws {
    let result = try runBinary(
      arguments, in: try makeTemporaryDirectory(), binary: builtProduct("liquid-benchmark"))
    #expect(result.code == 64)
    #expect(result.err.hasPrefix(message + "\n\nUSAGE:"), "\(result.err)")
  }
}
