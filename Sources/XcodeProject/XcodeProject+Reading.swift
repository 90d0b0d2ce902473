import SystemLibrary

extension XcodeProject {
  /// Reads the project file at `path` into memory. `file` names it in errors (`path` when nil).
  ///
  /// Read rather than mapped: a mapped file that another tool shortens meanwhile stops the
  /// process (SIGBUS) when the parser or the writer touches the bytes that are gone.
  package init(contentsOfFile path: String, file: String? = nil, absoluteFolder: String? = nil)
    throws(XcodeProjectError)
  {
    let file = file ?? path
    try self.init(
      bytes: Self.readFile(atPath: path, file: file), file: file, absoluteFolder: absoluteFolder)
  }

  /// The bytes of the file at `path`: as many as its size says, in one read where the system
  /// allows, then whatever it holds beyond that (a file that grew, or one without a size).
  static func readFile(atPath path: String, file: String) throws(XcodeProjectError) -> [UInt8] {
    func failure(_ code: Int32 = errno) -> XcodeProjectError {
      XcodeProjectError(.cannotRead(String(cString: strerror(code))), file: file)
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure() }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw failure() }
    guard info.st_size < PlistToken.maximumFileSize else {
      throw XcodeProjectError(.fileTooLarge, file: file)
    }
    /// Reads into `buffer` until it is full or the file ends; returns how many bytes, or the
    /// `errno` of a failed read.
    func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>) -> Result<Int, XcodeProjectError> {
      var count = 0
      while count < buffer.count {
        let done = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
        if done < 0 && errno == EINTR { continue }
        guard done >= 0 else { return .failure(failure()) }
        if done == 0 { break }
        count += done
      }
      return .success(count)
    }
    // One byte more than the size, to find the end in the same loop.
    var outcome = Result<Int, XcodeProjectError>.success(0)
    var bytes = [UInt8](unsafeUninitializedCapacity: Int(info.st_size) + 1) { buffer, count in
      outcome = fill(buffer)
      count = (try? outcome.get()) ?? 0
    }
    var full = try outcome.get() == bytes.count
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while full {
      let filled = try chunk.withUnsafeMutableBufferPointer { fill($0) }.get()
      bytes += chunk[..<filled]
      full = filled == chunk.count
      guard bytes.count < PlistToken.maximumFileSize else {
        throw XcodeProjectError(.fileTooLarge, file: file)
      }
    }
    return bytes
  }
}
