#!/usr/bin/env bash
# Measures adding a module to a large Xcode project against generating the module without one,
# side by side in one run (the package's own benchmark, xcodeproject-benchmark):
#   1. each stage in this process (read, parse, plan adding the module's 9 files, write) on a
#      synthetic project.pbxproj of 20,000 files and 50 targets, the file mapped into memory
#      (XcodeProject(contentsOfFile:)) and read into an array;
#   2. interleaved processes, so that a busy machine slows every column alike: `modulegen gen
#      Home viper`; `edit` (a process that maps the project, adds the module and writes the
#      project back: what gen with the project adds to gen); the same reading the file into an
#      array; `copy` (reading and writing the file without editing it: the I/O any editor of
#      the file pays); and a process that only starts (the floor gen pays already). Gen with
#      the project is gen + (edit - floor); the target is under 2x gen. Wall-clock and CPU
#      time (user + system, which a loaded machine inflates least) are both printed;
#   3. the peak memory of `edit` for 5,000 to 40,000 files: it grows in proportion.
# Measured on the project's 2-core VM (Linux, tmpfs, other builds running, load 4-5), medians:
#   gen 14 ms; the edit (file mapped) adds 23-24 ms: gen with the project is 2.6-2.7x gen, NOT
#   under 2x (3.2x reading the file into an array; before this work the edit process took 2.3x
#   as long). Reading and writing the 10 MB file without any edit already costs 1.65x gen there
#   (2.2x read into an array): on this machine no editor that rewrites the file meets 2x. The
#   library's own work is about 1x gen in a fresh process: parse ~60 M and plan ~19 M
#   instructions (valgrind --tool=callgrind); see README "Benchmarks".
# Peak memory above the process floor, the mapped file included: 2.0x, 1.6x, 1.5x, 1.4x the
#   file for 5,000, 10,000, 20,000, 40,000 files (linear plus a constant).
# A benchmark, not a test: it prints numbers and never fails on a slow machine.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product modulegen >/dev/null
swift build -c release --product xcodeproject-benchmark >/dev/null
bin="$PWD/.build/release/modulegen"
bench="$PWD/.build/release/xcodeproject-benchmark"
runs="${RUNS:-30}"

echo "== in this process, the file mapped"
"$bench" --files 20000 --targets 50 --runs "$runs"
echo "== in this process, the file read into an array"
"$bench" --files 20000 --targets 50 --runs "$runs" --array
echo "== processes, interleaved"
"$bench" compare --modulegen "$bin" --files 20000 --targets 50 --runs "$runs"
echo "== memory"
"$bench" memory --targets 50
