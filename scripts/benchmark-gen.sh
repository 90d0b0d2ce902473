#!/usr/bin/env bash
# Measures modulegen against the cost of starting the process, side by side in one run:
#   1. `modulegen gen Home viper` (every file of the module and its tests) vs `modulegen --version`
#      (target: at most 2x);
#   2. a batch spec of 10, 100 and 1,000 modules (targets: time per module at 1,000 within 1.3x of
#      the time per module at 10, and 1,000 modules in at most 1.1 seconds);
#   3. `modulegen gen Home viper` in a project whose record holds those 1,000 modules;
#   4. the 1,000 modules generated again there, every file on disk (a run that writes nothing);
#   5. one module whose spec gives each role 100, then 1,000 methods (target: time per method
#      at 1,000 within 1.3x of the time per method at 100).
# With `--against BIN` (another build of modulegen, e.g. an older commit's), BIN runs every
# command too, in the same hyperfine runs right after this build's, and is printed beside it.
# Needs hyperfine (apt-get install hyperfine) and python3. A benchmark, not a test: it prints
# numbers and never fails on a slow machine.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "hyperfine is not installed: apt-get install hyperfine"; exit 1; }
against=""
if [[ "${1:-}" == "--against" ]]; then against=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); fi
swift build -c release --product modulegen >/dev/null
bins=("$PWD/.build/release/modulegen")
[[ -n "$against" ]] && bins+=("$against")
# Measure modulegen, not the disk: work in memory where the machine has a tmpfs.
if [[ -d /dev/shm && -w /dev/shm ]]; then work=$(mktemp -d -p /dev/shm); else work=$(mktemp -d); fi
trap 'rm -rf "$work"' EXIT
cd "$work"
for n in 10 100 1000; do
  python3 - "$n" <<'PY'
import sys
n = int(sys.argv[1])
with open(f"batch{n}.yml", "w") as f:
    f.write("modules:\n")
    for i in range(n):
        f.write(f"  - name: Module{i}\n    template: viper\n")
PY
done
single=() batch=()
for bin in "${bins[@]}"; do
  single+=("$bin --version" "$bin gen Home viper --output $work/out/Home --tests-output $work/out/HomeTests --date 2026-01-01")
  for n in 10 100 1000; do
    batch+=("$bin gen --spec batch$n.yml --output $work/out/{{module}} --tests-output $work/out/{{module}}Tests --date 2026-01-01")
  done
done
clean="rm -rf $work/out $work/.modulegen.lock $work/.modulegen"
hyperfine -N --warmup 5 --runs 50 --export-json single.json --prepare "$clean" "${single[@]}" >/dev/null
hyperfine -N --warmup 2 --runs 10 --export-json batch.json --prepare "$clean" "${batch[@]}" >/dev/null
# 3. One module in a project whose generation record holds 1,000 modules (1.45 MB), as in a large
#    app: every command reads the record. (With -N, --prepare runs without a shell too.)
mkdir "$work/big" && cd "$work/big"
"${bins[0]}" gen --spec ../batch1000.yml --output "out/{{module}}" --tests-output "out/{{module}}Tests" \
  --date 2026-01-01 >/dev/null
cp .modulegen.lock ../record1000
big=()
for bin in "${bins[@]}"; do
  big+=("$bin gen Home viper --output $work/big/out/Home --tests-output $work/big/out/HomeTests --date 2026-01-01")
done
hyperfine -N --warmup 3 --runs 30 --export-json ../big.json \
  --prepare "bash -c 'rm -rf out/Home out/HomeTests .modulegen/base/Home.base && cp ../record1000 .modulegen.lock'" \
  "${big[@]}" >/dev/null
# 4. The 1,000 modules generated again, all on disk: every plan reads each file of each module,
#    and looks at each developer's file for an earlier update's conflict markers; nothing is
#    written. Each build finds what it wrote itself (another build's templates write other
#    bytes: its run would be a conflict): its own copy is put in place before each run.
again=()
prepare=()
for i in "${!bins[@]}"; do
  mkdir "$work/again$i" && (cd "$work/again$i" && "${bins[$i]}" gen --spec ../batch1000.yml \
    --output "out/{{module}}" --tests-output "out/{{module}}Tests" --date 2026-01-01 >/dev/null)
  again+=("${bins[$i]} gen --spec ../batch1000.yml --output out/{{module}} --tests-output out/{{module}}Tests --date 2026-01-01")
  prepare+=(--prepare "bash -c 'rm -rf out .modulegen .modulegen.lock && cp -a ../again$i/. .'")
done
hyperfine -N --warmup 2 --runs 10 --export-json ../again.json "${prepare[@]}" "${again[@]}" >/dev/null
# 5. One module with many methods: each presenter event calls an interactor method, and every
#    protocol gets a spy, so both the context and the templates see every method.
cd "$work"
for n in 100 1000; do
  python3 - "$n" <<'PY'
import sys
n = int(sys.argv[1])
with open(f"methods{n}.yml", "w") as f:
    f.write("name: Wide\ntemplate: viper\n")
    for role, line in [("view", "func showItem{i}(_ value: Int)"), ("presenter", "func didTapLoad{i}(id: String)"),
                       ("interactor", "func load{i}(id: String) async throws -> [String]"),
                       ("router", "func open{i}(animated: Bool)")]:
        f.write(f"{role}: |\n" + "".join("  " + line.format(i=i) + "\n" for i in range(n)))
PY
done
wide=()
for bin in "${bins[@]}"; do
  for n in 100 1000; do
    wide+=("$bin gen --spec methods$n.yml --output $work/wide/Wide --tests-output $work/wide/WideTests --date 2026-01-01")
  done
done
hyperfine -N --warmup 1 --runs 5 --export-json wide.json --prepare "rm -rf $work/wide $work/.modulegen.lock $work/.modulegen" \
  "${wide[@]}" >/dev/null
python3 - "${bins[@]}" <<'PY'
import json, os, sys
single = [r["mean"] for r in json.load(open("single.json"))["results"]]
batch = [r["mean"] for r in json.load(open("batch.json"))["results"]]
big = [r["mean"] for r in json.load(open("big.json"))["results"]]
again = [r["mean"] for r in json.load(open("again.json"))["results"]]
wide = [r["mean"] for r in json.load(open("wide.json"))["results"]]
print(f"(working in {'memory' if '/dev/shm' in os.getcwd() else 'a disk folder'})")
for i, bin in enumerate(sys.argv[1:]):
    version, gen = single[2 * i:2 * i + 2]
    print(f"{bin}:")
    print(f"  modulegen --version          {version*1000:8.2f} ms")
    print(f"  modulegen gen Home viper     {gen*1000:8.2f} ms   ratio {gen/version:.2f}x (target <= 2x)")
    per = []
    for n, t in zip([10, 100, 1000], batch[3 * i:3 * i + 3]):
        per.append(t / n)
        print(f"  batch of {n:5d} modules       {t*1000:8.1f} ms   {t/n*1000:.3f} ms per module")
    print(f"  per module at 1,000 vs at 10: {per[2]/per[0]:.2f}x (target <= 1.3x)")
    print(f"  1,000 modules: {batch[3 * i + 2]:.2f} s (target <= 1.1 s)")
    print(f"  gen Home viper, 1,000 modules recorded {big[i]*1000:8.2f} ms")
    print(f"  1,000 modules generated again (on disk) {again[i]*1000:8.1f} ms")
    small, large = wide[2 * i:2 * i + 2]
    print(f"  one module, 100 methods a role   {small*1000:8.1f} ms")
    print(f"  one module, 1,000 methods a role {large*1000:8.1f} ms   per method {large/10/small:.2f}x the time at 100 (target <= 1.3x)")
PY
