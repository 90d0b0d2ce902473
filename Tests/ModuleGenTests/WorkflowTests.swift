import Foundation
import Testing

/// The GitHub Actions workflow cannot run here; it is linted with actionlint (which also runs
/// shellcheck on every `run:` step), and it must run what the README and `.ci/run` promise.
@Suite struct WorkflowTests {
  static let root = GeneratedPackage.root.path
  static let workflow = root + "/.github/workflows/ci.yml"

  static var hasActionlint: Bool {
    (try? GeneratedCodeTests.shell("command -v actionlint", in: root).0) == 0
  }

  @Test func theWorkflowIsLintClean() throws {
    guard Self.hasActionlint else {
      print("WorkflowTests: actionlint is not installed (.ci/run installs it); not linted")
      #expect(ProcessInfo.processInfo.environment["CI"] == nil, "actionlint is required in CI")
      return
    }
    let (status, output) = try GeneratedCodeTests.shell(
      "actionlint -shellcheck \"$(command -v shellcheck || true)\" .github/workflows/*.yml",
      in: Self.root)
    #expect(status == 0, "\(output)")
  }

  /// The lint can fail: an unknown key and a broken expression are reported.
  @Test func actionlintReportsABrokenWorkflow() throws {
    guard Self.hasActionlint else { return }
    let folder = try makeTemporaryDirectory()
    try write(
      """
      on: push
      jobs:
        test:
          runs-on: ubuntu-latest
          step:
            - run: echo ${{ matrix.missing }
      """, to: folder + "/.github/workflows/broken.yml")
    let (status, output) = try GeneratedCodeTests.shell(
      "actionlint .github/workflows/broken.yml", in: folder)
    #expect(status != 0)
    #expect(output.contains("broken.yml:5"), "\(output)")
  }

  /// Linux runs `.ci/run`; each macOS job runs the README's test command, `make install`, the
  /// release build, the type-check of every template and xcodebuild on a simulator; Xcode 16.0
  /// is the oldest.
  @Test func theJobsRunWhatTheyPromise() throws {
    let text = try String(contentsOfFile: Self.workflow, encoding: .utf8)
    let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
    #expect(readme.contains("\n# Run every test\nswift test\n"))
    for step in [
      "run: .ci/run", "run: swift test", "make install PREFIX=",
      "swift build --configuration release --product modulegen",
      "templates lint --typecheck", "xcodebuild build test", "platform=iOS Simulator",
      "xcode: \"16.0\"", "runner: macos-14",
    ] {
      #expect(text.contains(step), "the workflow does not have \(step)")
    }
  }
}
