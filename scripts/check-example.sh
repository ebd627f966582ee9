#!/usr/bin/env bash
# Builds and runs Examples/ (a package that uses the FilterGenerator build plugin),
# then proves the plugin regenerates on a spec change: a copy of the example is
# moved from 60 Hz to 100 Hz, rebuilt with `swift build` alone, and every
# generated coefficient must be exactly the designer's at 100 Hz
# (`mkfilter ... --emit json`, the spec's fields translated to Fisher's flags by
# scripts/example_coefficients.py). A bad spec must fail the build with its message.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
swift build --product mkfilter >/dev/null
mkfilter="$(swift build --show-bin-path)/mkfilter"

# Examples/ itself is built as a copy (the same package, depending on this
# checkout by absolute path instead of ".."), so that one build serves the
# run, the 60 Hz check and the incremental rebuilds after.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/Examples"
cp -R Examples/Package.swift Examples/Sources "$work/Examples/"
sed -i "s|path: \"..\"|path: \"$root\"|" "$work/Examples/Package.swift"
grep -q "path: \"$root\"" "$work/Examples/Package.swift" || { echo "the copy of Examples/Package.swift does not name this checkout" >&2; exit 1; }
spec="$work/Examples/Sources/AccelerometerExample/AccelerometerFilters.filters.json"
echo "== Examples/: build and run"
(cd "$work/Examples" && swift build 2>&1 | tail -1 && swift run AccelerometerExample)
echo "== at 60 Hz, then at 100 Hz"
(cd "$work/Examples" && swift build >/dev/null && swift run AccelerometerExample --coefficients >"$work/at60.txt")
python3 scripts/example_coefficients.py "$spec" "$work/at60.txt" "$mkfilter"

# A spec edited within the same second as the last build was seen once (1 run in 3,
# fresh clone) not to re-run the plugin: SwiftPM's change detection is by
# timestamp. A person edits later than that; the script waits a second.
sleep 1
sed -i 's/"sampleRate": 60,/"sampleRate": 100,/' "$spec"
grep -q '"sampleRate": 100,' "$spec"
(cd "$work/Examples" && swift build >/dev/null && swift run AccelerometerExample --coefficients >"$work/at100.txt")
python3 scripts/example_coefficients.py "$spec" "$work/at100.txt" "$mkfilter"
if cmp -s "$work/at60.txt" "$work/at100.txt"; then echo "the rebuild at 100 Hz did not change the filters" >&2; exit 1; fi
generated=$(find "$work/Examples/.build/plugins/outputs" -name AccelerometerFilters.swift | head -1)
"$mkfilter" generate "$spec" --output "$work/expected.swift"
diff -u "$work/expected.swift" "$generated" || { echo "the plugin's file differs from mkfilter generate's" >&2; exit 1; }
echo "the plugin's file is the one mkfilter generate writes at 100 Hz"

echo "== a bad spec fails the build with its message"
sleep 1
sed -i 's/"corners": \[8, 12\]/"corners": [8, 55]/' "$spec"
if (cd "$work/Examples" && swift build >"$work/bad.log" 2>&1); then echo "a corner above Nyquist built" >&2; exit 1; fi
grep -F 'filter `tremor`, field "corners": corner 2 55 Hz is at or above Nyquist (50 Hz) for sample rate 100 Hz' "$work/bad.log" || { echo "the failed build did not say why:" >&2; cat "$work/bad.log" >&2; exit 1; }
echo "example checks passed"
