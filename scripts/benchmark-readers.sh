#!/usr/bin/env bash
# Reading and rendering cost by document size and shape, side by side in one run: specs
# (`modulegen validate`), data files (`modulegen render --data`) and templates (`modulegen
# render`) of about 10 KB, 100 KB and 1 MB, each written on one line and on many lines. For
# each: the mean time (hyperfine) and the peak memory (/usr/bin/time), and the time and memory
# per megabyte, which stay flat when the cost is linear.
#   scripts/benchmark-readers.sh [RUNS]     (default 5 runs per command)
# Needs hyperfine, GNU time (apt-get install hyperfine time) and python3. A benchmark, not a
# test: it prints numbers and never fails on a slow machine.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
command -v hyperfine >/dev/null || { echo "hyperfine is not installed: apt-get install hyperfine"; exit 1; }
[[ -x /usr/bin/time ]] || { echo "GNU time is not installed: apt-get install time"; exit 1; }
swift build -c release --product modulegen >/dev/null
bin="$PWD/.build/release/modulegen"
if [[ -d /dev/shm && -w /dev/shm ]]; then work=$(mktemp -d -p /dev/shm); else work=$(mktemp -d); fi
trap 'rm -rf "$work"' EXIT
cd "$work"

# Documents of about 10 KB, 100 KB and 1 MB: module specs, data and templates, each as one
# line and as many lines.
python3 - <<'PY'
import json

SIZES = {"10KB": 10_000, "100KB": 100_000, "1MB": 1_000_000}

def module(i):
    return {
        "name": f"Module{i}", "template": "viper", "description": f"Screen number {i}",
        "params": {"ui": "uikit", "tests": "xctest"},
        "presenter": ["viewDidLoad()", f"didSelectItem(at index: Int, of count: Int{i % 7})"],
        "interactor": [f"fetchItems(page: Int) async throws -> [Item{i}]"],
    }

def item(i):
    return {"name": f"item-{i}", "value": i, "ratio": i / 8, "tags": ["a", "b", f"t{i % 10}"],
            "enabled": i % 2 == 0}

def yaml_scalar(v):
    if isinstance(v, bool): return "true" if v else "false"
    if isinstance(v, (int, float)): return repr(v)
    return json.dumps(v)  # a double-quoted YAML string

def yaml_flow(v):
    if isinstance(v, dict): return "{" + ", ".join(f"{k}: {yaml_flow(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list): return "[" + ", ".join(yaml_flow(x) for x in v) + "]"
    return yaml_scalar(v)

def yaml_block(v, indent=0):
    pad = " " * indent
    if isinstance(v, dict):
        out = ""
        for k, x in v.items():
            if isinstance(x, (dict, list)) and x:
                out += f"{pad}{k}:\n" + yaml_block(x, indent + 2)
            else:
                out += f"{pad}{k}: {yaml_flow(x)}\n"
        return out
    out = ""
    for x in v:
        if isinstance(x, dict):
            lines = yaml_block(x, indent + 2).splitlines(True)
            out += pad + "- " + lines[0].lstrip() + "".join(lines[1:])
        else:
            out += f"{pad}- {yaml_flow(x)}\n"
    return out

def fill(make, size, wrap):
    items, n = [], 0
    while len(json.dumps(wrap(items))) < size:
        items.append(make(n)); n += 1
    return wrap(items)

for label, size in SIZES.items():
    spec = fill(module, size, lambda ms: {"modules": ms})
    data = fill(item, size, lambda xs: {"items": xs})
    for kind, doc in (("spec", spec), ("data", data)):
        open(f"{kind}-{label}-oneline.json", "w").write(json.dumps(doc, separators=(",", ":")))
        open(f"{kind}-{label}-lines.json", "w").write(json.dumps(doc, indent=2))
        open(f"{kind}-{label}-oneline.yml", "w").write(yaml_flow(doc) + "\n")
        open(f"{kind}-{label}-lines.yml", "w").write(yaml_block(doc))
    chunk = "{{ title | upcase }} and {% if flag %}{{ count | plus: 1 }}{% else %}none{% endif %}; "
    count = size // len(chunk) + 1
    open(f"template-{label}-oneline.liquid", "w").write(chunk * count)
    open(f"template-{label}-lines.liquid", "w").write((chunk.rstrip() + "\n") * count)
open("data.liquid", "w").write(
    "{% for i in items %}{{ i.name }} {{ i.value | plus: 1 }} {{ i.tags | join: ',' }}\n{% endfor %}")
open("vars.json", "w").write('{"title": "home", "flag": true, "count": 41}')
PY

commands=()
names=()
for label in 10KB 100KB 1MB; do
  for shape in oneline lines; do
    for ext in json yml; do
      names+=("validate spec $label $shape .$ext")
      commands+=("$bin validate spec-$label-$shape.$ext")
      names+=("render --data $label $shape .$ext")
      commands+=("$bin render data.liquid --data data-$label-$shape.$ext")
    done
    names+=("render template $label $shape")
    commands+=("$bin render template-$label-$shape.liquid --data vars.json")
  done
done

: >memory.txt
for i in "${!commands[@]}"; do
  # Every command must succeed, or the numbers would measure an error path.
  ${commands[$i]} >/dev/null
  /usr/bin/time -f "%M" -o rss.txt ${commands[$i]} >/dev/null
  echo "$(cat rss.txt)" >>memory.txt
done
hyperfine -N --warmup 1 --runs "$runs" --export-json times.json "${commands[@]}" >/dev/null

printf '%s\n' "${names[@]}" >names.txt
python3 - <<'PY'
import json, os
names = open("names.txt").read().splitlines()
times = [r["mean"] for r in json.load(open("times.json"))["results"]]
memory = [int(x) / 1024 for x in open("memory.txt").read().split()]
print(f"{'command':40s} {'size':>9s} {'time':>10s} {'peak RSS':>10s} {'ms/MB':>8s} {'MB RSS/MB':>10s}")
for name, t, rss in zip(names, times, memory):
    words = name.split()
    if words[0] == "validate":
        path = f"spec-{words[2]}-{words[3]}{words[4]}"
    elif words[1] == "--data":
        path = f"data-{words[2]}-{words[3]}{words[4]}"
    else:
        path = f"template-{words[2]}-{words[3]}.liquid"
    size = os.path.getsize(path) / 1e6
    print(f"{name:40s} {size*1000:7.0f}KB {t*1000:8.1f}ms {rss:8.1f}MB {t*1000/size:8.1f} {rss/size:10.1f}")
PY
