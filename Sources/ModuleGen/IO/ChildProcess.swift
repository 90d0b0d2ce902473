import SystemLibrary

/// Runs a program found on PATH: no shell (arguments are passed as they are), no input.
enum ChildProcess {
  /// Where the program's standard error goes.
  enum Errors {
    case discarded
    /// Into this file (created or truncated), for the message when the program fails.
    case file(String)
    /// With its standard output, into what `run` returns (a compiler's diagnostics).
    case withOutput
  }

  /// Runs `program` with `arguments` and `environment`, its output read when `readOutput` (else
  /// dropped: a program that leaves a process behind, such as git's `gc --auto`, must not keep
  /// the caller waiting for the end of its output). Its exit status (-1 if it did not exit
  /// normally) and its output; nil if it could not be started.
  static func run(
    _ program: String, _ arguments: [String], environment: [String: String],
    errors: Errors = .discarded, readOutput: Bool = false
  ) -> (status: Int32, output: String)? {
    let readOutput = readOutput || { if case .withOutput = errors { true } else { false } }()
    var output: [Int32] = [-1, -1]
    if readOutput {
      guard pipe(&output) == 0 else { return nil }
      // Not inherited by other processes started meanwhile, which would hold the pipe open.
      for descriptor in output { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    }
    defer { for descriptor in output where descriptor >= 0 { close(descriptor) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if readOutput {
      posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    switch errors {
    case .discarded: posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    case .file(let path):
      posix_spawn_file_actions_addopen(&actions, 2, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    case .withOutput: posix_spawn_file_actions_adddup2(&actions, output[1], 2)
    }
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let envp =
      environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var pid = pid_t()
    guard posix_spawnp(&pid, program, &actions, nil, argv, envp) == 0 else { return nil }
    var bytes: [UInt8] = []
    if readOutput {
      // The write end is the child's now: closed here, the pipe ends when the output does.
      close(output[1])
      output[1] = -1
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(output[0], $0.baseAddress!, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        bytes += buffer[0..<count]
      }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // Exited normally: its exit status.
    let exited = status & 0x7f == 0
    return (exited ? (status >> 8) & 0xff : -1, String(decoding: bytes, as: UTF8.self))
  }
}
