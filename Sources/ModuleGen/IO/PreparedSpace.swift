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
/// the file later costs little more than the copy. The content can be written into it on
/// another thread too (`filled(with:)`), while the run locks its folders and stages its other
/// files. `LocalFileSystem.writeFile(atPath:pieces:space:)` fills it (or waits for it to be
/// filled) and gives it its name. If the run stops first, nothing is left: the file goes with
/// its descriptor. Where the system has no such files (O_TMPFILE: Linux only) or the folder
/// cannot hold them, there is no room and the file is written as any other.
package final class PreparedSpace: @unchecked Sendable {
  /// The unnamed file: its descriptor, and what `filled(with:)` wrote into it (nil when it was
  /// not filled): the size, or why writing failed.
  struct Room {
    var descriptor: Int32
    var written: Result<Int, any Error>?
  }

  // Used by one thread (the run's), like BackgroundWork.wait; once filling starts, `making` is
  // the filling thread's alone.
  private var making: BackgroundWork<Int32>?
  private var filling: BackgroundWork<Room?>?

  /// Starts making `size` bytes of room in `folder` (on Linux; elsewhere there is none).
  package init(inFolder folder: String, size: Int) {
    #if os(Linux)
      making = BackgroundWork { unnamed_file_create(folder, Int64(size)) }
    #endif
  }

  /// This room, being filled with `pieces` on another thread from now on, as soon as it is
  /// made: the file written with it must be made of these same pieces. Nil when the room is
  /// already being filled (for other pieces) or taken, or when there is none.
  func filled(with pieces: @escaping FilePieces) -> PreparedSpace? {
    guard filling == nil, let making else { return nil }
    self.making = nil
    filling = BackgroundWork { () -> Room? in
      let descriptor = making.wait()
      guard descriptor >= 0 else { return nil }
      return Room(
        descriptor: descriptor,
        written: Result { try LocalFileSystem.writeAll(pieces, to: descriptor) })
    }
    return self
  }

  /// Whether the room is being filled (`filled(with:)`) and not yet taken.
  var isBeingFilled: Bool { filling != nil }

  /// The unnamed file once the room is made (and filled, after `filled(with:)`), or nil when
  /// none could be; once: the caller owns the descriptor then (and closes it).
  func take() -> Room? {
    defer {
      making = nil
      filling = nil
    }
    if let filling { return filling.wait() }
    guard let descriptor = making?.wait(), descriptor >= 0 else { return nil }
    return Room(descriptor: descriptor, written: nil)
  }

  deinit {
    if let room = take() { close(room.descriptor) }
  }
}
