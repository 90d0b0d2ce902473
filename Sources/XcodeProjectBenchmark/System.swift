// Files, processes, options and numbers for the benchmark, on the C library alone.

import SystemLibrary

func fail(_ message: String) -> Never {
  let text = "xcodeproject-benchmark: \(message)\n"
  _ = text.withCString { write(2, $0, strlen($0)) }
  exit(1)
}

/// The number after `name` in the arguments, or `value`.
func option(_ name: String, default value: Int) -> Int {
  let arguments = CommandLine.arguments
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else {
    return value
  }
  guard let number = Int(arguments[index + 1]), number > 0 else { fail("\(name) needs a number") }
  return number
}

/// The text after `name` in the arguments.
func option(_ name: String) -> String? {
  let arguments = CommandLine.arguments
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

func readFile(_ path: String) -> [UInt8] {
  guard let file = fopen(path, "rb") else { fail("cannot read \(path)") }
  defer { fclose(file) }
  fseek(file, 0, SEEK_END)
  let size = ftell(file)
  fseek(file, 0, SEEK_SET)
  guard size >= 0 else { fail("cannot read \(path)") }
  return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
    count = size == 0 ? 0 : fread(buffer.baseAddress, 1, size, file)
  }
}

func writeFile(_ path: String, _ bytes: [UInt8]) {
  bytes.withUnsafeBufferPointer { buffer in writeFile(path) { write in write(buffer) } }
}

/// Writes what `body` hands its writer, piece by piece, to a new file beside `path` that then
/// replaces it, as a tool that must not lose the file on a crash writes it.
func writeFile(_ path: String, _ body: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
  let temporary = path == "/dev/null" ? path : path + ".new"
  let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  guard descriptor >= 0 else { fail("cannot write \(path)") }
  body { piece in
    guard let base = piece.baseAddress else { return }
    var offset = 0
    while offset < piece.count {
      let written = write(descriptor, base + offset, piece.count - offset)
      guard written > 0 else { fail("cannot write \(path)") }
      offset += written
    }
  }
  close(descriptor)
  if temporary != path && rename(temporary, path) != 0 { fail("cannot write \(path)") }
}

/// Peak resident memory of this process so far, in KiB.
func peakMemory() -> Int {
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  return Int(usage.ru_maxrss)
}

/// A finished child process: its wall-clock time, its processor time (user and system: what
/// a busy machine inflates least), and its peak memory.
struct ProcessRun {
  var milliseconds: Double
  var cpuMilliseconds: Double
  var peakKiB: Int
}

/// Runs a program with arguments, its output and messages discarded, and waits for it; fails
/// unless it exits 0.
func spawn(_ arguments: [String]) -> ProcessRun {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  var argv = arguments.map { strdup($0) } + [nil]
  defer { for argument in argv { free(argument) } }
  let clock = ContinuousClock()
  let start = clock.now
  var pid: pid_t = 0
  guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else {
    fail("cannot run \(arguments[0])")
  }
  var status: Int32 = 0
  var usage = rusage()
  guard wait4(pid, &status, 0, &usage) == pid else { fail("cannot wait for \(arguments[0])") }
  let elapsed = clock.now - start
  guard status == 0 else { fail("\(arguments.joined(separator: " ")) failed (\(status))") }
  func ms(_ time: timeval) -> Double { Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
  return ProcessRun(
    milliseconds: milliseconds(elapsed), cpuMilliseconds: ms(usage.ru_utime) + ms(usage.ru_stime),
    peakKiB: Int(usage.ru_maxrss))
}

/// Removes a folder and everything in it.
func removeTree(_ path: String) {
  guard let directory = opendir(path) else {
    unlink(path)
    return
  }
  while let entry = readdir(directory) {
    var entryName = entry.pointee.d_name
    let capacity = MemoryLayout.size(ofValue: entryName)
    let name = withUnsafePointer(to: &entryName) {
      $0.withMemoryRebound(to: CChar.self, capacity: capacity) { String(cString: $0) }
    }
    if name == "." || name == ".." { continue }
    let child = path + "/" + name
    var info = stat()
    if lstat(child, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
      removeTree(child)
    } else {
      unlink(child)
    }
  }
  closedir(directory)
  rmdir(path)
}

func milliseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

/// A number with `digits` decimals.
func format(_ value: Double, _ digits: Int = 2) -> String {
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = String(rounded)
  if let dot = text.firstIndex(of: ".") {
    let decimals = text.distance(from: dot, to: text.endIndex) - 1
    text += String(repeating: "0", count: max(0, digits - decimals))
  }
  return text
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

extension String {
  /// Padded with spaces to `width` characters, on the right (or the left with `right`).
  func padding(_ width: Int, right: Bool = false) -> String {
    let spaces = String(repeating: " ", count: max(0, width - count))
    return right ? spaces + self : self + spaces
  }
}
