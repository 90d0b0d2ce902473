import BackgroundWork
import Diagnostics
import Foundation
import Liquid
import Testing

@testable import ModuleGen

/// A file system that fails one chosen change, or "dies" there (that change and every later
/// one fail, and locks are dropped without removing their files, as when a process is killed).
/// Changes are counted in the order they start; the applier makes a step's changes on several
/// threads at once, so within a step that order varies, while every step's changes come after
/// the step before.
final class FaultyFileSystem: FileSystem, @unchecked Sendable {
  let base = LocalFileSystem()
  /// The change (1-based: writes, permissions, folders, moves, links, removals, locks) that fails.
  var failAt: Int?
  var dies = false
  // `changes` and `isDead` are read and written with `counting` held.
  private let counting = NSLock()
  private var count = 0
  private var isDead = false
  var changes: Int { counting.withLock { count } }
  var dead: Bool { counting.withLock { isDead } }

  struct InjectedFault: Error, CustomStringConvertible {
    var description: String { "injected fault: disk full" }
  }

  func change<T>(_ body: () throws -> T) throws -> T {
    let fails = counting.withLock {
      count += 1
      guard isDead || count == failAt else { return false }
      if dies { isDead = true }
      return true
    }
    if fails { throw InjectedFault() }
    return try body()
  }

  func readFile(atPath path: String) throws -> [UInt8] { try base.readFile(atPath: path) }
  func fileExists(atPath path: String) -> Bool { base.fileExists(atPath: path) }
  func itemExists(atPath path: String) -> Bool { base.itemExists(atPath: path) }
  func isDirectory(atPath path: String) -> Bool { base.isDirectory(atPath: path) }
  func isFolderItself(atPath path: String) -> Bool { base.isFolderItself(atPath: path) }
  func contentsOfDirectory(atPath path: String) throws -> [String] {
    try base.contentsOfDirectory(atPath: path)
  }
  func resolvedPath(_ path: String) -> String? { base.resolvedPath(path) }

  func writeFile(atPath path: String, bytes: [UInt8]) throws {
    try change { try base.writeFile(atPath: path, bytes: bytes) }
  }
  func copyPermissions(from source: String, to destination: String) throws {
    try change { try base.copyPermissions(from: source, to: destination) }
  }
  func createDirectory(atPath path: String) throws {
    try change { try base.createDirectory(atPath: path) }
  }
  func moveItem(atPath source: String, toPath destination: String) throws {
    try change { try base.moveItem(atPath: source, toPath: destination) }
  }
  func linkItem(atPath source: String, toPath destination: String) throws {
    try change { try base.linkItem(atPath: source, toPath: destination) }
  }
  func removeItem(atPath path: String) throws {
    try change { try base.removeItem(atPath: path) }
  }
  func tryLock(atPath path: String) throws -> FileLockAttempt {
    try change {
      switch try base.tryLock(atPath: path) {
      case .acquired(let lock): return .acquired(FaultyLock(inner: lock, fileSystem: self))
      case .busy(let content): return .busy(content: content)
      }
    }
  }

  final class FaultyLock: FileLock, @unchecked Sendable {
    let inner: any FileLock
    let fileSystem: FaultyFileSystem
    init(inner: any FileLock, fileSystem: FaultyFileSystem) {
      self.inner = inner
      self.fileSystem = fileSystem
    }
    var previousContent: [UInt8] { inner.previousContent }
    func record(_ bytes: [UInt8]) throws { try fileSystem.change { try inner.record(bytes) } }
    func release(removingFile: Bool) {
      inner.release(removingFile: removingFile && !fileSystem.dead)
    }
  }
}

/// Every regular file under `dir` with its content, and every name modulegen uses for its own
/// bookkeeping (which must never be left behind).
func snapshot(_ dir: String) -> (files: [String: String], leftovers: [String]) {
  var files: [String: String] = [:]
  var leftovers: [String] = []
  for path in (FileManager.default.enumerator(atPath: dir)?.allObjects as? [String]) ?? [] {
    if path.split(separator: "/").contains(where: {
      $0 == ".modulegen-run.lock" || $0.hasPrefix(".modulegen-run-")
    }) {
      leftovers.append(path)
      continue
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: dir + "/" + path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      files[path] = (try? String(contentsOfFile: dir + "/" + path, encoding: .utf8)) ?? "<binary>"
    }
  }
  return (files, leftovers.sorted())
}

@Suite struct PlanApplierTests {
  /// Three roots: one exists with a file to replace, one is created, one is nested in it; and
  /// `moreRoots` others, each with a new file (enough of them, and the write's steps run on
  /// several threads).
  func makePlan(_ dir: String, moreRoots: Int = 0) throws -> Plan {
    try write("original\n", to: dir + "/out/Existing.swift")
    // Written long ago, as a file a run replaces usually is: its journal keeps its signature
    // (a file changed within the clock's tick gets its hash), which a kill's recovery compares.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3600)],
      ofItemAtPath: dir + "/out/Existing.swift")
    try write("kept\n", to: dir + "/out/Kept.swift")
    func file(_ root: String, _ relative: String, _ action: PlannedFile.Action) -> PlannedFile {
      PlannedFile(
        module: "M", role: .code, root: dir + "/" + root, path: dir + "/" + root + "/" + relative,
        bytes: Array("new \(relative)\n".utf8), action: action)
    }
    return Plan(
      files: [
        file("out", "Existing.swift", .overwrite), file("out", "New/A.swift", .create),
        file("out", "New/Deeper/B.swift", .create), file("tests/M", "MTests.swift", .create),
        file("tests/M/Nested", "C.swift", .create),
      ] + (0..<moreRoots).map { file("more/R\($0)", "D.swift", .create) },
      modules: [], notes: [], force: true)
  }

  func expectedAfter(_ dir: String, moreRoots: Int = 0) -> [String: String] {
    var files = [
      "out/Existing.swift": "new Existing.swift\n", "out/Kept.swift": "kept\n",
      "out/New/A.swift": "new New/A.swift\n", "out/New/Deeper/B.swift": "new New/Deeper/B.swift\n",
      "tests/M/MTests.swift": "new MTests.swift\n", "tests/M/Nested/C.swift": "new C.swift\n",
    ]
    for index in 0..<moreRoots { files["more/R\(index)/D.swift"] = "new D.swift\n" }
    return files
  }

  func tree(_ dir: String) -> [String] {
    ((FileManager.default.enumerator(atPath: dir)?.allObjects as? [String]) ?? []).sorted()
  }

  /// How many changes a successful run makes, so that every one of them can fail.
  func changesOfASuccessfulRun(moreRoots: Int = 0) throws -> Int {
    let dir = try makeTemporaryDirectory()
    let fileSystem = FaultyFileSystem()
    try PlanApplier(fileSystem: fileSystem).apply(try makePlan(dir, moreRoots: moreRoots))
    return fileSystem.changes
  }

  @Test func appliesEverythingAndLeavesNothingBehind() throws {
    let dir = try makeTemporaryDirectory()
    try PlanApplier(fileSystem: LocalFileSystem()).apply(try makePlan(dir))
    let after = snapshot(dir)
    #expect(after.files == expectedAfter(dir))
    #expect(after.leftovers == [])
  }

  /// A file the run writes over keeps its permissions (an executable script, a project file a
  /// group shares); a new file gets read and write for all that the umask allows, as editors and
  /// git create them: both were 0644, whatever they had been.
  @Test func aReplacedFileKeepsItsPermissions() throws {
    let dir = try makeTemporaryDirectory()
    let plan = try makePlan(dir)
    let existing = dir + "/out/Existing.swift"
    #expect(chmod(existing, 0o751) == 0)
    // A team's umask that leaves group write (no test reads the modes of its files meanwhile).
    let umaskBefore = umask(0o002)
    defer { umask(umaskBefore) }
    try PlanApplier(fileSystem: LocalFileSystem()).apply(plan)
    func mode(_ path: String) -> mode_t {
      var status = stat()
      return stat(path, &status) == 0 ? status.st_mode & 0o777 : 0
    }
    #expect(mode(existing) == 0o751)
    #expect(try String(contentsOfFile: existing, encoding: .utf8) == "new Existing.swift\n")
    #expect(mode(dir + "/out/New/A.swift") == 0o664)
  }

  /// A file written over what the plan read (a merge, an update) that someone saved again
  /// since (an editor, while the run merged every module under its locks) is not written
  /// over: the run stops and changes nothing, and the save is kept.
  @Test func aFileSavedAfterThePlanReadItIsNotWrittenOver() throws {
    let dir = try makeTemporaryDirectory()
    let path = dir + "/out/Presenter.swift"
    try write("as the plan read it\n", to: path)
    var merged = PlannedFile(
      module: "M", role: .code, regenerate: .once, root: dir + "/out", path: path,
      bytes: Array("merged\n".utf8), action: .merge)
    merged.expectedHash = GenerationRecord.hash(Array("as the plan read it\n".utf8))
    let created = PlannedFile(
      module: "M", role: .code, root: dir + "/out", path: dir + "/out/New.swift",
      bytes: Array("new\n".utf8), action: .create)
    let session = try PlanApplier(fileSystem: LocalFileSystem()).begin(roots: [dir + "/out"])
    try write("saved by the developer meanwhile\n", to: path)
    #expect {
      try session.apply(Plan(files: [merged, created], modules: [], notes: []))
    } throws: { error in
      "\(error)".contains("'\(path)' changed while modulegen was writing it; run modulegen again")
        && "\(error)".hasSuffix("nothing was written")
    }
    session.end()
    let after = snapshot(dir)
    #expect(after.files == ["out/Presenter.swift": "saved by the developer meanwhile\n"])
    #expect(after.leftovers == [])
  }

  /// The same for a file the plan read without hashing it (a large project.pbxproj), by its
  /// signature: a save in place of the same size moves its times. A file without a signature
  /// (changed within the clock's tick when read) is written as planned.
  @Test func aProjectSavedAfterThePlanReadItIsNotWrittenOver() throws {
    let dir = try makeTemporaryDirectory()
    let path = dir + "/App.xcodeproj/project.pbxproj"
    try write("as the plan read it\n", to: path)
    // Past the file system clock's tick (a few milliseconds), as a project read is.
    Thread.sleep(forTimeInterval: 0.05)
    var edited = PlannedFile(
      module: "", role: .code, root: dir + "/App.xcodeproj", path: path,
      bytes: Array("edited\n".utf8), action: .overwrite)
    let signature = try #require(FileSignature(ofFile: path))
    edited.expectedSignature = signature
    let session = try PlanApplier(fileSystem: LocalFileSystem()).begin(roots: [
      dir + "/App.xcodeproj"
    ])
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.write(Data("AS".utf8))
    handle.closeFile()
    #expect {
      try session.apply(Plan(files: [edited], modules: [], notes: []))
    } throws: { error in
      "\(error)".contains("'\(path)' changed while modulegen was writing it; run modulegen again")
    }
    #expect(snapshot(dir).files == ["App.xcodeproj/project.pbxproj": "AS the plan read it\n"])
    edited.expectedSignature = nil
    try session.apply(Plan(files: [edited], modules: [], notes: []))
    session.end()
    #expect(snapshot(dir).files == ["App.xcodeproj/project.pbxproj": "edited\n"])
  }

  /// A folder the write creates is looked at before it is staged (where it would lead, whether
  /// it is there) and then created without another look.
  @Test func aNewFolderIsCreatedWithoutAskingAgain() throws {
    let dir = try makeTemporaryDirectory()
    let fileSystem = CountingFileSystem()
    let root = dir + "/out"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try PlanApplier(fileSystem: fileSystem).apply(
      Plan(
        files: [
          PlannedFile(
            module: "M", role: .code, root: root, path: root + "/New/A.swift",
            bytes: Array("a\n".utf8), action: .create)
        ], modules: [], notes: []))
    #expect(try String(contentsOfFile: root + "/New/A.swift", encoding: .utf8) == "a\n")
    #expect(
      fileSystem.questionsAsked.filter { $0.hasSuffix(" " + root + "/New") } == [
        "isFolderItself(atPath:) \(root)/New", "itemExists(atPath:) \(root)/New",
        "isDirectory(atPath:) \(root)/New",
      ])
  }

  /// A root whose folders are missing is created asking once about each missing folder; a
  /// file where a folder is needed is named.
  @Test func aMissingRootIsCreatedAskingOnceAFolder() throws {
    let dir = try makeTemporaryDirectory()
    let fileSystem = CountingFileSystem()
    let session = try PlanApplier(fileSystem: fileSystem).begin(roots: [dir + "/a/b"])
    #expect(FileManager.default.fileExists(atPath: dir + "/a/b/.modulegen-run.lock"))
    session.end()
    #expect(!FileManager.default.fileExists(atPath: dir + "/a"))
    // Ending again (as a caller's `defer` does) finds nothing left to do.
    try FileManager.default.createDirectory(atPath: dir + "/a", withIntermediateDirectories: true)
    session.end()
    #expect(FileManager.default.fileExists(atPath: dir + "/a"))
    let folders = [dir, dir + "/a", dir + "/a/b"]
    #expect(
      fileSystem.questionsAsked.filter { question in
        folders.contains { question.hasSuffix(" " + $0) }
      } == [
        "isDirectory(atPath:) \(dir)/a/b", "itemExists(atPath:) \(dir)/a/b",
        "itemExists(atPath:) \(dir)/a", "itemExists(atPath:) \(dir)",
        "isDirectory(atPath:) \(dir)",
      ])
    try write("x\n", to: dir + "/file")
    #expect(
      throws: Diagnostic(message: "'\(dir)/file' is a file; modulegen needs a folder there")
    ) {
      _ = try PlanApplier(fileSystem: LocalFileSystem()).begin(roots: [dir + "/file/sub"])
    }
  }

  @Test func replacedFilesAreHardLinkedAsBackupsSoNoneIsEverMissing() throws {
    // Every change fails once, in turn: the run either succeeds or changes nothing at all.
    let total = try changesOfASuccessfulRun()
    #expect(total > 15)
    for failing in 1...total {
      let dir = try makeTemporaryDirectory()
      let plan = try makePlan(dir)
      let before = snapshot(dir)
      let beforeTree = tree(dir)
      let fileSystem = FaultyFileSystem()
      fileSystem.failAt = failing
      do {
        try PlanApplier(fileSystem: fileSystem).apply(plan)
        // A failure while cleaning up after the commit: the files are all new, and the next
        // run removes what was left.
        #expect(snapshot(dir).files == expectedAfter(dir), "change \(failing)")
        try PlanApplier(fileSystem: LocalFileSystem()).begin(roots: plan.roots).end()
        #expect(snapshot(dir).leftovers == [], "change \(failing)")
      } catch let error as Diagnostic {
        #expect(
          error.message.hasSuffix("nothing was written") || error.message.contains("disk full"),
          "change \(failing): \(error.message)")
        #expect(snapshot(dir).files == before.files, "change \(failing)")
        #expect(tree(dir) == beforeTree, "change \(failing): \(error.message)")
      }
    }
  }

  /// With 3 roots the write's steps run on the caller's thread; with 23, on several threads
  /// at once (`concurrentMap(perThread:)`), so that a kill stops them wherever each one is.
  @Test(arguments: [0, 20])
  func aRunKilledAtAnyChangeIsCompletedOrRolledBackAsAWhole(moreRoots: Int) throws {
    let total = try changesOfASuccessfulRun(moreRoots: moreRoots)
    // A kill while the output folders are created and locked may leave them empty; after
    // that, even the folders are as before (or as after).
    let counter = FaultyFileSystem()
    let lockPhase = try {
      let dir = try makeTemporaryDirectory()
      let session = try PlanApplier(fileSystem: counter).begin(
        roots: try makePlan(dir, moreRoots: moreRoots).roots)
      defer { session.end() }
      return counter.changes
    }()
    var completed = 0
    var rolledBack = 0
    for dying in 1...total {
      let dir = try makeTemporaryDirectory()
      let plan = try makePlan(dir, moreRoots: moreRoots)
      let before = snapshot(dir).files
      let beforeTree = tree(dir)
      let after = expectedAfter(dir, moreRoots: moreRoots)
      let fileSystem = FaultyFileSystem()
      fileSystem.failAt = dying
      fileSystem.dies = true
      _ = try? PlanApplier(fileSystem: fileSystem).apply(plan)
      // Right after the kill: every file is entirely old or entirely new, none is missing.
      for (path, old) in before {
        let now = snapshot(dir).files[path]
        #expect(now == old || now == after[path], "killed at change \(dying): \(path)")
      }
      // The next run (here: one that only locks the same folders) finishes the killed one.
      let session = try PlanApplier(fileSystem: LocalFileSystem()).begin(roots: plan.roots)
      let notes = session.notes.map(\.message)
      // Files changed that the next run did not plan: said with --quiet too.
      #expect(session.notes.allSatisfy { $0.severity == .warning })
      session.end()
      let recovered = snapshot(dir)
      #expect(recovered.leftovers == [], "killed at change \(dying)")
      if recovered.files == after {
        completed += 1
      } else {
        #expect(recovered.files == before, "killed at change \(dying): a mix of old and new")
        if dying > lockPhase {
          #expect(tree(dir) == beforeTree, "killed at change \(dying): folders left")
        }
        rolledBack += 1
      }
      #expect(notes.count <= 1, "\(notes)")
    }
    #expect(completed > 0 && rolledBack > 0)
  }

  /// A killed run's folder whose journal this build cannot read (a newer version's, or
  /// damaged) is left as it is, backups and all, with an error that says what to do; a folder
  /// without a journal (killed before its first change) is removed.
  @Test func aJournalThisBuildCannotReadIsLeftWithItsFolder() throws {
    let dir = try makeTemporaryDirectory()
    let root = dir + "/out"
    let folder = root + "/" + WriteJournal.runFolderPrefix + "9-x"
    try write("old\n", to: folder + "/0.old")
    try write(
      "modulegen journal 2\ntransaction 9-x\nend\n", to: folder + "/" + WriteJournal.fileName)
    try write("stale\n", to: root + "/" + WriteJournal.lockFileName)
    #expect {
      try PlanApplier(fileSystem: LocalFileSystem()).begin(roots: [root]).end()
    } throws: { error in
      (error as? Diagnostic)?.message == WriteSession.unreadableJournalMessage(folder, writes: true)
    }
    #expect(try String(contentsOfFile: folder + "/0.old", encoding: .utf8) == "old\n")
    // Without a journal: removed.
    try FileManager.default.removeItem(atPath: folder + "/" + WriteJournal.fileName)
    try write("stale\n", to: root + "/" + WriteJournal.lockFileName)
    let session = try PlanApplier(fileSystem: LocalFileSystem()).begin(roots: [root])
    session.end()
    #expect(!FileManager.default.fileExists(atPath: folder))
  }

  /// `check` says the same of such a folder (without "nothing was written": it never writes),
  /// rather than advising a `gen` that would stop on it.
  @Test func checkSaysWhatToDoWithAJournalItCannotRead() throws {
    let dir = try makeTemporaryDirectory()
    #expect(runTool(["gen", "Home", "viper", "--date", "2026-01-02"], in: dir).code == 0)
    let folder = "Home/" + WriteJournal.runFolderPrefix + "9-x"
    try write("modulegen journal 2\nend\n", to: dir + "/" + folder + "/" + WriteJournal.fileName)
    try write("stale\n", to: dir + "/Home/" + WriteJournal.lockFileName)
    let check = runTool(["check"], in: dir)
    #expect(check.code == 2)
    #expect(
      check.err.contains(
        "error: " + WriteSession.unreadableJournalMessage(folder, writes: false) + "\n"),
      "\(check.err)")
    #expect(!check.err.contains("run 'modulegen gen' again"))
    let gen = runTool(["gen", "Home", "viper", "--date", "2026-01-02"], in: dir)
    #expect(gen.code == 2)
    #expect(gen.err.contains("whose journal this modulegen cannot read"))
  }

  @Test func aRootAnotherRunHoldsIsLeftToItAndTheCommitIsKeptForIt() throws {
    // Killed after the commit, while moving files into place.
    let total = try changesOfASuccessfulRun()
    let dir = try makeTemporaryDirectory()
    let plan = try makePlan(dir)
    let fileSystem = FaultyFileSystem()
    fileSystem.failAt = total - 8
    fileSystem.dies = true
    _ = try? PlanApplier(fileSystem: fileSystem).apply(plan)
    #expect(snapshot(dir).leftovers.contains { $0.hasSuffix("/commit") })
    // Another process holds one folder of the killed run (without finishing it).
    let held = dir + "/tests/M/Nested"
    guard
      case .acquired(let other) = try LocalFileSystem().tryLock(
        atPath: held + "/.modulegen-run.lock")
    else { throw Failure() }
    try PlanApplier(fileSystem: LocalFileSystem()).begin(roots: [dir + "/out"]).end()
    // Everything else is complete; the commit stays for the held folder.
    var state = snapshot(dir)
    #expect(state.files["out/Existing.swift"] == "new Existing.swift\n")
    #expect(
      state.leftovers.contains { $0.hasPrefix("out/.modulegen-run-") && $0.hasSuffix("/commit") })
    #expect(state.leftovers.contains { $0.hasPrefix("tests/M/Nested/.modulegen-run-") })
    other.release(removingFile: false)
    // The next run there completes it too, and then nothing is left anywhere.
    try PlanApplier(fileSystem: LocalFileSystem()).begin(roots: [held]).end()
    state = snapshot(dir)
    #expect(state.files == expectedAfter(dir))
    #expect(state.leftovers == [])
  }

  @Test func aSecondWriterWaitsThenFailsNamingTheFirst() throws {
    let dir = try makeTemporaryDirectory()
    let plan = try makePlan(dir)
    let first = try PlanApplier(fileSystem: LocalFileSystem()).begin(roots: plan.roots)
    #expect(throws: Diagnostic.self) {
      try PlanApplier(fileSystem: LocalFileSystem(), lockTimeout: 0.05).apply(plan)
    }
    do {
      try PlanApplier(fileSystem: LocalFileSystem(), lockTimeout: 0).apply(plan)
    } catch let error as Diagnostic {
      #expect(
        error.message
          == "another modulegen run is writing here (pid \(getpid())): '\(dir)/out'; try again when it has finished"
      )
    }
    #expect(snapshot(dir).files["out/Existing.swift"] == "original\n")
    first.end()
    try PlanApplier(fileSystem: LocalFileSystem(), lockTimeout: 0).apply(plan)
    #expect(snapshot(dir).files == expectedAfter(dir))
  }

  @Test func aRunWaitingForARootHoldsNoRootAfterIt() throws {
    // Runs take their roots in byte order: one that waits holds only roots before the one it
    // waits for, so two runs never wait for each other in a circle.
    let dir = try makeTemporaryDirectory()
    let roots = ["a", "b", "c"].map { dir + "/" + $0 }
    let lockFile = { (root: String) in root + "/" + WriteJournal.lockFileName }
    let other = try PlanApplier(fileSystem: LocalFileSystem()).begin(roots: [roots[1]])
    let waiting = BackgroundWork { () -> Bool in
      guard
        let session = try? PlanApplier(fileSystem: LocalFileSystem(), lockTimeout: 30).begin(
          roots: roots)
      else { return false }
      let holdsAll = roots.allSatisfy(session.holds)
      session.end()
      return holdsAll
    }
    // Until the run holds the first root (and so waits for the second).
    var holdsTheFirst = false
    for _ in 0..<3000 where !holdsTheFirst {
      switch try? LocalFileSystem().tryLock(atPath: lockFile(roots[0])) {
      case .busy?: holdsTheFirst = true
      case .acquired(let notYet)?: notYet.release(removingFile: false)
      case nil: break
      }
      if !holdsTheFirst { Thread.sleep(forTimeInterval: 0.01) }
    }
    #expect(holdsTheFirst)
    if FileManager.default.fileExists(atPath: roots[2]) {
      guard case .acquired(let free) = try LocalFileSystem().tryLock(atPath: lockFile(roots[2]))
      else {
        Issue.record("the run holds a root after the one it waits for")
        other.end()
        _ = waiting.wait()
        return
      }
      free.release(removingFile: true)
    }
    other.end()
    #expect(waiting.wait(), "the run takes every root once the other run is done")
  }

  @Test func aStaleLockFromAKilledRunIsTakenOver() throws {
    let dir = try makeTemporaryDirectory()
    let plan = try makePlan(dir)
    // A lock file nobody holds, naming a process that is gone.
    try write("modulegen lock 1\npid 999999999\n", to: dir + "/out/.modulegen-run.lock")
    try PlanApplier(fileSystem: LocalFileSystem(), lockTimeout: 0).apply(plan)
    #expect(snapshot(dir).files == expectedAfter(dir))
    #expect(snapshot(dir).leftovers == [])
  }

  @Test func checkSeesAnInterruptedRun() throws {
    let total = try changesOfASuccessfulRun()
    let dir = try makeTemporaryDirectory()
    let plan = try makePlan(dir)
    let fileSystem = FaultyFileSystem()
    fileSystem.failAt = total / 2
    fileSystem.dies = true
    _ = try? PlanApplier(fileSystem: fileSystem).apply(plan)
    let applier = PlanApplier(fileSystem: LocalFileSystem())
    let unfinished = applier.unfinishedRuns(in: plan.roots)
    #expect(!unfinished.isEmpty)
    #expect(unfinished.allSatisfy { !$0.isRunning })
    try applier.begin(roots: plan.roots).end()
    #expect(applier.unfinishedRuns(in: plan.roots).isEmpty)
  }

  @Test func aRemovalCanBeJournaledForAFuturePrune() throws {
    // No command deletes files yet; the journal and its replay already can, both ways.
    let dir = try makeTemporaryDirectory()
    try write("old\n", to: dir + "/out/Gone.swift")
    let fileSystem = LocalFileSystem()
    let session = try PlanApplier(fileSystem: fileSystem).begin(roots: [dir + "/out"])
    defer { session.end() }
    let folder = dir + "/out/.modulegen-run-test"
    try fileSystem.createDirectory(atPath: folder)
    try fileSystem.linkItem(atPath: dir + "/out/Gone.swift", toPath: folder + "/0.old")
    let journal = WriteJournal(
      transaction: "test", roots: [dir + "/out"], folders: [],
      operations: [.init(kind: .remove, number: 0, path: "Gone.swift")])
    try session.runFolders.replay(
      journal, root: dir + "/out", folder: folder, forward: true, strict: true)
    #expect(!fileSystem.fileExists(atPath: dir + "/out/Gone.swift"))
    try session.runFolders.replay(
      journal, root: dir + "/out", folder: folder, forward: false, strict: false)
    #expect(snapshot(dir).files["out/Gone.swift"] == "old\n")
  }

  /// What a test journal keeps of a file a run replaces or removes.
  enum JournalKeeps: Sendable {
    /// Nothing: a journal of a run before hashes were kept, compared with the backup.
    case nothing
    case hash
    /// The file's signature (its times, size and inode), taken after the backup link.
    case signature
  }

  /// A run killed while moving its files into place, then a developer's save of a file it was
  /// replacing or removing: finishing the run keeps the save. Saved as a new file (as most
  /// editors write), or edited in place, which the backup (a hard link) follows: what the
  /// journal keeps of what the run found tells (the hash, or the signature, whose times move
  /// with a write of the same size); a journal without either compares with the backup.
  @Test(arguments: [
    (WriteJournal.Kind.replace, false, JournalKeeps.hash), (.remove, false, .hash),
    (.replace, true, .hash), (.remove, true, .hash), (.replace, false, .signature),
    (.remove, false, .signature), (.replace, true, .signature), (.remove, true, .signature),
    (.replace, false, .nothing), (.remove, false, .nothing),
  ])
  func finishingAKilledRunKeepsAFileSavedSince(
    _ kind: WriteJournal.Kind, inPlace: Bool, keeps: JournalKeeps
  ) throws {
    let dir = try makeTemporaryDirectory()
    let path = dir + "/out/Presenter.swift"
    let fileSystem = LocalFileSystem()
    let session = try PlanApplier(fileSystem: fileSystem).begin(roots: [dir + "/out"])
    defer { session.end() }
    let folder = dir + "/out/.modulegen-run-test"
    try fileSystem.createDirectory(atPath: folder)
    /// The file as generated long ago, staged over by a run that is then killed: its journal.
    func killedRun() throws -> WriteJournal {
      try write("generated\n", to: path)
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path)
      try write("regenerated\n", to: folder + "/0")
      try? fileSystem.removeItem(atPath: folder + "/0.old")
      try fileSystem.linkItem(atPath: path, toPath: folder + "/0.old")
      let was: WriteJournal.Original? =
        switch keeps {
        case .nothing: nil
        case .hash: .hash(GenerationRecord.hash(Array("generated\n".utf8)))
        case .signature: .signature(try #require(FileSignature(ofFile: path, linked: true)))
        }
      return try #require(
        WriteJournal(
          text: WriteJournal(
            transaction: "test", roots: [dir + "/out"], folders: [],
            operations: [.init(kind: kind, number: 0, path: "Presenter.swift", was: was)]
          ).text))
    }
    let journal = try killedRun()
    let saved = inPlace ? "Generated\n" : "generated\n// mine\n"
    if inPlace {
      let handle = try #require(FileHandle(forWritingAtPath: path))
      handle.write(Data("G".utf8))
      handle.closeFile()
      #expect(
        try fileSystem.readFile(atPath: folder + "/0.old") == Array(saved.utf8),
        "the backup follows")
    } else {
      try write(saved, to: dir + "/saved")
      try fileSystem.moveItem(atPath: dir + "/saved", toPath: path)
    }
    try session.runFolders.replay(
      journal, root: dir + "/out", folder: folder, forward: true, strict: false)
    #expect(snapshot(dir).files["out/Presenter.swift"] == saved)
    // Unchanged since, it is finished as the run would have.
    try session.runFolders.replay(
      try killedRun(), root: dir + "/out", folder: folder, forward: true, strict: false)
    #expect(
      snapshot(dir).files["out/Presenter.swift"] == (kind == .replace ? "regenerated\n" : nil))
  }

  /// A run keeps the signature of a file it replaces or removes, which it need not read, and
  /// the hash of one it must compare with what its plan read, or that changed too recently for
  /// its signature to tell a later change.
  @Test func aJournalKeepsTheSignatureOfAFileUnlessItMustReadIt() throws {
    let dir = try makeTemporaryDirectory()
    let fileSystem = LocalFileSystem()
    let session = try PlanApplier(fileSystem: fileSystem).begin(roots: [dir])
    defer { session.end() }
    // New.swift's time is not yet past, as a file written within the clock's current tick.
    for name in ["Old.swift", "Read.swift", "Gone.swift", "New.swift"] {
      try write("old\n", to: dir + "/" + name)
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: name == "New.swift" ? 3600 : -3600)],
        ofItemAtPath: dir + "/" + name)
    }
    func replacing(_ name: String, expected: String? = nil) -> PlannedFile {
      var file = PlannedFile(
        module: "M", role: .code, root: dir, path: dir + "/" + name, bytes: Array("new\n".utf8),
        action: .overwrite)
      file.expectedHash = expected
      return file
    }
    let changes = RootChanges(
      root: dir,
      files: [
        replacing("Old.swift"),
        replacing("Read.swift", expected: GenerationRecord.hash(Array("old\n".utf8))),
        replacing("New.swift"),
      ],
      removals: [dir + "/Gone.swift"])
    let journal = try session.runFolders.stage(
      changes, in: dir + "/.modulegen-run-test", transaction: "test", roots: [dir])
    let hash = WriteJournal.Original.hash(GenerationRecord.hash(Array("old\n".utf8)))
    #expect(journal.operations.map(\.kind) == [.replace, .replace, .replace, .remove])
    #expect(
      journal.operations[0].was
        == .signature(try #require(FileSignature(currentOf: dir + "/Old.swift"))))
    #expect(journal.operations[1].was == hash, "compared with what the plan read")
    #expect(journal.operations[2].was == hash, "changed within the tick")
    #expect(
      journal.operations[3].was
        == .signature(try #require(FileSignature(currentOf: dir + "/Gone.swift"))))
    #expect(WriteJournal(text: journal.text) == journal)
  }

  @Test func journalsReadBackAndRefuseEscapingPaths() throws {
    let journal = WriteJournal(
      transaction: "12-ab", roots: ["/a/b%c", "/d\ne"], folders: ["x", "x/y z"],
      operations: [
        .init(kind: .create, number: 0, path: "x/y z/A.swift"),
        .init(
          kind: .replace, number: 1, path: "100% \u{301}.swift",
          was: .hash(GenerationRecord.hash([]))),
        .init(
          kind: .remove, number: 2, path: "Gone.swift",
          was: .signature(
            try #require(
              FileSignature(text: "file:64769:1234:10:1733600000.000000005:1733600001.120000000")))),
      ])
    #expect(WriteJournal(text: journal.text) == journal)
    // A hash must be one, and belong to the replace or remove on the line before.
    let hashLine = "was 1 " + GenerationRecord.hash([]) + "\n"
    for bad in [
      "was 1 sha256:00\n", "was 0 " + GenerationRecord.hash([]) + "\n", hashLine + hashLine,
    ] {
      #expect(WriteJournal(text: journal.text.replacingOccurrences(of: hashLine, with: bad)) == nil)
    }
    // A signature: five fields, nanoseconds in nine digits.
    let signatureLine = "was 2 file:64769:1234:10:1733600000.000000005:1733600001.120000000\n"
    #expect(journal.text.contains(signatureLine))
    for bad in [
      "was 2 file:64769:1234:10:1733600000.5:1733600001.120000000\n",
      "was 2 file:64769:1234:-1:1733600000.000000005:1733600001.120000000\n",
      "was 2 file:64769:1234:10:1733600000.000000005\n",
      "was 2 file:64769:x:10:1733600000.000000005:1733600001.120000000\n",
    ] {
      #expect(
        WriteJournal(text: journal.text.replacingOccurrences(of: signatureLine, with: bad)) == nil)
    }
    #expect(WriteJournal(text: String(journal.text.dropLast(4))) == nil, "an unfinished journal")
    for hostile in ["../x", "/etc/passwd", "a/../../b", "../\u{301}x", "a\u{0}b"] {
      var bad = journal
      bad.operations[0].path = hostile
      #expect(WriteJournal(text: bad.text) == nil, "\(hostile)")
    }
  }
}
