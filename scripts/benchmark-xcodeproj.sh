#!/usr/bin/env bash
# Measures adding a module to a large Xcode project against generating the module without one,
# side by side in one run (the package's own benchmark, xcodeproject-benchmark):
#   1. each stage in one process (read, parse, plan adding the module's files, write) on a
#      synthetic project.pbxproj of 20,000 files and 50 targets;
#   2. interleaved processes, so that a busy machine slows every column alike: `modulegen gen
#      Home viper`; the same with --xcodeproj (the module added to the project through the
#      CLI); `edit` (a process that reads the project, adds the module and writes it back: the
#      library alone, taken as gen + (edit - floor)); `copy` (reading and writing the file
#      without editing it: the I/O any editor of the file pays); a process that only starts
#      (the floor gen pays already). Wall-clock and CPU time (user + system) are both printed.
#      The target is at most 2.5x gen;
#   3. the peak memory of `edit` for 5,000 to 40,000 files: it grows in proportion.
# With `--against BIN` (another build of modulegen, such as an older commit's), BIN's gen and gen
#   with the project run in the same rounds. With `--in FOLDER`, the files are there instead of
#   /dev/shm (a folder on disk, to measure on ext4 or APFS). See docs/BENCHMARKS.md.
# A benchmark, not a test: it prints numbers and never fails on a slow machine.
set -euo pipefail
against=()
place=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --against) against=(--against "$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"); shift 2 ;;
    --in) place=(--in "$2"); shift 2 ;;
    *) echo "usage: $0 [--against BIN] [--in FOLDER]" >&2; exit 64 ;;
  esac
done
cd "$(dirname "$0")/.."
swift build -c release --product modulegen >/dev/null
swift build -c release --product xcodeproject-benchmark >/dev/null
bin="$PWD/.build/release/modulegen"
bench="$PWD/.build/release/xcodeproject-benchmark"
runs="${RUNS:-30}"
# ${a[@]+"${a[@]}"}: an empty array under `set -u` in the bash macOS ships (3.2).

echo "== in this process"
"$bench" --files 20000 --targets 50 --runs "$runs" ${place[@]+"${place[@]}"}
echo "== processes, interleaved"
"$bench" compare --modulegen "$bin" --files 20000 --targets 50 --runs "$runs" \
  ${against[@]+"${against[@]}"} ${place[@]+"${place[@]}"}
echo "== memory"
"$bench" memory --targets 50 ${place[@]+"${place[@]}"}
