#!/usr/bin/env bash
# Compares the self-contained Linux binary (scripts/build-release.sh: Swift standard library
# linked in, stripped) with the dynamically linked release build (`swift build -c release`, what
# Mint and `swift run -c release` produce): size, and start-up and `gen Home viper` times side by
# side in one hyperfine run, in memory. Needs hyperfine (apt-get install hyperfine).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "hyperfine is not installed: apt-get install hyperfine"; exit 1; }
echo "Building both (release; a few minutes the first time)..."
mkdir -p .build
swift build -c release --product modulegen >/dev/null
dynamic="$PWD/.build/release/modulegen"
dist="$PWD/.build/dist"
scripts/build-release.sh "$dist" >/dev/null 2>"$dist.log" || { cat "$dist.log"; exit 1; }
static="$(ls "$dist"/modulegen-*-linux-* | grep -v '\.sha256$' | head -1)"
if [[ -d /dev/shm && -w /dev/shm ]]; then work=$(mktemp -d -p /dev/shm); else work=$(mktemp -d); fi
trap 'rm -rf "$work"' EXIT
cd "$work"
megabytes() { awk -v bytes="$(stat -c %s "$1")" 'BEGIN { printf "%.1f MB", bytes / 1048576 }'; }
echo "size: dynamic $(megabytes "$dynamic") (plus the toolchain's libswift*.so), static $(megabytes "$static")"
hyperfine -N --warmup 10 --runs 100 --prepare "rm -rf $work/out" \
  -n "dynamic --version" "$dynamic --version" \
  -n "static --version" "$static --version" \
  -n "dynamic gen Home viper" "$dynamic gen Home viper --output $work/out/Home --tests-output $work/out/HomeTests --date 2026-01-01" \
  -n "static gen Home viper" "$static gen Home viper --output $work/out/Home --tests-output $work/out/HomeTests --date 2026-01-01"
