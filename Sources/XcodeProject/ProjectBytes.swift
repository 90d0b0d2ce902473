#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of a project file as read, never changed: held in an array, or the file mapped
/// into memory (`XcodeProject(contentsOfFile:)`), which copies nothing. Reading a project of
/// 20,000 files into an array costs more than everything the library does with it; mapping it
/// costs almost nothing.
package struct ProjectBytes: Sendable, RandomAccessCollection {
  private enum Storage: Sendable {
    case array([UInt8])
    case mapped(MappedFile)
  }

  private let storage: Storage

  package init(_ bytes: [UInt8]) {
    storage = .array(bytes)
  }

  private init(mapped: MappedFile) {
    storage = .mapped(mapped)
  }

  /// The file at `path`, mapped read-only; nil when it cannot be mapped (not a regular file,
  /// empty, unreadable), for the caller to read it another way.
  static func mapping(fileAt path: String) -> ProjectBytes? {
    MappedFile(path: path).map(ProjectBytes.init(mapped:))
  }

  /// The file at `path` read into memory (for an empty file, or one that cannot be mapped);
  /// `file` names it in errors.
  static func reading(fileAt path: String, file: String) throws(XcodeProjectError)
    -> ProjectBytes
  {
    func failure() -> XcodeProjectError {
      XcodeProjectError(.cannotRead(String(cString: strerror(errno))), file: file)
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure() }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw failure() }
      if count == 0 { return ProjectBytes(bytes) }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  package var startIndex: Int { 0 }
  package var endIndex: Int {
    switch storage {
    case .array(let bytes): bytes.count
    case .mapped(let file): file.count
    }
  }

  package subscript(position: Int) -> UInt8 {
    switch storage {
    case .array(let bytes): return bytes[position]
    case .mapped(let file):
      precondition(position >= 0 && position < file.count, "index out of range")
      return file.base[position]
    }
  }

  package func withUnsafeBufferPointer<Result, Failure: Error>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    switch storage {
    case .array(let bytes):
      return try bytes.withUnsafeBufferPointer { buffer throws(Failure) in try body(buffer) }
    case .mapped(let file):
      return try withExtendedLifetime(file) { () throws(Failure) -> Result in
        try body(UnsafeBufferPointer(start: file.base, count: file.count))
      }
    }
  }

  package func withContiguousStorageIfAvailable<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result? {
    try withUnsafeBufferPointer(body)
  }

  /// The bytes as an array (a copy, unless they are one).
  package var array: [UInt8] {
    switch storage {
    case .array(let bytes): bytes
    case .mapped(let file): Array(UnsafeBufferPointer(start: file.base, count: file.count))
    }
  }
}

/// A file mapped read-only into memory for as long as this lives.
private final class MappedFile: @unchecked Sendable {
  // Immutable after `init`, and never written through: safe to share.
  let base: UnsafePointer<UInt8>
  let count: Int

  init?(path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0,
      info.st_size < PlistToken.maximumFileSize
    else { return nil }
    let count = Int(info.st_size)
    // Not populated up front (MAP_POPULATE): the pages come in as the parser reads them, many
    // per fault, each half of a large file on its own thread, instead of one thread walking
    // them all before the second half can start (measured side by side: faster).
    guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0),
      address != MAP_FAILED
    else { return nil }
    self.base = UnsafePointer(address.assumingMemoryBound(to: UInt8.self))
    self.count = count
  }

  deinit {
    munmap(UnsafeMutableRawPointer(mutating: base), count)
  }
}
