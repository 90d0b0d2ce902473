// libFuzzer entry point for every fuzz target; FUZZ_TARGET picks one. Build and run with
// Fuzz/run.sh, which says what each target checks.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

enum FuzzTarget: String, CaseIterable {
  case templates, filters, yaml, json, signatures, manifests

  static let selected: FuzzTarget = {
    guard let name = getenv("FUZZ_TARGET").map({ String(cString: $0) }),
      let target = FuzzTarget(rawValue: name)
    else {
      let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
      fatalError("set FUZZ_TARGET to one of: \(names)")
    }
    return target
  }()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  switch FuzzTarget.selected {
  case .templates: fuzzTemplate(bytes)
  case .filters: fuzzFilters(bytes)
  case .yaml: fuzzYAML(bytes)
  case .json: fuzzJSON(bytes)
  case .signatures: fuzzSignature(bytes)
  case .manifests: fuzzManifest(bytes)
  }
  return 0
}

/// Stops the run as a finding: a broken invariant is reported like a crash, with its input.
func violated(_ message: String) -> Never {
  fatalError("fuzz invariant: \(message)")
}
