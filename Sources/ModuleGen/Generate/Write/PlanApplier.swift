import Diagnostics
import SystemLibrary

/// Writes plans: all or nothing, one writer at a time per output folder, and never losing a
/// file to a kill (see `WriteSession` and `WriteJournal`).
///
/// A run locks its output folders (`begin`), reads the plan's actions again under the lock
/// (`Plan.refreshed`), applies it and ends the session. Files of one plan may have any
/// number of roots; each root gets its own lock, staging folder and journal, and the commit of
/// the first root decides for all of them.
package struct PlanApplier {
  package var fileSystem: any FileSystem
  /// How long to wait for another run that is writing in the same folder.
  package var lockTimeout: Double

  /// Seconds to wait for another run's lock, unless `MODULEGEN_LOCK_TIMEOUT` says otherwise.
  package static let defaultLockTimeout = 30.0
  package static let lockTimeoutVariable = "MODULEGEN_LOCK_TIMEOUT"

  package init(fileSystem: any FileSystem, lockTimeout: Double = PlanApplier.defaultLockTimeout) {
    self.fileSystem = fileSystem
    self.lockTimeout = lockTimeout
  }

  /// The applier for a command: `MODULEGEN_LOCK_TIMEOUT` (seconds) from the environment.
  package init(fileSystem: any FileSystem, environment: [String: String]) throws {
    var timeout = Self.defaultLockTimeout
    if let text = environment[Self.lockTimeoutVariable], !text.isEmpty {
      guard let seconds = Double(text), seconds >= 0, seconds <= 86_400 else {
        throw Diagnostic(
          message:
            "\(Self.lockTimeoutVariable) must be a number of seconds from 0 to 86400, not '\(text)'"
        )
      }
      timeout = seconds
    }
    self.init(fileSystem: fileSystem, lockTimeout: timeout)
  }

  /// Locks `roots` for one run, creating them if needed, and finishes whatever an interrupted
  /// run left in them. End the session with `end()` (or let it go).
  package func begin(roots: [String]) throws -> WriteSession {
    var random = SystemRandomNumberGenerator()
    let pid = Int(getpid())
    let id = "\(pid)-" + String(random.next() as UInt64, radix: 16)
    let session = WriteSession(fileSystem: fileSystem, transaction: id, pid: pid)
    do {
      try session.lock(roots, timeout: lockTimeout)
    } catch let error as Diagnostic {
      session.end()
      throw error
    } catch {
      session.end()
      throw Diagnostic(message: "could not lock the output folders: \(error); nothing was written")
    }
    return session
  }

  /// Writes `plan` in a session of its own. Files that changed on disk since the plan was made
  /// are conflicts unless the plan overwrites.
  package func apply(_ plan: Plan) throws {
    guard !plan.changes.isEmpty || !plan.removals.isEmpty else { return }
    let session = try begin(roots: plan.roots)
    defer { session.end() }
    let current = try plan.refreshed(fileSystem: fileSystem)
    if let conflict = current.conflicts.first {
      throw Diagnostic(
        message: "'\(conflict.path)' changed while modulegen was preparing; nothing was written")
    }
    try session.apply(current)
  }

  /// A root with a run folder in it: an interrupted run, or one writing right now.
  package struct UnfinishedRun: Sendable, Equatable {
    package var root: String
    /// The pid of the run that is writing now; nil for an interrupted run.
    package var runningPID: Int?
    package var isRunning: Bool
    /// The run folders of an interrupted run whose journal this build cannot read.
    package var unreadable: [String] = []
  }

  /// The roots where a run left unfinished changes (or is writing now), for `check`.
  package func unfinishedRuns(in roots: [String]) -> [UnfinishedRun] {
    var found: [UnfinishedRun] = []
    for root in roots {
      let lockPath = joinPath(root, WriteJournal.lockFileName)
      guard fileSystem.itemExists(atPath: lockPath),
        let names = try? fileSystem.contentsOfDirectory(atPath: root),
        names.contains(where: { WriteJournal.transaction(ofFolderNamed: $0) != nil })
      else { continue }
      switch try? fileSystem.tryLock(atPath: lockPath) {
      case .busy(let content)?:
        found.append(
          UnfinishedRun(root: root, runningPID: LockRecord(bytes: content)?.pid, isRunning: true))
      case .acquired(let lock)?:
        lock.release(removingFile: false)
        found.append(interrupted(root, names: names))
      case nil:
        found.append(interrupted(root, names: names))
      }
    }
    return found
  }

  /// An interrupted run in `root` (whose entries are `names`), with the run folders whose
  /// journal this build cannot read.
  private func interrupted(_ root: String, names: [String]) -> UnfinishedRun {
    let folders = RunFolders(fileSystem: fileSystem)
    return UnfinishedRun(
      root: root, runningPID: nil, isRunning: false,
      unreadable: names.filter { WriteJournal.transaction(ofFolderNamed: $0) != nil }
        .map { joinPath(root, $0) }.filter(folders.hasUnreadableJournal))
  }
}
