import Liquid

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The output folders of one run, locked for as long as it writes: one writer at a time in
/// each folder. Taking a folder over from a killed run first completes or rolls back what that
/// run left (see `WriteJournal`). Created by `PlanApplier.begin`; `end()` releases everything.
public final class WriteSession {
  let fileSystem: any FileSystem
  /// This run's id: run folders are `.modulegen-run-ID`.
  let transaction: String
  private(set) var locks: [PathKey: any FileLock] = [:]
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
  /// What the session did besides locking, for the person running it.
  public private(set) var notes: [Diagnostic] = []

  init(fileSystem: any FileSystem, transaction: String) {
    self.fileSystem = fileSystem
    self.transaction = transaction
  }

  deinit { end() }

  func holds(_ root: String) -> Bool { locks[PathKey(root)] != nil }

  func note(_ text: String) { notes.append(Diagnostic(.note, message: text)) }

  // MARK: - Locking

  /// Locks every root, in byte order so that runs never wait for each other in a circle;
  /// waits at most `timeout` seconds for a root another run holds.
  func lock(_ roots: [String], timeout: Double) throws {
    var recovered: [String: (pid: String, committed: Bool, folders: Int)] = [:]
    for root in roots.sorted(by: { PathKey($0) < PathKey($1) }) where !holds(root) {
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
          let previous = LockRecord(bytes: lock.previousContent)
          let key = PathKey(root)
          locks[key] = lock
          createdFolders[key] = created + (previous?.createdFolders ?? [])
          try lock.record(
            LockRecord(pid: Int(getpid()), createdFolders: createdFolders[key] ?? []).bytes)
          if !lock.previousContent.isEmpty {
            for outcome in try recoverInterruptedRuns(in: root) {
              var entry = recovered[outcome.transaction] ?? (outcome.pid, outcome.committed, 0)
              entry.folders += outcome.folders
              recovered[outcome.transaction] = entry
            }
          }
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
          continue
        }
        break
      }
    }
    for (_, run) in recovered.sorted(by: { $0.key < $1.key }) {
      let folders = run.folders == 1 ? "1 folder" : "\(run.folders) folders"
      note(
        run.committed
          ? "completed the changes of an interrupted modulegen run (pid \(run.pid)) in \(folders)"
          : "rolled back the changes of an interrupted modulegen run (pid \(run.pid)) in \(folders)"
      )
    }
  }

  /// Creates `folder` and its missing parents; returns those created, outermost first.
  private func createFolders(_ folder: String) throws -> [String] {
    var missing: [String] = []
    var current = folder
    while !fileSystem.isDirectory(atPath: current) {
      if fileSystem.itemExists(atPath: current) {
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
      try removeRunFolder(folder)
    } catch {
      unfinished.insert(PathKey(root))
    }
  }

  func removeEmptyFolders(_ folders: [String]) {
    for folder in folders.reversed() { try? fileSystem.removeItem(atPath: folder) }
  }

  /// Releases every lock; folders created for roots nothing was written into are removed.
  public func end() {
    var leftovers = strayFolders
    strayFolders = []
    for (key, lock) in locks {
      lock.release(removingFile: !unfinished.contains(key))
      if !written.contains(key) { leftovers += createdFolders[key] ?? [] }
    }
    locks = [:]
    createdFolders = [:]
    // Deepest first, so that nested roots go before the folders holding them.
    for folder in leftovers.sorted(by: { $0.utf8.count > $1.utf8.count }) {
      try? fileSystem.removeItem(atPath: folder)
    }
  }
}

/// What a lock file holds: who holds it, and the folders it created to hold the root.
struct LockRecord: Equatable {
  var pid: Int?
  var createdFolders: [String] = []

  static let header = "modulegen lock 1"

  init(pid: Int?, createdFolders: [String]) {
    self.pid = pid
    self.createdFolders = createdFolders
  }

  init?(bytes: [UInt8]) {
    guard let text = String(validating: bytes, as: UTF8.self),
      text.hasPrefix(Self.header + "\n")
    else { return nil }
    for line in text.split(separator: "\n").dropFirst() {
      if line.hasPrefix("pid ") {
        pid = Int(line.dropFirst(4))
      } else if line.hasPrefix("created "),
        let folder = WriteJournal.unescape(String(line.dropFirst(8))),
        folder.utf8.first == PathSafety.slash
      {
        createdFolders.append(folder)
      }
    }
  }

  var bytes: [UInt8] {
    var text = Self.header + "\n" + (pid.map { "pid \($0)\n" } ?? "")
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
