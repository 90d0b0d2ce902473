#!/usr/bin/env bash
# Reading and rendering cost by document size and shape, side by side in one run: specs
# (`modulegen validate`), data files (`modulegen render --data`) and templates (`modulegen
# render`) of about 10 KB, 100 KB and 1 MB, each written on one line and on many lines. For
# each: the mean wall-clock and CPU (user + system) time (hyperfine) and the peak memory
# (/usr/bin/time), and the CPU time and memory per megabyte above those of the same command on a
# one-item document (the cost of starting the process), which stay flat across sizes and shapes
# when the cost is linear. CPU time, unlike wall-clock time, hardly moves when other processes
# share the machine. Prints a Markdown table.
#   scripts/benchmark-readers.sh [RUNS]     (at least RUNS runs per command, default 5; hyperfine
#                                            runs each for 3 s at least, so fast ones run more)
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

# "base": one item, the fixed cost of each command.
SIZES = {"base": 1, "10KB": 10_000, "100KB": 100_000, "1MB": 1_000_000}

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
for label in base 10KB 100KB 1MB; do
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
hyperfine -N --warmup 1 --min-runs "$runs" --export-json times.json "${commands[@]}" >/dev/null

printf '%s\n' "${names[@]}" >names.txt
python3 - <<'PY'
import json, os
names = open("names.txt").read().splitlines()
results = json.load(open("times.json"))["results"]
times = [(r["mean"], r["user"] + r["system"]) for r in results]
memory = [int(x) / 1024 for x in open("memory.txt").read().split()]

def path(name):
    words = name.split()
    if words[0] == "validate":
        return f"spec-{words[2]}-{words[3]}{words[4]}"
    if words[1] == "--data":
        return f"data-{words[2]}-{words[3]}{words[4]}"
    return f"template-{words[2]}-{words[3]}.liquid"

rows = {name: (os.path.getsize(path(name)) / 1e6, t, cpu, rss)
        for name, (t, cpu), rss in zip(names, times, memory)}
table = []
for name in names:
    words = name.split()
    if words[2] == "base":
        continue
    size, t, cpu, rss = rows[name]
    base_size, _, base_cpu, base_rss = rows[name.replace(f" {words[2]} ", " base ")]
    grown = size - base_size
    if words[0] == "validate":
        command = f"validate spec{words[4]}"
    elif words[1] == "--data":
        command = f"render --data data{words[4]}"
    else:
        command = "render template.liquid"
    shape = "one line" if words[3] == "oneline" else "many lines"
    table.append(((command, shape, size),
        f"| `{command}` | {shape} | {size * 1000:,.0f} KB | {t * 1000:,.1f} ms | {cpu * 1000:,.1f} ms "
        f"| {rss:,.1f} MB | {(cpu - base_cpu) * 1000 / grown:,.0f} | {(rss - base_rss) / grown:,.1f} |"))
# Each command and shape together, by size, so that a growing cost per MB shows in a column.
print("| command | shape | size | time | CPU | peak RSS | CPU ms/MB above start | RSS MB/MB above start |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for _, row in sorted(table):
    print(row)
PY
