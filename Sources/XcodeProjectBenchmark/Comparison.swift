// Generating a module with and without adding it to a large project, as processes, side by
// side in one run; and the peak memory of the edit as the project grows.

import SystemLibrary

/// This program's own path, to run it as a process.
let benchmarkPath = absolutePath(CommandLine.arguments[0]) ?? CommandLine.arguments[0]

/// The absolute path of an existing file.
func absolutePath(_ path: String) -> String? {
  guard let resolved = realpath(path, nil) else { return nil }
  defer { free(resolved) }
  return String(cString: resolved)
}

/// Runs, interleaved so that a busy machine slows every column alike: `modulegen gen Home
/// viper`; the same with `--xcodeproj` (the module added to the project: what the issue
/// compares); this program's `edit` (a process that reads the project, adds the module's files
/// and writes the project: the library alone), `copy` (reading and writing the file, nothing
/// else: the I/O any editor of the file pays) and doing
/// nothing (the process floor, which gen pays already). With `against` (another build of
/// modulegen, such as an older commit's), its gen and gen with `--xcodeproj` run in the same
/// rounds. Prints medians and the ratios to gen.
func compare(
  modulegen: String, against other: String?, files: Int, targets: Int, runs: Int,
  in folder: String
) {
  let pristine = folder + "/project.pbxproj"
  let edited = folder + "/edited.pbxproj"
  // gen runs in `plain`, and with the project in `project`, the project restored before each run.
  let plain = folder + "/plain"
  let withProject = folder + "/project"
  let projectFile = withProject + "/App.xcodeproj/project.pbxproj"
  for made in [plain, withProject, withProject + "/App.xcodeproj"] { mkdir(made, 0o700) }
  let pristineBytes = Array(SyntheticProject(files: files, targets: targets).text().utf8)
  writeFile(pristine, pristineBytes)
  func gen(_ modulegen: String) -> [String] {
    [
      modulegen, "gen", "Home", "viper", "--output", "Feature00/Modules/Home", "--tests-output",
      "Feature00Tests/Modules/HomeTests", "--date", "2026-01-01",
    ]
  }
  let project = [
    "--xcodeproj", "App.xcodeproj", "--target", "Feature00", "--test-target", "Feature00Tests",
  ]
  var commands: [(name: String, arguments: [String], folder: String)] = [
    ("modulegen gen Home viper", gen(modulegen), plain),
    ("the same adding it to the project", gen(modulegen) + project, withProject),
    ("edit: read the file, add 9 files, write", [benchmarkPath, "edit", pristine, edited], folder),
    ("copy: read and write the file, no edit", [benchmarkPath, "copy", pristine, edited], folder),
  ]
  if let other {
    commands.append(("the other build: gen Home viper", gen(other), plain))
    commands.append(("the other build adding it to the project", gen(other) + project, withProject))
  }
  commands.append(("process floor: start and exit", [benchmarkPath, "floor"], folder))
  var wall = [[Double]](repeating: [], count: commands.count)
  var cpu = [[Double]](repeating: [], count: commands.count)
  let warmup = 3
  for run in 0..<(runs + warmup) {
    // A different order each run, so that no column always follows the same one.
    for step in 0..<commands.count {
      let index = (step + run) % commands.count
      for generated in [plain, withProject] {
        for name in ["Feature00", "Feature00Tests", ".modulegen", ".modulegen.lock"] {
          removeTree(generated + "/" + name)
        }
      }
      writeFile(projectFile, pristineBytes)
      guard chdir(commands[index].folder) == 0 else {
        fail("cannot enter \(commands[index].folder)")
      }
      let result = spawn(commands[index].arguments)
      if run >= warmup {
        wall[index].append(result.milliseconds)
        cpu[index].append(result.cpuMilliseconds)
      }
    }
  }
  guard chdir(folder) == 0 else { fail("cannot enter \(folder)") }
  var info = stat()
  stat(pristine, &info)
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
  /// The median time of `command` against gen's (`base`, or this build's).
  func ratio(_ times: [[Double]], _ command: Int, to base: Int = 0) -> String {
    format(median(times[command]) / median(times[base])) + "×"
  }
  /// Each run's two times are milliseconds apart: a machine that slows down for a while slows
  /// both alike, so the median of the runs' ratios varies less than the ratio of the medians.
  func pairedRatio(_ times: [[Double]], _ command: Int, to base: Int = 0) -> String {
    format(median(zip(times[command], times[base]).map { $0 / $1 })) + "×"
  }
  /// gen plus what `command` takes beyond the process floor, against gen.
  func adding(_ times: [[Double]], _ command: Int) -> String {
    let gen = median(times[0])
    let added = max(median(times[command]) - median(times[commands.count - 1]), 0)
    return format((gen + added) / gen) + "×"
  }
  print("against gen (the target is at most 2.5×):")
  print("  gen adding the module to the project:  wall \(ratio(wall, 1)), cpu \(ratio(cpu, 1))")
  print(
    "    the median of each run's ratio:       wall \(pairedRatio(wall, 1)), cpu \(pairedRatio(cpu, 1))"
  )
  print("  gen + (edit − floor), the library alone: wall \(adding(wall, 2)), cpu \(adding(cpu, 2))")
  print("  gen + (copy − floor), no edit:         wall \(adding(wall, 3)), cpu \(adding(cpu, 3))")
  if other != nil {
    print("the other build, against its own gen:")
    print(
      "  gen adding the module to the project:  wall \(ratio(wall, 5, to: 4)), cpu \(ratio(cpu, 5, to: 4))"
    )
    print(
      "    the median of each run's ratio:       wall \(pairedRatio(wall, 5, to: 4)), cpu \(pairedRatio(cpu, 5, to: 4))"
    )
  }
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
