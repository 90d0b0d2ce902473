// Generating a module with and without adding it to a large project, as processes, side by
// side in one run; and the peak memory of the edit as the project grows.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// This program's own path, to run it as a process.
let benchmarkPath: String = {
  guard let resolved = realpath(CommandLine.arguments[0], nil) else {
    return CommandLine.arguments[0]
  }
  defer { free(resolved) }
  return String(cString: resolved)
}()

/// Runs, interleaved so that a busy machine slows every column alike: `modulegen gen Home
/// viper`; this program's `edit` (a process that reads the project, adds the module's files,
/// writes the project: what gen with the project adds to gen); this program doing nothing
/// (its process floor, which gen already pays); and the edit in this process. Prints medians
/// and the ratio of gen with the project to gen.
func compare(modulegen: String, files: Int, targets: Int, runs: Int, in folder: String) {
  let project = folder + "/project.pbxproj"
  let edited = folder + "/edited.pbxproj"
  let output = folder + "/out"
  writeFile(project, Array(SyntheticProject(files: files, targets: targets).text().utf8))
  let commands: [[String]] = [
    [
      modulegen, "gen", "Home", "viper", "--output", output + "/Home", "--tests-output",
      output + "/HomeTests", "--date", "2026-01-01",
    ],
    [benchmarkPath, "edit", project, edited],
    [benchmarkPath, "floor"],
  ]
  var times = [[Double]](repeating: [], count: commands.count + 1)
  var stages = [[Double]](repeating: [], count: EditStages.names.count)
  let warmup = 3
  for run in 0..<(runs + warmup) {
    // A different order each run, so that no column always follows the same one.
    for step in 0...commands.count {
      let index = (step + run) % (commands.count + 1)
      let time: Double
      if index == commands.count {
        let edit = edit(project, to: edited)
        time = edit.total
        if run >= warmup {
          for (stage, value) in edit.times.enumerated() { stages[stage].append(value) }
        }
      } else {
        removeTree(output)
        time = spawn(commands[index]).milliseconds
      }
      if run >= warmup { times[index].append(time) }
    }
  }
  let (gen, editProcess, floor, inProcess) = (
    median(times[0]), median(times[1]), median(times[2]), median(times[3])
  )
  let size = readFile(project).count
  print(
    "synthetic project: \(files) files, \(targets) targets, \(format(Double(size) / 1_048_576, 1)) MiB; "
      + "\(runs) interleaved runs, medians")
  func line(_ name: String, _ value: Double, _ note: String = "") {
    print("  \(name.padding(44)) \(format(value).padding(8, right: true)) ms\(note)")
  }
  line("modulegen gen Home viper", gen)
  line("edit process: read, add the 9 files, write", editProcess)
  line("process floor (start and exit)", floor)
  let breakdown = zip(EditStages.names, stages).map { "\($0) \(format(median($1)))" }
  line("edit in-process", inProcess, "   (" + breakdown.joined(separator: ", ") + ")")
  let withProject = gen + max(editProcess - floor, 0)
  print(
    "gen with the project ≈ gen + (edit process − floor) = \(format(withProject)) ms: "
      + "\(format(withProject / gen))× gen (target < 2×)")
  print(
    "in-process: gen + edit = \(format(gen + inProcess)) ms: "
      + "\(format((gen + inProcess) / gen))× gen")
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
