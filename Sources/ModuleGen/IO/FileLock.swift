import Diagnostics
import SystemLibrary

/// An exclusive lock on a file, held until it is released or the process ends (a killed
/// process's locks are released by the kernel, which is how a stale lock is recognised).
package protocol FileLock: AnyObject, Sendable {
  /// What the file held when the lock was taken: the record of a run that ended without
  /// releasing it (a killed run), or nothing.
  var previousContent: [UInt8] { get }
  /// Replaces the file's content (who holds the lock, for those who wait).
  func record(_ bytes: [UInt8]) throws
  /// Unlocks; with `removingFile`, deletes the file first, while still holding the lock.
  func release(removingFile: Bool)
}

/// The outcome of `FileSystem.tryLock`.
package enum FileLockAttempt {
  case acquired(any FileLock)
  /// Another process (or another lock in this one) holds it; `content` is its record.
  case busy(content: [UInt8])
}

/// `flock` on a file that is never followed through a symbolic link.
final class LocalFileLock: FileLock, @unchecked Sendable {
  let descriptor: Int32
  let path: String
  let previousContent: [UInt8]
  private var released = false
  /// The file's length as this lock last left it (as found, or as `record` wrote it).
  private var length: Int

  private init(descriptor: Int32, path: String, previousContent: [UInt8]) {
    self.descriptor = descriptor
    self.path = path
    self.previousContent = previousContent
    self.length = previousContent.count
  }

  deinit { if !released { close(descriptor) } }

  static func attempt(_ path: String) throws -> FileLockAttempt {
    // The holder may remove the file just after we open it: then the lock we get is on a
    // file nobody else will see, so try again on the new one.
    for _ in 0..<100 {
      let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else {
        throw Diagnostic(message: "cannot open the lock file '\(path)'\(errnoReason())")
      }
      if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
        let code = errno
        let content = readAll(descriptor)
        close(descriptor)
        if code == EWOULDBLOCK || code == EAGAIN || code == EINTR {
          return .busy(content: content)
        }
        throw Diagnostic(message: "cannot lock '\(path)'\(errnoReason(code))")
      }
      var opened = stat()
      var current = stat()
      guard fstat(descriptor, &opened) == 0, lstat(path, &current) == 0,
        opened.st_dev == current.st_dev, opened.st_ino == current.st_ino
      else {
        close(descriptor)
        continue
      }
      // Only the holder writes the file, so its size under the lock is what it holds: an empty
      // one (a new lock file, the usual case) needs no read.
      let previous = opened.st_size == 0 ? [] : readAll(descriptor)
      return .acquired(LocalFileLock(descriptor: descriptor, path: path, previousContent: previous))
    }
    throw Diagnostic(message: "cannot lock '\(path)': it keeps being replaced")
  }

  func record(_ bytes: [UInt8]) throws {
    func failure() -> Diagnostic {
      Diagnostic(message: "cannot write the lock file '\(path)'\(errnoReason())")
    }
    // A new lock file is empty: nothing to cut first.
    guard length == 0 || ftruncate(descriptor, 0) == 0 else { throw failure() }
    length = bytes.count
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        pwrite(descriptor, $0.baseAddress! + offset, bytes.count - offset, off_t(offset))
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { throw failure() }
      offset += written
    }
  }

  func release(removingFile: Bool) {
    guard !released else { return }
    released = true
    if removingFile { unlink(path) }
    close(descriptor)
  }

  private static func readAll(_ descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var offset: off_t = 0
    while bytes.count < 1 << 20 {
      let count = buffer.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress!, $0.count, offset)
      }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      bytes += buffer[0..<count]
      offset += off_t(count)
    }
    return bytes
  }
}
