import Liquid

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `git` (for `templates install` and `init`): no shell (URLs and refs are passed as they
/// are), no prompt (GIT_TERMINAL_PROMPT=0).
enum Git {
  /// Clones `url` into `directory` (which must not exist) and checks out `ref` (a branch, a tag
  /// or a commit) when one is given.
  static func clone(
    url: String, ref: String?, into directory: String, scratch: String,
    environment: [String: String]
  ) throws {
    try run(
      ["clone", "--quiet", "--", url, directory], scratch: scratch, environment: environment,
      what: "clone '\(url)'")
    if let ref {
      try run(
        ["-C", directory, "checkout", "--quiet", ref, "--"], scratch: scratch,
        environment: environment, what: "check out '\(ref)' of '\(url)'")
    }
  }

  /// `git config user.name`, if git and the setting are there.
  static func userName(environment: [String: String]) -> String? {
    guard
      let (status, output) = spawn(
        ["config", "user.name"], environment: environment, readOutput: true),
      status == 0
    else { return nil }
    let name = String(output.prefix { $0 != "\n" }).trimmingCharacters()
    return name.isEmpty ? nil : name
  }

  /// Runs git with `arguments`; its standard error goes to a file in `scratch`, for the message
  /// when it fails.
  private static func run(
    _ arguments: [String], scratch: String, environment: [String: String], what: String
  ) throws {
    let log = joinPath(scratch, "git-error.log")
    guard let (status, _) = spawn(arguments, environment: environment, errorLog: log) else {
      throw Diagnostic(message: "cannot \(what): git could not be started (is it installed?)")
    }
    guard status == 0 else {
      let output = (try? LocalFileSystem().readText(atPath: log)) ?? ""
      let reason = output.split(separator: "\n").last.map { ": " + String($0) } ?? ""
      throw Diagnostic(message: "cannot \(what)\(reason)")
    }
  }

  /// Runs git with `arguments`, without input, its standard error written to `errorLog` (or
  /// dropped) and its output read when `readOutput` (else dropped: a git that leaves a process
  /// behind, such as `gc --auto`, must not keep the caller waiting for the end of its output).
  /// Its exit status (-1 if it did not exit normally) and its output; nil if it could not be
  /// started.
  private static func spawn(
    _ arguments: [String], environment: [String: String], errorLog: String? = nil,
    readOutput: Bool = false
  ) -> (status: Int32, output: String)? {
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
    if let errorLog {
      posix_spawn_file_actions_addopen(&actions, 2, errorLog, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    } else {
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    let argv = (["git"] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var variables = environment
    variables["GIT_TERMINAL_PROMPT"] = "0"
    let envp = variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var pid = pid_t()
    guard posix_spawnp(&pid, "git", &actions, nil, argv, envp) == 0 else { return nil }
    var bytes: [UInt8] = []
    if readOutput {
      // The write end is the child's now: closed here, the pipe ends when git's output does.
      close(output[1])
      output[1] = -1
      var buffer = [UInt8](repeating: 0, count: 4096)
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
