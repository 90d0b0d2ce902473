import Diagnostics

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

  /// Runs git with `arguments` (see `ChildProcess.run`), never prompting for credentials.
  private static func spawn(
    _ arguments: [String], environment: [String: String], errorLog: String? = nil,
    readOutput: Bool = false
  ) -> (status: Int32, output: String)? {
    var variables = environment
    variables["GIT_TERMINAL_PROMPT"] = "0"
    return ChildProcess.run(
      "git", arguments, environment: variables, errors: errorLog.map { .file($0) } ?? .discarded,
      readOutput: readOutput)
  }
}
