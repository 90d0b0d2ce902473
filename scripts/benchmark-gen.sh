#!/usr/bin/env bash
# Measures modulegen against the cost of starting the process, side by side in one run:
#   1. `modulegen gen Home viper` (every file of the module and its tests) vs `modulegen --version`
#      (target: at most 2x);
#   2. a batch spec of 10, 100 and 1,000 modules (targets: time per module at 1,000 within 1.3x of
#      the time per module at 10, and 1,000 modules in at most 1.1 seconds);
#   3. `modulegen gen Home viper` in a project whose record holds those 1,000 modules;
#   4. the 1,000 modules generated again there, every file on disk (a run that writes nothing);
#   5. one module whose spec gives each role 100, then 1,000 methods (target: time per method
#      at 1,000 within 1.3x of the time per method at 100);
#   6. with --against, `gen Home viper` by both builds from the other build's templates.
# With `--against BIN` (another build of modulegen, e.g. an older commit's), BIN runs every
# command too, in the same hyperfine runs as this build's, and is printed beside it (1 and 6, a
# few milliseconds each: five rounds, the builds' order swapped each round, their median).
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
# A few milliseconds each: hyperfine runs each command's runs in a row, so that a machine that
# slows down or speeds up meanwhile favours one build. Five rounds, the builds' order swapped
# each round, and the median of the rounds' means.
rounds() { # NAME RUNS COMMAND...: NAME1.json … NAME5.json
  local name=$1 runs=$2
  shift 2
  local commands=("$@")
  for round in 1 2 3 4 5; do
    local order=("${commands[@]}")
    if ((round % 2 == 0)); then
      order=()
      for ((i = ${#commands[@]} - 1; i >= 0; i--)); do order+=("${commands[$i]}"); done
    fi
    hyperfine -N --warmup 3 --runs "$runs" --export-json "$name$round.json" --prepare "$clean" \
      "${order[@]}" >/dev/null
  done
}
rounds single 20 "${single[@]}"
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
# 6. With --against: `gen Home viper` by both builds from the same templates, BIN's own (those of
#    the package BIN was built in, as `--templates`), so that both render the same module and the
#    difference is what each build does around the templates (for this build: the generation
#    record, its base copies, the journal and the locks). Its `common/snippets` are copied into
#    the template, where both builds look. This build's copy gets a `version:` (a key an older
#    build's manifest may not know), which the record keeps: without one, this build would hash
#    every file of the template and of the built-in snippets instead, about 7 M instructions.
# The package BIN was built in: the path before its `.build` folder (not `..`, which the
# kernel takes from where `.build/release`, a link, leads).
against_templates="${against%%/.build/*}/Templates"
if [[ -n "$against" && -f "$against_templates/viper/template.yml" ]]; then
  mkdir -p theirs
  cp -R "$against_templates/viper" theirs/viper
  if [[ -d "$against_templates/common/snippets" ]]; then
    mkdir -p theirs/viper/snippets && cp -n "$against_templates"/common/snippets/* theirs/viper/snippets/
  fi
  cp -R theirs ours
  grep -q '^version:' theirs/viper/template.yml ||
    { echo 'version: 1.0.0'; cat theirs/viper/template.yml; } > ours/viper/template.yml
  same=()
  for i in "${!bins[@]}"; do
    templates=$([[ $i == 0 ]] && echo ours || echo theirs)
    same+=("${bins[$i]} gen Home viper --templates $work/$templates --output $work/out/Home --tests-output $work/out/HomeTests --date 2026-01-01")
  done
  rounds same 20 "${same[@]}"
fi
python3 - "${bins[@]}" <<'PY'
import json, os, sys
def median_of_rounds(name, starts):
    """The median of the five rounds' means (NAME1.json … NAME5.json) of the command that
    starts with each of `starts`."""
    means = {}
    for round in range(1, 6):
        if not os.path.exists(f"{name}{round}.json"):
            return []
        for r in json.load(open(f"{name}{round}.json"))["results"]:
            means.setdefault(r["command"], []).append(r["mean"])
    return [sorted(next(v for c, v in means.items() if c.startswith(s)))[2] for s in starts]
bins = sys.argv[1:]
single = median_of_rounds(
    "single", [c for b in bins for c in (f"{b} --version", f"{b} gen Home viper --output")])
batch = [r["mean"] for r in json.load(open("batch.json"))["results"]]
big = [r["mean"] for r in json.load(open("big.json"))["results"]]
again = [r["mean"] for r in json.load(open("again.json"))["results"]]
wide = [r["mean"] for r in json.load(open("wide.json"))["results"]]
same = median_of_rounds("same", [f"{b} gen Home viper --templates" for b in bins])
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
    if same:
        print(f"  gen Home viper, both from the other build's templates {same[i]*1000:8.2f} ms")
PY
