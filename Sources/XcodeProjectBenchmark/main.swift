// Measures adding a module to a large Xcode project: read project.pbxproj, plan adding the VIPER
// `Home` module's files (7 sources to a framework target, 2 tests to its test target), write the
// result. A benchmark, not a test: it prints numbers and never fails on a slow machine.
// scripts/benchmark-xcodeproj.sh runs it beside `modulegen gen`. Its commands: `usage` below.

import SystemLibrary

let usage = """
  USAGE:
    xcodeproject-benchmark compare --modulegen PATH [--against PATH] [--files N] [--targets N]
        [--runs N] [--in FOLDER]
        gen vs gen with the project, as processes, interleaved in one run (with --against,
        another build's gen and gen with the project too)
    xcodeproject-benchmark memory [--targets N]     peak memory for 5,000 to 40,000 files
    xcodeproject-benchmark [--files N] [--targets N] [--runs N]   each stage in-process
    xcodeproject-benchmark generate PATH [--files N] [--targets N]   write a synthetic project
    xcodeproject-benchmark edit PATH OUT [--stages]  one edit (as a process)
    xcodeproject-benchmark floor                     start and exit (the process floor)
    xcodeproject-benchmark copy PATH OUT             read and write the file (the I/O floor)

  """

let arguments = CommandLine.arguments
if arguments.contains("--help") || arguments.contains("-h") {
  print(usage, terminator: "")
  exit(0)
}
// Resolved before the work folder becomes the current one.
_ = benchmarkPath
let files = option("--files", default: 20_000)
let targets = option("--targets", default: 50)

/// A folder for the benchmark's files: in memory where the machine has a tmpfs, so that it
/// measures the code and not the disk.
func workFolder() -> String {
  var shm = stat()
  let base =
    option("--in")
    ?? (stat("/dev/shm", &shm) == 0 && access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp")
  let folder = base + "/xcodeproject-benchmark-\(getpid())"
  // The processes run there too: no configuration or package of the caller's folder in view.
  guard mkdir(folder, 0o700) == 0, chdir(folder) == 0 else { fail("cannot create \(folder)") }
  return folder
}

switch arguments.count > 1 ? arguments[1] : "" {
case "floor":
  break
case "copy":
  guard arguments.count > 3 else { fail("copy needs a project file and an output path") }
  writeFile(arguments[3], readFile(arguments[2]))
case "generate":
  guard arguments.count > 2 else { fail("generate needs a path") }
  writeFile(arguments[2], Array(SyntheticProject(files: files, targets: targets).text().utf8))
case "edit":
  guard arguments.count > 3 else { fail("edit needs a project file and an output path") }
  let stages = edit(arguments[2], to: arguments[3])
  if arguments.contains("--stages") {
    print(zip(EditStages.names, stages.times).map { "\($0) \(format($1))" }.joined(separator: ", "))
  }
case "compare":
  guard let modulegen = option("--modulegen").flatMap(absolutePath) else {
    fail("compare needs --modulegen PATH")
  }
  let folder = workFolder()
  defer { removeTree(folder) }
  let other = option("--against").map { path in
    guard let other = absolutePath(path) else { fail("no modulegen at \(path)") }
    return other
  }
  compare(
    modulegen: modulegen, against: other, files: files, targets: targets,
    runs: option("--runs", default: 30),
    in: folder)
case "memory":
  let folder = workFolder()
  defer { removeTree(folder) }
  measureMemory(targets: targets, in: folder)
default:
  let folder = workFolder()
  defer { removeTree(folder) }
  measureStages(
    files: files, targets: targets, runs: option("--runs", default: 20),
    in: folder)
}
