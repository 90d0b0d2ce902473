import Liquid

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `git` for `templates install`: no shell (URLs and refs are passed as they are), no
/// prompt (GIT_TERMINAL_PROMPT=0), its error output kept for the message.
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

  /// Runs git with `arguments`; its standard error goes to a file in `scratch`.
  private static func run(
    _ arguments: [String], scratch: String, environment: [String: String], what: String
  ) throws {
    let log = joinPath(scratch, "git-error.log")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = (["git"] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var variables = environment
    variables["GIT_TERMINAL_PROMPT"] = "0"
    let envp = variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var pid = pid_t()
    let spawned = posix_spawnp(&pid, "git", &actions, nil, argv, envp)
    guard spawned == 0 else {
      throw Diagnostic(message: "cannot \(what): git could not be started (is it installed?)")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // Exited normally with status 0.
    guard status & 0x7f == 0 && (status >> 8) & 0xff == 0 else {
      let output = (try? LocalFileSystem().readText(atPath: log)) ?? ""
      let reason = output.split(separator: "\n").last.map { ": " + String($0) } ?? ""
      throw Diagnostic(message: "cannot \(what)\(reason)")
    }
  }
}
