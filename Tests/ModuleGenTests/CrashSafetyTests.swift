import Foundation
import Testing

@testable import ModuleGen

/// Real runs of the built binary, killed at random moments or racing each other: every file
/// must always be entirely one run's content, never missing, and nothing may be left behind.
@Suite struct CrashSafetyTests {
  static let filler = String(
    repeating: "// filler line to make every file a few kilobytes\n", count: 40)

  /// A project with a two-file template (code and test, each in its module's folder) and a
  /// spec of `count` modules. Each run stamps its files with its `--author` (a module keeps
  /// its creation date, so the date cannot tell runs apart).
  func project(modules count: Int) throws -> (dir: String, names: [String]) {
    let dir = try makeTemporaryDirectory()
    try write(
      """
      name: stamp
      summary: Two files stamped with the author.
      files:
        - template: code.liquid
          output: "{{ module }}.swift"
        - template: test.liquid
          output: "{{ module }}Tests.swift"
          role: test
        - template: code.liquid
          output: "{{ module }}Extra.swift"
          when: params.extra
      parameters:
        - name: extra
          type: bool
          default: false

      """, to: dir + "/Templates/stamp/template.yml")
    try write(
      "// {{ author }} {{ module }}\n" + Self.filler, to: dir + "/Templates/stamp/code.liquid")
    try write(
      "// {{ author }} {{ module }}Tests\n" + Self.filler, to: dir + "/Templates/stamp/test.liquid")
    try write(
      "output: 'Sources/{{ module }}'\ntests_output: 'Tests/{{ module }}'\n",
      to: dir + "/.modulegen.yml")
    let names = (0..<count).map { "M" + String(1000 + $0).dropFirst() }
    try write(
      "modules:\n" + names.map { "  - {name: \($0), template: stamp}\n" }.joined(),
      to: dir + "/all.yml")
    try write("modules:\n  - {name: \(names[0]), template: stamp}\n", to: dir + "/first.yml")
    return (dir, names)
  }

  /// What a module's files hold after a run with `date`.
  func expected(_ name: String, _ date: String) -> [String: String] {
    [
      "Sources/\(name)/\(name).swift": "// \(date) \(name)\n" + Self.filler,
      "Tests/\(name)/\(name)Tests.swift": "// \(date) \(name)Tests\n" + Self.filler,
    ]
  }

  /// The date every file of `name` holds, or nil if a file is missing, partial or mixed.
  func date(of name: String, in files: [String: String], dates: [String]) -> String? {
    dates.first { date in expected(name, date).allSatisfy { files[$0.key] == $0.value } }
  }

  /// Where the generation record and the disk disagree, when nobody edits the files: a
  /// generated file the record does not have (its module's files or its stale ones), a recorded
  /// file whose content is not what was recorded, a recorded file that is gone.
  func recordDisagreements(_ dir: String, files: [String: String]) throws -> [String] {
    let text = try String(contentsOfFile: dir + "/" + GenerationRecord.fileName, encoding: .utf8)
    let record = try GenerationRecord.decode(text, file: "record", directory: dir)
    let recorded = record.modules.values.reduce(into: [String: String]()) { all, module in
      all.merge(module.allFiles) { a, _ in a }
    }
    var problems: [String] = []
    for (path, content) in files where path.hasPrefix("Sources/") || path.hasPrefix("Tests/") {
      if let hash = recorded[path] {
        if hash != GenerationRecord.hash(Array(content.utf8)) {
          problems.append("differs: \(path)")
        }
      } else {
        problems.append("unrecorded: \(path)")
      }
    }
    for path in recorded.keys where files[path] == nil { problems.append("gone: \(path)") }
    return problems.sorted()
  }

  func start(_ arguments: [String], in dir: String, environment: [String: String] = [:])
    throws -> Process
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: builtBinary)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: dir)
    process.environment = ["HOME": dir + "/home"].merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  func run(_ arguments: [String], in dir: String) throws -> (code: Int32, err: String) {
    let result = try runBinary(arguments, in: dir, environment: ["HOME": dir + "/home"])
    return (result.code, result.err)
  }

  @Test func killedForcedBatchesNeverLoseAFile() throws {
    let (dir, names) = try project(modules: 150)
    let dates = ["2026-01-01", "2026-02-02"]
    var current = dates[0]
    let first = try run(["gen", "--spec", "all.yml", "--author", current], in: dir)
    #expect(first.code == 0, "\(first.err)")
    // How long a whole forced run takes here, to spread the kills over it.
    let begin = Date()
    let full = try run(["gen", "--spec", "all.yml", "--author", dates[1], "--force"], in: dir)
    #expect(full.code == 0, "\(full.err)")
    let duration = max(Date().timeIntervalSince(begin), 0.2)
    current = dates[1]
    var interrupted = 0
    var generator = SystemRandomNumberGenerator()
    let kills = 8
    var checked = false
    for kill in 0..<kills {
      let next = current == dates[0] ? dates[1] : dates[0]
      let process = try start(
        ["gen", "--spec", "all.yml", "--author", next, "--force"], in: dir)
      if kill % 2 == 0 {
        // Anywhere in the run, planning included.
        Thread.sleep(forTimeInterval: Double.random(in: 0...duration, using: &generator))
      } else {
        // Once it has started writing: its first folder's lock appears.
        let lock = dir + "/Sources/\(names[0])/.modulegen-run.lock"
        let deadline = Date().addingTimeInterval(duration * 5 + 5)
        while !FileManager.default.fileExists(atPath: lock) && process.isRunning
          && Date() < deadline
        {
          Thread.sleep(forTimeInterval: 0.001)
        }
        Thread.sleep(forTimeInterval: Double.random(in: 0...(duration / 3), using: &generator))
      }
      Foundation.kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()

      // Right after the kill: every file is entirely old or entirely new, none is missing.
      var files = snapshot(dir)
      var broken: [String] = []
      for name in names {
        for (path, _) in expected(name, dates[0])
        where !dates.contains(where: { expected(name, $0)[path] == files.files[path] }) {
          broken.append(path)
        }
      }
      #expect(broken.isEmpty, "kill \(kill): missing or partial: \(broken.prefix(5))")
      let staged = files.leftovers.contains(where: { $0.contains(".modulegen-run-") })
      if staged {
        interrupted += 1
        if !checked {
          checked = true
          let check = try run(["check", "--spec", "all.yml", "--author", next], in: dir)
          #expect(check.code == 2)
          #expect(check.err.contains("an interrupted modulegen run left unfinished changes in"))
        }
      }

      // The next run, even one that writes a single module, finishes the killed run as a
      // whole: completed or rolled back in every folder, nothing left behind.
      let after = try run(["gen", "--spec", "first.yml", "--author", next, "--force"], in: dir)
      #expect(after.code == 0, "kill \(kill): \(after.err)")
      if staged {
        #expect(
          after.err.contains(
            "changes of an interrupted modulegen run (pid \(process.processIdentifier))"),
          "kill \(kill): \(after.err)")
      }
      files = snapshot(dir)
      #expect(files.leftovers.isEmpty, "kill \(kill): \(files.leftovers.prefix(5))")
      // The record is the killed run's or the one before, as the files are.
      let disagreements = try recordDisagreements(dir, files: files.files)
      #expect(disagreements.isEmpty, "kill \(kill): \(disagreements.prefix(5))")
      let outcome = Set(names.dropFirst().map { date(of: $0, in: files.files, dates: dates) })
      #expect(outcome.count == 1 && outcome.first! != nil, "kill \(kill): \(outcome)")
      current = (outcome.first ?? nil) ?? current
    }
    // Not an assertion (it depends on timing), but a run whose every kill missed the writes
    // would prove little: say so in the log.
    print("CrashSafetyTests: \(interrupted) of \(kills) kills interrupted a transaction")
  }

  @Test func concurrentForcedRunsLeaveOneRunsOutput() throws {
    let (dir, names) = try project(modules: 60)
    #expect(try run(["gen", "--spec", "all.yml", "--author", "2026-01-01"], in: dir).code == 0)
    let dates = ["2026-03-03", "2026-04-04", "2026-05-05"]
    for round in 0..<2 {
      // Generous waits: the runs queue for the locks instead of failing. One run also writes
      // a third file per module, which the others no longer generate.
      let processes = try dates.enumerated().map { index, date in
        try start(
          ["gen", "--spec", "all.yml", "--author", date, "--force"]
            + (index == round ? ["--set", "extra=true"] : []), in: dir,
          environment: ["MODULEGEN_LOCK_TIMEOUT": "300"])
      }
      for process in processes { process.waitUntilExit() }
      #expect(processes.allSatisfy { $0.terminationStatus == 0 }, "round \(round)")
      let files = snapshot(dir)
      #expect(files.leftovers.isEmpty, "\(files.leftovers.prefix(5))")
      let outcome = Set(names.map { date(of: $0, in: files.files, dates: dates) })
      #expect(outcome.count == 1 && outcome.first! != nil, "round \(round): \(outcome)")
      // As if the runs had run one after the other: the record knows every file (the extra
      // files the last run no longer generates as stale ones), and `check` finds nothing
      // unrecorded.
      let disagreements = try recordDisagreements(dir, files: files.files)
      #expect(disagreements.isEmpty, "round \(round): \(disagreements.prefix(5))")
      #expect(files.files.keys.filter { $0.hasSuffix("Extra.swift") }.count == names.count)
      let check = String(
        decoding: try runBinary(["check", "--spec", "all.yml"], in: dir).out, as: UTF8.self)
      #expect(!check.contains("unrecorded") && !check.contains("gone"), "\(check.prefix(400))")
    }
  }

  @Test func aRunThatCannotWaitSaysWhoIsWriting() throws {
    let (dir, names) = try project(modules: 60)
    #expect(try run(["gen", "--spec", "all.yml", "--author", "2026-01-01"], in: dir).code == 0)
    let dates = ["2026-03-03", "2026-04-04", "2026-05-05"]
    var outputs: [String] = []
    let processes = try dates.enumerated().map { index, date in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: builtBinary)
      process.arguments = ["gen", "--spec", "all.yml", "--author", date, "--force"]
      process.currentDirectoryURL = URL(fileURLWithPath: dir)
      process.environment = ["HOME": dir + "/home", "MODULEGEN_LOCK_TIMEOUT": "0"]
      process.standardOutput = FileHandle.nullDevice
      let errors = dir + "/err\(index).txt"
      _ = FileManager.default.createFile(atPath: errors, contents: nil)
      process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
      outputs.append(errors)
      try process.run()
      return process
    }
    for process in processes { process.waitUntilExit() }
    let files = snapshot(dir)
    #expect(files.leftovers.isEmpty, "\(files.leftovers.prefix(5))")
    let outcome = Set(names.map { date(of: $0, in: files.files, dates: dates + ["2026-01-01"]) })
    #expect(outcome.count == 1, "\(outcome)")
    for (index, process) in processes.enumerated() {
      let err = try String(contentsOfFile: outputs[index], encoding: .utf8)
      if process.terminationStatus == 0 { continue }
      #expect(process.terminationStatus == 2)
      #expect(err.contains("error: another modulegen run is writing here (pid "), "\(err)")
      #expect(outcome.first != dates[index], "a failed run's output is on disk")
    }
  }

  @Test func aLockHeldByAnotherProcessIsWaitedForThenNamed() throws {
    let (dir, names) = try project(modules: 2)
    #expect(try run(["gen", "--spec", "all.yml", "--author", "2026-01-01"], in: dir).code == 0)
    let root = dir + "/Sources/" + names[0]
    let session = try PlanApplier(fileSystem: LocalFileSystem()).begin(roots: [root])
    let result = try runBinary(
      ["gen", "--spec", "all.yml", "--author", "2026-02-02", "--force"], in: dir,
      environment: ["HOME": dir + "/home", "MODULEGEN_LOCK_TIMEOUT": "0.2"])
    session.end()
    #expect(result.code == 2)
    #expect(
      result.err.contains(
        "error: another modulegen run is writing here (pid \(getpid())): '\(root)'; try again when it has finished"
      ), "\(result.err)")
    #expect(date(of: names[1], in: snapshot(dir).files, dates: ["2026-01-01"]) != nil)
  }

  /// A run that could not write a module when it started (an edited file: a conflict) and can
  /// once the run before it is done (here: the edit undone meanwhile, as another run's write
  /// of the file and its record would) writes it, as if it had run after the other: it does
  /// not fail for the module's folder it had not locked.
  @Test func aRunThatMayWriteMoreAfterWaitingWritesIt() throws {
    let (dir, names) = try project(modules: 2)
    #expect(try run(["gen", "--spec", "all.yml", "--author", "2026-01-01"], in: dir).code == 0)
    let edited = dir + "/Sources/\(names[1])/\(names[1]).swift"
    let original = try String(contentsOfFile: edited, encoding: .utf8)
    try write(original + "// edited\n", to: edited)
    // Another run holds the record's folder while this one waits for it.
    let session = try PlanApplier(fileSystem: LocalFileSystem()).begin(roots: [dir])
    let process = Process()
    process.executableURL = URL(fileURLWithPath: builtBinary)
    process.arguments = ["gen", "--spec", "all.yml", "--author", "2026-02-02"]
    process.currentDirectoryURL = URL(fileURLWithPath: dir)
    process.environment = ["HOME": dir + "/home", "MODULEGEN_LOCK_TIMEOUT": "60"]
    let errors = dir + "/../gen.err"
    _ = FileManager.default.createFile(atPath: errors, contents: nil)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
    try process.run()
    Thread.sleep(forTimeInterval: 1.5)
    try write(original, to: edited)
    session.end()
    process.waitUntilExit()
    let err = try String(contentsOfFile: errors, encoding: .utf8)
    #expect(process.terminationStatus == 0, "\(err)")
    let files = snapshot(dir)
    for name in names {
      #expect(date(of: name, in: files.files, dates: ["2026-02-02"]) != nil, "\(name)")
    }
    #expect(files.leftovers.isEmpty, "\(files.leftovers.prefix(5))")
    #expect(try recordDisagreements(dir, files: files.files).isEmpty)
  }

  /// `check` while another run writes (its lock held, its staging folder there) waits for it
  /// and says what the run left, as a `check` run after it would: not a verdict on files read
  /// half before and half after the run, nor that a run is writing.
  @Test func checkWhileARunWritesSaysWhatTheRunLeaves() throws {
    let (dir, _) = try project(modules: 3)
    #expect(try run(["gen", "--spec", "all.yml", "--author", "2026-01-01"], in: dir).code == 0)
    // What the other run leaves: made in a copy, then put in place while it holds the lock.
    let after = try makeTemporaryDirectory() + "/after"
    try FileManager.default.copyItem(atPath: dir, toPath: after)
    let other = try run(
      ["gen", "--spec", "all.yml", "--author", "2026-02-02", "--force", "--set", "extra=true"],
      in: after)
    #expect(other.code == 0, "\(other.err)")
    let session = try PlanApplier(fileSystem: LocalFileSystem()).begin(roots: [dir])
    let staging = dir + "/" + WriteJournal.runFolderPrefix + "0-test"
    try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: builtBinary)
    process.arguments = ["check"]
    process.currentDirectoryURL = URL(fileURLWithPath: dir)
    process.environment = ["HOME": dir + "/home"]
    let outputs = (dir + "/../check.out", dir + "/../check.err")
    for path in [outputs.0, outputs.1] {
      _ = FileManager.default.createFile(atPath: path, contents: nil)
    }
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputs.0))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: outputs.1))
    try process.run()
    Thread.sleep(forTimeInterval: 1)
    let copy = try runBinary(["-a", after + "/.", dir + "/"], in: dir, binary: "/bin/cp")
    #expect(copy.code == 0, "\(copy.err)")
    try FileManager.default.removeItem(atPath: staging)
    session.end()
    process.waitUntilExit()
    let out = try String(contentsOfFile: outputs.0, encoding: .utf8)
    let err = try String(contentsOfFile: outputs.1, encoding: .utf8)
    let serial = try runBinary(["check"], in: dir, environment: ["HOME": dir + "/home"])
    #expect(serial.code == 0 && serial.err.isEmpty, "\(serial.err)")
    #expect(process.terminationStatus == serial.code, "\(out)\(err)")
    #expect(out == String(decoding: serial.out, as: UTF8.self) && err == serial.err)
  }

  /// `check` run again and again while a forced batch writes, none of them waiting
  /// (`MODULEGEN_LOCK_TIMEOUT=0`): each says what one run left (up to date, before or after
  /// the batch) or that a run wrote while it read (exit 2), never a verdict on a mix of both.
  @Test func checksDuringABatchNeverJudgeAMix() throws {
    let (dir, _) = try project(modules: 150)
    #expect(try run(["gen", "--spec", "all.yml", "--author", "2026-01-01"], in: dir).code == 0)
    let environment = ["HOME": dir + "/home", "MODULEGEN_LOCK_TIMEOUT": "0"]
    for round in 0..<4 {
      let batch = try start(
        ["gen", "--spec", "all.yml", "--author", "2026-0\(round + 2)-02", "--force"], in: dir)
      var verdicts = 0
      repeat {
        let check = try runBinary(["check"], in: dir, environment: environment)
        let out = String(decoding: check.out, as: UTF8.self)
        if check.code == 0 {
          #expect(out == "Up to date: 300 files of 150 modules.\n", "\(out)")
          verdicts += 1
        } else {
          #expect(check.code == 2, "round \(round): \(out.prefix(300))\(check.err.prefix(300))")
          #expect(
            check.err.contains("another modulegen run is writing here")
              || check.err.contains(CheckCommand.unsettledMessage), "\(check.err.prefix(300))")
        }
      } while batch.isRunning
      batch.waitUntilExit()
      #expect(batch.terminationStatus == 0)
      print("CrashSafetyTests: \(verdicts) checks during round \(round) gave a verdict")
    }
  }
}
