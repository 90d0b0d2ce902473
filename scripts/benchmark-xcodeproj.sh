#!/usr/bin/env bash
# Measures adding a module to a large Xcode project, side by side in one run with generating the
# module without a project:
#   1. each stage in-process (read, parse, plan, apply, write) on a synthetic project.pbxproj of
#      20,000 files and 50 targets (xcodeproject-benchmark);
#   2. with hyperfine: `modulegen --version` (the process floor), `modulegen gen Home viper`,
#      and `xcodeproject-benchmark edit` (a process that reads the project, adds the module's 9
#      files and writes it back). Generating with the project costs about gen + (edit - floor):
#      the target is under 2x gen;
#   3. peak memory of `edit` on projects of 2,500 to 40,000 files: it should grow linearly.
# Needs hyperfine (apt-get install hyperfine) and python3. A benchmark, not a test: it prints
# numbers and never fails on a slow machine.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "hyperfine is not installed: apt-get install hyperfine"; exit 1; }
swift build -c release --product modulegen >/dev/null
swift build -c release --product xcodeproject-benchmark >/dev/null
bin="$PWD/.build/release/modulegen"
bench="$PWD/.build/release/xcodeproject-benchmark"
# Measure the code, not the disk: work in memory where the machine has a tmpfs.
if [[ -d /dev/shm && -w /dev/shm ]]; then work=$(mktemp -d -p /dev/shm); else work=$(mktemp -d); fi
trap 'rm -rf "$work"' EXIT
cd "$work"

echo "== in-process, 20,000 files and 50 targets"
"$bench" --files 20000 --targets 50 --runs 30

"$bench" generate project.pbxproj --files 20000 --targets 50
hyperfine -N --warmup 5 --runs 40 --export-json processes.json \
  "$bin --version" \
  --prepare "rm -rf $work/out" "$bin gen Home viper --output $work/out/Home --tests-output $work/out/HomeTests --date 2026-01-01" \
  "$bench edit project.pbxproj edited.pbxproj" \
  >/dev/null

for files in 2500 5000 10000 20000 40000; do
  "$bench" generate "p$files.pbxproj" --files "$files" --targets 50
  echo "$files $(stat -c %s "p$files.pbxproj") $("$bench" edit "p$files.pbxproj" /dev/null --memory)" >>memory.txt
done

python3 - <<'PY'
import json
version, gen, edit = [r["mean"] for r in json.load(open("processes.json"))["results"]]
print("== processes")
print(f"modulegen --version              {version*1000:8.2f} ms")
print(f"modulegen gen Home viper         {gen*1000:8.2f} ms")
print(f"edit the 20,000-file project     {edit*1000:8.2f} ms (a process: read, add 9 files, write)")
projected = gen + max(edit - version, 0)
print(f"gen with the project (projected) {projected*1000:8.2f} ms   ratio {projected/gen:.2f}x (target < 2x)")
print("== peak memory of edit")
rows = [line.split() for line in open("memory.txt")]
for files, size, kib in rows:
    print(f"{int(files):6d} files  {int(size)/1024/1024:6.1f} MiB project  {int(kib)/1024:7.1f} MiB peak  {int(kib)*1024/int(size):5.2f}x the file")
PY
