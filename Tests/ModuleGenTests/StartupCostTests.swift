import Foundation
import Testing

/// What every start of modulegen pays before it does anything: the libraries it loads, each of
/// whose symbols the dynamic linker resolves.
@Suite struct StartupCostTests {
  /// On Linux, Foundation comes in parts: FoundationEssentials, all that modulegen uses, and
  /// Foundation itself, which brings ICU and Dispatch's Swift library with it. One `import
  /// Foundation` anywhere in the tool (for `NSLock`, say) loads them all, and doubled the
  /// instructions of `modulegen --version`. (On a Mac, Foundation is one framework, and the
  /// system has it loaded already.)
  @Test func loadsFoundationEssentialsNotTheWholeFoundation() throws {
    guard runsOnLinux else { return }
    // glibc's dynamic linker lists what it would load, and runs nothing.
    let listed = try runBinary([], in: "/", environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
    let libraries = String(decoding: listed.out, as: UTF8.self).split(separator: "\n").compactMap {
      $0.split(separator: " ").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }
    #expect(libraries.contains("libFoundationEssentials.so"), "\(libraries)")
    let unwanted = [
      "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
      "libswiftDispatch.so",
    ]
    #expect(libraries.filter(unwanted.contains) == [])
  }
}
