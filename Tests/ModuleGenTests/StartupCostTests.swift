import Foundation
import Testing

/// What every start of modulegen pays before it does anything: the libraries it loads, each of
/// whose symbols the dynamic linker resolves.
@Suite struct StartupCostTests {
  /// On Linux, Foundation comes in parts: FoundationEssentials, and Foundation itself, which
  /// brings ICU and Dispatch's Swift library with it. One `import Foundation` anywhere in the
  /// tool (for `NSLock`, say) loads them all, and doubled the instructions of `modulegen
  /// --version`. FoundationEssentials alone has about 6,600 symbols for the dynamic linker to
  /// look up, a third of what `--version` costs, for the few things modulegen took from it (the
  /// environment, the working directory, reading a file and listing a folder), which the C
  /// library gives. So the tool loads no part of Foundation. (On a Mac, Foundation is one
  /// framework, which the system has loaded already.)
  @Test func loadsNoPartOfFoundation() throws {
    guard runsOnLinux else { return }
    // glibc's dynamic linker lists what it would load, and runs nothing.
    let listed = try runBinary([], in: "/", environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
    let libraries = String(decoding: listed.out, as: UTF8.self).split(separator: "\n").compactMap {
      $0.split(separator: " ").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }
    #expect(libraries.contains("libswiftCore.so"), "\(libraries)")
    let unwanted = [
      "libFoundationEssentials.so", "libFoundation.so", "libFoundationInternationalization.so",
      "lib_FoundationICU.so", "libswiftDispatch.so",
    ]
    #expect(libraries.filter(unwanted.contains) == [])
  }
}
