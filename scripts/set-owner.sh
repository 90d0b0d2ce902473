#!/bin/sh
# Names the GitHub account that hosts modulegen: every `<owner>` in the repository's files
# (the README's install lines, the Homebrew formula's addresses) becomes ACCOUNT. Run it once in
# a fork or a company mirror, and commit the result:
#   scripts/set-owner.sh acme
set -eu
if [ $# -ne 1 ]; then
  echo "usage: $0 ACCOUNT" >&2
  exit 64
fi
case "$1" in
  "" | -* | *[!A-Za-z0-9-]*)
    echo "error: '$1' is not a GitHub account name (letters, digits and '-')" >&2
    exit 64
    ;;
esac
cd "$(dirname "$0")/.."
git grep -l -F '<owner>' -- . ':!scripts/set-owner.sh' ':!Tests' | while IFS= read -r file; do
  # -i.bak: the in-place edit that both BSD (macOS) and GNU sed accept.
  sed -i.bak "s/<owner>/$1/g" "$file"
  rm "$file.bak"
done
