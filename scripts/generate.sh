#!/usr/bin/env bash
# Regenerates Generated/ from Generated/shake-filters.json at 60 Hz and 100 Hz.
#   scripts/generate.sh          rewrite the files
#   scripts/generate.sh --check  fail if the committed files differ from a fresh generation
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product mkfilter >/dev/null
bin="$(swift build --show-bin-path)/mkfilter"
out=Generated
if [ "${1:-}" = "--check" ]; then out=$(mktemp -d); fi
for rate in 60 100; do
    "$bin" generate Generated/shake-filters.json --sample-rate "$rate" \
        --namespace "ShakeFilters${rate}Hz" --output "$out/ShakeFilters${rate}Hz.swift"
done
if [ "${1:-}" = "--check" ]; then
    status=0
    for rate in 60 100; do
        diff -u "Generated/ShakeFilters${rate}Hz.swift" "$out/ShakeFilters${rate}Hz.swift" || status=1
    done
    rm -rf "$out"
    [ $status -eq 0 ] && echo "Generated/ is up to date" || { echo "Generated/ differs from a fresh generation: run scripts/generate.sh" >&2; exit 1; }
fi
