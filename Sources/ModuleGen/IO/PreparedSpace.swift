import BackgroundWork
import LinuxCalls

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Room made in advance for a large file a run is about to write (an Xcode project's): a file
/// without a name in the folder where it will be written, its blocks allocated on another
/// thread while the run does something else (`gen` plans the edit meanwhile), so that writing
/// the file later costs little more than the copy. `LocalFileSystem.writeFile(atPath:pieces:
/// space:)` fills it and gives it its name. If the run stops first, nothing is left: the file
/// goes with its descriptor. Where the system has no such files (O_TMPFILE: Linux only) or the
/// folder cannot hold them, there is no room and the file is written as any other.
package final class PreparedSpace: @unchecked Sendable {
  // Used by one thread (the run's), like BackgroundWork.wait.
  private var making: BackgroundWork<Int32>?

  /// Starts making `size` bytes of room in `folder` (on Linux; elsewhere there is none).
  package init(inFolder folder: String, size: Int) {
    #if os(Linux)
      making = BackgroundWork { unnamed_file_create(folder, Int64(size)) }
    #endif
  }

  /// The file's descriptor once the room is made, or nil when none could be; once: the caller
  /// owns the descriptor then (and closes it).
  func take() -> Int32? {
    defer { making = nil }
    guard let descriptor = making?.wait(), descriptor >= 0 else { return nil }
    return descriptor
  }

  deinit {
    if let descriptor = take() { close(descriptor) }
  }
}
