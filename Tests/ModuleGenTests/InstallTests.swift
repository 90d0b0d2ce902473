import Foundation
import Testing

@testable import ModuleGen

/// `make install`, `make uninstall` and `scripts/build-release.sh`, run as users run them. Both
/// build in release mode with the Swift standard library linked in, into one scratch folder of
/// their own (the `swift test` in progress holds `.build`) with a fixed commit, so that later
/// runs rebuild only what changed.
@Suite(.serialized) struct InstallTests {
  static let root = GeneratedPackage.root.path
  static let scratch = root + "/.build/install-tests"
  static let commit = "0123456789ab"
  static let installed = [
    "bin/modulegen", "share/bash-completion/completions/modulegen",
    "share/fish/vendor_completions.d/modulegen.fish", "share/man/man1/modulegen.1",
    "share/zsh/site-functions/_modulegen",
  ]

  /// Every file under `dir`, relative to it, sorted.
  static func files(_ dir: String) -> [String] {
    (FileManager.default.enumerator(atPath: dir)?.allObjects as? [String] ?? []).filter {
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: dir + "/" + $0, isDirectory: &isDirectory)
      return !isDirectory.boolValue
    }.sorted()
  }

  /// Runs `executable` with exactly `environment` (nothing inherited) and stdin closed.
  static func run(
    _ executable: String, _ arguments: [String], in directory: String,
    environment: [String: String]
  ) throws -> (code: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self),
      String(decoding: err, as: UTF8.self)
    )
  }

  static func tail(_ text: String) -> String {
    text.split(separator: "\n").suffix(30).joined(separator: "\n")
  }

  @Test func makeInstallsEverythingUnderPrefixAndUninstallRemovesIt() throws {
    let prefix = try makeTemporaryDirectory() + "/prefix with space"
    print(
      "InstallTests: make install (a release build; the first run takes a few minutes, later runs are incremental)..."
    )
    let install = try GeneratedCodeTests.shell(
      "make install PREFIX='\(prefix)' SCRATCH_PATH='\(Self.scratch)' COMMIT=\(Self.commit)",
      in: Self.root)
    #expect(install.0 == 0, "make install failed:\n\(Self.tail(install.1))")
    guard install.0 == 0 else { return }
    #expect(Self.files(prefix) == Self.installed)

    // The installed binary, found on PATH from another folder, with nothing else around it.
    let work = try makeTemporaryDirectory()
    let environment = ["PATH": prefix + "/bin:/usr/bin:/bin", "HOME": work]
    let modulegen = prefix + "/bin/modulegen"
    let version = try Self.run(modulegen, ["--version"], in: work, environment: environment)
    #expect(version.out == "modulegen \(CommandLineTool.version) (commit \(Self.commit))\n")
    let gen = try GeneratedCodeTests.shell(
      "PATH='\(prefix)/bin':/usr/bin:/bin HOME='\(work)' modulegen gen Home viper --date 2026-01-02",
      in: work)
    #expect(gen.0 == 0, "\(gen.1)")
    let reference = try makeTemporaryDirectory()
    _ = try runBinary(["gen", "Home", "viper", "--date", "2026-01-02"], in: reference)
    #expect(Self.files(work) == Self.files(reference))
    for file in Self.files(reference) {
      #expect(
        FileManager.default.contents(atPath: work + "/" + file)
          == FileManager.default.contents(atPath: reference + "/" + file), "\(file) differs")
    }

    // Completions and the man page are what the binary prints, where shells and man look.
    let share = prefix + "/share"
    for (path, arguments) in [
      ("bash-completion/completions/modulegen", ["completions", "bash"]),
      ("zsh/site-functions/_modulegen", ["completions", "zsh"]),
      ("fish/vendor_completions.d/modulegen.fish", ["completions", "fish"]),
      ("man/man1/modulegen.1", [ManualPage.option]),
    ] {
      #expect(
        try String(contentsOfFile: share + "/" + path, encoding: .utf8)
          == runTool(arguments, in: work).out, "\(path)")
    }
    let completion = try GeneratedCodeTests.shell(
      "PATH='\(prefix)/bin':/usr/bin:/bin; source '\(share)/bash-completion/completions/modulegen'; COMP_WORDS=(modulegen ge); COMP_CWORD=1; _modulegen; echo \"${COMPREPLY[*]}\"",
      in: work)
    #expect(completion.1 == "gen\n")
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
      let man = try GeneratedCodeTests.shell(
        "MANPATH='\(share)/man' man -w modulegen", in: work)
      #expect(man.1 == share + "/man/man1/modulegen.1\n")
    }

    let uninstall = try GeneratedCodeTests.shell(
      "make uninstall PREFIX='\(prefix)'", in: Self.root)
    #expect(uninstall.0 == 0, "\(uninstall.1)")
    #expect(Self.files(prefix) == [])
  }

  @Test func makeRecordsTheCommitOfTheCheckout() throws {
    let dryRun = try GeneratedCodeTests.shell("make -n build", in: Self.root)
    #expect(dryRun.0 == 0, "\(dryRun.1)")
    let head = try GeneratedCodeTests.shell("git rev-parse --short=12 HEAD", in: Self.root)
    if head.0 == 0 {
      let flag = "-Xcc -DMODULEGEN_COMMIT=" + head.1.trimmingCharacters(in: .whitespacesAndNewlines)
      // The flag comes last on the `swift build` line; `-dirty` when tracked files changed.
      let lines = dryRun.1.split(separator: "\n")
      #expect(
        lines.contains { $0.hasSuffix(flag) || $0.hasSuffix(flag + "-dirty") }, "\(dryRun.1)")
    } else {
      #expect(!dryRun.1.contains("MODULEGEN_COMMIT"))
    }
    // A copy of the sources outside any git checkout builds without a commit.
    let copy = try makeTemporaryDirectory()
    try FileManager.default.copyItem(atPath: Self.root + "/Makefile", toPath: copy + "/Makefile")
    let outside = try GeneratedCodeTests.shell("make -n build", in: copy)
    #expect(outside.0 == 0)
    #expect(outside.1.contains("swift build --configuration release --product modulegen"))
    #expect(!outside.1.contains("MODULEGEN_COMMIT"))
  }

  @Test(.enabled(if: runsOnLinux, "scripts/build-release.sh builds the Linux binary"))
  func theReleaseBinaryRunsWhereNoSwiftIsInstalled() throws {
    let output = try makeTemporaryDirectory() + "/dist"
    print("InstallTests: scripts/build-release.sh (shares the release build of make install)...")
    let build = try GeneratedCodeTests.shell(
      "SCRATCH_PATH='\(Self.scratch)' COMMIT=\(Self.commit) scripts/build-release.sh '\(output)'",
      in: Self.root)
    #expect(build.0 == 0, "build-release.sh failed:\n\(Self.tail(build.1))")
    guard build.0 == 0 else { return }
    let arch = try GeneratedCodeTests.shell("uname -m", in: output).1
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let name = "modulegen-\(CommandLineTool.version)-linux-\(arch)"
    #expect(Self.files(output) == [name, name + ".sha256"])
    #expect(
      try GeneratedCodeTests.shell("sha256sum -c '\(name).sha256'", in: output).1 == "\(name): OK\n"
    )

    // Stripped, and no Swift library among what the dynamic loader must find.
    let sections = try GeneratedCodeTests.shell("readelf -S '\(name)'", in: output)
    #expect(sections.0 == 0 && !sections.1.contains(".symtab"), "not stripped")
    let libraries = try GeneratedCodeTests.shell("ldd '\(name)'", in: output).1
    #expect(!libraries.lowercased().contains("swift"), "\(libraries)")
    // The check can fail: the test's own binary does need the Swift libraries.
    #expect(
      try GeneratedCodeTests.shell("ldd '\(builtBinary)'", in: output).1.contains("libswiftCore"))

    // Alone in an empty folder, with an empty environment and an empty LD_LIBRARY_PATH.
    let alone = try makeTemporaryDirectory()
    try FileManager.default.copyItem(atPath: output + "/" + name, toPath: alone + "/modulegen")
    let gen = try Self.run(
      alone + "/modulegen", ["gen", "Home", "viper", "--date", "2026-01-02"], in: alone,
      environment: ["LD_LIBRARY_PATH": ""])
    #expect(gen.code == 0, "\(gen.err)")
    #expect(Self.files(alone).contains("Home/HomePresenter.swift"))
    #expect(Self.files(alone).contains("HomeTests/HomeTests.swift"))

    // And with the Swift runtime libraries hidden, as on a machine without Swift.
    try withoutSwiftRuntime(alone: alone)
  }

  /// Runs the copied binary in a mount namespace where the folder of the toolchain's runtime
  /// libraries is empty; the test's own dynamically linked binary must fail there.
  func withoutSwiftRuntime(alone: String) throws {
    let ldd = try GeneratedCodeTests.shell("ldd '\(builtBinary)'", in: alone).1
    guard
      let line = ldd.split(separator: "\n").first(where: { $0.contains("libswiftCore.so =>") }),
      let path = line.split(separator: " ").first(where: { $0.hasPrefix("/") })
    else {
      Issue.record("cannot find libswiftCore in:\n\(ldd)")
      return
    }
    let runtime = (String(path) as NSString).deletingLastPathComponent
    let empty = try makeTemporaryDirectory()
    func hidden(_ command: String) throws -> (Int32, String) {
      try GeneratedCodeTests.shell(
        "unshare --mount sh -c \"mount --bind '\(empty)' '\(runtime)' && \(command)\"", in: alone)
    }
    let probe = try hidden("true")
    guard probe.0 == 0 else {
      // Needs root or user namespaces; CI has them, a developer's container may not.
      print(
        "InstallTests: cannot hide \(runtime) here (\(probe.1.trimmingCharacters(in: .newlines))); skipped that check"
      )
      #expect(ProcessInfo.processInfo.environment["CI"] == nil, "unshare is required in CI")
      return
    }
    let control = try hidden("'\(builtBinary)' --version")
    #expect(
      control.0 != 0 && control.1.contains("error while loading shared libraries: libswift"),
      "the runtime was not hidden: \(control.1)")
    let run = try hidden("env -i ./modulegen gen Other mvvm --date 2026-01-02")
    #expect(run.0 == 0, "\(run.1)")
    #expect(Self.files(alone).contains("Other/OtherViewModel.swift"))
  }
}
