#!/usr/bin/env bash
# Builds the Liquid engine with libFuzzer and AddressSanitizer and fuzzes it.
#   Fuzz/run.sh [SECONDS]      (default 60; crashes are written to Fuzz/artifacts/)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
mkdir -p .build/fuzz Fuzz/corpus Fuzz/artifacts
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name LiquidFuzz \
  Sources/Liquid/*.swift Fuzz/LiquidFuzz.swift -o .build/fuzz/liquid-fuzz
# Seed the corpus with every golden-liquid template.
if [[ -z "$(ls -A Fuzz/corpus)" ]]; then
  python3 - <<'PY'
import json, hashlib
for t in json.load(open("Tests/LiquidTests/Fixtures/golden-liquid/golden_liquid.json"))["tests"]:
    data = t["template"].encode()
    open("Fuzz/corpus/" + hashlib.sha1(data).hexdigest(), "wb").write(data)
PY
fi
.build/fuzz/liquid-fuzz -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix=Fuzz/artifacts/ -max_len=4096 Fuzz/corpus
