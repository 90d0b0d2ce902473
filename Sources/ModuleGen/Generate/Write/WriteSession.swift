import BackgroundWork
import Diagnostics
import SystemLibrary

/// The output folders of one run, locked for as long as it writes: one writer at a time in
/// each folder. Taking a folder over from a killed run first completes or rolls back what that
/// run left (see `WriteJournal`). Created by `PlanApplier.begin`; `end()` releases everything.
///
/// Each root's lock file records who holds it. The first root a run locks (its home) lists
/// every root of the run, and every other root names the home, so that the run that finds one
/// stale lock of a killed run can find, finish and remove all of them.
package final class WriteSession {
  let fileSystem: any FileSystem
  /// This run's id: run folders are `.modulegen-run-ID`.
  let transaction: String
  /// This process's id, for the lock files (asked once: each question is a system call).
  let pid: Int
  private(set) var locks: [PathKey: any FileLock] = [:]
  /// The first root locked, whose lock file lists every root.
  private var home: String?
  /// Folders created to hold a root (by this run, or by a killed run whose lock we took over),
  /// removed again at the end if nothing was written into them.
  private var createdFolders: [PathKey: [String]] = [:]
  /// Folders a killed run created for roots this session does not hold, removed at the end if
  /// empty.
  var strayFolders: [String] = []
  /// Roots this run wrote into.
  var written: Set<PathKey> = []
  /// Roots where a run folder could not be removed: their lock file stays, so that the next
  /// run sees a stale lock and finishes the job.
  var unfinished: Set<PathKey> = []
  /// Unfinished roots whose lock file must name a killed run rather than this one.
  var leftFor: [PathKey: String] = [:]
  /// Killed runs already finished by this session, and whether each had committed.
  var recovered: [String: RecoveryOutcome] = [:]
  /// What the session did besides locking, for the person running it: warnings, said with
  /// `--quiet` too, since files changed that the run did not plan.
  package var notes: [Diagnostic] {
    recovered.values.filter { $0.folders > 0 }.sorted { $0.transaction < $1.transaction }.map {
      let folders = $0.folders == 1 ? "1 folder" : "\($0.folders) folders"
      return Diagnostic(
        .warning,
        message: $0.committed
          ? "completed the changes of an interrupted modulegen run (pid \($0.pid)) in \(folders)"
          : "rolled back the changes of an interrupted modulegen run (pid \($0.pid)) in \(folders)"
      )
    }
  }

  init(fileSystem: any FileSystem, transaction: String, pid: Int) {
    self.fileSystem = fileSystem
    self.transaction = transaction
    self.pid = pid
  }

  deinit { end() }

  func holds(_ root: String) -> Bool { locks[PathKey(root)] != nil }

  /// What the session does in run folders: stage, replay, remove.
  var runFolders: RunFolders { RunFolders(fileSystem: fileSystem) }

  // MARK: - Locking

  /// Locks every root, in byte order so that runs never wait for each other in a circle;
  /// waits at most `timeout` seconds for a root another run holds.
  func lock(_ roots: [String], timeout: Double) throws {
    var unique: [String] = []
    var seen: Set<PathKey> = []
    for root in roots where seen.insert(PathKey(root)).inserted && !holds(root) {
      unique.append(root)
    }
    unique.sort { PathKey($0) < PathKey($1) }
    for root in unique {
      let (lock, created) = try acquire(root, timeout: timeout)
      let key = PathKey(root)
      locks[key] = lock
      let previous = LockRecord(bytes: lock.previousContent)
      createdFolders[key] = created + (previous?.createdFolders ?? [])
      var record = LockRecord(
        pid: pid, transaction: transaction, createdFolders: createdFolders[key] ?? [])
      if let home {
        record.home = home
      } else {
        home = root
        record.roots = unique
      }
      try lock.record(record.bytes)
      if !lock.previousContent.isEmpty {
        try recoverStaleLock(previous, at: root)
      }
    }
  }

  /// Takes the lock of one root, creating the root if needed, waiting up to `timeout`.
  private func acquire(_ root: String, timeout: Double) throws -> (any FileLock, [String]) {
    let deadline = monotonicSeconds() + timeout
    var pause = 0.005
    while true {
      let created = try createFolders(root)
      let attempt: FileLockAttempt
      do {
        attempt = try fileSystem.tryLock(atPath: joinPath(root, WriteJournal.lockFileName))
      } catch {
        removeEmptyFolders(created)
        throw error
      }
      switch attempt {
      case .acquired(let lock):
        return (lock, created)
      case .busy(let content):
        removeEmptyFolders(created)
        guard monotonicSeconds() < deadline else {
          let pid = LockRecord(bytes: content)?.pid.map(String.init) ?? "unknown"
          throw Diagnostic(
            message:
              "another modulegen run is writing here (pid \(pid)): '\(root)'; try again when it has finished"
          )
        }
        sleepSeconds(pause)
        pause = min(pause * 2, 0.1)
      }
    }
  }

  /// Creates `folder` and its missing parents; returns those created, outermost first.
  private func createFolders(_ folder: String) throws -> [String] {
    if fileSystem.isDirectory(atPath: folder) { return [] }
    // Most often (a batch's new module folders) only the folder itself is missing.
    if (try? fileSystem.createDirectory(atPath: folder)) != nil { return [folder] }
    var missing: [String] = []
    var current = folder
    // Nothing at all there, not even a link (one question): missing. Something: a folder (or a
    // link to one) ends the walk, anything else is in the way.
    while true {
      if fileSystem.itemExists(atPath: current) {
        if fileSystem.isDirectory(atPath: current) { break }
        throw Diagnostic(message: "'\(current)' is a file; modulegen needs a folder there")
      }
      missing.insert(current, at: 0)
      let parent = parentPath(current)
      if parent == current || parent == "." { break }
      current = parent
    }
    var created: [String] = []
    for path in missing {
      do {
        try fileSystem.createDirectory(atPath: path)
        created.append(path)
      } catch {
        // Another run may have created it a moment ago.
        if !fileSystem.isDirectory(atPath: path) {
          removeEmptyFolders(created)
          throw error
        }
      }
    }
    return created
  }

  /// Removes a run folder; if that fails, the root keeps its lock file for the next run.
  func discard(_ folder: String, root: String) {
    do {
      try runFolders.remove(folder)
    } catch {
      unfinished.insert(PathKey(root))
    }
  }

  func removeEmptyFolders(_ folders: [String]) {
    for folder in folders.reversed() { try? fileSystem.removeItem(atPath: folder) }
  }

  /// Releases every lock, the home's last (it lists the others, for a run that finds them
  /// after a kill); folders created for roots nothing was written into are removed.
  package func end() {
    // Ended already (`end()`, then the caller's `defer`): nothing is left to do.
    if locks.isEmpty && strayFolders.isEmpty { return }
    var leftovers = strayFolders
    strayFolders = []
    let homeKey = home.map(PathKey.init)
    // The others' locks all at once, on every core, then the home's.
    var others: [LockRelease] = []
    var homeRelease: LockRelease?
    for (key, lock) in locks {
      let release = LockRelease(
        lock: lock, removingFile: !unfinished.contains(key),
        record: leftFor[key].map { LockRecord(pid: nil, transaction: $0, createdFolders: []).bytes }
      )
      if key == homeKey { homeRelease = release } else { others.append(release) }
      if !written.contains(key) { leftovers += createdFolders[key] ?? [] }
    }
    _ = others.concurrentMap(perThread: 32) { $0.run() }
    homeRelease?.run()
    locks = [:]
    createdFolders = [:]
    // Deepest first, so that nested roots go before the folders holding them.
    for folder in leftovers.sorted(by: { $0.utf8.count > $1.utf8.count }) {
      try? fileSystem.removeItem(atPath: folder)
    }
  }
}

/// A lock `WriteSession.end()` releases: with the record to leave in its file (a killed run's,
/// for the next run) and whether its file goes. A struct rather than a tuple: the runtime makes
/// a tuple's type on its first use, at a cost.
private struct LockRelease: Sendable {
  let lock: any FileLock
  let removingFile: Bool
  let record: [UInt8]?

  func run() {
    if let record { try? lock.record(record) }
    lock.release(removingFile: removingFile)
  }
}

/// What a lock file holds: who holds it, the run's other roots, and the folders it created to
/// hold the root.
struct LockRecord: Equatable {
  var pid: Int?
  var transaction: String?
  /// In the home root's lock: every root of the run.
  var roots: [String] = []
  /// In every other root's lock: the home root.
  var home: String?
  var createdFolders: [String] = []

  static let header = "modulegen lock 1"

  init(pid: Int?, transaction: String?, createdFolders: [String]) {
    self.pid = pid
    self.transaction = transaction
    self.createdFolders = createdFolders
  }

  init?(bytes: [UInt8]) {
    guard let text = String(validUTF8: bytes),
      text.hasPrefix(Self.header + "\n")
    else { return nil }
    for line in text.split(separator: "\n").dropFirst() {
      let parts = line.split(separator: " ", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let value = String(parts[1])
      switch parts[0] {
      case "pid": pid = Int(value)
      case "transaction":
        if value.utf8.allSatisfy(WriteJournal.isIdentifierByte) { transaction = value }
      default:
        guard let path = WriteJournal.unescape(value), path.utf8.first == PathSafety.slash else {
          continue
        }
        switch parts[0] {
        case "root": roots.append(path)
        case "home": home = path
        case "created": createdFolders.append(path)
        default: break
        }
      }
    }
  }

  var bytes: [UInt8] {
    var text = Self.header + "\n" + (pid.map { "pid \($0)\n" } ?? "")
    if let transaction { text += "transaction \(transaction)\n" }
    if let home { text += "home \(WriteJournal.escape(home))\n" }
    for root in roots { text += "root \(WriteJournal.escape(root))\n" }
    for folder in createdFolders { text += "created \(WriteJournal.escape(folder))\n" }
    return Array(text.utf8)
  }
}

func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

func sleepSeconds(_ seconds: Double) {
  var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
  var remaining = timespec()
  while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
}
