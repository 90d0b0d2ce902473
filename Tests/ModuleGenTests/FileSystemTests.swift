import BackgroundWork
import Diagnostics
import Foundation
import Testing

@testable import ModuleGen

@Suite struct FileSystemTests {
  /// Removing a folder removes what is in it, and a symbolic link inside it is removed itself:
  /// what it points to, outside the folder, stays.
  @Test func removeTreeNeverFollowsALink() throws {
    let dir = try makeTemporaryDirectory()
    try write("keep\n", to: dir + "/outside/kept.txt")
    try write("x\n", to: dir + "/tree/a/b.txt")
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/tree/a/link", withDestinationPath: dir + "/outside")
    try LocalFileSystem().removeTree(atPath: dir + "/tree")
    #expect(!FileManager.default.fileExists(atPath: dir + "/tree"))
    #expect(try String(contentsOfFile: dir + "/outside/kept.txt", encoding: .utf8) == "keep\n")
  }

  /// A second name for a symbolic link is a link to the same place, as on Linux, where `link`
  /// does not follow it (on macOS it does: the second name was the file it points to). A
  /// rollback puts the link back, not the file it pointed to.
  @Test func aLinksSecondNameIsALink() throws {
    let dir = try makeTemporaryDirectory()
    try write("x\n", to: dir + "/target.swift")
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/link.swift", withDestinationPath: dir + "/target.swift")
    try LocalFileSystem().linkItem(atPath: dir + "/link.swift", toPath: dir + "/backup")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/backup")
        == dir + "/target.swift")
  }

  /// A named pipe where a file is read (one left at an output path) reads as empty instead of
  /// waiting for a writer forever.
  @Test func aNamedPipeWithoutAWriterReadsAsEmpty() throws {
    let dir = try makeTemporaryDirectory()
    let pipe = dir + "/HomeEntity.swift"
    #expect(mkfifo(pipe, 0o644) == 0)
    // Should the read wait, a writer that comes after 10 seconds ends it, and says so.
    let rescued = Locked(false)
    Thread {
      Thread.sleep(forTimeInterval: 10)
      let writer = open(pipe, O_WRONLY | O_NONBLOCK)
      if writer >= 0 {
        rescued.withLock { $0 = true }
        close(writer)
      }
    }.start()
    #expect(try LocalFileSystem().readFile(atPath: pipe) == [])
    #expect(!rescued.withLock { $0 })
  }

  /// What is at a path itself, in one question, is what `isFolderItself` and `itemExists` say:
  /// a link is not followed, to a folder or to nothing.
  @Test func tellsWhatIsAtAPathItself() throws {
    let dir = try makeTemporaryDirectory()
    try write("x\n", to: dir + "/folder/file")
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/toFolder", withDestinationPath: dir + "/folder")
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/dangling", withDestinationPath: dir + "/nothing")
    let fs = LocalFileSystem()
    let expected: [(String, ItemKind)] = [
      ("folder", .folder), ("folder/file", .other), ("toFolder", .other), ("dangling", .other),
      ("nothing", .missing), ("folder/file/below", .missing),
    ]
    for (name, kind) in expected {
      let path = dir + "/" + name
      #expect(fs.itemKind(atPath: path) == kind, "\(name)")
      let composed: ItemKind =
        fs.isFolderItself(atPath: path) ? .folder : fs.itemExists(atPath: path) ? .other : .missing
      #expect(composed == kind, "\(name)")
    }
  }

  /// What is known to be a file, or a folder, is removed as one; the other kind is refused with
  /// the system's reason.
  @Test func removesAKnownFileOrFolder() throws {
    let dir = try makeTemporaryDirectory()
    try write("x\n", to: dir + "/folder/file")
    let fs = LocalFileSystem()
    // Linux says "is a directory", macOS "operation not permitted".
    let notAFile = #expect(throws: Diagnostic.self) {
      try fs.removeItem(atPath: dir + "/folder", isFolder: false)
    }
    #expect(notAFile?.message.hasPrefix("cannot remove '\(dir)/folder': ") == true)
    #expect(fs.isDirectory(atPath: dir + "/folder"))
    #expect(throws: Diagnostic(message: "cannot remove '\(dir)/folder/file': not a directory")) {
      try fs.removeItem(atPath: dir + "/folder/file", isFolder: true)
    }
    try fs.removeItem(atPath: dir + "/folder/file", isFolder: false)
    try fs.removeItem(atPath: dir + "/folder", isFolder: true)
    #expect(!fs.itemExists(atPath: dir + "/folder"))
    #expect(throws: Diagnostic(message: "cannot remove '\(dir)/folder': no such file or directory"))
    {
      try fs.removeItem(atPath: dir + "/folder", isFolder: true)
    }
  }

  /// A new lock file holds nothing; a lock taken over from a run that left its record (a killed
  /// run) gives that record, whole.
  @Test func aLockGivesWhatItsFileHeld() throws {
    let dir = try makeTemporaryDirectory()
    let path = dir + "/.modulegen-run.lock"
    let fs = LocalFileSystem()
    guard case .acquired(let first) = try fs.tryLock(atPath: path) else {
      Issue.record("not acquired")
      return
    }
    #expect(first.previousContent == [])
    let record = Array(String(repeating: "created /a/long/folder\n", count: 400).utf8)
    try first.record(record)
    guard case .busy(let content) = try fs.tryLock(atPath: path) else {
      Issue.record("not busy")
      return
    }
    #expect(content == record)
    first.release(removingFile: false)
    guard case .acquired(let second) = try fs.tryLock(atPath: path) else {
      Issue.record("not acquired again")
      return
    }
    #expect(second.previousContent == record)
    try second.record(Array("short\n".utf8))
    second.release(removingFile: false)
    #expect(try fs.readFile(atPath: path) == Array("short\n".utf8))
    guard case .acquired(let third) = try fs.tryLock(atPath: path) else {
      Issue.record("not acquired a third time")
      return
    }
    #expect(third.previousContent == Array("short\n".utf8))
    third.release(removingFile: true)
    #expect(!fs.itemExists(atPath: path))
  }

  /// A file is read whole, whatever its size says: empty, larger than any first guess, or a
  /// file that reports no size at all (as those of /proc do).
  @Test func readsWholeFiles() throws {
    let dir = try makeTemporaryDirectory()
    let large = (0..<300_000).map { (i: Int) in UInt8(truncatingIfNeeded: i &* 7) }
    try Data(large).write(to: URL(fileURLWithPath: dir + "/large"))
    try Data().write(to: URL(fileURLWithPath: dir + "/empty"))
    let fs = LocalFileSystem()
    #expect(try fs.readFile(atPath: dir + "/large") == large)
    #expect(try fs.readFile(atPath: dir + "/empty") == [])
    if FileManager.default.fileExists(atPath: "/proc/self/status") {
      let status = try fs.readFile(atPath: "/proc/self/status")
      #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
    }
  }

  /// A file that is missing, or a folder, is an error that says which.
  @Test func readingWhatIsNoFileSaysWhy() throws {
    let dir = try makeTemporaryDirectory()
    let fs = LocalFileSystem()
    #expect(throws: Diagnostic(message: "no such file '\(dir)/missing'")) {
      try fs.readFile(atPath: dir + "/missing")
    }
    #expect(throws: Diagnostic(message: "cannot read '\(dir)'")) {
      try fs.readFile(atPath: dir)
    }
  }

  /// A folder's names, sorted, without `.` and `..`: links and hidden files included.
  @Test func listsAFolderSorted() throws {
    let dir = try makeTemporaryDirectory()
    for name in ["b.txt", ".hidden", "a", "Zeta", "é.swift"] {
      try write("x\n", to: dir + "/" + name)
    }
    try FileManager.default.createDirectory(
      atPath: dir + "/folder", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/link", withDestinationPath: "nowhere")
    #expect(
      try LocalFileSystem().contentsOfDirectory(atPath: dir)
        == [".hidden", "Zeta", "a", "b.txt", "folder", "link", "é.swift"])
    #expect(
      throws: Diagnostic(
        message: "cannot list the folder '\(dir)/missing': no such file or directory")
    ) {
      try LocalFileSystem().contentsOfDirectory(atPath: dir + "/missing")
    }
  }
}
