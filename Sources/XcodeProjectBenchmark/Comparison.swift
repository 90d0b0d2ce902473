// Generating a module with and without adding it to a large project, as processes, side by
// side in one run; and the peak memory of the edit as the project grows.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// This program's own path, to run it as a process.
let benchmarkPath = absolutePath(CommandLine.arguments[0]) ?? CommandLine.arguments[0]

/// The absolute path of an existing file.
func absolutePath(_ path: String) -> String? {
  guard let resolved = realpath(path, nil) else { return nil }
  defer { free(resolved) }
  return String(cString: resolved)
}

/// Runs, interleaved so that a busy machine slows every column alike: `modulegen gen Home
/// viper`; this program's `edit` (a process that maps the project, adds the module's files and
/// writes the project: what gen with the project adds to gen), the same reading the file into
/// an array, `copy` (reading and writing the file, nothing else: the I/O any editor of the file
/// pays) and doing nothing (the process floor, which gen pays already). Prints medians, and gen
/// with the project against gen.
func compare(modulegen: String, files: Int, targets: Int, runs: Int, in folder: String) {
  let project = folder + "/project.pbxproj"
  let edited = folder + "/edited.pbxproj"
  let output = folder + "/out"
  writeFile(project, Array(SyntheticProject(files: files, targets: targets).text().utf8))
  let commands: [(name: String, arguments: [String])] = [
    (
      "modulegen gen Home viper",
      [
        modulegen, "gen", "Home", "viper", "--output", output + "/Home", "--tests-output",
        output + "/HomeTests", "--date", "2026-01-01",
      ]
    ),
    ("edit: map the file, add 9 files, write", [benchmarkPath, "edit", project, edited]),
    ("edit, reading the file into an array", [benchmarkPath, "edit", project, edited, "--array"]),
    ("copy: map and write the file, no edit", [benchmarkPath, "copy", project, edited]),
    ("copy, reading the file into an array", [benchmarkPath, "copy", project, edited, "--array"]),
    ("process floor: start and exit", [benchmarkPath, "floor"]),
  ]
  var wall = [[Double]](repeating: [], count: commands.count)
  var cpu = [[Double]](repeating: [], count: commands.count)
  let warmup = 3
  for run in 0..<(runs + warmup) {
    // A different order each run, so that no column always follows the same one.
    for step in 0..<commands.count {
      let index = (step + run) % commands.count
      removeTree(output)
      let result = spawn(commands[index].arguments)
      if run >= warmup {
        wall[index].append(result.milliseconds)
        cpu[index].append(result.cpuMilliseconds)
      }
    }
  }
  var info = stat()
  stat(project, &info)
  print(
    "synthetic project: \(files) files, \(targets) targets, "
      + "\(format(Double(info.st_size) / 1_048_576, 1)) MiB; \(runs) interleaved runs, medians")
  print(
    "  " + "".padding(44) + "wall ms".padding(10, right: true)
      + "cpu ms".padding(10, right: true))
  for (index, command) in commands.enumerated() {
    print(
      "  " + command.name.padding(44) + format(median(wall[index])).padding(10, right: true)
        + format(median(cpu[index])).padding(10, right: true))
  }
  func ratio(_ command: Int, _ times: [[Double]]) -> String {
    let gen = median(times[0])
    let added = max(median(times[command]) - median(times[commands.count - 1]), 0)
    return format((gen + added) / gen) + "×"
  }
  print("gen with the project = gen + (edit − floor), against gen (target < 2×):")
  print("  mapping the file:                wall \(ratio(1, wall)), cpu \(ratio(1, cpu))")
  print("  reading it into an array:        wall \(ratio(2, wall)), cpu \(ratio(2, cpu))")
  print("  no edit, mapping and writing:    wall \(ratio(3, wall)), cpu \(ratio(3, cpu))")
  print("  no edit, reading and writing:    wall \(ratio(4, wall)), cpu \(ratio(4, cpu))")
}

/// Prints the peak memory of the edit process for projects of growing size, beside the
/// process floor's: what the edit adds should grow in proportion to the project. This process
/// stays small (it writes no project itself): a child's peak memory counts its parent's from
/// before it started.
func measureMemory(targets: Int, in folder: String) {
  let floor = (0..<3).map { _ in spawn([benchmarkPath, "floor"]).peakKiB }.min() ?? 0
  print("peak memory of the edit process (floor: \(format(Double(floor) / 1024, 1)) MiB)")
  print("  files   project      peak   above floor   above floor / project")
  for files in [5_000, 10_000, 20_000, 40_000] {
    let project = folder + "/memory.pbxproj"
    _ = spawn([
      benchmarkPath, "generate", project, "--files", String(files), "--targets", String(targets),
    ])
    var info = stat()
    stat(project, &info)
    let size = Double(info.st_size)
    let peak =
      (0..<3).map { _ in
        spawn([benchmarkPath, "edit", project, folder + "/memory-edited.pbxproj"]).peakKiB
      }.min() ?? 0
    let above = Double(peak - floor) * 1024
    print(
      "  " + String(files).padding(6, right: true)
        + (format(size / 1_048_576, 1) + " MiB").padding(10, right: true)
        + (format(Double(peak) / 1024, 1) + " MiB").padding(10, right: true)
        + (format(above / 1_048_576, 1) + " MiB").padding(12, right: true)
        + (format(above / size) + "×").padding(14, right: true))
  }
}
