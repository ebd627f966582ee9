#!/usr/bin/env bash
# Renders the analysis plots with a real SVG renderer (rsvg-convert, librsvg) and
# checks each PNG: a frequency response, an impulse response and a step response.
# Usage: scripts/render-plots.sh [DIR]   (default: a temporary directory; the
# PNGs are left there to look at).
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-$(mktemp -d)}"
mkdir -p "$dir"
swift run -q mkfilter response -Bu -Bp -o 3 --sample-rate 60 --corner 0.5 3 --output "$dir/response.csv" --svg "$dir/response.svg"
swift run -q mkfilter impulse -Ch -0.5 -Lp -o 4 -a 0.1 --samples 80 --output "$dir/impulse.csv" --svg "$dir/impulse.svg"
swift run -q mkfilter step -Be -Lp -o 4 --sample-rate 60 --corner 5 --samples 60 --output "$dir/step.csv" --svg "$dir/step.svg"
for name in response impulse step; do
    rsvg-convert "$dir/$name.svg" -o "$dir/$name.png"
    # A PNG signature and more than a blank page's worth of bytes.
    head -c 8 "$dir/$name.png" | od -An -tx1 | grep -q "89 50 4e 47 0d 0a 1a 0a"
    size=$(wc -c < "$dir/$name.png")
    [ "$size" -gt 20000 ] || { echo "$name.png is only $size bytes" >&2; exit 1; }
    echo "rendered $dir/$name.png ($size bytes)"
done
