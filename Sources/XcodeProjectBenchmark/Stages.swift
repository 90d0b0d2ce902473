// Adding the module to a project in this process, stage by stage.

import XcodeProject

/// The VIPER `Home` module of `modulegen gen Home viper`: 7 sources to a framework target, 2
/// tests to its test target.
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

/// The time of each stage of one edit, in milliseconds.
struct EditStages {
  static let names = ["read", "parse", "plan", "write"]
  var times: [Double] = []
  var outputSize = 0

  var total: Double { times.reduce(0, +) }
}

/// Reads the project at `path`, plans adding the module, writes the result to `output`.
func edit(_ path: String, to output: String) -> EditStages {
  let clock = ContinuousClock()
  var stages = EditStages()
  var start = clock.now
  func lap() {
    let now = clock.now
    stages.times.append(milliseconds(now - start))
    start = now
  }
  // What XcodeProject(contentsOfFile:) does, in two stages.
  let bytes = readFile(path)
  lap()
  let project: XcodeProject
  do { project = try XcodeProject(bytes: bytes, file: "project.pbxproj") } catch {
    fail(error.description)
  }
  lap()
  let plan: ProjectEditPlan
  do { plan = try project.plan(adding: moduleSets) } catch { fail(error.description) }
  lap()
  var size = 0
  writeFile(output) { write in
    plan.write { piece in
      write(piece)
      size += piece.count
    }
  }
  lap()
  stages.outputSize = size
  return stages
}

/// Prints the median and fastest time of each stage over `runs` edits (after one to warm up).
func measureStages(files: Int, targets: Int, runs: Int, in folder: String) {
  let path = folder + "/stages.pbxproj"
  let output = folder + "/stages-edited.pbxproj"
  let text = Array(SyntheticProject(files: files, targets: targets).text().utf8)
  writeFile(path, text)
  var runsByStage = [[Double]](repeating: [], count: EditStages.names.count)
  var outputSize = 0
  for run in 0...runs {
    let stages = edit(path, to: output)
    outputSize = stages.outputSize
    guard run > 0 else { continue }
    for (index, time) in stages.times.enumerated() { runsByStage[index].append(time) }
  }
  print(
    "synthetic project: \(files) files, \(targets) targets, \(text.count / 1024) KiB; "
      + "after adding the module: \(outputSize / 1024) KiB")
  var total = 0.0
  for (name, times) in zip(EditStages.names, runsByStage) {
    total += median(times)
    print(
      "\(name.padding(6)) median \(format(median(times))) ms   min \(format(times.min() ?? 0)) ms")
  }
  print("total  median \(format(total)) ms")
}
