import SystemLibrary

/// Which file is at a path and when it last changed (device, inode, size, modification and
/// status-change times, to the nanosecond), so that a file read once can be known unchanged
/// without reading it again: a replacement (Xcode saves by renaming a new file over the old)
/// changes the inode, and a write in place changes the times (the status-change time cannot be
/// set back). File times come from a clock that ticks every few milliseconds, so a file
/// changed within the current tick has no signature: a later write in the same tick would
/// leave its times as they are.
struct FileSignature: Equatable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: [Int]
  var changed: [Int]

  /// The signature of the file at `path` (following links); nil when there is none, or when
  /// the file changed too recently to tell a later change apart. `linked`: the file has just
  /// been given a second name (a run's backup), which set its status-change time to now; a
  /// later write would still move its modification time, which alone must be older.
  init?(ofFile path: String, linked: Bool = false) {
    // Read the clock first: a file last changed before it was read keeps older times than any
    // change made after.
    var now = timespec()
    #if os(Linux)
      clock_gettime(CLOCK_REALTIME_COARSE, &now)
    #else
      clock_gettime(CLOCK_REALTIME, &now)
    #endif
    guard let signature = Self(currentOf: path) else { return nil }
    let clock = [Int(now.tv_sec), Int(now.tv_nsec)]
    guard signature.modified.lexicographicallyPrecedes(clock),
      linked || signature.changed.lexicographicallyPrecedes(clock)
    else { return nil }
    self = signature
  }

  /// The signature of the file at `path` as it is now, however recent: to compare with one
  /// taken before. Nil when there is none.
  init?(currentOf path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    #if canImport(Darwin)
      modified = [Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec)]
      changed = [Int(info.st_ctimespec.tv_sec), Int(info.st_ctimespec.tv_nsec)]
    #else
      modified = [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
      changed = [Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)]
    #endif
  }

  // MARK: - Text

  private static let prefix = "file:"

  /// One word: `file:DEVICE:INODE:SIZE:SECONDS.NANOSECONDS:SECONDS.NANOSECONDS` (modified,
  /// status changed), as a run's journal keeps it.
  var text: String {
    Self.prefix
      + [String(device), String(inode), String(size), Self.time(modified), Self.time(changed)]
      .joined(separator: ":")
  }

  /// Reads `text`; nil when it is not one.
  init?(text: String) {
    guard text.hasPrefix(Self.prefix) else { return nil }
    let fields = text.dropFirst(Self.prefix.count).split(
      separator: ":", omittingEmptySubsequences: false)
    guard fields.count == 5, let device = UInt64(fields[0]), let inode = UInt64(fields[1]),
      let size = Int64(fields[2]), size >= 0, let modified = Self.time(fields[3]),
      let changed = Self.time(fields[4])
    else { return nil }
    (self.device, self.inode, self.size) = (device, inode, size)
    (self.modified, self.changed) = (modified, changed)
  }

  private static func time(_ time: [Int]) -> String {
    let nanoseconds = String(time[1])
    return String(time[0]) + "." + String(repeating: "0", count: 9 - nanoseconds.count)
      + nanoseconds
  }

  private static func time(_ text: Substring) -> [Int]? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[1].count == 9, let seconds = Int(parts[0]),
      let nanoseconds = Int(parts[1]), nanoseconds >= 0
    else { return nil }
    return [seconds, nanoseconds]
  }
}
