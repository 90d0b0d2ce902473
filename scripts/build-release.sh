#!/usr/bin/env bash
# Builds the self-contained Linux binary for CI containers and releases:
#   scripts/build-release.sh [OUTPUT_DIR]     (default .build/dist)
# writes OUTPUT_DIR/modulegen-VERSION-linux-ARCH (the Swift standard library linked in, symbols
# stripped) and OUTPUT_DIR/modulegen-VERSION-linux-ARCH.sha256 (`sha256sum -c` reads it).
# The build is `make build` (the same flags as `make install`); SCRATCH_PATH and COMMIT are
# passed on to it.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ "$(uname -s)" == Linux ]] || { echo "build-release.sh builds the Linux binary; on macOS use 'make install'" >&2; exit 1; }
output="${1:-.build/dist}"
scratch="${SCRATCH_PATH:-.build/make}"

echo "Building the release binary (swift build -c release --static-swift-stdlib)..."
make --no-print-directory build SCRATCH_PATH="$scratch" >&2
built="$scratch/release/modulegen"

# `modulegen 0.1.0 (commit 4d70612c0f12)` → 0.1.0
version="$("$built" --version | cut -d' ' -f2)"
name="modulegen-$version-linux-$(uname -m)"
mkdir -p "$output"
cp "$built" "$output/$name"
strip "$output/$name"

# Refuse to ship a binary that needs the Swift toolchain's libraries at run time.
if ldd "$output/$name" | grep -i swift >&2; then
  echo "error: $output/$name still links the Swift libraries above" >&2
  exit 1
fi
"$output/$name" --version >/dev/null

(cd "$output" && sha256sum "$name" > "$name.sha256")
echo "$output/$name ($(du -h "$output/$name" | cut -f1), $("$output/$name" --version))"
echo "$output/$name.sha256"
