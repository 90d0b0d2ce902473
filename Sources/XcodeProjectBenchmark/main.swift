// Measures adding a module to a large Xcode project: read project.pbxproj, plan adding the VIPER
// `Home` module's files (7 sources to a framework target, 2 tests to its test target), write the
// result. A benchmark, not a test: it prints numbers and never fails on a slow machine.
// scripts/benchmark-xcodeproj.sh runs it beside `modulegen gen` in one run.
//
//   xcodeproject-benchmark generate PATH [--files N] [--targets N]   write a synthetic project
//   xcodeproject-benchmark edit PATH OUT [--memory]                   one edit, as a process
//   xcodeproject-benchmark [--files N] [--targets N] [--runs N]      time each stage in-process

import XcodeProject

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let moduleSets = [
  ProjectFileSet(
    folder: "Feature00/Modules/Home",
    files: [
      "HomeBuilder.swift", "HomeContracts.swift", "HomeEntity.swift", "HomeInteractor.swift",
      "HomePresenter.swift", "HomeRouter.swift", "HomeViewController.swift",
    ], targets: ["Feature00"]),
  ProjectFileSet(
    folder: "Feature00Tests/Modules/HomeTests", files: ["HomeMocks.swift", "HomeTests.swift"],
    targets: ["Feature00Tests"], isTests: true),
]

func fail(_ message: String) -> Never {
  let text = "xcodeproject-benchmark: \(message)\n"
  _ = text.withCString { write(2, $0, strlen($0)) }
  exit(1)
}

func option(_ name: String, default value: Int) -> Int {
  let arguments = CommandLine.arguments
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else {
    return value
  }
  guard let number = Int(arguments[index + 1]), number > 0 else { fail("\(name) needs a number") }
  return number
}

func readFile(_ path: String) -> [UInt8] {
  guard let file = fopen(path, "rb") else { fail("cannot read \(path)") }
  defer { fclose(file) }
  fseek(file, 0, SEEK_END)
  let size = ftell(file)
  fseek(file, 0, SEEK_SET)
  guard size >= 0 else { fail("cannot read \(path)") }
  return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
    count = size == 0 ? 0 : fread(buffer.baseAddress, 1, size, file)
  }
}

func writeFile(_ path: String, _ bytes: [UInt8]) {
  bytes.withUnsafeBufferPointer { buffer in writeFile(path) { write in write(buffer) } }
}

/// Writes what `body` hands its writer, piece by piece.
func writeFile(_ path: String, _ body: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
  guard let file = fopen(path, "wb") else { fail("cannot write \(path)") }
  defer { fclose(file) }
  body { piece in
    if piece.count > 0 && fwrite(piece.baseAddress, 1, piece.count, file) != piece.count {
      fail("cannot write \(path)")
    }
  }
}

func plan(_ bytes: [UInt8]) -> ProjectEditPlan {
  do {
    let project = try XcodeProject(bytes: bytes, file: "project.pbxproj")
    return try project.plan(adding: moduleSets)
  } catch {
    fail(error.description)
  }
}

/// Peak resident memory of this process so far, in KiB.
func peakMemory() -> Int {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Int(usage.ru_maxrss)
}

func milliseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

func format(_ value: Double) -> String {
  let rounded = (value * 100).rounded() / 100
  return String(rounded)
}

let arguments = CommandLine.arguments
let files = option("--files", default: 20_000)
let targets = option("--targets", default: 50)

switch arguments.count > 1 ? arguments[1] : "" {
case "generate":
  guard arguments.count > 2 else { fail("generate needs a path") }
  writeFile(arguments[2], Array(SyntheticProject(files: files, targets: targets).text().utf8))
case "edit":
  guard arguments.count > 3 else { fail("edit needs a project file and an output path") }
  let plan = plan(readFile(arguments[2]))
  writeFile(arguments[3]) { write in plan.write(write) }
  if arguments.contains("--memory") { print(peakMemory()) }
default:
  let runs = option("--runs", default: 20)
  let text = SyntheticProject(files: files, targets: targets).text()
  let path = "/tmp/xcodeproject-benchmark-\(getpid()).pbxproj"
  let output = path + ".out"
  writeFile(path, Array(text.utf8))
  defer {
    unlink(path)
    unlink(output)
  }
  let clock = ContinuousClock()
  var stages: [String: [Double]] = [:]
  var outputSize = 0
  for _ in 0...runs {
    var start = clock.now
    func lap(_ name: String) {
      let now = clock.now
      stages[name, default: []].append(milliseconds(now - start))
      start = now
    }
    let bytes = readFile(path)
    lap("read")
    let project: XcodeProject
    do { project = try XcodeProject(bytes: bytes, file: "project.pbxproj") } catch {
      fail(error.description)
    }
    lap("parse")
    let plan: ProjectEditPlan
    do { plan = try project.plan(adding: moduleSets) } catch { fail(error.description) }
    lap("plan")
    outputSize = 0
    writeFile(output) { write in
      plan.write { piece in
        write(piece)
        outputSize += piece.count
      }
    }
    lap("write")
  }
  print(
    "synthetic project: \(files) files, \(targets) targets, \(text.utf8.count / 1024) KiB; "
      + "after adding the module: \(outputSize / 1024) KiB")
  var total = 0.0
  for stage in ["read", "parse", "plan", "write"] {
    // The first run warms up.
    let times = stages[stage, default: []].dropFirst().sorted()
    let median = times[times.count / 2]
    total += median
    print("\(stage.padding(6)) median \(format(median)) ms   min \(format(times.first ?? 0)) ms")
  }
  print("total  median \(format(total)) ms")
}

extension String {
  func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
