# Homebrew formula: builds modulegen from source with the Swift toolchain.
# The repository is its own tap (scripts/set-owner.sh names the account that hosts it):
#   brew tap <owner>/modulegen https://github.com/<owner>/modulegen
#   brew install modulegen            # the tagged release below
#   brew install --HEAD modulegen     # the main branch
# On a release: update `tag:` (and add the tag's `revision:`), CommandLineTool.version and the
# README's pinned versions together; ReleaseMetadataTests checks that they agree.
class Modulegen < Formula
  desc "Generate iOS modules (VIPER, MVP, MVVM, MVC) with mocks and tests"
  homepage "https://github.com/<owner>/modulegen"
  license "MIT"
  url "https://github.com/<owner>/modulegen.git", tag: "0.1.0"
  head "https://github.com/<owner>/modulegen.git", branch: "main"

  depends_on xcode: ["16.0", :build]

  uses_from_macos "swift" => :build

  def install
    args = if OS.mac?
      ["--disable-sandbox"]
    else
      ["--static-swift-stdlib"]
    end
    # The commit `modulegen --version` prints (the download is a git checkout).
    args += ["-Xcc", "-DMODULEGEN_COMMIT=#{Utils.git_short_head(length: 12)}"]
    system "swift", "build", *args, "--configuration", "release", "--product", "modulegen"
    bin.install ".build/release/modulegen"
    generate_completions_from_executable(bin/"modulegen", "completions", shells: [:bash, :zsh, :fish])
    (man1/"modulegen.1").write Utils.safe_popen_read(bin/"modulegen", "--generate-manual")
  end

  test do
    system bin/"modulegen", "gen", "Home", "viper", "--date", "2026-01-01"
    assert_path_exists testpath/"Home/HomePresenter.swift"
    assert_path_exists testpath/"HomeTests/HomeTests.swift"
    assert_match "HomePresenter", (testpath/"Home/HomePresenter.swift").read
    assert_match(/^modulegen \d+\.\d+\.\d+ \(commit \h{12}\)$/, shell_output("#{bin}/modulegen --version"))
  end
end
