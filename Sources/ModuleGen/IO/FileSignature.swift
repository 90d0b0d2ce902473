import SystemLibrary

/// Which file is at a path and when it last changed (device, inode, size, modification and
/// status-change times, to the nanosecond), so that a file read once can be known unchanged
/// without reading it again: a replacement (Xcode saves by renaming a new file over the old)
/// changes the inode, and a write in place changes the times (the status-change time cannot be
/// set back). File times come from a clock that ticks every few milliseconds, so a file
/// changed within the current tick has no signature: a later write in the same tick would
/// leave its times as they are.
struct FileSignature: Equatable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: [Int]
  var changed: [Int]

  /// The signature of the file at `path` (following links); nil when there is none, or when
  /// the file changed too recently to tell a later change apart.
  init?(ofFile path: String) {
    // Read the clock first: a file last changed before it was read keeps older times than any
    // change made after.
    var now = timespec()
    #if os(Linux)
      clock_gettime(CLOCK_REALTIME_COARSE, &now)
    #else
      clock_gettime(CLOCK_REALTIME, &now)
    #endif
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
    let clock = [Int(now.tv_sec), Int(now.tv_nsec)]
    guard modified.lexicographicallyPrecedes(clock), changed.lexicographicallyPrecedes(clock)
    else { return nil }
  }
}
