#!/usr/bin/env bash
# Builds the engine and the library with libFuzzer and AddressSanitizer and fuzzes one target:
#   Fuzz/run.sh TARGET [SECONDS] [JOBS]     (default 60 seconds, 1 job)
#   Fuzz/run.sh all [SECONDS]               (every target in turn, SECONDS each)
#   Fuzz/run.sh build                       (only build .build/fuzz/modulegen-fuzz)
#   Fuzz/run.sh save TARGET|all             (minimise what was learned into Fuzz/corpus/TARGET)
# Targets (Fuzz/*.swift say what each checks beyond "no crash, no hang, no runaway memory"):
#   templates   any bytes as a template, with partials, strict and lax
#   filters     every filter with inputs and arguments of every kind, as a template would call it
#   yaml        any bytes through the YAML reader and the spec and config decoders
#   json        any bytes through the JSON reader; what it reads written back as JSON
#   signatures  any text as a Swift method signature and as a type; parse ∘ print is stable
#   manifests   any bytes as a template.yml
# Each run starts from the corpus kept in the repository, Fuzz/corpus/TARGET, the hand-made seeds
# in Fuzz/seeds/TARGET (and, for templates, every golden-liquid template) and what earlier runs
# learned in .build/fuzz/corpus/TARGET, where new inputs go; findings go to Fuzz/artifacts/TARGET/
# (not committed). `save` merges the learned inputs and the kept corpus into the smallest set
# with the same coverage (libFuzzer's -merge=1) and replaces Fuzz/corpus/TARGET with it.
# Not part of CI: run it by hand (docs/FUZZING.md has the latest numbers).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:?usage: Fuzz/run.sh TARGET|all [SECONDS] [JOBS]}"
seconds="${2:-60}"
jobs="${3:-1}"
targets=(templates filters yaml json signatures manifests)
out=.build/fuzz
flags=(-sanitize=fuzzer,address -O -g -parse-as-library -swift-version 6 -enable-testing
  -package-name modulegen)
quiet() { grep -v "Cannot export local symbol" >&2 || true; }

build() {
  mkdir -p "$out/modules/ModuleGenBuildInfo"
  # The library is built once, instrumented, then linked into the one fuzzing binary, whose
  # FUZZ_TARGET picks what each input goes to. ModuleGen's one C dependency (the commit of a
  # build) is compiled as it is, with a module map like the one SwiftPM makes.
  clang -O -c -I Sources/ModuleGenBuildInfo/include -o "$out/ModuleGenBuildInfo.o" \
    Sources/ModuleGenBuildInfo/ModuleGenBuildInfo.c
  printf 'module ModuleGenBuildInfo {\n  header "%s"\n  export *\n}\n' \
    "$PWD/Sources/ModuleGenBuildInfo/include/ModuleGenBuildInfo.h" \
    >"$out/modules/ModuleGenBuildInfo/module.modulemap"
  # Diagnostics, which the engine, the Xcode project library and ModuleGen import.
  swiftc "${flags[@]}" -module-name Diagnostics -emit-module \
    -emit-module-path "$out/modules/Diagnostics.swiftmodule" \
    -emit-library -static -o "$out/libDiagnostics.a" Sources/Diagnostics/*.swift 2> >(quiet)
  # "Did you mean", which the engine and the Xcode project library import.
  swiftc "${flags[@]}" -module-name EditDistance -emit-module \
    -emit-module-path "$out/modules/EditDistance.swiftmodule" \
    -emit-library -static -o "$out/libEditDistance.a" Sources/EditDistance/*.swift 2> >(quiet)
  # Work on another thread, which ModuleGen imports.
  swiftc "${flags[@]}" -module-name BackgroundWork -emit-module \
    -emit-module-path "$out/modules/BackgroundWork.swiftmodule" \
    -emit-library -static -o "$out/libBackgroundWork.a" Sources/BackgroundWork/*.swift 2> >(quiet)
  swiftc "${flags[@]}" -module-name Liquid -I "$out/modules" -emit-module -emit-module-path "$out/modules/Liquid.swiftmodule" \
    -emit-library -static -o "$out/libLiquid.a" Sources/Liquid/*.swift 2> >(quiet)
  # The YAML and JSON readers, which ModuleGen imports (instrumented: every input reaches them).
  swiftc "${flags[@]}" -module-name DataFormats -I "$out/modules" -emit-module \
    -emit-module-path "$out/modules/DataFormats.swiftmodule" \
    -emit-library -static -o "$out/libDataFormats.a" Sources/DataFormats/*.swift 2> >(quiet)
  # The Xcode project library, which ModuleGen imports (instrumented too: gen and check reach it).
  swiftc "${flags[@]}" -module-name XcodeProject -I "$out/modules" -emit-module \
    -emit-module-path "$out/modules/XcodeProject.swiftmodule" \
    -emit-library -static -o "$out/libXcodeProject.a" $(find Sources/XcodeProject -name '*.swift' | sort) 2> >(quiet)
  swiftc "${flags[@]}" -module-name ModuleGen -I "$out/modules" -I "$out/modules/ModuleGenBuildInfo" \
    -emit-module -emit-module-path "$out/modules/ModuleGen.swiftmodule" \
    -emit-library -static -o "$out/libModuleGen.a" $(find Sources/ModuleGen -name '*.swift' | sort) 2> >(quiet)
  swiftc "${flags[@]}" -module-name ModuleGenFuzz -I "$out/modules" Fuzz/*.swift \
    -I "$out/modules/ModuleGenBuildInfo" "$out/libModuleGen.a" "$out/libDataFormats.a" "$out/libLiquid.a" "$out/libXcodeProject.a" "$out/libEditDistance.a" "$out/libDiagnostics.a" "$out/libBackgroundWork.a" \
    "$out/ModuleGenBuildInfo.o" -o "$out/modulegen-fuzz" 2> >(quiet)
}

run() {
  local name="$1"
  mkdir -p "$out/corpus/$name" "Fuzz/artifacts/$name"
  mkdir -p "Fuzz/corpus/$name"
  local seeds=("Fuzz/corpus/$name" "Fuzz/seeds/$name")
  if [[ "$name" == templates ]]; then
    # Every golden-liquid template, as a seed.
    mkdir -p "$out/seeds/templates"
    python3 - "$out/seeds/templates" <<'PY'
import json, hashlib, sys
for t in json.load(open("Tests/LiquidTests/Fixtures/golden-liquid/golden_liquid.json"))["tests"]:
    data = t["template"].encode()
    open(sys.argv[1] + "/" + hashlib.sha1(data).hexdigest(), "wb").write(data)
PY
    seeds+=("$out/seeds/templates")
  fi
  # Several jobs write their logs to fuzz-N.log; one runs in this process.
  local parallel=()
  if ((jobs > 1)); then parallel=(-jobs="$jobs" -workers="$jobs"); fi
  echo "== fuzzing '$name' for $seconds s"
  # Swift's own backtracer and AddressSanitizer's report get in each other's way: keep ASan's.
  SWIFT_BACKTRACE=enable=no FUZZ_TARGET="$name" "$out/modulegen-fuzz" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 "${parallel[@]}" \
    -artifact_prefix="Fuzz/artifacts/$name/" "$out/corpus/$name" "${seeds[@]}"
}

# Keeps the inputs that reach new coverage, from what was learned and what is kept.
save() {
  local name="$1" merged="$out/merged/$1"
  rm -rf "$merged"
  mkdir -p "$merged" "$out/corpus/$name" "Fuzz/corpus/$name"
  echo "== minimising the corpus of '$name' into Fuzz/corpus/$name"
  SWIFT_BACKTRACE=enable=no FUZZ_TARGET="$name" "$out/modulegen-fuzz" -merge=1 -timeout=10 \
    -rss_limit_mb=2048 -max_len=4096 "$merged" "Fuzz/corpus/$name" "$out/corpus/$name" \
    2>"$out/merge-$name.log" || { cat "$out/merge-$name.log" >&2; exit 1; }
  grep -E "MERGE-OUTER: [0-9]+ new files" "$out/merge-$name.log" || true
  rm -rf "Fuzz/corpus/$name"
  mv "$merged" "Fuzz/corpus/$name"
  echo "   $(ls "Fuzz/corpus/$name" | wc -l) files, $(du -sk --apparent-size "Fuzz/corpus/$name" | cut -f1) KB"
}

# Rebuilt only when a source changed since the last build.
if [[ ! -x "$out/modulegen-fuzz" ]] \
  || [[ -n "$(find Sources/BackgroundWork Sources/Diagnostics Sources/EditDistance Sources/Liquid Sources/ModuleGen Sources/ModuleGenBuildInfo Sources/XcodeProject Fuzz \
    \( -name '*.swift' -o -name '*.[ch]' \) -newer "$out/modulegen-fuzz")" ]]; then
  build
fi
if [[ "$target" == build ]]; then
  exit 0
elif [[ "$target" == save ]]; then
  which="${2:?usage: Fuzz/run.sh save TARGET|all}"
  if [[ "$which" == all ]]; then
    for name in "${targets[@]}"; do save "$name"; done
  else
    save "$which"
  fi
elif [[ "$target" == all ]]; then
  for name in "${targets[@]}"; do run "$name"; done
else
  run "$target"
fi
